/**
 * The maintenance switch: its options, what it changes in the contract, and that every generator
 * obeys it, and that switching it off gives back exactly the files it was switched on from.
 * Whether servers answer as the files intend is the contract suite's job (describeMaintenance).
 */
import { describe, expect, it } from 'vitest';
import {
	allowedDuringMaintenance,
	requiredStatusPage,
} from '../../packages/fallback-pages/src/contract/contract';
import { maintenanceOf, maintenanceSchema } from '../../packages/fallback-pages/src/config/maintenance';
import { maintainedContract } from '../../packages/fallback-pages/src/contract/fromOptions';
import { optionProblems, parseOptions } from '../../packages/fallback-pages/src/config/options';
import { hostConfigFiles, netlifyFiles } from '../../packages/fallback-pages/src/hosts/index';
import { fixtureOptions, fixtureWithGerman } from './fixtures/contract';
import fallback from '../../packages/fallback-pages/src/integration/fallback';

const parse = (raw: unknown) => maintenanceSchema.parse(raw);
const filesOf = (contract: typeof fixtureWithGerman) => [
	...netlifyFiles(contract),
	...hostConfigFiles(contract, fixtureOptions),
];

describe('fallback.maintenance', () => {
	it('is off unless switched on, and then names no Retry-After of its own', () => {
		expect(parseOptions({}).maintenance).toEqual({ enabled: false, allow: [] });
		expect(maintenanceOf(parse({ enabled: false, retryAfterSeconds: 60 }))).toBeUndefined();
		expect(maintenanceOf(parse({ enabled: true }))).toEqual({ allowedPaths: [] });
	});
	it('until: Retry-After as an HTTP-date (RFC 9110 5.6.7), from any zone', () => {
		expect(maintenanceOf(parse({ enabled: true, until: '2099-03-02T08:30:00+02:00' }))?.retryAfter).toBe(
			'Mon, 02 Mar 2099 06:30:00 GMT',
		);
	});
	it('retryAfterSeconds: Retry-After in seconds', () => {
		expect(maintenanceOf(parse({ enabled: true, retryAfterSeconds: 900 }))?.retryAfter).toBe('900');
	});
	it.each([
		[{ enabled: true, until: '2099-01-01T00:00:00Z', retryAfterSeconds: 60 }, 'both set Retry-After'],
		[{ enabled: true, until: '2001-01-01T00:00:00Z' }, 'has passed'],
		[{ enabled: true, until: 'tomorrow' }, 'ISO 8601'],
		[{ enabled: true, until: '2099-01-01T00:00:00' }, 'with a zone'],
		[{ enabled: true, retryAfterSeconds: 0 }, ''],
		[{ allow: ['/'] }, 'must be a path'],
		[{ allow: ['healthz'] }, 'must be a path'],
		[{ allow: ['/a b'] }, 'must be a path'],
		[{ allow: ['/status/../admin'] }, "'..'"],
		[{ allow: ['//evil'] }, 'must be a path'],
		[{ allow: ['/x;return 200'] }, 'must be a path'],
		[{ allow: ['/x"'] }, 'must be a path'],
		[{ enable: true }, ''],
	])('refuses %j', (raw, message) => {
		expect(() => parseOptions({ maintenance: raw })).toThrow(/fallback\.maintenance/);
		expect(() => parseOptions({ maintenance: raw })).toThrow(message);
	});
	it('an end time in the past is fine while maintenance is off (the site is not telling anyone)', () => {
		expect(parse({ enabled: false, until: '2001-01-01T00:00:00Z' }).until).toBe('2001-01-01T00:00:00Z');
	});
});

describe('the contract under maintenance', () => {
	const on = maintainedContract(
		fixtureWithGerman,
		parse({ enabled: true, retryAfterSeconds: 900, allow: ['/healthz', '/status/'] }),
	);
	it('every 503 page, in every locale, carries the maintenance Retry-After; other headers stay', () => {
		const pages = [...on.statusPages, ...on.extraPages];
		expect(pages.filter((route) => route.status === 503).map((route) => route.path)).toEqual([
			'/503',
			'/de/503',
		]);
		for (const route of pages.filter((candidate) => candidate.status === 503)) {
			expect(route.headers['Retry-After']).toBe('900');
		}
		expect(requiredStatusPage(on, 405).headers).toEqual(requiredStatusPage(fixtureWithGerman, 405).headers);
	});
	it.each([
		['/healthz', true],
		['/healthz/', false],
		['/healthz2', false],
		['/HEALTHZ', false],
		['/status/', true],
		['/status/db', true],
		['/status', false],
		['/', false],
	])('%s allowed: %s', (path, allowed) => {
		expect(allowedDuringMaintenance(on.maintenance!, path)).toBe(allowed);
	});
});

describe('every generated file obeys the switch', () => {
	const before = filesOf(fixtureWithGerman);
	it('switched off (with every other maintenance option set), every file is byte for byte as before', () => {
		const off = maintainedContract(
			fixtureWithGerman,
			parse({ enabled: false, retryAfterSeconds: 900, allow: ['/healthz'] }),
		);
		expect(filesOf(off)).toEqual(before);
	});
	it('switched on, every config that answers requests changes, and says so', () => {
		const on = filesOf(maintainedContract(fixtureWithGerman, parse({ enabled: true, allow: ['/healthz'] })));
		const changed = on
			.filter((file, index) => file.content !== before[index]!.content)
			.map((file) => file.path);
		for (const path of [
			'_redirects',
			'nginx/fallback-standalone.conf',
			'nginx/fallback-proxy.conf',
			'caddy/Caddyfile.standalone',
			'caddy/Caddyfile.proxy',
			'apache/fallback-standalone.conf',
			'apache/fallback-proxy.conf',
			'haproxy/haproxy-standalone.cfg',
			'haproxy/haproxy-proxy.cfg',
			'cloudflare/worker.js',
		]) {
			expect(changed, path).toContain(path);
			expect(on.find((file) => file.path === path)!.content).toMatch(/[Mm]aintenance/);
			expect(on.find((file) => file.path === path)!.content).toContain('/healthz');
		}
	});
	it('an allowed path that could inject into a config is refused before any generator sees it', () => {
		expect(() => parseOptions({ maintenance: { enabled: true, allow: ['/a$|^/b'] } })).toThrow(
			/maintenance\.allow/,
		);
	});
});

describe('pages in a folder of a site (base)', () => {
	it('refuse maintenance, saying which rule to put first in the site instead', () => {
		expect(() => fallback({ base: '/errors/', maintenance: { enabled: true } })).toThrow(
			"not available with base /errors/: Fallback's rules come after the site's own. Put `/*  /errors/503.html  503!`",
		);
		expect(() => fallback({ base: '/errors/', maintenance: { enabled: false } })).not.toThrow();
	});
	it("refuse a static host, whose 404.html is the root's, as the schema says for the command and the plugin too", () => {
		expect(optionProblems({ staticHost: 'github-pages', base: '/errors/' })).toEqual([
			"fallback.staticHost: 'github-pages' serves the 404.html at the root of the published folder, so the pages' base must be '/', not \"/errors/\"",
		]);
		expect(optionProblems({ staticHost: 'github-pages' })).toEqual([]);
	});
	it('stop an Astro build as Astro shows an error a team can fix: what is wrong, and a hint', () => {
		let thrown: unknown;
		try {
			fallback({ base: '/errors/', staticHost: 'github-pages' });
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toMatchObject({
			name: 'AstroUserError',
			message: expect.stringContaining('fallback.staticHost:'),
			hint: expect.stringContaining('leave it out for its default'),
		});
	});
});
