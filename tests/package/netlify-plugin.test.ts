/**
 * The Netlify build plugin as a team adds it to a site that is not Fallback's: a plain HTML site with
 * its own `_redirects` and `_headers` and netlify-plugin-fallback-pages alone (the default look: the
 * prebuilt pages), a Vite SPA with a brand and fallback-pages beside it (Astro builds its pages),
 * both from the packed tarballs, built by Netlify Build itself (@netlify/build, offline), and the
 * publish folder served with the rules that build resolved, by netlify-cli (Netlify's rule engine).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
// Netlify's own utils.build.failBuild: it throws, as in a build.
import { failBuild as netlifyFailBuild } from '../../node_modules/@netlify/build/lib/plugins/error.js';
import { chromiumLaunchOptions } from '../../packages/fallback-pages/src/verify/chromium';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type RunningServer } from '../contract/harness';
import { makeProject, removeProject, repositoryRoot } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, verifyFrom } from './serve';
import { fingerprint, netlifyBuild, serveDeploy, type Built } from './netlifyBuild';

const siteFiles: Readonly<Record<string, string>> = {
	'package.json': JSON.stringify({ name: 'acme-site', private: true }),
	'netlify.toml': [
		'[build]',
		'  publish = "public"',
		'  command = "echo the site builds itself"',
		'',
		'[[plugins]]',
		'  package = "netlify-plugin-fallback-pages"',
		'',
	].join('\n'),
	'fallback.config.mjs': "export default { site: { name: 'Acme' }, locales: ['en', 'de'] };\n",
	'public/index.html': '<!doctype html><html lang="en"><title>Acme</title><h1>Acme home</h1></html>\n',
	'public/about.html': '<!doctype html><html lang="en"><title>About</title><h1>About Acme</h1></html>\n',
	'public/_redirects': [
		'/old-shop  /  301',
		'/docs/*  /about.html  200',
		'/team-added  /about.html  301',
		'',
	].join('\n'),
	'public/_headers': "/*\n  Content-Security-Policy: default-src 'self'\n",
};

let site: string;
let publish: string;
let first: Built;
let server: RunningServer;
const servers: RunningServer[] = [];

beforeAll(async () => {
	site = await makeProject('netlify-plugin', siteFiles);
	publish = join(site, 'public');
	await sharedNpmInstall(site, ['--save-dev', inject('tarballs')['netlify-plugin-fallback-pages']]);
	first = await netlifyBuild(site);
	server = await serveDeploy(publish, first);
	servers.push(server);
}, 900_000);

afterAll(async () => {
	await Promise.all(servers.map((one) => one.stop()));
	await removeProject(site);
});

describe('netlify-plugin-fallback-pages in a plain HTML site, through Netlify Build', () => {
	it('gives Netlify its rules in onPreBuild, builds the pages in onPostBuild, and says so in a few lines', () => {
		expect(first.success, first.log).toBe(true);
		expect(first.log).toContain('netlify-plugin-fallback-pages (onPreBuild event)');
		expect(first.log).toMatch(
			/Fallback: \d+ rules for \/fallback\/ before the site's, \d+ after them and \d+ header rules, with fallback\.config\.mjs, through \.netlify\/v1\/config\.json/,
		);
		expect(first.log).toContain('netlify-plugin-fallback-pages (onPostBuild event)');
		expect(first.log).toContain('Fallback: Netlify (CONTEXT=production): production (no banner, indexable)');
		expect(first.log).toContain(
			"Fallback: the pages come prebuilt with the default look (the options: name, address, folder and languages), in the site's own 404.html where its build marks an element data-fallback",
		);
		expect(first.log).toMatch(
			/Fallback: \d+ pages in public\/fallback\/ \(prebuilt, placed in [\d.]+ s\): \d+ rules answer \/fallback\/ with its statuses, languages and problem documents before the site's rules; \d+ after them answer unknown paths and the API/,
		);
		// A local build has no deploy of its own to check.
		expect(first.log).toContain('Fallback: nothing to verify');
		// Netlify does not list the rules one by one (it does for rules a plugin adds to netlifyConfig),
		// and every rule reached its config through the Frameworks API file.
		expect(first.log).not.toMatch(/configuration property "(redirects|headers)" value changed/);
		expect(first.log).not.toContain("are not in Netlify's config");
		const ours = first.log.split('\n').filter((line) => line.includes('Fallback'));
		expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(20);
		console.log(`plugin build log: ${first.log.split('\n').length} lines, ${ours.length} of them Fallback's`);
	});

	it('installs no Astro and no fallback-pages: the plugin brings its pages', () => {
		for (const name of ['astro', 'vite', 'fallback-pages', 'react'])
			expect([name, existsSync(join(site, 'node_modules', name))]).toEqual([name, false]);
	});

	it("leaves every file of the site's as it was", () => {
		const now = fingerprint(site);
		for (const [name, content] of Object.entries(siteFiles)) {
			if (name === 'package.json') continue; // npm install --save-dev adds the plugin
			expect(now[name], name).toBe(createHash('sha256').update(content).digest('hex'));
		}
	});

	it("puts Fallback's rules for its own folder first, then the site's, Fallback's catch-all last", () => {
		const froms = first.redirects.map((rule) => String(rule['from']));
		const site = froms.indexOf('/old-shop');
		expect(froms.slice(site, site + 3)).toEqual(['/old-shop', '/docs/*', '/team-added']);
		expect(site).toBeGreaterThan(0);
		expect(froms.slice(0, site).every((from) => from.startsWith('/fallback/'))).toBe(true);
		expect(froms.slice(site + 3).some((from) => from.startsWith('/fallback/'))).toBe(false);
		expect(first.redirects.at(-1)).toMatchObject({ from: '/*', to: '/fallback/404.html', status: 404 });
	});

	it("answers the site's own pages and rules as before", async () => {
		const home = await request(server.port, '/');
		expect(home.status).toBe(200);
		expect(home.body).toBe(siteFiles['public/index.html']);
		expect(home.headers.get('content-security-policy')).toBe("default-src 'self'");
		const old = await request(server.port, '/old-shop');
		expect([old.status, old.headers.get('location')]).toEqual([301, '/']);
		const rewrite = await request(server.port, '/docs/anything');
		expect([rewrite.status, rewrite.body]).toEqual([200, siteFiles['public/about.html']]);
		// A rule the team added at the end of its _redirects still applies: Fallback's come after.
		const added = await request(server.port, '/team-added');
		expect([added.status, added.headers.get('location')]).toEqual([301, '/about.html']);
	});

	it("answers an unknown path with Fallback's not-found page, in the browser's language", async () => {
		const english = await request(server.port, '/no/such/page');
		expect(english.status).toBe(404);
		expect(english.body).toBe(readFileSync(join(publish, 'fallback/404.html'), 'utf8'));
		expect(english.body).toContain('Acme');
		const german = await request(server.port, '/no/such/page', {
			headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
		});
		expect(german.status).toBe(404);
		expect(german.body).toBe(readFileSync(join(publish, 'fallback/de/404.html'), 'utf8'));
		expect(german.headers.get('content-language')).toBe('de');
	});

	it('answers an API client with a problem document and hides the problem folder and the contract', async () => {
		const api = await request(server.port, '/api/orders/42');
		expect(api.status).toBe(404);
		// netlify-cli types a .json file application/json (the netlify-cli host profile says so).
		expect(api.headers.get('content-type')).toMatch(/^application\/json/);
		expect(api.body).toBe(readFileSync(join(publish, 'fallback/problem/404.json'), 'utf8'));
		expect(JSON.parse(api.body)).toMatchObject({ status: 404 });
		for (const path of ['/fallback/problem/404.json', '/fallback/contract.json']) {
			const hidden = await request(server.port, path);
			expect([path, hidden.status]).toEqual([path, 404]);
			expect(hidden.body).toBe(readFileSync(join(publish, 'fallback/404.html'), 'utf8'));
		}
	});

	it("renders Fallback's page styled under the site's CSP, with no violation in Chromium", async () => {
		const browser = await chromium.launch(chromiumLaunchOptions());
		try {
			const page = await browser.newPage();
			const problems: string[] = [];
			page.on('console', (message) => {
				// The document's own 404 is logged as a failed resource; anything else is a problem.
				if (message.type() === 'error' && !/status of 404/.test(message.text()))
					problems.push(message.text());
			});
			await page.addInitScript(() => {
				document.addEventListener('securitypolicyviolation', (event) =>
					console.error(`CSP: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`),
				);
			});
			const response = await page.goto(`http://127.0.0.1:${server.port}/no/such/page`);
			expect(response?.status()).toBe(404);
			expect(response?.headers()['content-security-policy']).toBe("default-src 'self'");
			expect(await page.locator('h1').textContent()).toBe('404');
			// The stylesheet (a file under /fallback/_astro/) applied: the heading's divider.
			const divider = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).borderRightWidth);
			expect(divider).toBe('1px');
			expect(problems).toEqual([]);
		} finally {
			await browser.close();
		}
	});

	it('publishes no gallery in production: the folder answers as an unknown path', async () => {
		expect(existsSync(join(publish, 'fallback/index.html'))).toBe(false);
		for (const [path, file] of [
			['/fallback/', '404.html'],
			['/fallback/index.html', '404.html'],
			['/fallback/de/', 'de/404.html'],
		] as const) {
			const answer = await request(server.port, path);
			expect([path, answer.status]).toEqual([path, 404]);
			expect(answer.body).toBe(readFileSync(join(publish, 'fallback', file), 'utf8'));
		}
	});

	it('passes `fallback-pages verify --base /fallback/` against the deploy', async () => {
		const result = await expectVerified(site, server, 'netlify-cli', 'public', { base: '/fallback/' });
		expect(result.stdout).toContain('fallback/contract.json');
	});

	it('fails verify --base, naming the case, when one of Fallback’s rules is missing', async () => {
		const withoutHiding = {
			...first,
			redirects: first.redirects.filter((rule) => rule['from'] !== '/fallback/problem/*'),
		};
		// Its rule for German browsers and the default one.
		expect(withoutHiding.redirects.length).toBe(first.redirects.length - 2);
		const broken = await serveDeploy(publish, withoutHiding);
		servers.push(broken);
		const result = await verifyFrom(site, broken, 'netlify-cli', 'public', {
			base: '/fallback/',
			reports: 'broken',
		});
		expect(result.code).toBe(1);
		expect(result.stdout).toContain(
			'GET /fallback/problem/404.json (only an error shows it) is an unknown path',
		);
	});

	it('builds byte-identical output and rules when nothing changed', async () => {
		const before = fingerprint(publish);
		const again = await netlifyBuild(site);
		expect(again.success, again.log).toBe(true);
		expect(fingerprint(publish)).toEqual(before);
		expect(again.redirects).toEqual(first.redirects);
		expect(again.headers).toEqual(first.headers);
	});

	it("marks a deploy preview on Fallback's pages only: the banner and noindex", async () => {
		const preview = await netlifyBuild(site, 'deploy-preview');
		expect(preview.success, preview.log).toBe(true);
		// The plain site sets no header of its own: Fallback's names are in lower case.
		const noindex = preview.headers.filter(
			(rule) => (rule['values'] as Record<string, string>)['x-robots-tag'] === 'noindex',
		);
		expect(noindex.length).toBeGreaterThan(0);
		expect(noindex.every((rule) => String(rule['for']).startsWith('/fallback/'))).toBe(true);
		expect(readFileSync(join(publish, 'fallback/404.html'), 'utf8')).toContain('class="preview"');
		// The review gallery, on a preview only, and named in the log.
		expect(readFileSync(join(publish, 'fallback/index.html'), 'utf8')).toContain('class="preview"');
		expect(preview.log).toContain('a preview: the review gallery at /fallback/');
		expect(readFileSync(join(publish, 'index.html'), 'utf8')).toBe(siteFiles['public/index.html']);
		// Production again: no banner left behind.
		const production = await netlifyBuild(site);
		expect(production.success, production.log).toBe(true);
		expect(readFileSync(join(publish, 'fallback/404.html'), 'utf8')).not.toContain('class="preview"');
		expect(production.headers).toEqual(first.headers);
		expect(existsSync(join(publish, 'fallback/index.html'))).toBe(false);
	});

	it('leaves no stale page or rule after a change of brand and languages', async () => {
		writeFileSync(
			join(site, 'fallback.config.mjs'),
			"export default { site: { name: 'Globex' }, locales: ['en', 'fr'] };\n",
		);
		const changed = await netlifyBuild(site);
		expect(changed.success, changed.log).toBe(true);
		const pages = Object.keys(fingerprint(join(publish, 'fallback')));
		expect(pages.some((name) => name.startsWith('de/'))).toBe(false);
		expect(pages.some((name) => name.startsWith('fr/'))).toBe(true);
		for (const name of pages.filter((page) => page.endsWith('.html')))
			expect(readFileSync(join(publish, 'fallback', name), 'utf8'), name).not.toContain('Acme');
		const rules = JSON.stringify([...changed.redirects, ...changed.headers]);
		expect(rules).not.toContain('/fallback/de/');
		expect(rules).toContain('/fallback/fr/');
		await rm(join(site, 'fallback.config.mjs'));
	});
});

/** A Vite single-page app as Netlify's docs have it: every path to index.html with 200. */
const spaFiles: Readonly<Record<string, string>> = {
	'package.json': JSON.stringify({ name: 'acme-app', private: true, type: 'module' }),
	'netlify.toml': [
		'[build]',
		'  publish = "dist"',
		'  command = "npx vite build"',
		'',
		'[[plugins]]',
		'  package = "netlify-plugin-fallback-pages"',
		'',
	].join('\n'),
	// A brand: Astro builds these pages, from fallback-pages installed beside the plugin.
	'fallback.config.mjs':
		"export default { site: { name: 'Acme App' }, locales: ['en', 'de'], brand: { accent: { light: '#0b5fff', dark: '#7aa2ff' } } };\n",
	'index.html':
		'<!doctype html><html lang="en"><title>Acme App</title><div id="app"></div><script type="module" src="/src/main.js"></script></html>\n',
	'src/main.js': "document.querySelector('#app').textContent = `Route ${location.pathname}`;\n",
	'public/_redirects': '/*  /index.html  200\n',
};

describe('netlify-plugin-fallback-pages in a Vite SPA whose /* answers every path, through Netlify Build', () => {
	let app: string;
	let built: Built;
	let served: RunningServer;

	beforeAll(async () => {
		const tarballs = Object.values(inject('tarballs'));
		app = await makeProject('netlify-spa', spaFiles);
		const vite = JSON.parse(readFileSync(join(repositoryRoot, 'node_modules/vite/package.json'), 'utf8')) as {
			version: string;
		};
		await sharedNpmInstall(app, ['--save-dev', `vite@${vite.version}`, ...tarballs]);
		built = await netlifyBuild(app);
		served = await serveDeploy(join(app, 'dist'), built);
		servers.push(served);
	}, 600_000);

	afterAll(() => removeProject(app));

	it('builds, and its summary says what Fallback added and what the SPA keeps, in a few lines', () => {
		expect(built.success, built.log).toBe(true);
		expect(built.log).toContain(
			'Fallback: the pages will be built by Astro (fallback-pages): brand.accent is not the default look',
		);
		expect(built.log).toMatch(/Fallback: \d+ pages in dist\/fallback\/ \(built by Astro in [\d.]+ s\)/);
		expect(readFileSync(join(app, 'dist/fallback/404.html'), 'utf8')).toContain('Acme App');
		const styles = readdirSync(join(app, 'dist/fallback/_astro')).filter((file) => file.endsWith('.css'));
		expect(
			styles.map((file) => readFileSync(join(app, 'dist/fallback/_astro', file), 'utf8')).join(''),
		).toMatch(/#0b5fff/i);
		expect(built.log).toContain(
			'Fallback: The site\'s rule "/* /index.html 200" answers every other path: unknown paths outside /fallback/ and the API get the site\'s answer',
		);
		expect(built.log).not.toMatch(/configuration property "(redirects|headers)" value changed/);
		const ours = built.log.split('\n').filter((line) => line.includes('Fallback'));
		expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(20);
		console.log(
			`SPA plugin build log: ${built.log.split('\n').length} lines, ${ours.length} of them Fallback's`,
		);
	});

	it("answers Fallback's folder with its statuses, languages and problem documents before the SPA's /*", async () => {
		const page = (file: string) => readFileSync(join(app, 'dist/fallback', file), 'utf8');
		for (const [path, status, file] of [
			['/fallback/503', 503, '503.html'],
			['/fallback/503.html', 503, '503.html'],
			['/fallback/429', 429, '429.html'],
			['/fallback/de/503', 503, 'de/503.html'],
			['/fallback/no-such-page', 404, '404.html'],
		] as const) {
			const answer = await request(served.port, path);
			expect([path, answer.status, answer.body]).toEqual([path, status, page(file)]);
		}
		const german = await request(served.port, '/fallback/503', {
			headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
		});
		expect([german.status, german.body]).toEqual([503, page('de/503.html')]);
		expect(german.headers.get('content-language')).toBe('de');
		const hidden = await request(served.port, '/fallback/problem/404.json');
		expect([hidden.status, hidden.body]).toEqual([404, page('404.html')]);
	});

	it('leaves every other path to the SPA, the API included, as its build summary says', async () => {
		const index = readFileSync(join(app, 'dist/index.html'), 'utf8');
		for (const path of ['/', '/orders/42', '/api/orders/42']) {
			const answer = await request(served.port, path, { headers: { Accept: 'application/json' } });
			expect([path, answer.status, answer.body]).toEqual([path, 200, index]);
		}
	});

	it('passes `fallback-pages verify --base /fallback/ --site-catch-all` against the deploy', async () => {
		const result = await expectVerified(app, served, 'netlify-cli', 'dist', {
			base: '/fallback/',
			siteCatchAll: true,
		});
		expect(result.stdout).toContain('unknown paths are checked under /fallback/');
	});
});

describe("the plugin's handlers on sites they must refuse", () => {
	let configs = 0;

	/** planRules, then placePages, of the installed plugin, with Netlify's own failBuild (it throws). */
	async function place(publishDir: string, inputs: Record<string, unknown>, options = '{}') {
		const { planRules, placePages } = (await import(
			join(site, 'node_modules/netlify-plugin-fallback-pages/placePages.js')
		)) as typeof import('../../packages/netlify-plugin-fallback-pages/placePages.js');
		const lines: string[] = [];
		const netlifyConfig = { redirects: [], headers: [] };
		// Options of its own: this process runs in the repository, whose fallback.config.mjs is the starter's.
		// A new file each time: Node keeps a module it has imported once.
		const config = join(publishDir, '..', `${publishDir.split('/').pop()}-${(configs += 1)}.config.mjs`);
		writeFileSync(config, `export default ${options};\n`);
		const utils = { build: { failBuild: netlifyFailBuild } as never };
		const log = (line: string) => lines.push(line);
		const buildDir = `${publishDir}-build`;
		const outcome = await planRules({ inputs: { config, ...inputs }, buildDir, utils, log })
			.then((planned) => placePages({ publishDir, buildDir, netlifyConfig, utils, log, planned }))
			.then(
				(placed) => ({ base: placed.folder, error: undefined }),
				(error: Error) => ({ base: undefined, error: error.message }),
			);
		await rm(config, { force: true });
		await rm(buildDir, { recursive: true, force: true });
		return { ...outcome, log: lines.join('\n'), netlifyConfig };
	}

	it("adds its rules to netlifyConfig when they did not reach Netlify's config (a framework replaced the file)", async () => {
		const folder = await makeProject('replaced-rules', { 'index.html': 'home\n' });
		try {
			// Netlify's config as a framework's own Frameworks API file left it: none of Fallback's rules.
			const { base, log, netlifyConfig } = await place(folder, { name: 'App' });
			expect(base).toBe('/fallback/');
			expect(log).toMatch(
				/Fallback: \d+ of its rules are not in Netlify's config \(the build replaced \.netlify\/v1\/config\.json\)/,
			);
			const froms = netlifyConfig.redirects.map((rule: { from: string }) => rule.from);
			expect(froms[0]).toMatch(/^\/fallback\//);
			expect(froms.at(-1)).toBe('/*');
			expect(netlifyConfig.headers.length).toBeGreaterThan(0);
		} finally {
			await removeProject(folder);
		}
	});

	it('leaves unknown paths to the site\'s own 404.html and de/404.html, unless notFound = "fallback"', async () => {
		const folder = await makeProject('own-404', {
			'index.html': 'home\n',
			'404.html': 'the site’s own not-found page\n',
			'de/404.html': 'die eigene Seite\n',
		});
		try {
			const own = await place(folder, { locales: ['en', 'de'] });
			expect(own.error).toBeUndefined();
			const rules = own.netlifyConfig.redirects as { from: string; to: string; status: number }[];
			expect(rules.filter((rule) => rule.from === '/*')).toEqual([]);
			expect(rules.at(-1)).toMatchObject({ from: '/de/*', to: '/de/404.html', status: 404 });
			// Fallback's folder and the API keep Fallback's answers.
			expect(rules.some((rule) => rule.from === '/fallback/*')).toBe(true);
			expect(rules.some((rule) => rule.from === '/api/*')).toBe(true);
			expect(own.log).toContain(
				"The site's own 404.html, de/404.html answer its unknown paths outside /fallback/",
			);
			const ours = await place(folder, { locales: ['en', 'de'], notFound: 'fallback' });
			const kept = ours.netlifyConfig.redirects as { from: string; to: string }[];
			expect(kept.filter((rule) => rule.from === '/*').map((rule) => rule.to)).toEqual([
				'/fallback/de/404.html',
				'/fallback/404.html',
			]);
			expect(kept.some((rule) => rule.from === '/de/*')).toBe(false);
			// Language folders only: Fallback's page answers elsewhere, after the folder's rule.
			await rm(join(folder, '404.html'));
			const languages = await place(folder, { locales: ['en', 'de'] });
			const froms = (languages.netlifyConfig.redirects as { from: string }[]).map((rule) => rule.from);
			expect(froms.slice(-3)).toEqual(['/de/*', '/*', '/*']);
			expect(languages.log).toContain(
				"The site's own de/404.html answers the unknown paths under /de/, Fallback's not-found page the others",
			);
			const wrong = await place(folder, { notFound: 'nobody' });
			expect(wrong.error).toBe('Fallback: the input notFound is "nobody"; it takes "site" or "fallback"');
		} finally {
			await removeProject(folder);
		}
	});

	it("names the pages after Netlify's SITE_NAME, and goes without a name that is not a valid one", async () => {
		const folder = await makeProject('site-name', { 'index.html': 'home\n' });
		try {
			process.env['SITE_NAME'] = 'acme-shop';
			const named = await place(folder, {});
			expect(named.log).toContain("and the site's name on Netlify (SITE_NAME=acme-shop)");
			expect(readFileSync(join(folder, 'fallback/404.html'), 'utf8')).toContain('<header>acme-shop</header>');
			process.env['SITE_NAME'] = 'a'.repeat(63);
			const long = await place(folder, {});
			expect(long.error).toBeUndefined();
			expect(long.log).toMatch(/the site's name on Netlify is not used \(fallback\.site\.name: /);
			expect(long.log).toContain("No site name (the input name, or the site's name on Netlify, SITE_NAME");
			expect(named.log).not.toContain('No site name');
		} finally {
			delete process.env['SITE_NAME'];
			await removeProject(folder);
		}
	});

	it("puts the prebuilt pages into the site's 404.html marked data-fallback, German ones into its German one, without fallback-pages or Astro installed", async () => {
		const shell = (lang: string, name: string) =>
			`<!doctype html><html lang="${lang}"><head><title>Lost</title></head><body><header>${name}</header><main data-fallback>Lost</main></body></html>\n`;
		const folder = await makeProject('shell-prebuilt', {
			'index.html': 'home\n',
			'404.html': shell('en', 'Hugo site'),
			'de/404.html': shell('de', 'Hugo-Seite'),
		});
		try {
			expect(existsSync(join(site, 'node_modules/fallback-pages'))).toBe(false);
			expect(existsSync(join(site, 'node_modules/astro'))).toBe(false);
			const { error, log } = await place(folder, {}, "{ locales: ['en', 'de'] }");
			expect(error, log).toBeUndefined();
			expect(log).toContain(
				"Fallback: your look: every error page goes into the site's own 404.html, in its element marked data-fallback; the rest of it (header, footer, stylesheets, scripts) stays as it is; the pages of a language the site has a marked 404.html for go into that one (de/404.html)",
			);
			expect(log).toMatch(/Fallback: 84 pages in \S*fallback\/ \(prebuilt, placed in [\d.]+ s\)/);
			const page = (file: string) => readFileSync(join(folder, 'fallback', file), 'utf8');
			expect(page('503.html')).toMatch(
				/^<!doctype html><html lang="en" dir="ltr"><head><title>[^<]+<\/title>.*<header>Hugo site<\/header><main data-fallback><div class="fallback"/s,
			);
			expect(page('de/503.html')).toMatch(
				/^<!doctype html><html lang="de" dir="ltr"><head><title>[^<]+<\/title>.*<header>Hugo-Seite<\/header><main data-fallback><div class="fallback"/s,
			);
		} finally {
			await removeProject(folder);
		}
	});

	it('fails the build before the site builds when options need Astro and fallback-pages is not installed', async () => {
		const folder = await makeProject('needs-astro', { 'index.html': 'home\n' });
		try {
			const branded = await place(folder, {}, "{ links: [{ label: 'Help', url: '/help' }] }");
			expect(branded.error).toBe(
				"Fallback: the plugin's prebuilt pages cannot take these options (links is not the default look): Astro builds the pages, from the package fallback-pages. Add it to the site's devDependencies: npm install --save-dev ./vendor/fallback-pages-0.1.0.tgz, its tarball copied into the site's vendor/ and committed, until it is on npm; then npm install --save-dev fallback-pages@0.1.0",
			);
			expect(existsSync(join(folder, 'fallback'))).toBe(false);
			// The plugin's own inputs for a brand take the same way.
			const accent = await place(folder, { accent: { light: '#0b5fff', dark: '#7aa2ff' } });
			expect(accent.error).toContain('(brand.accent is not the default look)');
			// A config file that imports the package, as its docs' samples do.
			const config = join(folder, 'imports.config.mjs');
			writeFileSync(
				config,
				"import { defineConfig } from 'fallback-pages/config';\nexport default defineConfig({});\n",
			);
			const imports = await place(folder, { config });
			expect(imports.error).toContain(
				'(the file imports fallback-pages, which the default look does not need: write it as `export default { … }` without the import, or install fallback-pages beside the plugin)',
			);
		} finally {
			await removeProject(folder);
		}
	});

	it('fails the build naming a wrong input, before anything is written', async () => {
		const folder = await makeProject('bad-input', { 'index.html': 'home\n' });
		try {
			const { error } = await place(folder, { locales: ['en', 'xx'], base: 'errors' });
			expect(error).toMatch(/fallback\.locales\.1: "xx" has no catalogue/);
			expect(error).toMatch(/input base must be a path/);
			expect(readdirSync(folder)).toEqual(['index.html']);
			const maintained = await place(folder, {}, '{ maintenance: { enabled: true } }');
			expect(maintained.error).toMatch(
				/^Fallback: Invalid Fallback options \(the options\):\n  - fallback\.maintenance: not available with base \/fallback\/: .* Put `\/\*  \/fallback\/503\.html  503!` at the top of the site's _redirects instead\.$/,
			);
			expect(readdirSync(folder)).toEqual(['index.html']);
		} finally {
			await removeProject(folder);
		}
	});

	it("refuses a folder of the site's own at the base", async () => {
		const folder = await makeProject('own-folder', { 'fallback/index.html': 'the site’s own\n' });
		try {
			const { error } = await place(folder, {});
			expect(error).toMatch(
				/fallback\/ exists and is not Fallback's \(no contract\.json in it\); nothing was written/,
			);
			expect(readFileSync(join(folder, 'fallback/index.html'), 'utf8')).toBe('the site’s own\n');
		} finally {
			await removeProject(folder);
		}
	});
});
