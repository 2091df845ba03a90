/**
 * Fallback in a site beside the integrations teams have: `@astrojs/sitemap` (the site's own, listed
 * before or after Fallback) and Starlight (which adds the sitemap itself). None of Fallback's pages
 * is in the sitemap, whatever order the integrations run in, and the build says so; the pages carry
 * the site's name where Astro or Starlight knows it (Starlight's title, the host of Astro's `site`)
 * and none where nothing names the site: never Fallback's own. With `layout: 'starlight'` each error
 * page is in Starlight's frame, its policy allowing exactly what Starlight's page has inline.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { starlightDocsFiles, starlightPackageJson } from './starlightDocs';
import { lastInScreen, marksIn } from './requestIdMark';
import { requestIdMarkup } from '../../packages/fallback-pages/src/contract/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTimeoutMs } from '../../scripts/build-with';
import { teamSiteProject } from '../contract/teamSite';
import { analysePage } from '../../packages/fallback-pages/src/html/pageAnalysis';
import { cspHash } from '../../packages/fallback-pages/src/contract/pageHeaders';

const root = new URL('../../', import.meta.url).pathname;
const scratch = join(root, '.scratch/site-integrations');

interface Built {
	dist: string;
	log: string;
}

/** A project from `files` (and the team site's, given `team`), built with the config `config`. */
async function build(
	name: string,
	config: string,
	files: Record<string, string>,
	team = false,
): Promise<Built> {
	// Inside the repository, so Astro and Fallback resolve, but not under node_modules/, where Vite
	// would leave a content config untransformed (Starlight's `astro:content` import).
	await mkdir(scratch, { recursive: true });
	const project = await mkdtemp(join(scratch, `${name}-`));
	if (team) await teamSiteProject(name, project);
	for (const [path, text] of Object.entries({ ...files, 'astro.config.mjs': config })) {
		await mkdir(join(project, path, '..'), { recursive: true });
		await writeFile(join(project, path), text);
	}
	const { stdout, stderr } = await promisify(execFile)(
		join(root, 'node_modules/.bin/astro'),
		['build', '--root', project],
		{ cwd: root, env: { ...process.env, CONTEXT: 'production' } },
	);
	return { dist: join(project, 'dist'), log: stdout + stderr };
}

const astroConfig = (lines: readonly string[]) =>
	[
		"import { defineConfig } from 'astro/config';",
		"import fallback from 'fallback-pages';",
		"import sitemap from '@astrojs/sitemap';",
		"import starlight from '@astrojs/starlight';",
		'export default defineConfig({',
		...lines.map((line) => `\t${line}`),
		'});',
		'',
	].join('\n');

/** Every `<loc>` of the build's sitemaps. */
async function sitemapUrls(dist: string): Promise<string[]> {
	const files = (await readdir(dist)).filter((file) => /^sitemap-\d+\.xml$/.test(file));
	expect(files.length).toBeGreaterThan(0);
	const texts = await Promise.all(files.map((file) => readFile(join(dist, file), 'utf8')));
	return texts.flatMap((text) => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!));
}

/** The `<header>` of one of Fallback's pages, or null where it has none. */
async function headerOf(dist: string, file: string): Promise<string | null> {
	const html = await readFile(join(dist, file), 'utf8');
	return /<header>([\s\S]*?)<\/header>/.exec(html)?.[1] ?? null;
}

const fallbackPath = /\/(?:[a-z]{2}\/)?(?:\d{3}|application-error|global-error|problem)(?:\/|$)/;

const builds: Record<string, Built> = {};

beforeAll(async () => {
	const starlightFiles = {
		...starlightDocsFiles,
		'package.json': starlightPackageJson,
	};
	const [before, after, unnamed, docs, framed] = await Promise.all([
		build(
			'sitemap-before',
			astroConfig([
				"site: 'https://www.team.example',",
				"build: { inlineStylesheets: 'never' },",
				"integrations: [sitemap(), fallback({ locales: ['en', 'de'] })],",
			]),
			{},
			true,
		),
		build(
			'sitemap-after',
			astroConfig([
				"site: 'https://www.team.example',",
				"integrations: [fallback({ locales: ['en', 'de'] }), sitemap()],",
			]),
			{},
			true,
		),
		build('no-name', astroConfig(["integrations: [fallback({ locales: ['en', 'de'] })],"]), {}, true),
		build(
			'starlight',
			astroConfig([
				"site: 'https://docs.team.example',",
				"integrations: [fallback({ sitePages: [404] }), starlight({ title: 'Team Docs' })],",
			]),
			starlightFiles,
		),
		build(
			'starlight-frame',
			astroConfig([
				"integrations: [starlight({ title: 'Team Docs' }), fallback({ layout: 'starlight', sitePages: [404], locales: ['en', 'ar'] })],",
			]),
			starlightFiles,
		),
	]);
	Object.assign(builds, { before, after, unnamed, docs, framed });
}, buildTimeoutMs);

afterAll(async () => {
	await Promise.all(
		Object.values(builds).map((built) => rm(join(built.dist, '..'), { recursive: true, force: true })),
	);
});

describe("the site's sitemap", () => {
	for (const order of ['before', 'after'] as const) {
		it(`lists the site's pages and none of Fallback's (@astrojs/sitemap ${order} Fallback)`, async () => {
			const { dist, log } = builds[order]!;
			const urls = await sitemapUrls(dist);
			expect(urls).toEqual(
				expect.arrayContaining(['https://www.team.example/', 'https://www.team.example/about/']),
			);
			expect(urls.filter((url) => fallbackPath.test(new URL(url).pathname) || url.endsWith('/de/'))).toEqual(
				[],
			);
			expect(log).toContain('none of the pages in the sitemap (@astrojs/sitemap)');
		});
	}

	it("lists Starlight's pages and none of Fallback's (Starlight adds the sitemap itself)", async () => {
		const { dist, log } = builds['docs']!;
		const urls = await sitemapUrls(dist);
		expect(urls).toEqual(
			expect.arrayContaining(['https://docs.team.example/', 'https://docs.team.example/guides/start/']),
		);
		expect(urls.filter((url) => fallbackPath.test(new URL(url).pathname))).toEqual([]);
		expect(log).toContain('none of the pages in the sitemap (@astrojs/sitemap)');
	});
});

describe("the site's name on Fallback's pages", () => {
	it("is Starlight's title in a Starlight site", async () => {
		const { dist } = builds['docs']!;
		expect(await headerOf(dist, '503.html')).toBe('Team Docs');
		expect(await readFile(join(dist, '503.html'), 'utf8')).not.toContain('Fallback');
	});

	it("is the host of Astro's site where the options name none", async () => {
		expect(await headerOf(builds['before']!.dist, '503.html')).toBe('www.team.example');
		expect(await headerOf(builds['before']!.dist, 'de/404.html')).toBe('www.team.example');
	});

	it('is none where nothing names the site: no header, and never "Fallback"', async () => {
		const { dist } = builds['unnamed']!;
		for (const file of ['503.html', '404.html', 'de/500.html', 'global-error.html']) {
			const html = await readFile(join(dist, file), 'utf8');
			expect(await headerOf(dist, file), file).toBeNull();
			expect(html, file).not.toContain('Fallback');
		}
	});
});

describe("the error pages in Starlight's frame (layout: 'starlight')", () => {
	it.each(['503.html', 'ar/503.html', 'ar/404.html', 'global-error.html'])(
		'%s: Starlight’s header, search and theme switch around the screen, in the page’s language',
		async (file) => {
			const html = await readFile(join(builds['framed']!.dist, file), 'utf8');
			const arabic = file.startsWith('ar/');
			// Starlight's frame keeps its direction (its texts are its locale's); the page says the
			// language of its main content, the screen.
			expect(html).toMatch(new RegExp(`<html lang="${arabic ? 'ar' : 'en'}" dir="ltr"`));
			expect(html).toContain('Team Docs');
			expect(html).toContain('<site-search');
			expect(html).toContain('<starlight-theme-select');
			const [lang, dir] = arabic ? ['ar', 'rtl'] : ['en', 'ltr'];
			expect(html).toMatch(
				new RegExp(
					`<div class="not-content[^"]*" lang="${lang}" dir="${dir}">\\s*<div class="fallback" data-pagefind-ignore>(?:<script[\\s\\S]*?</script>)?<div class="fallback-screen">`,
				),
			);
			// A server's request ID line goes at the end of the screen, inside Starlight's content.
			expect([lastInScreen(html), marksIn(html)]).toEqual([requestIdMarkup.pageAnchor, 1]);
			// Not in Starlight's search index.
			expect(html).not.toContain('data-pagefind-body');
			const { styles, styleAttributes, inlineScripts, scriptFiles } = analysePage(html);
			const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1]!;
			const directive = (name: string) =>
				new RegExp(`(?:^|; )${name} ([^;]*)`).exec(policy)![1]!.split(' ').sort();
			// Starlight writes style attributes: their hashes count with 'unsafe-hashes' only.
			expect(styleAttributes.length).toBeGreaterThan(0);
			expect(directive('style-src')).toEqual([...new Set(styles.map(cspHash)), "'unsafe-hashes'"].sort());
			expect(scriptFiles.length).toBeGreaterThan(0);
			// Starlight's search compiles WebAssembly (Pagefind).
			expect(directive('script-src')).toEqual(
				[...new Set(inlineScripts.map(cspHash)), "'self'", "'wasm-unsafe-eval'"].sort(),
			);
		},
	);

	it("leaves the site's own 404 to Starlight, and says the pages are in its frame", async () => {
		const { dist, log } = builds['framed']!;
		expect(log).toContain("layout: every error page is rendered in Starlight's frame");
		expect(await readFile(join(dist, '404.html'), 'utf8')).not.toContain('fallback-screen');
	});

	it("checks the screen's contrast in Starlight's colours, in both of Starlight's themes", () => {
		expect(builds['framed']!.log).toContain(
			"layout: the screen's colours in Starlight's frame meet WCAG 2.2 AA contrast (light and dark, as its stylesheets set them;",
		);
	});
});
