/**
 * Astro sites as teams have them, with the packed package and nothing said but `fallback()`: a site
 * with Astro's i18n (en, de, fr) and a layout of its own, its default locale at the root or
 * prefixed (`/en/`), with its own 404 page (`sitePages`), and the same site served under
 * `base: '/docs'`. Each is built with no platform's variables (production, as on a laptop or a CI
 * that is no deploy platform), served by netlify-cli (and nginx with the config it wrote) and
 * checked with the project's own `fallback-pages verify`. Then a platform's production and
 * preview variables (Netlify's; every platform's in the unit tests): production has no banner and no
 * noindex, a preview says its branch and commit.
 */
import { cp, mkdir, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, request, type RunningServer } from '../contract/harness';
import {
	astroBuildWith,
	astroVersion,
	environment,
	makeProject,
	removeProject,
	type Result,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, serveOnNetlify, serveOnNginx } from './serve';
import { platforms } from '../platforms';

const layout = [
	'---',
	'const { title } = Astro.props;',
	'---',
	'<html lang={Astro.currentLocale}><head><meta charset="utf-8"><title>{title}</title></head>',
	'<body><nav><a href="/">Home</a></nav><slot /></body></html>',
	'',
].join('\n');

/** A page of the site's, in its layout (`depth`: how far below src/pages/ it is). */
const page = (title: string, body: string, depth: number) =>
	`---\nimport Site from '${'../'.repeat(depth + 1)}layouts/Site.astro';\n---\n<Site title="${title}"><h1>${body}</h1></Site>\n`;

/** The same site in three source folders: the default locale at the root, prefixed, and with its own 404. */
const siteFiles: Readonly<Record<string, string>> = {
	'package.json': JSON.stringify({ name: 'i18n-site', private: true, type: 'module' }),
	'src/layouts/Site.astro': layout,
	'src/pages/index.astro': page('Home', 'Welcome', 0),
	'src/pages/de/index.astro': page('Start', 'Willkommen', 1),
	'src/pages/fr/index.astro': page('Accueil', 'Bienvenue', 1),
	'prefixed/layouts/Site.astro': layout,
	'prefixed/pages/en/index.astro': page('Home', 'Welcome', 1),
	'prefixed/pages/de/index.astro': page('Start', 'Willkommen', 1),
	'prefixed/pages/fr/index.astro': page('Accueil', 'Bienvenue', 1),
	'own404/layouts/Site.astro': layout,
	'own404/pages/index.astro': page('Home', 'Welcome', 0),
	'own404/pages/de/index.astro': page('Start', 'Willkommen', 1),
	'own404/pages/404.astro': page('Lost', 'Our own 404', 0),
};

/** An astro config: the site's i18n and `fallback(options)`, from `srcDir`. */
const config = ({
	srcDir = './src',
	routing = '',
	base = '',
	options = '',
}: {
	srcDir?: string;
	routing?: string;
	base?: string;
	options?: string;
}) =>
	[
		"import { defineConfig } from 'astro/config';",
		"import fallback from 'fallback-pages';",
		'export default defineConfig({',
		`\tsrcDir: '${srcDir}',`,
		...(base ? [`\tbase: '${base}',`] : []),
		`\ti18n: { locales: ['en', 'de', 'fr'], defaultLocale: 'en'${routing} },`,
		`\tintegrations: [fallback(${options})],`,
		'});',
		'',
	].join('\n');

let project: string;
let nginxPort: number;
const logs: Record<string, string> = {};
const servers: RunningServer[] = [];

/** `astro build` with a config of the project's into `outDir`; resolves with its log. */
const build = (name: string, env = environment): Promise<Result> => astroBuildWith(project, name, env);

const read = (file: string) => readFileSync(join(project, file), 'utf8');

beforeAll(async () => {
	const tarball = inject('tarballs')['fallback-pages'];
	nginxPort = await freePort();
	project = await makeProject('astro-i18n', siteFiles);
	const hosts = `{ hosts: { pagesRoot: '${project}/dist-i18n', listen: { host: '127.0.0.1', port: ${nginxPort} } } }`;
	const configs = {
		i18n: config({ options: hosts }),
		prefixed: config({ srcDir: './prefixed', routing: ', routing: { prefixDefaultLocale: true }' }),
		own404: config({ srcDir: './own404', options: '{ sitePages: [404] }' }),
		docs: config({ base: '/docs' }),
		plain: config({}),
	};
	for (const [name, text] of Object.entries(configs))
		await writeFile(join(project, `astro.${name}.mjs`), text);
	await sharedNpmInstall(project, [`astro@${await astroVersion()}`, tarball]);
	for (const name of ['i18n', 'prefixed', 'own404', 'docs']) {
		const result = await build(name);
		logs[name] = result.stdout + result.stderr;
	}
}, 900_000);

afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await removeProject(project);
});

describe('an Astro site with i18n (en, de, fr) and nothing said to Fallback about languages', () => {
	it("ships the site's languages, says so, and is production with no platform's variables", () => {
		expect(logs['i18n']).toContain("languages from Astro's i18n: en, de, fr (en the default)");
		expect(logs['i18n']).toContain('no deploy platform recognised: production (no banner, indexable)');
		for (const file of ['dist-i18n/404.html', 'dist-i18n/de/404.html', 'dist-i18n/fr/503.html'])
			expect(existsSync(join(project, file)), file).toBe(true);
		expect(read('dist-i18n/de/index.html')).toContain('Willkommen');
		expect(read('dist-i18n/404.html')).not.toContain('class="preview"');
		expect(read('dist-i18n/_headers')).not.toContain('noindex');
	});

	it('answers in the language of the folder, on netlify-cli and on nginx, and passes verify on both', async () => {
		const netlify = await serveOnNetlify(join(project, 'dist-i18n'), join(project, 'netlify-i18n'));
		servers.push(netlify);
		const nginx = await serveOnNginx(
			join(project, 'dist-i18n-hosts/nginx/fallback-standalone.conf'),
			nginxPort,
			join(project, 'nginx'),
		);
		servers.push(nginx);
		for (const [server, host] of [
			[netlify, 'netlify-cli'],
			[nginx, 'nginx'],
		] as const) {
			await expectVerified(project, server, host, 'dist-i18n');
			const unknown = await request(server.port, '/de/unknown', { headers: { 'Accept-Language': 'en' } });
			expect([host, unknown.status, unknown.headers.get('content-language')]).toEqual([host, 404, 'de']);
			const french = await request(server.port, '/fr/503');
			expect([host, french.status, french.headers.get('content-language')]).toEqual([host, 503, 'fr']);
			const german = await request(server.port, '/unknown', {
				headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
			});
			expect([host, german.status, german.headers.get('content-language')]).toEqual([host, 404, 'de']);
			const home = await request(server.port, '/de/');
			expect([host, home.status]).toEqual([host, 200]);
			expect(home.body).toContain('Willkommen');
		}
	}, 600_000);
});

describe('the same site with its default locale prefixed (routing.prefixDefaultLocale)', () => {
	it('answers an unknown path under /en/ in English, whatever the browser asks, and passes verify', async () => {
		const server = await serveOnNetlify(join(project, 'dist-prefixed'), join(project, 'netlify-prefixed'));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', 'dist-prefixed');
		const english = await request(server.port, '/en/unknown', { headers: { 'Accept-Language': 'de' } });
		expect([english.status, english.headers.get('content-language')]).toEqual([404, 'en']);
		const german = await request(server.port, '/de/unknown');
		expect([german.status, german.headers.get('content-language')]).toEqual([404, 'de']);
		expect((await request(server.port, '/en/')).body).toContain('Welcome');
	}, 600_000);
});

describe('the same site with its own 404 page (sitePages: [404])', () => {
	it("keeps its 404 for the default locale and answers /de/… with Fallback's German one", async () => {
		expect(read('dist-own404/404.html')).toContain('Our own 404');
		const server = await serveOnNetlify(join(project, 'dist-own404'), join(project, 'netlify-own404'));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', 'dist-own404');
		const own = await request(server.port, '/unknown');
		expect([own.status, own.body.includes('Our own 404')]).toEqual([404, true]);
		const german = await request(server.port, '/de/unknown');
		expect([german.status, german.body]).toEqual([404, read('dist-own404/de/404.html')]);
	}, 600_000);
});

describe("the same site served under Astro's base: '/docs'", () => {
	it('keeps every link, rule and path under /docs/ and passes verify --base /docs/', async () => {
		expect(read('dist-docs/503.html')).toContain('href="/docs/fr/503"');
		expect(read('dist-docs/503.html')).toContain('href="/docs/"');
		expect(read('dist-docs/_redirects')).toContain('/docs/503  ');
		expect(logs['docs']).toContain('pages under /docs/: wrote the site-mode files');
		// Served at /docs/: the build's folder there, its rule files at the top, as the site's host has them.
		const served = join(project, 'served-docs');
		await mkdir(served);
		await cp(join(project, 'dist-docs'), join(served, 'docs'), { recursive: true });
		for (const file of ['_redirects', '_headers'])
			await rename(join(served, 'docs', file), join(served, file));
		const server = await serveOnNetlify(served, join(project, 'netlify-docs'));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', 'dist-docs', { base: '/docs/' });
		const unavailable = await request(server.port, '/docs/503');
		expect(unavailable.status).toBe(503);
		const german = await request(server.port, '/docs/de/unknown');
		expect([german.status, german.headers.get('content-language')]).toEqual([404, 'de']);
	}, 600_000);
});

/**
 * End to end on one platform's variables, Netlify's: how each platform's are read is the unit
 * tests' (tests/unit/deploy.test.ts, every platform of tests/platforms.ts through ci-info), and two
 * full builds of this site per platform would add minutes for what they already prove.
 */
describe("production unless Netlify's variables say preview", () => {
	it('Netlify: production has no banner and no noindex; a preview says its branch and commit', async () => {
		await writeFile(join(project, 'astro.platform.mjs'), config({}));
		const production = await build('platform', { ...environment, ...platforms.Netlify.production });
		expect(production.stdout).toContain('Netlify (');
		expect(production.stdout).toContain('production (no banner, indexable)');
		expect(read('dist-platform/404.html')).not.toContain('class="preview"');
		expect(read('dist-platform/_headers')).not.toContain('noindex');
		const preview = await build('platform', { ...environment, ...platforms.Netlify.preview });
		expect(preview.stdout).toContain('a preview (');
		const banner = read('dist-platform/404.html');
		expect(banner).toContain('class="preview"');
		expect(banner).toContain('<bdi>feature/login</bdi>');
		expect(banner).toContain('0123456');
		expect(read('dist-platform/_headers')).toContain('X-Robots-Tag: noindex');
	}, 300_000);
});
