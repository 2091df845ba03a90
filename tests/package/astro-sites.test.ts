/**
 * Astro sites as teams write them, each with the packed package added as the Start page says and
 * built for production, once without Fallback and once with it:
 * - a site with a 404 page per language (`src/pages/[lang]/404.astro`: en, ja, ar, pt-BR; the
 *   default locale prefixed, one language right to left, one with a region) and a web font from
 *   outside the build, its 404 kept with `sitePages: [404]`;
 * - a site whose catch-all route (`[...slug].astro`, as Starlight has) builds `/` and pages under
 *   `/de/` but no page at `/de/`;
 * - a site with Astro's own Content Security Policy (`security: { csp: true }`).
 * The site's own files come out byte for byte as without Fallback; each build is served by
 * netlify-cli and by the team's nginx with the site-mode files it wrote, `verify` passes on both,
 * and in Chromium the site's pages and Fallback's render with no CSP violation.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumLaunchOptions } from '../../packages/fallback-pages/src/verify/chromium';
import { freePort, request, type RunningServer } from '../contract/harness';
import {
	astroBuildWith,
	astroVersion,
	filesOf,
	makeProject,
	removeProject,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { nginx as nginxServer } from '../contract/servers';
import { expectVerified, serveOnNetlify, serveTeamBlock } from './serve';

/** The sites, each in a source folder of its own. */
const layout = (font: boolean) =>
	[
		'---',
		'const { title, lang = "en" } = Astro.props;',
		'---',
		'<html lang={lang} dir={lang === "ar" ? "rtl" : "ltr"}><head><meta charset="utf-8"><title>{title}</title>',
		...(font
			? ['<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter&display=swap">']
			: []),
		'<style>body { font-family: Inter, Georgia, serif; color: #123; }</style></head>',
		'<body><nav><a href="/">Home</a></nav><slot /><script>document.documentElement.dataset.ran = "yes";</script></body></html>',
		'',
	].join('\n');

const languages = ['en', 'ja', 'ar', 'pt-BR'];
const byLanguage = (depth: number, title: string, heading: string) =>
	[
		'---',
		`import Site from '${'../'.repeat(depth)}layouts/Site.astro';`,
		'export function getStaticPaths() {',
		`\treturn ${JSON.stringify(languages)}.map((lang) => ({ params: { lang } }));`,
		'}',
		'const { lang } = Astro.params;',
		'---',
		`<Site title="${title}" lang={lang}><h1>${heading} ({lang})</h1></Site>`,
		'',
	].join('\n');

/** A page of the site's in its layout (`depth`: how far below pages/ it is). */
const page = (depth: number, title: string, lang = 'en') =>
	`---\nimport Site from '${'../'.repeat(depth + 1)}layouts/Site.astro';\n---\n<Site title="${title}" lang="${lang}"><h1>${title}</h1></Site>\n`;

const siteFiles: Readonly<Record<string, string>> = {
	'package.json': JSON.stringify({ name: 'astro-sites', private: true, type: 'module' }),
	// A 404 page per language, the default locale prefixed.
	'lang404/layouts/Site.astro': layout(true),
	'lang404/pages/index.astro': '<meta http-equiv="refresh" content="0;url=/en/">\n',
	'lang404/pages/[lang]/index.astro': byLanguage(2, 'Home', 'Welcome'),
	'lang404/pages/[lang]/404.astro': byLanguage(2, 'Not found', 'Our own 404'),
	// A catch-all route, as a docs site has: `/`, `/guide/`, `/de/guide/`, nothing at `/de/`.
	'catchall/layouts/Site.astro': layout(false),
	'catchall/pages/[...slug].astro': [
		'---',
		"import Site from '../layouts/Site.astro';",
		'export function getStaticPaths() {',
		"\treturn [undefined, 'guide', 'de/guide'].map((slug) => ({ params: { slug } }));",
		'}',
		'const { slug } = Astro.params;',
		'---',
		'<Site title="Docs"><h1>Docs: {slug ?? "home"}</h1></Site>',
		'',
	].join('\n'),
	// Astro's own CSP on every page.
	'csp/layouts/Site.astro': layout(false),
	'csp/pages/index.astro': page(0, 'Home'),
	// A plain site in two languages, for Astro's other settings: a home page in each, a post.
	'plain/layouts/Site.astro': layout(false),
	'plain/pages/index.astro': page(0, 'Home'),
	'plain/pages/de/index.astro': page(1, 'Start', 'de'),
	'plain/pages/blog/post.astro': page(1, 'Post'),
	// The same, its default locale prefixed and `/` a redirect to it (redirectToDefaultLocale).
	'prefixed/layouts/Site.astro': layout(false),
	'prefixed/pages/index.astro': '<meta http-equiv="refresh" content="0;url=/en/">\n',
	'prefixed/pages/en/index.astro': page(1, 'Home'),
	'prefixed/pages/de/index.astro': page(1, 'Start', 'de'),
};

const twoLanguages = "i18n: { locales: ['en', 'de'], defaultLocale: 'en' },";

const sites = {
	lang404: {
		settings:
			"i18n: { locales: ['en', 'ja', 'ar', 'pt-BR'], defaultLocale: 'en', routing: { prefixDefaultLocale: true } },",
		options: '{ sitePages: [404] }',
	},
	catchall: { settings: "i18n: { locales: ['en', 'de'], defaultLocale: 'en' },", options: '' },
	csp: { settings: 'security: { csp: true },', options: "{ locales: ['en', 'de'] }" },
	// Astro's settings that change what is built or how it is served, one site each.
	'slash-always': { src: 'plain', settings: `trailingSlash: 'always', ${twoLanguages}`, options: '' },
	'slash-never': {
		src: 'plain',
		settings: `trailingSlash: 'never', build: { format: 'file' }, ${twoLanguages}`,
		options: '',
	},
	'format-preserve': {
		src: 'plain',
		settings: `build: { format: 'preserve' }, ${twoLanguages}`,
		options: '',
	},
	'i18n-fallback': {
		src: 'plain',
		settings:
			"i18n: { locales: ['en', 'de', 'fr'], defaultLocale: 'en', fallback: { fr: 'en' }, routing: { fallbackType: 'rewrite' } },",
		options: '',
	},
	'redirect-default': {
		src: 'prefixed',
		settings:
			"i18n: { locales: ['en', 'de'], defaultLocale: 'en', routing: { prefixDefaultLocale: true, redirectToDefaultLocale: true } },",
		options: '',
	},
} as const satisfies Record<string, { src?: string; settings: string; options: string }>;
type Site = keyof typeof sites;

/** The astro config of a site, with Fallback or without. */
const config = (site: Site, withFallback: boolean) =>
	[
		"import { defineConfig } from 'astro/config';",
		...(withFallback ? ["import fallback from 'fallback-pages';"] : []),
		'export default defineConfig({',
		`\tsrcDir: './${'src' in sites[site] ? sites[site].src : site}',`,
		`\t${sites[site].settings}`,
		...(withFallback ? [`\tintegrations: [fallback(${sites[site].options})],`] : []),
		'});',
		'',
	].join('\n');

let project: string;
let browser: Browser;
const logs: Partial<Record<Site, string>> = {};
const servers: RunningServer[] = [];
/** Each site served both ways, once. */
const served: Partial<Record<Site, { netlify: RunningServer; nginx: RunningServer }>> = {};

const read = (file: string) => readFileSync(join(project, file), 'utf8');

async function serve(site: Site) {
	if (!served[site]) {
		const netlify = await serveOnNetlify(join(project, `dist-${site}`), join(project, `netlify-${site}`));
		servers.push(netlify);
		const nginx = await serveTeamBlock(
			nginxServer,
			join(project, `dist-${site}`),
			await freePort(),
			join(project, `nginx-${site}`),
			join(project, `dist-${site}-hosts`),
		);
		servers.push(nginx);
		served[site] = { netlify, nginx };
	}
	return served[site];
}

/** Each server of a site, with the name verify knows it by. */
const both = async (site: Site) => {
	const { netlify, nginx } = await serve(site);
	return [
		[netlify, 'netlify-cli'],
		[nginx, 'nginx-site'],
	] as const;
};

interface Rendered {
	violations: string[];
	/** Fallback's pages: laid out by their stylesheet (main is a flex column). */
	styled: boolean;
	/** The site's pages: its script ran, its inline style applied. */
	ran: boolean;
	dir: string;
}

async function render(port: number, path: string): Promise<Rendered> {
	const page = await browser.newPage();
	const violations: string[] = [];
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) violations.push(message.text());
	});
	try {
		await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
		return {
			violations,
			...(await page.evaluate(() => {
				const main = document.querySelector('main');
				return {
					styled: main !== null && getComputedStyle(main).display === 'flex',
					ran: document.documentElement.dataset['ran'] === 'yes',
					dir: document.documentElement.dir,
				};
			})),
		};
	} finally {
		await page.close();
	}
}

/** Astro's policy on a page (`security.csp`): each directive's sources, and the page without it. */
function astroPolicy(html: string): { directives: Map<string, Set<string>>; rest: string } {
	const found = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html);
	const directives = new Map(
		(found?.[1] ?? '')
			.split(';')
			.map((directive) => directive.trim().split(/\s+/))
			.filter(([name]) => name)
			.map(([name, ...sources]) => [name!, new Set(sources)] as const),
	);
	return { directives, rest: found ? html.replace(found[0], '') : html };
}

/**
 * The site's own files, byte for byte as the build without Fallback wrote them. Astro's own policy
 * (`security.csp`) lists the hashes of every style and script of the build on each page, Fallback's
 * among them: the site's page may hold those hashes besides its own, and nothing else changes.
 */
function expectSiteFilesKept(site: Site) {
	for (const file of filesOf(join(project, `dist-plain-${site}`))) {
		const before = readFileSync(join(project, `dist-plain-${site}`, file));
		const after = readFileSync(join(project, `dist-${site}`, file));
		if (after.equals(before)) continue;
		const [was, is] = [astroPolicy(before.toString()), astroPolicy(after.toString())];
		expect(is.rest, `${site}: ${file}`).toBe(was.rest);
		expect([...is.directives.keys()], `${site}: ${file}`).toEqual([...was.directives.keys()]);
		for (const [name, sources] of was.directives) {
			const added = [...is.directives.get(name)!].filter((source) => !sources.has(source));
			expect(
				[...sources].filter((source) => !is.directives.get(name)!.has(source)),
				name,
			).toEqual([]);
			expect(
				added.filter((source) => !/^'sha256-[A-Za-z0-9+/=]+'$/.test(source)),
				name,
			).toEqual([]);
		}
	}
}

beforeAll(async () => {
	project = await makeProject('astro-sites', siteFiles);
	for (const site of Object.keys(sites) as Site[]) {
		await writeFile(join(project, `astro.${site}.mjs`), config(site, true));
		await writeFile(join(project, `astro.plain-${site}.mjs`), config(site, false));
	}
	await sharedNpmInstall(project, [`astro@${await astroVersion()}`, inject('tarballs')['fallback-pages']]);
	for (const site of Object.keys(sites) as Site[]) {
		await astroBuildWith(project, `plain-${site}`);
		const result = await astroBuildWith(project, site);
		logs[site] = result.stdout + result.stderr;
	}
	browser = await chromium.launch(chromiumLaunchOptions());
}, 900_000);

afterAll(async () => {
	await browser?.close();
	await Promise.all(servers.map((server) => server.stop()));
	await removeProject(project);
});

describe('a site with a 404 page per language ([lang]/404.astro, default prefixed) and sitePages: [404]', () => {
	it("builds, keeps the site's files, and says where the site's own pages answer", () => {
		expect(logs.lang404).toContain(
			"the site's own pages answer at /ja/404, /ar/404, /404, /pt/404 (sitePages), as the site built them",
		);
		expectSiteFilesKept('lang404');
		// Each language's page of the site's, where every server looks for that locale's.
		for (const [file, lang] of [
			['404.html', 'en'],
			['ja/404.html', 'ja'],
			['ar/404.html', 'ar'],
			['pt/404.html', 'pt-BR'],
		] as const) {
			expect(read(`dist-lang404/${file}`), file).toBe(read(`dist-lang404/${lang}/404/index.html`));
		}
		expect(read('dist-lang404/ja/503.html')).toContain('<h1>503</h1>');
	});

	it("answers each language's unknown paths with the site's own page, and passes verify, on netlify-cli and nginx", async () => {
		for (const [server, host] of await both('lang404')) {
			await expectVerified(project, server, host, 'dist-lang404');
			for (const [path, lang] of [
				['/ja/no/such/page', 'ja'],
				['/ar/no/such/page', 'ar'],
				['/en/no/such/page', 'en'],
				['/pt-BR/no/such/page', 'pt-BR'],
				['/no/such/page', 'en'],
			] as const) {
				const lost = await request(server.port, path);
				expect([host, path, lost.status, lost.body]).toEqual([
					host,
					path,
					404,
					read(`dist-lang404/${lang}/404/index.html`),
				]);
			}
			const unavailable = await request(server.port, '/ar/503');
			expect([host, unavailable.status, unavailable.headers.get('content-language')]).toEqual([
				host,
				503,
				'ar',
			]);
		}
	}, 600_000);

	it("renders the site's page and Fallback's (right to left) in Chromium with no CSP violation", async () => {
		const { nginx, netlify } = await serve('lang404');
		for (const port of [nginx.port, netlify.port]) {
			const own = await render(port, '/ja/no/such/page');
			expect(own).toMatchObject({ violations: [], ran: true, dir: 'ltr' });
			const arabic = await render(port, '/ar/503');
			expect(arabic).toMatchObject({ violations: [], styled: true, dir: 'rtl' });
		}
	}, 120_000);
});

describe('a site whose catch-all route builds / and /de/guide/ but nothing at /de/', () => {
	it('builds no gallery, says why, and keeps the site’s files', () => {
		expect(logs.catchall).toContain(
			"no gallery of Fallback's: the site's route catchall/pages/[...slug].astro may build pages at its paths",
		);
		expectSiteFilesKept('catchall');
	});

	it('passes verify on netlify-cli and nginx; /de/ is an unknown path in German, never 403', async () => {
		for (const [server, host] of await both('catchall')) {
			await expectVerified(project, server, host, 'dist-catchall');
			const folder = await request(server.port, '/de/');
			expect([host, folder.status, folder.headers.get('content-language')]).toEqual([host, 404, 'de']);
			const guide = await request(server.port, '/de/guide/');
			expect([host, guide.status]).toEqual([host, 200]);
			expect(guide.body).toBe(read('dist-catchall/de/guide/index.html'));
		}
	}, 600_000);
});

describe("a site with Astro's own Content Security Policy (security: { csp: true })", () => {
	it("keeps Astro's policy on the site's pages and puts only Fallback's own on Fallback's", () => {
		expectSiteFilesKept('csp');
		expect(read('dist-csp/index.html')).toMatch(/<meta http-equiv="content-security-policy"/);
		const page = read('dist-csp/503.html');
		expect(page.match(/http-equiv="content-security-policy"/gi)).toHaveLength(1);
		expect(page).toContain('<meta http-equiv="Content-Security-Policy" content="style-src \'sha256-');
	});

	it('renders both in Chromium as designed, with no CSP violation, and passes verify', async () => {
		for (const [server, host] of await both('csp')) {
			await expectVerified(project, server, host, 'dist-csp');
			expect(await render(server.port, '/')).toMatchObject({ violations: [], ran: true });
			for (const path of ['/503', '/de/no/such/page'])
				expect(await render(server.port, path), `${host} ${path}`).toMatchObject({
					violations: [],
					styled: true,
				});
		}
	}, 600_000);
});

describe.each([
	['slash-always', "trailingSlash: 'always'"],
	['slash-never', "trailingSlash: 'never', build.format: 'file'"],
	['format-preserve', "build.format: 'preserve'"],
	['i18n-fallback', "i18n's fallback: { fr: 'en' }, fallbackType: 'rewrite'"],
	['redirect-default', 'i18n with prefixDefaultLocale and redirectToDefaultLocale'],
] as const)('a site with %s (%s)', (site, setting) => {
	it(`keeps the site's files under ${setting}; Fallback's pages are where every host looks for them`, () => {
		expectSiteFilesKept(site);
		for (const file of ['404.html', '503.html', 'de/404.html', 'global-error.html'])
			expect(read(`dist-${site}/${file}`), file).toContain('<main class="fallback-screen">');
		// Astro's i18n fallback copies no route of Fallback's: no pages at /fr/de/…, no warnings.
		expect(logs[site]).not.toContain('conflicts with higher priority route `/[...locale]');
		expect(filesOf(join(project, `dist-${site}`)).filter((file) => /^fr\/de\//.test(file))).toEqual([]);
	});

	it('passes verify on netlify-cli and nginx, and renders in Chromium with no CSP violation', async () => {
		for (const [server, host] of await both(site)) {
			await expectVerified(project, server, host, `dist-${site}`);
			const german = await request(server.port, '/de/no/such/page');
			expect([host, german.status, german.headers.get('content-language')]).toEqual([host, 404, 'de']);
			expect(await render(server.port, '/de/503'), host).toMatchObject({ violations: [], styled: true });
			const home = site === 'redirect-default' ? '/en/' : '/';
			expect(await render(server.port, home), host).toMatchObject({ violations: [], ran: true });
		}
	}, 600_000);
});
