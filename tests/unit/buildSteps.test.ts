/**
 * The integration's steps after Astro's build, each on its own, on a temp folder: what each writes,
 * what each refuses, and the line each gives the log.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	CONTRACT_NAME,
	errorRoutes,
	type RouteContract,
} from '../../packages/fallback-pages/src/contract/contract';
import { readContractFile } from '../../packages/fallback-pages/src/contract/contractFile';
import { optionsContract } from '../../packages/fallback-pages/src/contract/fromOptions';
import { parseOptions, type FallbackOptions } from '../../packages/fallback-pages/src/config/options';
import { ASTRO_FOLDERS } from '../../packages/fallback-pages/src/hosts/format';
import { haproxyPayloadLimit, haproxyServedFiles } from '../../packages/fallback-pages/src/hosts/haproxy';
import { defaultHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import {
	checkNoInlineCode,
	maintenanceWarning,
	writeBaseHostConfigs,
	writeHostConfigs,
	writeNetlifyRules,
} from '../../packages/fallback-pages/src/integration/buildSteps';

const contractOf = (options: FallbackOptions = {}, siteBase = '/'): RouteContract =>
	optionsContract(parseOptions({ locales: ['en', 'de'], ...options }), {
		embedded: false,
		preview: false,
		siteBase,
	});

const folder = () => mkdtempSync(join(tmpdir(), 'fallback-steps-'));

/** A dist/ holding every file HAProxy serves of the contract, each `bytes` long. */
function distWithPages(contract: RouteContract, bytes = 100): string {
	const dist = folder();
	for (const file of haproxyServedFiles(contract)) {
		mkdirSync(dirname(join(dist, file)), { recursive: true });
		writeFileSync(join(dist, file), 'x'.repeat(bytes));
	}
	return dist;
}

const production = { context: 'production', isPreview: false };

describe('checkNoInlineCode', () => {
	it('lets pages with only files through, and names what an embedded page still has inline', () => {
		expect(() => checkNoInlineCode(['<link rel="stylesheet" href="/a.css"><p>hi</p>'])).not.toThrow();
		expect(() => checkNoInlineCode(['<style>p{}</style><p>hi</p>', '<script>1</script>'])).toThrow(
			"1 inline style(s) and 1 inline script(s) left in embedded pages; the site's CSP would block them",
		);
	});
});

describe('maintenanceWarning', () => {
	it('says nothing when off, and what every path answers when on', () => {
		expect(maintenanceWarning(contractOf())).toBeUndefined();
		const warning = maintenanceWarning(
			contractOf({ maintenance: { enabled: true, allow: ['/healthz'], retryAfterSeconds: 600 } }),
		);
		expect(warning).toBe('maintenance is on: every path but /healthz answers 503, Retry-After: 600');
	});
});

describe('writeNetlifyRules', () => {
	it("comes after the site's own rules, and says what it wrote", async () => {
		const dist = folder();
		writeFileSync(join(dist, '_redirects'), '/old  /new  301\n');
		const contract = contractOf();
		const line = await writeNetlifyRules(dist, contract, {
			everyPath: false,
			siteStatusPages: [],
			pages: 7,
			deploy: production,
		});
		const redirects = readFileSync(join(dist, '_redirects'), 'utf8');
		expect(redirects.startsWith('/old  /new  301\n')).toBe(true);
		expect(redirects).toContain('/*  /404.html  404');
		expect(readFileSync(join(dist, '_headers'), 'utf8')).toContain('/404.html');
		expect(line).toBe(
			`7 pages; _redirects (${errorRoutes(contract).length} error routes) and _headers (production, on Fallback's pages only) after the site's own`,
		);
	});
	it("beside pages in a folder, answers the site's own 404 page with its status", async () => {
		const dist = folder();
		const line = await writeNetlifyRules(dist, contractOf({ base: '/errors/' }), {
			everyPath: false,
			siteStatusPages: [404],
			pages: 3,
			deploy: { context: 'deploy-preview', isPreview: true },
		});
		expect(readFileSync(join(dist, '_redirects'), 'utf8')).toMatch(/^\/404 +\/404\.html +404/m);
		expect(line).toContain('under /errors/; _redirects (');
		expect(line).toContain("the site's own 404 page at its status");
		expect(line).toContain('(deploy-preview, noindex');
	});
});

describe('writeBaseHostConfigs', () => {
	it("writes the site-mode files and the contract, also in the pages' folder, replacing an earlier build's", async () => {
		const root = folder();
		const dist = join(root, 'dist');
		const hostsDir = join(root, 'hosts/');
		mkdirSync(hostsDir, { recursive: true });
		writeFileSync(join(hostsDir, CONTRACT_NAME), '{}');
		writeFileSync(join(hostsDir, 'stale.conf'), 'old');
		const contract = contractOf({ base: '/errors/' }, '/docs/');
		const line = await writeBaseHostConfigs(dist, contract, { hostsDir, root, hosts: defaultHostOptions });
		expect(readContractFile(join(dist, 'errors', CONTRACT_NAME)).base).toBe('/docs/errors/');
		expect(readContractFile(join(hostsDir, CONTRACT_NAME))).toEqual(contract);
		expect(existsSync(join(hostsDir, 'stale.conf'))).toBe(false);
		const written = readdirSync(hostsDir, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile() && !entry.parentPath.includes('languages'))
			.map((entry) => relative(hostsDir, join(entry.parentPath, entry.name)))
			.sort();
		expect(written).toEqual([
			'.gitignore',
			'apache/fallback-site.conf',
			'caddy/fallback-site.caddy',
			CONTRACT_NAME,
			'nginx/fallback-site-http.conf',
			'nginx/fallback-site.conf',
		]);
		// The pages are read where a server whose root holds the site under /docs/ has them.
		const nginx = readFileSync(join(hostsDir, 'nginx/fallback-site.conf'), 'utf8');
		expect(nginx).toContain('rewrite "^/__fallback(/.*)$" /docs/errors$1 break;');
		expect(readFileSync(join(hostsDir, 'apache/languages/de/404.var'), 'utf8')).toContain(
			'URI: ../../docs/errors/de/404.html',
		);
		expect(line).toContain(
			'pages under /docs/errors/: wrote the site-mode files hosts/nginx/fallback-site-http.conf',
		);
		expect(line).toContain('its root the folder that holds the build as docs/');
	});
	it("leaves a folder that is not Fallback's alone, and stops", async () => {
		const root = folder();
		const hostsDir = join(root, 'hosts/');
		mkdirSync(hostsDir);
		writeFileSync(join(hostsDir, 'mine.conf'), 'keep');
		await expect(
			writeBaseHostConfigs(join(root, 'dist'), contractOf({ base: '/errors/' }), {
				hostsDir,
				root,
				hosts: defaultHostOptions,
			}),
		).rejects.toThrow("is not Fallback's");
		expect(readFileSync(join(hostsDir, 'mine.conf'), 'utf8')).toBe('keep');
	});
});

describe('writeHostConfigs', () => {
	const contract = contractOf();
	it("writes every host's config and the contract, replacing an earlier build's", async () => {
		const dist = distWithPages(contract);
		const root = dirname(dist);
		const hostsDir = `${dist}-hosts/`;
		mkdirSync(hostsDir);
		writeFileSync(join(hostsDir, CONTRACT_NAME), '{}');
		writeFileSync(join(hostsDir, 'stale.conf'), 'old');
		const line = await writeHostConfigs(dist, contract, {
			hostsDir,
			root,
			hosts: parseOptions({}).hosts,
			folders: ASTRO_FOLDERS,
		});
		expect(existsSync(join(hostsDir, 'stale.conf'))).toBe(false);
		expect(readContractFile(join(hostsDir, CONTRACT_NAME))).toEqual(contract);
		expect(existsSync(join(hostsDir, 'nginx/fallback-standalone.conf'))).toBe(true);
		expect(line).toMatch(
			/^wrote \d+ host configs \(nginx, .*\) and the route contract \(contract\.json\) to /,
		);
	});
	it('in a site with pages of its own, names the site-mode files for the server that serves it', async () => {
		const dist = distWithPages(contract);
		const hostsDir = `${dist}-hosts/`;
		const line = await writeHostConfigs(dist, contract, {
			hostsDir,
			root: dirname(dist),
			hosts: parseOptions({}).hosts,
			site: true,
			folders: ASTRO_FOLDERS,
		});
		const named = [...line.matchAll(/(\S+-hosts\/([a-z]+\/fallback-site[.a-z-]*))/g)].map(
			(match) => match[2]!,
		);
		expect(named).toEqual([
			'nginx/fallback-site-http.conf',
			'nginx/fallback-site.conf',
			'caddy/fallback-site.caddy',
			'apache/fallback-site.conf',
		]);
		for (const path of named) expect(existsSync(join(hostsDir, path)), path).toBe(true);
		expect(line).toContain('standalone');
	});
	it("refuses a folder that is not Fallback's, and touches nothing in it", async () => {
		const dist = distWithPages(contract);
		const hostsDir = `${dist}-hosts/`;
		mkdirSync(hostsDir);
		writeFileSync(join(hostsDir, 'mine.conf'), 'keep');
		await expect(
			writeHostConfigs(dist, contract, {
				hostsDir,
				root: dirname(dist),
				hosts: parseOptions({}).hosts,
				folders: ASTRO_FOLDERS,
			}),
		).rejects.toThrow(`exists and is not Fallback's (no ${CONTRACT_NAME} in it); nothing was removed`);
		expect(readFileSync(join(hostsDir, 'mine.conf'), 'utf8')).toBe('keep');
	});
	it("stops before writing anything when a page does not fit HAProxy's buffer", async () => {
		const dist = distWithPages(contract);
		writeFileSync(join(dist, '404.html'), 'x'.repeat(haproxyPayloadLimit + 1));
		const hostsDir = `${dist}-hosts/`;
		await expect(
			writeHostConfigs(dist, contract, {
				hostsDir,
				root: dirname(dist),
				hosts: parseOptions({}).hosts,
				folders: ASTRO_FOLDERS,
			}),
		).rejects.toThrow(`404.html (${haproxyPayloadLimit + 1} B) exceed the ${haproxyPayloadLimit} B`);
		expect(existsSync(hostsDir)).toBe(false);
	});
});
