/**
 * Every error page in the site's own layout (the option `layout`): the team's site
 * (tests/contract/team-site/: its layout with a header, navigation and footer, a stylesheet, a web
 * font and a script under /_astro/) built with `layout: './src/layouts/Site.astro'`, in English and
 * Arabic. Each page is the layout around Fallback's screen, with the page's language, direction,
 * title, description and status given to the layout; the layout's stylesheets are inline, its script
 * stays a file of the site's, and the page's policy allows exactly that, with the site's own
 * directives from Astro's `security.csp` (on in both builds). The site's own pages are byte for byte
 * those of the same site built without the option. A layout that is not there, or one whose colours
 * for the screen fail contrast, stops the build, saying where.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';
import { appErrorPages } from '../../packages/fallback-pages/src/catalog/appErrors';
import { iconSvg } from '../../packages/fallback-pages/src/components/iconSvg';
import { catalogues, statusTexts, type Locale } from '../../packages/fallback-pages/src/i18n';
import { cspHash, LAYOUT_HEADER_POLICY } from '../../packages/fallback-pages/src/contract/pageHeaders';
import {
	analysePage,
	parseHtml,
	textContent,
	walkElements,
	type HtmlNode,
} from '../../packages/fallback-pages/src/html/pageAnalysis';
import { buildTimeoutMs } from '../../scripts/build-with';
import { lastInScreen, marksIn } from './requestIdMark';
import { requestIdMarkup } from '../../packages/fallback-pages/src/contract/contract';
import { buildTeamSite, teamSiteProject, type TeamSiteBuild } from '../contract/teamSite';

const layout = './src/layouts/Site.astro';
const root = new URL('../../', import.meta.url).pathname;

let inLayout: TeamSiteBuild;
let plain: TeamSiteBuild;

beforeAll(async () => {
	[inLayout, plain] = await Promise.all([
		buildTeamSite('layout', { FALLBACK_TEAM_SITE_LAYOUT: layout, FALLBACK_TEAM_SITE_CSP: '1' }),
		buildTeamSite('no-layout', { FALLBACK_TEAM_SITE_CSP: '1' }),
	]);
}, buildTimeoutMs);

/** Every element of a page, in document order. */
function elements(html: string): (HtmlNode & { tagName: string })[] {
	const found: (HtmlNode & { tagName: string })[] = [];
	walkElements(parseHtml(html), (element) => {
		found.push(element as HtmlNode & { tagName: string });
	});
	return found;
}

const attr = (element: HtmlNode | undefined, name: string) =>
	element?.attrs?.find((a) => a.name === name)?.value;
const hasClass = (element: HtmlNode, name: string) =>
	(attr(element, 'class') ?? '').split(/\s+/).includes(name);

interface Expected {
	file: string;
	locale: Locale;
	status: number;
	title: string;
	help: string;
	/** The visible h1, the status code; the app-error pages have a hidden one. */
	code?: number;
	message: string;
	/** The screen icon, as iconSvg draws it. */
	iconMarkup: string;
}

const locales: readonly Locale[] = ['en', 'ar'];
const expectedPages: Expected[] = locales.flatMap((locale) => {
	const messages = catalogues[locale];
	const folder = locale === 'en' ? '' : `${locale}/`;
	return [
		...statusCatalog.map((status) => {
			const texts = statusTexts(messages, status.code);
			return {
				file: `${folder}${status.code}.html`,
				locale,
				status: status.code,
				title: texts.title,
				help: texts.help,
				code: status.code,
				message: texts.message,
				iconMarkup: iconSvg(status.icon, 40),
			};
		}),
		...appErrorPages.map((page) => {
			const texts = page.slug === 'application-error' ? messages.applicationError : messages.globalError;
			return {
				file: `${folder}${page.slug}.html`,
				locale,
				status: page.status,
				title: texts.title,
				help: texts.help,
				message: page.slug === 'application-error' ? messages.applicationError.message : '',
				iconMarkup: iconSvg(page.icon, 40),
			};
		}),
	];
});

/** A policy's directives but style-src and script-src, each as written. */
const otherDirectives = (policy: string) =>
	policy
		.split(';')
		.map((directive) => directive.trim())
		.filter((directive) => directive && !/^(style|script)-src /.test(directive));

/**
 * The site's own directives in the policy Astro puts on the site's pages (security.csp), as the
 * error pages must keep them: all but frame-ancestors, which a policy in a page cannot carry.
 */
let siteDirectives: string[];
beforeAll(async () => {
	const index = await readFile(join(plain.dist, 'index.html'), 'utf8');
	const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(index)![1]!;
	siteDirectives = otherDirectives(policy).filter((directive) => !directive.startsWith('frame-ancestors '));
	expect(siteDirectives.length).toBeGreaterThan(2);
});

describe("every error page in the site's layout", () => {
	it('says so in the build, with what the pages load besides themselves', () => {
		expect(inLayout.log).toContain(`layout: every error page is rendered in ${layout}`);
		expect(inLayout.log).toMatch(
			/layout: 84 error pages in it, \d+\.\d KB gzip each \(median; the largest [\w/-]+\.html, \d+\.\d KB\)/,
		);
		expect(inLayout.log).toMatch(
			/layout: the error pages load \d+ files of the site's besides themselves \([^)]*team-sans\.[\w-]+\.woff2/,
		);
		expect(inLayout.log).toContain(
			`layout: the screen's colours in ${layout} meet WCAG 2.2 AA contrast (light, as its stylesheets set them;`,
		);
		expect(inLayout.log).toContain(
			`layout: the error pages keep the site's own Content-Security-Policy from Astro's security.csp (${siteDirectives.join('; ')}), with their own style-src and script-src`,
		);
		expect(inLayout.log).toContain(
			"layout: the site's directive frame-ancestors is left out of the error pages: browsers ignore it in a policy in the page; send it in a header",
		);
	});

	it.each(expectedPages)(
		'$file: the layout around the screen, in its language and direction',
		async (page) => {
			const html = await readFile(join(inLayout.dist, page.file), 'utf8');
			const all = elements(html);
			const first = (tag: string, where: (element: HtmlNode) => boolean = () => true) =>
				all.find((element) => element.tagName === tag && where(element));
			// What the layout got: the page's language, direction, title, description and status.
			expect(attr(first('html'), 'lang')).toBe(catalogues[page.locale].lang);
			expect(attr(first('html'), 'dir')).toBe(page.locale === 'ar' ? 'rtl' : 'ltr');
			expect(textContent(first('title')!)).toBe(`${page.title} · Team site`);
			expect(
				attr(
					first('meta', (element) => attr(element, 'name') === 'description'),
					'content',
				),
			).toBe(page.help);
			expect(attr(first('body'), 'data-status')).toBe(String(page.status));
			// The layout's header and footer around Fallback's screen, which is in the layout's <main>.
			expect(first('header', (element) => hasClass(element, 'masthead'))).toBeDefined();
			expect(first('footer', (element) => hasClass(element, 'colophon'))).toBeDefined();
			expect(all.filter((element) => element.tagName === 'main')).toHaveLength(1);
			const screen = first('div', (element) => hasClass(element, 'fallback-screen'))!;
			expect(screen).toBeDefined();
			const inScreen: HtmlNode[] = [];
			walkElements(screen, (element) => {
				inScreen.push(element);
			});
			expect(inScreen.some((element) => element.tagName === 'svg')).toBe(true);
			// A server's request ID line goes at the end of the screen, not before the layout's </main>.
			expect([lastInScreen(html), marksIn(html)]).toEqual([requestIdMarkup.pageAnchor, 1]);
			expect(html).toContain(page.iconMarkup);
			const h1 = inScreen.find((element) => element.tagName === 'h1')!;
			if (page.code !== undefined) expect(textContent(h1)).toBe(String(page.code));
			else expect(hasClass(h1, 'sr')).toBe(true);
			if (page.message)
				expect(textContent(inScreen.find((element) => element.tagName === 'h2')!)).toBe(page.message);
			// The language list links the same page in the other language.
			const other = page.locale === 'en' ? 'ar/' : '';
			const name = page.file
				.split('/')
				.at(-1)!
				.replace(/\.html$/, '');
			expect(
				all.some((element) => element.tagName === 'a' && attr(element, 'href') === `/${other}${name}`),
			).toBe(true);
		},
	);

	it.each(expectedPages)(
		'$file: the layout’s stylesheets inline, its script a file of the site’s, the policy allowing exactly that',
		async (page) => {
			const html = await readFile(join(inLayout.dist, page.file), 'utf8');
			const all = elements(html);
			expect(
				all.filter((element) => element.tagName === 'link' && attr(element, 'rel') === 'stylesheet'),
			).toEqual([]);
			const { styles, inlineScripts, scriptFiles } = analysePage(html);
			// The site's stylesheet (its masthead, its font) and Fallback's screen, both in the page.
			expect(styles.some((css) => css.includes('.masthead') && css.includes('Team Sans'))).toBe(true);
			expect(styles.some((css) => css.includes('.fallback-screen'))).toBe(true);
			expect(
				scriptFiles.some((src) => /^\/_astro\/Site\.astro_astro_type_script_[\w.-]+\.js$/.test(src)),
			).toBe(true);
			// One policy: the page's own, in place of Astro's (security.csp), with the site's directives.
			const policies = all.filter(
				(element) => attr(element, 'http-equiv')?.toLowerCase() === 'content-security-policy',
			);
			expect(policies).toHaveLength(1);
			const policy = attr(policies[0], 'content')!;
			const directive = (name: string) =>
				new RegExp(`(?:^|; )${name} ([^;]*)`).exec(policy)![1]!.split(' ').sort();
			expect(directive('style-src')).toEqual([...new Set(styles.map(cspHash))].sort());
			expect(directive('script-src')).toEqual([...new Set(inlineScripts.map(cspHash)), "'self'"].sort());
			expect(otherDirectives(policy)).toEqual(siteDirectives);
		},
	);

	it("has the servers send a policy that allows the site's own files, and nothing from elsewhere", () => {
		expect(inLayout.contract.pageHeaders['Content-Security-Policy']).toBe(LAYOUT_HEADER_POLICY);
		expect(LAYOUT_HEADER_POLICY).toMatch(/^default-src 'self'; /);
		expect(plain.contract.pageHeaders['Content-Security-Policy']).not.toBe(LAYOUT_HEADER_POLICY);
	});

	it("leaves the site's own pages byte for byte as the same site builds them without the option", async () => {
		for (const file of ['index.html', 'about/index.html']) {
			const [mine, theirs] = await Promise.all(
				[inLayout, plain].map((build) => readFile(join(build.dist, file), 'utf8')),
			);
			expect(mine, file).toBe(theirs);
		}
	});

	/** The build's output where it fails; undefined where it passes. */
	const failedBuild = (project: string, layoutOption: string) =>
		promisify(execFile)(join(root, 'node_modules/.bin/astro'), ['build', '--root', project], {
			cwd: root,
			env: { ...process.env, CONTEXT: 'production', FALLBACK_TEAM_SITE_LAYOUT: layoutOption },
		}).then(
			() => undefined,
			(error: { stdout: string; stderr: string }) => error.stdout + error.stderr,
		);

	it('stops the build where the layout is not there, saying where it looked', async () => {
		const project = await teamSiteProject('layout-missing');
		expect(await failedBuild(project, './src/layouts/Nope.astro')).toContain(
			`the layout ./src/layouts/Nope.astro is not there (no file at ${join(project, 'src/layouts/Nope.astro')})`,
		);
	});

	it("stops the build where the layout's colours for the screen fail contrast, naming the pair and where each colour is set", async () => {
		const project = await teamSiteProject('layout-contrast');
		const css = join(project, 'src/styles/site.css');
		await writeFile(
			css,
			`${await readFile(css, 'utf8')}\n@media (prefers-color-scheme: dark) {\n\tbody { background: #101418; color: #e6e6e6; }\n\t:root { --fallback-accent: #7fd1e0; }\n}\n`,
		);
		const failure = await failedBuild(project, layout);
		expect(failure).toContain(`the colours ${layout} gives Fallback's screen fail WCAG 2.2 AA contrast:`);
		// White on the light cyan: the site kept its label colour for the light scheme's dark accent.
		expect(failure).toMatch(
			/- dark scheme: the label of the main button, #ffffff \(--fallback-on-accent in :root\) on #7fd1e0 \(--fallback-accent in @media \(prefers-color-scheme:dark\) :root\), is 1\.\d\d:1; WCAG 2\.2 AA needs 4\.5:1/,
		);
		expect(failure).not.toContain('light scheme:');
	});
});
