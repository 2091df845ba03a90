/**
 * Fallback inside somebody else's Astro site: the paths its pages take, clashes with the site's own
 * pages, the file names and inline styles its pages end with whatever the site's build settings,
 * and the headers that go on its own paths only.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllHeaders } from '@netlify/headers-parser';
import {
	aliasSitePages,
	builtPages,
	candidatePaths,
	clashError,
	collisions,
	copySitePages,
	inlineStylesheets,
	ownPages,
	settlePages,
	withoutAstroPolicy,
	withoutScriptFiles,
	fromElsewhere,
	withMainLandmark,
	inScreenLanguage,
} from '../../packages/fallback-pages/src/integration/ownPages';
import { joinBase } from '../../packages/fallback-pages/src/contract/contract';
import { catalogContract } from '../../packages/fallback-pages/src/contract/fromCatalog';
import { netlifyHeaders, netlifyRedirects } from '../../packages/fallback-pages/src/hosts/netlify';
import { parseOptions, optionProblems } from '../../packages/fallback-pages/src/config/options';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';

const set = { locales: ['en', 'de'] as const, defaultLocale: 'en' as const };

describe('the pages Fallback builds', () => {
	it('every status and both app-error pages in every locale, and a gallery per locale', () => {
		const pages = ownPages({ ...set, locales: [...set.locales], sitePaths: [], siteGalleries: [] });
		expect(pages).toHaveLength(2 * (statusCatalog.length + 2 + 1));
		expect(pages.map((page) => page.file)).toEqual(
			expect.arrayContaining(['404.html', 'de/404.html', 'global-error.html', 'index.html', 'de/index.html']),
		);
	});

	it('none where the site has its own page of a status it keeps; no gallery where the site has a page', () => {
		const pages = ownPages({ ...set, locales: [...set.locales], sitePaths: ['404'], siteGalleries: [''] });
		const files = pages.map((page) => page.file);
		expect(files).not.toContain('404.html');
		expect(files).toContain('de/404.html');
		const inGerman = ownPages({
			...set,
			locales: [...set.locales],
			sitePaths: ['de/404'],
			siteGalleries: [],
		});
		expect(inGerman.map((page) => page.file)).toEqual(expect.arrayContaining(['404.html', 'de/503.html']));
		expect(inGerman.map((page) => page.file)).not.toContain('de/404.html');
		expect(files).not.toContain('index.html');
		expect(files).toContain('de/index.html');
	});
});

describe("clashes with the site's own pages", () => {
	const site = [
		{ pathname: '/', entrypoint: 'src/pages/index.astro' },
		{ pathname: '/about', entrypoint: 'src/pages/about.astro' },
		{ pathname: '/404', entrypoint: 'src/pages/404.astro' },
		{ pathname: '/de/503/', entrypoint: 'src/pages/de/503.md' },
		{ pathname: undefined, entrypoint: 'src/pages/[...slug].astro' },
	];
	const locales = [...set.locales];

	it('names each clash and leaves the galleries to the site', () => {
		const found = collisions(site, '/', { ...set, locales, sitePages: [] });
		expect(found.galleries).toEqual(['']);
		expect(found.clashes.map((clash) => [clash.path, clash.siteFile, clash.status])).toEqual([
			['/404', 'src/pages/404.astro', 404],
			['/de/503', 'src/pages/de/503.md', 503],
		]);
		expect(clashError(found.clashes).message).toBe(
			"fallback: src/pages/404.astro and Fallback's 404 page (fallback-pages/src/routes/[...locale]/[code].astro) both answer /404 (and 1 more: /de/503): leave these statuses to the site with fallback({ sitePages: [404, 503] }), or move Fallback's pages with fallback({ base: '/errors/' }). Nothing in the build was changed.",
		);
	});

	it("tells a Starlight site whose docs have a 404.md, with Starlight's 404 route off, to remove those pages", () => {
		const docs = '../node_modules/@astrojs/starlight/dist/routes/static/index.astro';
		const message = clashError([
			{ path: '/404', siteFile: docs, what: '404 page', route: '[...locale]/[code].astro', status: 404 },
		]).message;
		expect(message).toContain(
			'remove the docs pages at those paths (src/content/docs/404.md and its translations',
		);
		expect(message).not.toContain('disable404Route: true })`');
		expect(message).not.toContain("let Fallback's answer");
	});

	it('no clash for a status left to the site, nor under a base of its own', () => {
		const kept = collisions(site, '/', { ...set, locales, sitePages: [404, 503] });
		expect([kept.clashes, kept.sitePaths]).toEqual([[], ['404', 'de/503']]);
		const underBase = collisions(site, '/errors/', { ...set, locales, sitePages: [] });
		expect(underBase).toEqual({ galleries: [], sitePaths: [], clashes: [] });
	});

	it("builds no gallery beside a catch-all route of the site's (Starlight's [...slug]), which may build a home page", () => {
		const catchAll = {
			pathname: undefined,
			entrypoint: 'node_modules/@astrojs/starlight/routes/static/index.astro',
			matches: (path: string) => /^(?:\/(.*?))?\/?$/.test(path),
		};
		const found = collisions([catchAll], '/', { ...set, locales, sitePages: [] });
		expect(found).toEqual({ galleries: [], catchAll: catchAll.entrypoint, sitePaths: [], clashes: [] });
		// A dynamic route under a folder of its own takes no gallery.
		const blog = { ...catchAll, matches: (path: string) => /^\/blog\/.+$/.test(path) };
		expect(collisions([blog], '/', { ...set, locales, sitePages: [] })).toEqual({
			galleries: [],
			sitePaths: [],
			clashes: [],
		});
	});

	describe('once built, who wrote each path', () => {
		const locales = ['en', 'ja', 'ar'] as const;
		const all = candidatePaths({ locales: [...locales], defaultLocale: 'en' });
		const planned = ownPages({
			locales: [...locales],
			defaultLocale: 'en',
			sitePaths: [],
			siteGalleries: [],
		});
		// The site's [lang]/404.astro built ja/404 and ar/404 (it won those paths) and its [lang]/index
		// the home pages; every other page is Fallback's.
		const siteFiles = new Set(['ja/404/index.html', 'ar/404/index.html', 'index.html', 'ja/index.html']);
		const langRoute = {
			entrypoint: 'src/pages/[lang]/404.astro',
			matches: (path: string) => /^\/[^/]+\/404$/.test(path),
		};
		const sort = (sitePages: number[]) =>
			builtPages(all, planned, {
				base: '/',
				writtenFile: (candidate) =>
					[`${candidate.path}/index.html`, `${candidate.path}index.html`].find((file) =>
						siteFiles.has(file),
					) ?? (candidate.gallery === undefined ? `${candidate.path}.html` : undefined),
				isOurs: (file) => !siteFiles.has(file),
				sitePages,
				siteRoutes: [langRoute],
			});

		it("keeps the site's page of a status it keeps in each language it built one, and its home pages", () => {
			const built = sort([404]);
			expect(built.sitePages).toEqual([
				{ from: 'ja/404/index.html', path: 'ja/404' },
				{ from: 'ar/404/index.html', path: 'ar/404' },
			]);
			expect(built.siteGalleries).toEqual(['', 'ja/']);
			expect(built.emptyFolders).toEqual(['ar/']);
			expect([built.clashes, built.missing]).toEqual([[], []]);
			expect(built.ours.map((page) => page.path)).toEqual(
				expect.arrayContaining(['404', 'ar/503', 'ja/500']),
			);
			expect(built.ours.map((page) => page.path)).not.toContain('ja/404');
		});

		it('stops on a page of a status the site does not keep, naming the route that built it', () => {
			const built = sort([]);
			expect(built.clashes.map((clash) => [clash.path, clash.siteFile])).toEqual([
				['/ja/404', 'src/pages/[lang]/404.astro'],
				['/ar/404', 'src/pages/[lang]/404.astro'],
			]);
			expect(clashError(built.clashes).message).toContain('fallback({ sitePages: [404] })');
		});
	});

	it('knows a route file for every path it could take', () => {
		const candidates = candidatePaths({ ...set, locales });
		expect(new Set(candidates.map((candidate) => candidate.route))).toEqual(
			new Set([
				'[...locale]/[code].astro',
				'[...locale]/application-error.astro',
				'[...locale]/global-error.astro',
				'[...locale]/problem/[name].json.ts',
				'[...locale]/problem/[name].txt.ts',
				'[...locale]/index.astro',
			]),
		);
		const routes = readdirSync(new URL('../../packages/fallback-pages/src/routes/', import.meta.url), {
			recursive: true,
		}).filter((name) => /\.(astro|ts)$/.test(String(name)));
		// Besides them, the route that builds nothing (Fallback's stand-in under an i18n fallback locale,
		// and that of a site's page with parameters in the pages' pass), and the stand-ins of the
		// site's other routes in that pass.
		expect(routes.sort()).toEqual(
			[
				...new Set(candidates.map((candidate) => candidate.route)),
				'noPages.astro',
				'stubs/emptyEndpoint.ts',
				'stubs/emptyPage.astro',
				'stubs/noEndpoints.ts',
			].sort(),
		);
	});
});

describe("the pages' files, whatever the site's build settings", () => {
	it('inlines the stylesheets Astro linked, wherever their URL points', async () => {
		const dist = mkdtempSync(join(tmpdir(), 'fallback-own-'));
		mkdirSync(join(dist, '_astro'));
		writeFileSync(join(dist, '_astro/page.abc.css'), 'main{color:red}\n');
		const html =
			'<!DOCTYPE html><html><head><link rel="stylesheet" href="https://cdn.example/docs/_astro/page.abc.css?v=1"></head><body></body></html>';
		expect(await inlineStylesheets(html, dist, '_astro')).toBe(
			'<!DOCTYPE html><html><head><style>main{color:red}</style></head><body></body></html>',
		);
		await expect(
			inlineStylesheets('<link rel="stylesheet" href="https://fonts.example/x.css">', dist, '_astro'),
		).rejects.toThrow('a page links a stylesheet that is not in the build (https://fonts.example/x.css)');
	});

	it("in a site's layout, inlines its public/ stylesheets under its base with their media, and leaves out those from elsewhere, saying so", async () => {
		const dist = mkdtempSync(join(tmpdir(), 'fallback-own-'));
		mkdirSync(join(dist, 'css'));
		writeFileSync(join(dist, 'css/print.css'), 'nav{display:none}\n');
		const told: string[] = [];
		const layout = {
			name: './src/layouts/Base.astro',
			siteBase: '/docs/',
			wasm: false,
			elsewhere: (href: string) => told.push(href),
			siteDirectives: () => {},
		};
		const links = [
			'<link rel="stylesheet" href="/docs/css/print.css" media="print">',
			'<link rel="stylesheet" href="https://fonts.example/x.css">',
			'<link rel="stylesheet" href="//cdn.example/y.css">',
			'<link rel="stylesheet" href="/\\cdn.example/z.css">',
			'<link rel="stylesheet" href="data:text/css,p{}">',
		];
		expect(await inlineStylesheets(`<head>${links.join('')}</head>`, dist, '_astro', layout)).toBe(
			'<head><style media="print">nav{display:none}</style></head>',
		);
		expect(told).toEqual([
			'https://fonts.example/x.css',
			'//cdn.example/y.css',
			'/\\cdn.example/z.css',
			'data:text/css,p{}',
		]);
		// The site's own address that the build has no file at.
		await expect(
			inlineStylesheets('<link rel="stylesheet" href="/docs/css/gone.css">', dist, '_astro', layout),
		).rejects.toThrow('a page links a stylesheet that is not in the build (/docs/css/gone.css)');
	});

	it("in a site's layout, keeps the site's script files and drops those from elsewhere", () => {
		const html =
			'<head><script type="module" src="/_astro/page.abc.js"></script></head><body><script src="https://analytics.example/a.js" async></script><script src="//cdn.example/b.js"></script></body>';
		expect(withoutScriptFiles(html, fromElsewhere)).toBe(
			'<head><script type="module" src="/_astro/page.abc.js"></script></head><body></body>',
		);
	});

	it("drops the script files a site adds to every page, which the page's policy would block, and keeps its own inline script", () => {
		const html =
			'<head><script type="module" src="/_astro/page.abc.js"></script><style>p{}</style></head><body><p>x</p><script type="module">go()</script><script src="https://cdn.example/a.js" async></script></body>';
		expect(withoutScriptFiles(html)).toBe(
			'<head><style>p{}</style></head><body><p>x</p><script type="module">go()</script></body>',
		);
	});

	it("drops the policy Astro's security.csp adds (it lacks the inlined style's hash), and nothing else", () => {
		const html =
			'<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="Content-Security-Policy" content="script-src \'self\'; style-src \'self\' \'sha256-x\'"><style>p{}</style></head>';
		expect(withoutAstroPolicy(html)).toBe(
			'<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>p{}</style></head>',
		);
		expect(withoutAstroPolicy(html.toLowerCase())).not.toContain('sha256-x');
	});

	it("renames a directory build's 503/index.html to 503.html and a file build's de.html to de/index.html", async () => {
		const dist = mkdtempSync(join(tmpdir(), 'fallback-own-'));
		mkdirSync(join(dist, 'errors/503'), { recursive: true });
		mkdirSync(join(dist, 'errors/de'), { recursive: true });
		writeFileSync(join(dist, 'errors/503/index.html'), '<p>503</p>');
		writeFileSync(join(dist, 'errors/de.html'), '<p>de</p>');
		const texts = await settlePages(
			dist,
			'/errors/',
			[
				{ path: '503', file: '503.html' },
				{ path: 'de/', file: 'de/index.html', gallery: 'de/' },
			],
			'_astro',
			{ inline: false },
		);
		expect(readFileSync(join(dist, 'errors/503.html'), 'utf8')).toBe('<p>503</p>');
		expect(readFileSync(join(dist, 'errors/de/index.html'), 'utf8')).toBe('<p>de</p>');
		expect(readdirSync(join(dist, 'errors')).sort()).toEqual(['503.html', 'de']);
		expect([...texts.keys()]).toEqual(['503.html', 'de/index.html']);
	});

	it("copies the site's own pages in its language folders to Fallback's paths, leaving its files as they are", async () => {
		const dist = mkdtempSync(join(tmpdir(), 'fallback-own-'));
		for (const [file, text] of [
			['en/404/index.html', '<p>en</p>'],
			['pt-BR/404.html', '<p>pt-BR</p>'],
			['pt-PT/404.html', '<p>pt-PT</p>'],
			['ja/404/index.html', '<p>ja</p>'],
			['404.html', "<p>Fallback's</p>"],
		] as const) {
			mkdirSync(join(dist, file, '..'), { recursive: true });
			writeFileSync(join(dist, file), text);
		}
		// `/en/` is the prefixed default locale; `/pt-BR/` and `/pt-PT/` both stand for pt: the first wins.
		const aliased = aliasSitePages(dist, {
			aliases: { '/en/': 'en', '/pt-BR/': 'pt', '/pt-PT/': 'pt' },
			siteBase: '/',
			defaultLocale: 'en',
			sitePages: [404],
		});
		expect(aliased).toEqual([
			{ from: 'en/404/index.html', path: '404' },
			{ from: 'pt-BR/404.html', path: 'pt/404' },
		]);
		mkdirSync(join(dist, 'pt'));
		const copies = await copySitePages(dist, '/', [
			...aliased,
			{ from: 'ja/404/index.html', path: 'ja/404' },
		]);
		expect(copies.map((copy) => copy.to)).toEqual(['404.html', 'pt/404.html', 'ja/404.html']);
		expect(readFileSync(join(dist, '404.html'), 'utf8')).toBe('<p>en</p>');
		expect(readFileSync(join(dist, 'ja/404.html'), 'utf8')).toBe('<p>ja</p>');
		expect(readFileSync(join(dist, 'ja/404/index.html'), 'utf8')).toBe('<p>ja</p>');
	});
});

describe("Netlify's rules in a site with pages of its own", async () => {
	const contract = catalogContract({ 'X-Page': 'yes' }, ['de'], 'en', ['/api/'], {
		sitePages: [404],
		siteGalleries: [''],
	});
	const text = netlifyHeaders(contract, { everyPath: false });
	const file = join(mkdtempSync(join(tmpdir(), 'fallback-')), '_headers');
	writeFileSync(file, text);
	const { headers, errors } = await parseAllHeaders({
		headersFiles: [file],
		configHeaders: [],
		minimal: true,
	});

	it("put the page headers on Fallback's paths and files only, never on /* or the site's pages", () => {
		expect(errors).toEqual([]);
		const paths = headers.map((rule: { for: string }) => rule.for);
		expect(paths).not.toContain('/*');
		expect(paths).not.toContain('/');
		expect(paths).toEqual(expect.arrayContaining(['/503', '/503.html', '/de/404', '/de/', '/problem/*']));
		const of = (path: string) => headers.find((rule: { for: string }) => rule.for === path)?.values;
		expect(of('/de/404.html')).toMatchObject({ 'X-Page': 'yes', 'Content-Language': 'de' });
		// The site's own 404 keeps the site's headers: no page header, no language.
		expect(of('/404.html')).toBeUndefined();
	});

	it("serve the site's own 404 in every language", () => {
		const redirects = netlifyRedirects(contract);
		expect(redirects).not.toMatch(/^\/\*\s+\/de\/404\.html/m);
		expect(redirects).toMatch(/^\/\*\s+\/404\.html\s+404$/m);
		expect(redirects).toMatch(/^\/api\/\*\s+\/de\/problem\/404\.json\s+404\s+Language=de$/m);
	});
});

describe('the options a site adds', () => {
	it('a base of plain segments, statuses the catalogue has, a folder inside the project', () => {
		expect(parseOptions({ base: '/errors/', sitePages: [404, 500], hostsDir: 'config/hosts' })).toMatchObject(
			{
				base: '/errors/',
				sitePages: [404, 500],
				hostsDir: 'config/hosts',
			},
		);
		expect(optionProblems({ base: 'errors', sitePages: [200, 404, 404], hostsDir: '../elsewhere' })).toEqual([
			"fallback.base: must be a path of lower-case letters, digits, '.', '_' and '-' segments that starts and ends with /, e.g. /fallback/, not \"errors\"",
			'fallback.sitePages.0: 200 is not a catalogued HTTP error status (400–511)',
			'fallback.sitePages: must not name a status twice',
			'fallback.hostsDir: must be a folder inside the project (relative, no ..)',
		]);
		// Astro's and Netlify's own folders start with _, which no segment may.
		expect(optionProblems({ base: '/_astro/' })[0]).toMatch(
			/^fallback\.base: must be a path of lower-case letters/,
		);
	});

	it('joins Astro’s base and Fallback’s', () => {
		expect(joinBase('/', '/')).toBe('/');
		expect(joinBase('/docs', '/errors/')).toBe('/docs/errors/');
		expect(joinBase('/docs/', '/')).toBe('/docs/');
	});
});

describe('a page in a layout without <main>', () => {
	const page = (body: string) =>
		`<!doctype html><html lang="en"><head><title>x</title></head><body>${body}</body></html>`;

	it("makes the screen's box the page's main landmark, changing nothing else", () => {
		const html = page(
			'<header>Site</header><div class="content"><div class="fallback" data-pagefind-ignore><div class="fallback-screen"><h1>404</h1></div></div></div><footer>x</footer>',
		);
		expect(withMainLandmark(html)).toBe(
			page(
				'<header>Site</header><div class="content"><main class="fallback" data-pagefind-ignore><div class="fallback-screen"><h1>404</h1></div></main></div><footer>x</footer>',
			),
		);
	});

	it('leaves a page that has one as it is', () => {
		for (const body of [
			'<main><div class="fallback"><h1>404</h1></div></main>',
			'<div role="main"><div class="fallback"><h1>404</h1></div></div>',
		])
			expect(withMainLandmark(page(body))).toBe(page(body));
	});
});

describe("a page in Starlight's frame", () => {
	it("speaks the screen's language, without links to translations at paths that do not exist", () => {
		const frame = (lang: string, dir: string, extra: string) =>
			`<!doctype html><html lang="${lang}" dir="${dir}" data-theme="dark"><head><meta charset="utf-8"><title>503</title>${extra}</head><body><header><starlight-lang-select><label><select><option value="/de/ar/503/">Deutsch</option></select></label></starlight-lang-select></header><main><div class="not-content" lang="ar" dir="rtl"><div class="fallback"><h1>503</h1></div></div></main></body></html>`;
		const links =
			'<link rel="canonical" href="https://docs.example/ar/503/"><link rel="alternate" hreflang="de" href="https://docs.example/de/ar/503/"><link rel="alternate" type="application/rss+xml" href="/rss.xml">';
		expect(inScreenLanguage(frame('en', 'ltr', links))).toBe(
			frame(
				'ar',
				'ltr',
				'<link rel="canonical" href="https://docs.example/ar/503/"><link rel="alternate" type="application/rss+xml" href="/rss.xml">',
			).replace(/<starlight-lang-select>.*<\/starlight-lang-select>/, ''),
		);
	});
});
