/**
 * The HAProxy generator on the fixture contracts: what the configs contain, what they refuse, and
 * the pages against HAProxy's buffer. Whether HAProxy answers as the text intends is the contract
 * suite's job (tests/contract/haproxy.test.ts, on a real HAProxy).
 */
import { describe, expect, it } from 'vitest';
import { withMaintenance, type RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import {
	haproxyLogFormat,
	haproxyRegex,
	haproxyString,
	haproxyWord,
	UnsafeConfigValue,
} from '../../packages/fallback-pages/src/hosts/format';
import {
	haproxyBufferSize,
	haproxyFiles,
	haproxyOversizedFiles,
	haproxyPayloadLimit,
	haproxyProxyConfig,
	haproxyServedFiles,
	haproxyStandaloneConfig,
} from '../../packages/fallback-pages/src/hosts/haproxy';
import { hostConfigFiles } from '../../packages/fallback-pages/src/hosts/index';
import {
	fixtureContract,
	fixtureOptions,
	fixtureWithExtraPage,
	fixtureWithGerman,
	withHeaderValue,
} from './fixtures/contract';

/** The lines that are not comments. */
const code = (config: string) =>
	config
		.split('\n')
		.filter((line) => !line.trim().startsWith('#'))
		.join('\n');

const generators = { static: haproxyStandaloneConfig, proxy: haproxyProxyConfig };

describe.each(Object.entries(generators))('HAProxy %s', (mode, generate) => {
	const config = generate(fixtureContract, fixtureOptions);

	it('mentions only the contract’s statuses (and 200 for the galleries)', () => {
		const statuses = [...code(config).matchAll(/(?<![\w.:/-])([245]\d\d)(?![\w.])/g)].map((match) =>
			Number(match[1]),
		);
		for (const status of new Set(statuses)) expect([200, 404, 405, 503]).toContain(status);
	});

	it('uses the options it is given', () => {
		expect(config).toContain('\tbind 127.0.0.1:8123\n');
		expect(config).toContain('file "/srv/fallback-pages/503.html"');
		expect(config).not.toContain('/var/www/fallback');
		if (mode === 'proxy') {
			expect(config).toContain('\tsetenv FALLBACK_APP 10.0.0.7:4321\n');
			expect(config).toContain('\ttimeout server 7s\n');
			// One connect attempt: retries would add their connect timeouts up.
			expect(config).toContain('\ttimeout connect 3s\n\tretries 0\n');
		}
	});

	it('raises the buffer for the galleries, and says why', () => {
		expect(config).toContain(`\ttune.bufsize ${haproxyBufferSize}\n`);
		expect(config).toMatch(/# A return's page must fit in one buffer/);
	});

	it('sends every page header from http-after-response, with `%` written as `%%`', () => {
		expect(config).toContain(
			`\thttp-after-response set-header Content-Security-Policy "default-src 'none'; style-src 'sha256-abc='"\n`,
		);
		expect(config).toContain('\thttp-after-response set-header X-Fixture "page"\n');
		const withPercent = generate(withHeaderValue('X-Fixture', '100% $HOME "x" \\'), fixtureOptions);
		expect(withPercent).toContain(
			'\thttp-after-response set-header X-Fixture "100%% \\$HOME \\"x\\" \\\\"\n',
		);
	});

	it("makes its own request IDs, logs them and sends them on Fallback's answers", () => {
		expect(config).toContain('\tunique-id-format %[uuid()]\n');
		expect(config).toMatch(/\tlog-format ".* request_id=%ID"\n/);
		expect(config).toContain('\thttp-after-response set-header X-Request-ID %[unique-id]\n');
		if (mode === 'proxy') expect(config).toContain('\thttp-request set-header X-Request-ID %[unique-id]\n');
	});

	it('answers every file in every format with its status and media type, in the backend of its format', () => {
		const when =
			mode === 'static'
				? '{ var(txn.fallback_name) -m str 503 }'
				: '{ var(txn.fallback_replace) -m found } { status 503 }';
		const phase = mode === 'static' ? 'http-request' : 'http-response';
		for (const [format, file, type] of [
			['page', '503.html', 'text/html; charset=utf-8'],
			['problem', 'problem/503.json', 'application/problem+json'],
			['text', 'problem/503.txt', 'text/plain; charset=utf-8'],
		]) {
			const backend = config.slice(
				config.indexOf(`\nbackend fallback_${mode === 'proxy' ? 'app_' : ''}en_${format}\n`),
			);
			const end = backend.indexOf('\n\n', 1);
			expect(end === -1 ? backend : backend.slice(0, end + 1)).toContain(
				`\t${phase} return status 503 content-type "${type}" file "/srv/fallback-pages/${file}" if ${when}\n`,
			);
		}
	});

	it('picks the format from the whole Accept header, first match', () => {
		expect(config).toContain("\tacl fallback_accepts_page req.fhdr(accept) -m reg '(?i)text/html'\n");
		expect(code(config)).not.toMatch(/req\.hdr\(/);
	});

	it("shows its own errors' pages with http-error", () => {
		expect(config).toContain(
			'\thttp-error status 503 content-type "text/html; charset=utf-8" file "/srv/fallback-pages/503.html"\n',
		);
	});

	it('under maintenance: 503 but for the allowed paths; switched off, not a byte of it', () => {
		const maintained = withMaintenance(fixtureContract, {
			retryAfter: 'Thu, 01 Jan 2099 06:00:00 GMT',
			allowedPaths: ['/healthz', '/status/'],
		});
		const text = generate(maintained, fixtureOptions);
		expect(text).toContain('\tacl fallback_allowed path /healthz\n');
		expect(text).toContain('\tacl fallback_allowed path_beg /status/\n');
		expect(text).toContain(
			'\thttp-after-response set-header Retry-After "Thu, 01 Jan 2099 06:00:00 GMT" if { status 503 }\n',
		);
		expect(code(text)).toMatch(/unless fallback_allowed/);
		// Every path, where none is allowed.
		const everything = generate({ ...maintained, maintenance: { allowedPaths: [] } }, fixtureOptions);
		expect(everything).not.toContain('fallback_allowed');
		expect(everything).toMatch(/Under maintenance/);
		// Off: the same bytes as a contract that never heard of maintenance.
		const { maintenance, ...without } = withMaintenance(fixtureContract, { allowedPaths: ['/x'] });
		expect(maintenance).toBeDefined();
		expect(generate(without, fixtureOptions)).toBe(config);
		expect(config).not.toMatch(/maintenance|fallback_allowed/i);
	});

	it('negotiates languages on the whole Accept-Language header where other locales ship', () => {
		const german = generate(fixtureWithGerman, fixtureOptions);
		// One pattern, whatever the number of locales: it keeps the first listed that ships.
		expect(german).toMatch(
			/\thttp-request set-var\(txn\.fallback_locale\) 'req\.fhdr\(accept-language\),regsub\("\(\?i\)\^.*\(en\|de\).*","\\1"\),lower'\n/,
		);
		expect(german).toContain(
			'\thttp-request unset-var(txn.fallback_locale) unless { var(txn.fallback_locale) -m str de }\n',
		);
		expect(german).toContain('\thttp-after-response set-header Vary "Accept-Language, Accept"\n');
		expect(german).toContain('file "/srv/fallback-pages/de/problem/503.json"');
		expect(config).toContain('\thttp-after-response set-header Vary "Accept"\n');
		expect(config).not.toContain('accept-language');
	});
});

describe('HAProxy static site', () => {
	const config = haproxyStandaloneConfig(fixtureContract, fixtureOptions);

	it('answers /{code} and /{code}.html, other methods with 405 and its Allow, the rest with 404', () => {
		expect(config).toContain("\tacl fallback_page_1 path -m reg '^/()(404|405|503)(?:[.]html)?$'\n");
		expect(config).toContain(
			'\thttp-request set-var(txn.fallback_name) \'path,regsub("^/()(404|405|503)(?:[.]html)?$","\\2")\' if fallback_page_1\n',
		);
		expect(config).toContain(
			'\thttp-request set-var(txn.fallback_name) str(405) unless { method GET HEAD }\n',
		);
		expect(config).toContain('\thttp-after-response set-header Allow "GET, HEAD" if { status 405 }\n');
		expect(config).toContain(
			'\thttp-request set-var(txn.fallback_name) str(404) if !{ var(txn.fallback_name) -m found } !{ var(txn.fallback_gallery) -m found }\n',
		);
	});

	it('answers the gallery with 200, and a missing path under the API with the problem document', () => {
		expect(config).toContain(
			'\thttp-request return status 200 content-type "text/html; charset=utf-8" file "/srv/fallback-pages/index.html" if { var(txn.fallback_gallery) -m found }\n',
		);
		expect(config).toContain('\tacl fallback_api path_beg /api/\n');
		expect(config).toContain(
			'\thttp-request set-var(txn.fallback_format) str(problem) if { var(txn.fallback_api) -m found }\n',
		);
	});

	it('runs each path pattern once per request: later rules read what it set', () => {
		for (const contract of [fixtureContract, fixtureWithGerman]) {
			const rules = code(haproxyStandaloneConfig(contract, fixtureOptions))
				.split('\n')
				.filter((line) => /^\thttp-request /.test(line));
			for (const acl of ['fallback_page_1', 'fallback_gallery']) {
				expect(
					rules.filter((rule) => new RegExp(`(?:if|unless) (?:.* )?!?${acl}\\b`).test(rule)),
				).toHaveLength(1);
			}
		}
	});

	it('tries the Accept patterns only until one matches, the page first', () => {
		const rules = code(config)
			.split('\n')
			.filter((line) => line.includes('set-var(txn.fallback_format)') && line.includes('fallback_accepts_'));
		expect(rules).toEqual([
			'\thttp-request set-var(txn.fallback_format) str(page) if fallback_accepts_page',
			'\thttp-request set-var(txn.fallback_format) str(problem) if !{ var(txn.fallback_format) -m found } fallback_accepts_problem',
			'\thttp-request set-var(txn.fallback_format) str(text) if !{ var(txn.fallback_format) -m found } fallback_accepts_text',
		]);
	});

	it('answers an extra page that shares a status with its own file', () => {
		const extra = haproxyStandaloneConfig(fixtureWithExtraPage, fixtureOptions);
		expect(extra).toMatch(/\tacl fallback_page_1 path -m reg '\^\/\(\)\([^']*\|maintenance\)/);
		expect(extra).toContain(
			'return status 503 content-type "text/html; charset=utf-8" file "/srv/fallback-pages/maintenance.html" if { var(txn.fallback_name) -m str maintenance }',
		);
	});
});

describe('HAProxy in front of an app', () => {
	const config = haproxyProxyConfig(fixtureContract, fixtureOptions);

	it("replaces only the contract's statuses, only when HTML or empty, and never sends the app's own headers", () => {
		expect(config).toContain('\tacl fallback_replaced status 503\n');
		expect(config).toContain('if fallback_replaced fallback_app_html\n');
		expect(config).toContain('if fallback_replaced !fallback_app_typed\n');
		expect(config).toContain('\thttp-after-response allow if { var(txn.fallback_from_app) -m found }\n');
		expect(code(config)).toContain('Retry-After');
		expect(code(config)).not.toMatch(/\bAllow\b/);
	});

	it('has a backend per locale and format, whose http-error pages are in that locale and format', () => {
		const german = haproxyProxyConfig(fixtureWithGerman, fixtureOptions);
		for (const backend of ['en_page', 'en_problem', 'en_text', 'de_page', 'de_problem', 'de_text']) {
			expect(german).toContain(
				`\nbackend fallback_app_${backend}\n\thttp-request set-var(txn.fallback_language) str(${backend.slice(0, 2)})\n\tserver app "\${FALLBACK_APP}"\n`,
			);
		}
		expect(german).toContain(
			'\thttp-error status 503 content-type "application/problem+json" file "/srv/fallback-pages/de/problem/503.json"\n',
		);
		expect(german).toContain(
			'\tuse_backend fallback_app_%[var(txn.fallback_locale,en)]_%[var(txn.fallback_format)]\n',
		);
	});
});

describe('unsafe values are refused', () => {
	const broken = (contract: RouteContract) => () => haproxyStandaloneConfig(contract, fixtureOptions);

	it('a line break in a header value, a bad header name, a path HAProxy would split', () => {
		expect(broken(withHeaderValue('X-Fixture', 'a\nb'))).toThrow(UnsafeConfigValue);
		expect(broken(withHeaderValue('X Bad', 'a'))).toThrow(UnsafeConfigValue);
		const badPath = {
			...fixtureContract,
			statusPages: fixtureContract.statusPages.map((route) =>
				route.status === 503 ? { ...route, path: '/503 }' } : route,
			),
		};
		expect(broken(badPath)).toThrow(UnsafeConfigValue);
		expect(() =>
			haproxyProxyConfig(fixtureContract, { ...fixtureOptions, upstream: '10.0.0.7:80 backup' }),
		).toThrow(UnsafeConfigValue);
		expect(() =>
			haproxyStandaloneConfig(
				{ ...fixtureContract, maintenance: { allowedPaths: ['/a b'] } },
				fixtureOptions,
			),
		).toThrow(UnsafeConfigValue);
	});

	it('the quoting helpers follow HAProxy 2.6 manual 2.2', () => {
		expect(haproxyString('a "b" \\c $d #e', 'x')).toBe('"a \\"b\\" \\\\c \\$d #e"');
		expect(haproxyLogFormat('50%', 'x')).toBe('"50%%"');
		expect(haproxyRegex('^a$[[:blank:]]', 'x')).toBe("'^a$[[:blank:]]'");
		expect(() => haproxyRegex("it's", 'x')).toThrow(UnsafeConfigValue);
		expect(() => haproxyString('a\rb', 'x')).toThrow(UnsafeConfigValue);
		expect(() => haproxyWord('a,b', 'x')).toThrow(UnsafeConfigValue);
		expect(() => haproxyWord('a)', 'x')).toThrow(UnsafeConfigValue);
	});
});

describe("pages against HAProxy's buffer", () => {
	it('leaves the rewrite reserve and room for headers free', () => {
		expect(haproxyPayloadLimit).toBeLessThan(haproxyBufferSize - 1024);
		expect(haproxyPayloadLimit).toBeGreaterThan(200_000);
	});

	it('checks every file a config loads: each page in each format, and the galleries', () => {
		expect(haproxyServedFiles(fixtureWithGerman).sort()).toEqual(
			[
				'index.html',
				'de/index.html',
				...['', 'de/'].flatMap((folder) =>
					['404', '405', '503'].flatMap((name) => [
						`${folder}${name}.html`,
						`${folder}problem/${name}.json`,
						`${folder}problem/${name}.txt`,
					]),
				),
			].sort(),
		);
	});

	it('names the files too large, with their size', () => {
		const sizes: Record<string, number> = {
			'index.html': haproxyPayloadLimit + 1,
			'503.html': haproxyPayloadLimit,
		};
		expect(haproxyOversizedFiles(fixtureContract, (file) => sizes[file] ?? 3000)).toEqual([
			{ file: 'index.html', bytes: haproxyPayloadLimit + 1 },
		]);
	});
});

describe('hostConfigFiles()', () => {
	it('writes both HAProxy files', () => {
		const paths = hostConfigFiles(fixtureContract, fixtureOptions).map((file) => file.path);
		for (const file of haproxyFiles(fixtureContract, fixtureOptions)) expect(paths).toContain(file.path);
		expect(haproxyFiles(fixtureContract, fixtureOptions).map((file) => file.path)).toEqual([
			'haproxy/haproxy-standalone.cfg',
			'haproxy/haproxy-proxy.cfg',
		]);
	});
});
