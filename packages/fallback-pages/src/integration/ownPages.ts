/**
 * Fallback's own pages inside somebody else's build: which paths they take, which of the site's
 * pages collide with them, and how their files are made self-contained once Astro has written
 * them. Whatever the site's `build.format` or `build.inlineStylesheets`, each of Fallback's pages
 * ends as `{path}.html` with its stylesheets inline; nothing else in the build is touched.
 */
import { AstroError } from 'astro/errors';
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile, rename, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appErrorPages } from '../catalog/appErrors';
import { statusCatalog } from '../catalog/statuses';
import { edited, escapeAttribute, type Edit } from '../html/edits';
import { locatedElements, type HtmlNode, type PageAnalysis } from '../html/pageAnalysis';
import { hasPolicyText, type SiteDirectives, siteDirectivesOf, withPagePolicy } from './pagePolicy';

/** What decides the paths: the shipped locales and what the site keeps for itself. */
export interface PageSet {
	/** Every locale the pages are built in (the shipped ones, then the regions), the default first. */
	locales: readonly string[];
	defaultLocale: string;
	/**
	 * Paths (relative to Fallback's base: `404`, `ja/404`) where the site builds its own page of a
	 * status it keeps (`sitePages`): none of Fallback's there.
	 */
	sitePaths: readonly string[];
	/** Gallery paths (`''`, `de/`) the site has pages of its own at: left to the site. */
	siteGalleries: readonly string[];
	/** `false`: no gallery anywhere (embedded pages in production). Default true. */
	galleries?: boolean;
}

const localePrefix = (locale: string, defaultLocale: string) =>
	locale === defaultLocale ? '' : `${locale}/`;

/** A path Fallback could answer at, relative to its base, and the route file that makes it. */
export interface Candidate {
	/** Relative to Fallback's base: `404`, `de/global-error`, `problem/404.json`, `''` or `de/`. */
	path: string;
	/** A page's file, the name the contract and every host config expect: `404.html`, `de/index.html`. */
	file?: string;
	/** For messages, after "Fallback's": `404 page`, `problem document of 404`. */
	what: string;
	/** The route file, relative to the package's src/routes/. */
	route: string;
	/** The locale it is in. */
	locale: string;
	/** The status of a status page, in any locale (what `sitePages` can leave to the site). */
	status?: number;
	/** The gallery's folder (`''`, `de/`), for a gallery. */
	gallery?: string;
}

/** Every path Fallback could answer at, relative to its base: the pages and the problem documents. */
export function candidatePaths(set: Omit<PageSet, 'sitePaths' | 'siteGalleries'>): Candidate[] {
	return set.locales.flatMap((locale): Candidate[] => {
		const prefix = localePrefix(locale, set.defaultLocale);
		const names = [
			...statusCatalog.map((status) => String(status.code)),
			...appErrorPages.map((app) => app.slug),
		];
		return [
			...statusCatalog.map((status) => ({
				path: `${prefix}${status.code}`,
				file: `${prefix}${status.code}.html`,
				what: `${status.code} page`,
				route: '[...locale]/[code].astro',
				locale,
				status: status.code,
			})),
			...appErrorPages.map((app) => ({
				path: `${prefix}${app.slug}`,
				file: `${prefix}${app.slug}.html`,
				what: `${app.slug} page`,
				route: `[...locale]/${app.slug}.astro`,
				locale,
			})),
			...names.flatMap((name) =>
				(['json', 'txt'] as const).map((format) => ({
					path: `${prefix}problem/${name}.${format}`,
					what: `problem document of ${name}`,
					route: `[...locale]/problem/[name].${format}.ts`,
					locale,
				})),
			),
			{
				path: prefix,
				file: `${prefix}index.html`,
				what: 'gallery',
				route: '[...locale]/index.astro',
				locale,
				gallery: prefix,
			},
		];
	});
}

/** The problem documents and text twins in every locale, relative to Fallback's base (`problem/404.json`). */
export function problemDocuments(set: Omit<PageSet, 'sitePaths' | 'siteGalleries'>): string[] {
	return candidatePaths(set)
		.filter((candidate) => candidate.file === undefined)
		.map((candidate) => candidate.path);
}

/** A page Fallback builds. */
export type OwnPage = Candidate & { file: string };

/**
 * Every page Fallback builds, in every locale: status pages, the two app-error pages, galleries;
 * none where the site builds its own page of a status it keeps (`sitePaths`) or has a page of its
 * own (a gallery's path), and no gallery in a build without any (`galleries: false`).
 */
export function ownPages(set: PageSet): OwnPage[] {
	return candidatePaths(set).filter(
		(candidate): candidate is OwnPage =>
			candidate.file !== undefined &&
			!set.sitePaths.includes(candidate.path) &&
			!(
				candidate.gallery !== undefined &&
				(set.galleries === false || set.siteGalleries.includes(candidate.gallery))
			),
	);
}

/** A route of the site's as `astro:routes:resolved` tells it: its path when it has no parameters. */
export interface SiteRoute {
	pathname?: string | undefined;
	entrypoint: string;
	/** Whether the route's pattern takes a path (a dynamic route may build a page there). */
	matches?: (path: string) => boolean;
}

const normalised = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** A page of Fallback's that the site builds too, where the site keeps no page of that status. */
export interface Clash {
	/** The URL path, with the base: `/404`, `/ja/500`. */
	path: string;
	/** The site's route file that builds it (or may: a dynamic route). */
	siteFile: string;
	what: string;
	route: string;
	status?: number;
}

export interface Collisions {
	/** Gallery paths the site answers itself (a page of its own there): the gallery is left out. */
	galleries: string[];
	/**
	 * A dynamic route of the site's that may build a page at a gallery's path (Starlight's
	 * `[...slug]` builds `/`, maybe not `/de/`): no gallery is built at all, since Astro would give
	 * Fallback's the path (routes sort alphabetically) and the site's page would be lost.
	 */
	catchAll?: string;
	/** Paths (relative to the base) of a status the site keeps (`sitePages`) that it has a page at. */
	sitePaths: string[];
	/** Everything else the site and Fallback both answer: the build stops, naming both. */
	clashes: Clash[];
}

/**
 * The site's static pages against Fallback's paths under `base` (`/`, `/errors/`), before the
 * build: a status the options leave to the site (`sitePages`) is no clash, in any locale; a gallery
 * yields to the site's own page, and to a dynamic route of the site's that may build one there.
 * What a dynamic route of the site's builds is known after the build only (builtPages).
 */
export function collisions(
	siteRoutes: readonly SiteRoute[],
	base: string,
	set: Omit<PageSet, 'siteGalleries' | 'sitePaths'> & { sitePages: readonly number[] },
): Collisions {
	const site = new Map(
		siteRoutes
			.filter((route) => route.pathname !== undefined)
			.map((route) => [normalised(route.pathname!), route.entrypoint]),
	);
	const found: Collisions = { galleries: [], sitePaths: [], clashes: [] };
	for (const candidate of candidatePaths(set)) {
		const path = normalised(`${base}${candidate.path}`);
		if (candidate.gallery !== undefined) {
			const dynamic = siteRoutes.find((route) => route.pathname === undefined && route.matches?.(path));
			if (site.has(path)) found.galleries.push(candidate.gallery);
			else if (dynamic && found.catchAll === undefined) found.catchAll = dynamic.entrypoint;
			continue;
		}
		const siteFile = site.get(path);
		if (siteFile === undefined) continue;
		if (candidate.status !== undefined && set.sitePages.includes(candidate.status)) {
			found.sitePaths.push(candidate.path);
		} else {
			found.clashes.push(clashAt(path, siteFile, candidate));
		}
	}
	return found;
}

const clashAt = (path: string, siteFile: string, candidate: Candidate): Clash => ({
	path,
	siteFile,
	what: candidate.what,
	route: candidate.route,
	...(candidate.status === undefined ? {} : { status: candidate.status }),
});

/** A page the site built that answers at a path of Fallback's: `de/404/index.html` as `de/404`. */
export interface SiteCopy {
	/** The site's file, relative to the build. */
	from: string;
	/** Fallback's path it answers at, relative to the base: `404`, `pt/404`. */
	path: string;
}

/** What the build wrote at Fallback's paths, read from its files once Astro is done. */
export interface BuiltPages {
	/** The pages Fallback's routes wrote: the ones it settles and answers with. */
	ours: OwnPage[];
	/** The site's own pages of a status it keeps, where it built them at Fallback's paths. */
	sitePages: SiteCopy[];
	/** Gallery folders (`''`, `de/`) whose index (`de/index.html`) is the site's own page. */
	siteGalleries: string[];
	/**
	 * Gallery folders with no index at all: no gallery of Fallback's there, and no page of the
	 * site's but, maybe, one beside the folder (`de.html` of `build.format: 'file'`, at `/de`).
	 */
	emptyFolders: string[];
	/** Pages of Fallback's the site built instead, of a status it does not keep: the build stops. */
	clashes: Clash[];
	/** Pages of Fallback's nobody wrote (a bug, or a route of the site's that is not prerendered). */
	missing: OwnPage[];
}

/**
 * Sorts Fallback's candidate pages by who wrote their file: Fallback's routes (`isOurs`, from the
 * files Astro says each route wrote), the site (a route of its own won the path: Astro warns and
 * builds the site's), or nobody. `planned`: the pages Fallback's routes were asked to build.
 * Reads nothing but the file names: the build stops, if it must, before any file is touched.
 */
export function builtPages(
	candidates: readonly Candidate[],
	planned: readonly OwnPage[],
	{
		base,
		writtenFile,
		isOurs,
		sitePages,
		siteRoutes,
	}: {
		base: string;
		/** The file Astro wrote at a candidate's path, if any (writtenFileOf). */
		writtenFile: (candidate: Candidate) => string | undefined;
		isOurs: (file: string) => boolean;
		sitePages: readonly number[];
		siteRoutes: readonly SiteRoute[];
	},
): BuiltPages {
	const built: BuiltPages = {
		ours: [],
		sitePages: [],
		siteGalleries: [],
		emptyFolders: [],
		clashes: [],
		missing: [],
	};
	const isPlanned = new Set(planned.map((page) => page.path));
	for (const candidate of candidates) {
		if (candidate.file === undefined) continue;
		const file = writtenFile(candidate);
		if (file !== undefined && isOurs(file)) {
			if (isPlanned.has(candidate.path)) built.ours.push(candidate as OwnPage);
			continue;
		}
		if (candidate.gallery !== undefined) {
			// The site's page is the folder's index only as `de/index.html`: as `de.html` it answers
			// `/de`, and the folder `/de/` has nothing, as where nobody built a page.
			if (file === `${base.slice(1)}${candidate.file}`) built.siteGalleries.push(candidate.gallery);
			else built.emptyFolders.push(candidate.gallery);
			continue;
		}
		if (file === undefined) {
			if (isPlanned.has(candidate.path)) built.missing.push(candidate as OwnPage);
			continue;
		}
		if (candidate.status !== undefined && sitePages.includes(candidate.status))
			built.sitePages.push({ from: file, path: candidate.path });
		else {
			const path = normalised(`${base}${candidate.path}`);
			const route = siteRoutes.find((one) => one.matches?.(path) ?? normalised(one.pathname ?? '') === path);
			built.clashes.push(clashAt(path, route?.entrypoint ?? `the site's page ${path}`, candidate));
		}
	}
	return built;
}

/** The Error a clash stops the build with: both files, and the ways out. */
export function clashError(clashes: readonly Clash[]): Error {
	const first = clashes[0]!;
	const statuses = [...new Set(clashes.flatMap((clash) => (clash.status ? [clash.status] : [])))];
	const starlight = clashes.some((clash) => clash.siteFile.includes('@astrojs/starlight'));
	// Starlight's docs route builds a page of the docs collection at a status's path: a 404.md (and
	// its translations) written for Starlight's own 404, which disable404Route turns into a page.
	const docsPages = clashes.some((clash) =>
		/@astrojs\/starlight\/.*routes\/.*index\.astro$/.test(clash.siteFile),
	);
	const ways = [
		...(docsPages && statuses.includes(404)
			? [
					"remove the docs pages at those paths (src/content/docs/404.md and its translations: with starlight({ disable404Route: true }) they are ordinary pages, and Fallback's 404 answers in their place)",
				]
			: []),
		...(statuses.length > 0
			? [
					`leave ${statuses.length > 1 ? 'these statuses' : 'it'} to the site with fallback({ sitePages: [${statuses.join(', ')}] })`,
				]
			: []),
		...(starlight && statuses.includes(404) && !docsPages
			? ["let Fallback's answer with Starlight's own option starlight({ disable404Route: true })"]
			: []),
		"move Fallback's pages with fallback({ base: '/errors/' })",
	];
	const more =
		clashes.length > 1
			? ` (and ${clashes.length - 1} more: ${clashes
					.slice(1, 4)
					.map((clash) => clash.path)
					.join(', ')}${clashes.length > 4 ? '…' : ''})`
			: '';
	return new AstroError(
		`fallback: ${first.siteFile} and Fallback's ${first.what} (fallback-pages/src/routes/${first.route}) both answer ${first.path}${more}: ${ways.join(', or ')}. Nothing in the build was changed.`,
		"sitePages keeps the site's own page answering at its status, in every language, and Fallback's for every other status; base puts all of Fallback's pages in a folder of their own, beside the site's.",
	);
}

/** The file Astro wrote for a page, whatever `build.format`: `404.html`, `503/index.html`, `de.html`. */
export function writtenFileOf(
	dist: string,
	page: Pick<OwnPage, 'path' | 'gallery'>,
	base: string,
): string | undefined {
	const at = `${base}${page.path}`.replace(/^\//, '');
	const candidates =
		page.gallery !== undefined
			? [`${at}index.html`, ...(at === '' ? [] : [`${at.replace(/\/$/, '')}.html`])]
			: [`${at}.html`, `${at}/index.html`];
	return candidates.find((file) => existsSync(join(dist, file)));
}

/** `<link rel="stylesheet">` elements of a page, with where they sit in its text. */
function stylesheetLinks(
	html: string,
): { href: string; media: string | undefined; start: number; end: number }[] {
	return locatedElements(html).flatMap((element) => {
		const attr = (name: string) => element.attrs?.find((a) => a.name === name)?.value;
		const location = element.sourceCodeLocation;
		if (element.tagName !== 'link' || !attr('rel')?.split(/\s+/).includes('stylesheet') || !location)
			return [];
		return [
			{
				href: attr('href') ?? '',
				media: attr('media'),
				start: location.startOffset,
				end: location.endOffset,
			},
		];
	});
}

/**
 * Whether an address leads away from the site: another site (`https://fonts.example/…`, `//cdn…`,
 * and `/\cdn…`, which browsers read as `//`) or no site at all (`data:`).
 */
export const fromElsewhere = (href: string): boolean => /^\s*(?:[a-z][a-z0-9+.-]*:|\/[/\\])/i.test(href);

/** Pages in a site's layout: where the site's own files are, and what is done with others. */
export interface LayoutLoads {
	/** The layout, as the build names it: `./src/layouts/Base.astro`, "Starlight's frame". */
	name: string;
	/** Astro's base, `/` around (`/docs/`): the site's own addresses start with it. */
	siteBase: string;
	/** Its scripts compile WebAssembly (Starlight's search, Pagefind): the policy allows it. */
	wasm: boolean;
	/** Starlight's frame, which reads a page's language from its path (inScreenLanguage). */
	starlight?: boolean | undefined;
	/** Told each stylesheet or script file from elsewhere the layout links: it is left out. */
	elsewhere: (href: string) => void;
	/**
	 * Told the site's own directives each page keeps from Astro's policy (`security.csp`), and the
	 * names of those it leaves (siteDirectivesOf).
	 */
	siteDirectives: (found: SiteDirectives) => void;
	/** Told each page's analysis (its file, relative to the base), for the lines said after the build. */
	analysed?: ((file: string, analysis: PageAnalysis) => void) | undefined;
}

/**
 * A page with every stylesheet it links put inline, so that it renders when nothing but its own
 * HTML can be fetched. `assetsDir` is Astro's `build.assets` (`_astro`); the stylesheet is read
 * from the build, whatever prefix (`base`, `build.assetsPrefix`) its URL carries. In a site's layout
 * (`layout`) a stylesheet of the site's own elsewhere in the build (`public/`) goes inline too, and
 * one from elsewhere is taken out and handed to `layout.elsewhere`.
 */
export async function inlineStylesheets(
	html: string,
	dist: string,
	assetsDir: string,
	layout?: LayoutLoads,
): Promise<string> {
	const edits = [];
	for (const link of stylesheetLinks(html)) {
		const path = link.href.split(/[?#]/)[0]!;
		const at = path.lastIndexOf(`/${assetsDir}/`);
		let file: string | undefined = at < 0 ? undefined : join(dist, path.slice(at + 1));
		if (file === undefined && layout) {
			if (fromElsewhere(link.href)) {
				// An error page cannot depend on another site, and its policy would block it.
				layout.elsewhere(link.href);
				edits.push({ start: link.start, end: link.end, text: '' });
				continue;
			}
			// The site's own, from its public/ folder: where the build has it, under the site's base.
			const inSite = path.startsWith(layout.siteBase) ? path.slice(layout.siteBase.length) : undefined;
			if (inSite !== undefined && existsSync(join(dist, inSite))) file = join(dist, inSite);
		}
		if (file === undefined) {
			throw new Error(`fallback: a page links a stylesheet that is not in the build (${link.href})`);
		}
		const css = await readFile(file, 'utf8');
		const media = link.media && link.media.trim() !== 'all' ? ` media="${escapeAttribute(link.media)}"` : '';
		edits.push({ start: link.start, end: link.end, text: `<style${media}>${css.trim()}</style>` });
	}
	return edited(html, 0, html.length, edits);
}

/**
 * A page without the script files a site adds to every page (Astro's prefetch, which Starlight
 * turns on; an integration's `injectScript('page')`): the page's own policy allows only its
 * inline code, so each would be blocked, with an error in the console, and nothing else. With
 * `drop`, only the files it picks.
 */
export const withoutScriptFiles = (html: string, drop: (src: string) => boolean = () => true): string =>
	withoutElements(html, (element) => {
		const src = element.attrs?.find((attr) => attr.name === 'src')?.value;
		return element.tagName === 'script' && src !== undefined && drop(src);
	});

/** A page without the elements `drop` picks, the rest of its text as it was. */
function withoutElements(html: string, drop: (element: HtmlNode & { tagName: string }) => boolean): string {
	const edits = locatedElements(html)
		.filter(drop)
		.flatMap(({ sourceCodeLocation: at }) =>
			at ? [{ start: at.startOffset, end: at.endOffset, text: '' }] : [],
		);
	return edited(html, 0, html.length, edits);
}

/**
 * A page without the policy Astro adds to every page under its `security.csp` setting: it hashes
 * the styles Astro knows of, not those Fallback puts inline afterwards, and a browser enforces
 * every policy a page has, so Fallback's page would render unstyled. The page's own policy
 * (withPagePolicy) allows exactly its inline code, with the site's other directives where the page
 * is in the site's layout; the site's pages keep Astro's.
 */
export const withoutAstroPolicy = (html: string): string =>
	!hasPolicyText(html)
		? html
		: withoutElements(
				html,
				(element) =>
					element.tagName === 'meta' &&
					!!element.attrs?.some(
						(attr) => attr.name === 'http-equiv' && attr.value.toLowerCase() === 'content-security-policy',
					),
			);

/**
 * The page with its own policy in place of Astro's (withPagePolicy). A page in a site's layout that
 * cannot carry one stops the build naming the layout and what to change in it.
 */
function policed(html: string, layout: LayoutLoads | undefined, file: string): string {
	// In a layout, the site's own policy (Astro's security.csp) is the site's: its directives stay.
	const site = layout ? siteDirectivesOf(html) : { found: false, kept: [], left: [] };
	layout?.siteDirectives(site);
	try {
		return withPagePolicy(withoutAstroPolicy(html), {
			wasm: layout?.wasm ?? false,
			siteDirectives: site.kept,
			analysed: layout?.analysed && ((analysis) => layout.analysed!(file, analysis)),
		});
	} catch (error) {
		if (!layout) throw error;
		throw new AstroError(
			`fallback: the error pages in ${layout.name} cannot carry their Content-Security-Policy: ${(error as Error).message.replace(/^fallback: /, '')}.`,
			`Put <meta charset="utf-8"> first in the <head> of ${layout.name}, before any style or script.`,
		);
	}
}

/**
 * A page in a layout with no main landmark (many a site's layout has no `<main>`): the screen's box
 * (`<div class="fallback">`) becomes the page's `<main>`, so that it has exactly one. A page with
 * one is returned as it is.
 */
export function withMainLandmark(html: string): string {
	// The page's text says it has one, without a parse (most layouts have a <main>).
	if (/<main[\s>]/i.test(html)) return html;
	const elements = locatedElements(html);
	const attribute = (element: HtmlNode, name: string) =>
		element.attrs?.find((attr) => attr.name === name)?.value;
	if (elements.some((element) => element.tagName === 'main' || attribute(element, 'role') === 'main'))
		return html;
	const box = elements.find(
		(element) =>
			element.tagName === 'div' && (attribute(element, 'class') ?? '').split(/\s+/).includes('fallback'),
	);
	const start = box?.sourceCodeLocation?.startTag;
	const end = box?.sourceCodeLocation?.endTag;
	if (!start || !end) return html;
	return edited(html, 0, html.length, [
		{ start: start.startOffset + 1, end: start.startOffset + 4, text: 'main' },
		{ start: end.startOffset, end: end.endOffset, text: '</main>' },
	]);
}

/**
 * A page in Starlight's frame, in its own language: Starlight reads a page's language from the
 * locale folder of its path, and Fallback's folders (`/zh/`) are not Starlight's (`/zh-cn/`), so the
 * frame says the default locale's (`<html lang="en">`) and links the page's translations at paths
 * that do not exist (`/de/pt/503/`). The page takes the `lang` of Fallback's screen (its box in the
 * frame, `.not-content`: the page's main content), and loses those links and Starlight's language
 * picker, which lead to them (the screen's own list links the page in each language). The frame
 * keeps its direction: its own texts are in its locale, and the screen has its own `dir`.
 */
export function inScreenLanguage(html: string): string {
	const elements = locatedElements(html);
	const attribute = (element: HtmlNode, name: string) =>
		element.attrs?.find((attr) => attr.name === name)?.value;
	const screen = elements.find(
		(element) =>
			(attribute(element, 'class') ?? '').split(/\s+/).includes('not-content') &&
			attribute(element, 'lang') !== undefined,
	);
	const root = elements.find((element) => element.tagName === 'html');
	if (!screen || !root) return html;
	const edits: Edit[] = [];
	const lang = root.sourceCodeLocation?.startTag?.attrs?.['lang'];
	if (lang)
		edits.push({
			start: lang.startOffset,
			end: lang.endOffset,
			text: `lang="${escapeAttribute(attribute(screen, 'lang')!)}"`,
		});
	for (const element of elements) {
		const translation =
			element.tagName === 'link' &&
			attribute(element, 'rel')?.toLowerCase() === 'alternate' &&
			attribute(element, 'hreflang') !== undefined;
		const at = element.sourceCodeLocation;
		if ((translation || element.tagName === 'starlight-lang-select') && at)
			edits.push({ start: at.startOffset, end: at.endOffset, text: '' });
	}
	// A picker inside another that goes is gone with it.
	const outer = edits.filter(
		(edit) => !edits.some((other) => other !== edit && other.start <= edit.start && other.end >= edit.end),
	);
	return edited(html, 0, html.length, outer);
}

/**
 * A page of Fallback's made self-contained: its script files gone (in a layout, only those from
 * elsewhere, which are said), in Starlight's frame in its screen's language, with one main
 * landmark, its stylesheets inline and its own policy. Each step before the stylesheets go inline
 * parses the page without them: a layout's make it several times larger (Starlight's, 120 KB).
 */
async function selfContained(
	text: string,
	dist: string,
	assetsDir: string,
	layout: LayoutLoads | undefined,
	file: string,
): Promise<string> {
	const scripts = layout
		? withoutScriptFiles(text, (src) => fromElsewhere(src) && (layout.elsewhere(src), true))
		: withoutScriptFiles(text);
	const framed = layout?.starlight ? inScreenLanguage(scripts) : scripts;
	const landmarked = layout ? withMainLandmark(framed) : framed;
	return policed(await inlineStylesheets(landmarked, dist, assetsDir, layout), layout, file);
}

/**
 * Makes Fallback's pages in `dist` files with the names hosts look for (`503/index.html` renamed
 * `503.html`) and, with `inline`, self-contained: stylesheets inline, and their own policy for
 * their inline code. Returns each page's final text by its file name
 * relative to Fallback's base.
 */
export async function settlePages(
	dist: string,
	base: string,
	pages: readonly Pick<OwnPage, 'path' | 'file' | 'gallery'>[],
	assetsDir: string,
	{ inline, layout }: { inline: boolean; layout?: LayoutLoads | undefined },
): Promise<Map<string, string>> {
	const texts = new Map<string, string>();
	const at = base.replace(/^\//, '');
	for (const page of pages) {
		const written = writtenFileOf(dist, page, base);
		if (written === undefined) throw new Error(`fallback: Astro wrote no file for ${base}${page.path}`);
		const text = await readFile(join(dist, written), 'utf8');
		// In the site's layout (not the gallery, which is Fallback's own page) its script files stay:
		// they are the site's, and the page's policy allows the site's files.
		const inLayout = layout && page.gallery === undefined ? layout : undefined;
		const html = inline ? await selfContained(text, dist, assetsDir, inLayout, page.file) : text;
		const target = `${at}${page.file}`;
		if (html !== text) await writeFile(join(dist, written), html);
		if (written !== target) {
			await rename(join(dist, written), join(dist, target));
			// `503/` held nothing else (Astro writes one page per folder in this format).
			const folder = join(dist, written, '..');
			if ((await readdir(folder)).length === 0) await rmdir(folder);
		}
		texts.set(page.file, html);
	}
	return texts;
}

/**
 * The site's own pages of the statuses it keeps (`sitePages`) in its language folders that are not
 * Fallback's — `/en/` where it prefixes its default locale, `/pt-BR/` — each for the locale the
 * folder stands for (`localeAliases`), where it built one (an Astro site's `[lang]/404.astro`): they
 * answer in place of Fallback's for that locale. The first folder of a locale wins.
 */
export function aliasSitePages(
	dist: string,
	{
		aliases,
		siteBase,
		defaultLocale,
		sitePages,
	}: {
		/** `localeAliases`: `{ '/en/': 'en', '/pt-BR/': 'pt' }`, URL folders under `siteBase`. */
		aliases: Readonly<Record<string, string>>;
		siteBase: string;
		defaultLocale: string;
		sitePages: readonly number[];
	},
): SiteCopy[] {
	const copies: SiteCopy[] = [];
	for (const [folder, locale] of Object.entries(aliases)) {
		const prefix = locale === defaultLocale ? '' : `${locale}/`;
		for (const status of sitePages) {
			const path = `${prefix}${status}`;
			if (copies.some((copy) => copy.path === path)) continue;
			const from = writtenFileOf(dist, { path: `${folder.slice(siteBase.length)}${status}` }, '/');
			if (from !== undefined) copies.push({ from, path });
		}
	}
	return copies;
}

/**
 * The site's own pages at Fallback's paths under the names every host config looks for: a copy of
 * `ja/404/index.html` (Astro's `build.format: 'directory'`) as `ja/404.html`, of `en/404.html` as
 * `404.html`; the site's own files are left as they are. Returns the files written, relative to
 * the build.
 */
export async function copySitePages(
	dist: string,
	base: string,
	copies: readonly SiteCopy[],
): Promise<{ from: string; to: string }[]> {
	const written: { from: string; to: string }[] = [];
	const at = base.replace(/^\//, '');
	for (const { from, path } of copies) {
		const target = `${at}${path}.html`;
		if (from === target) continue;
		await copyFile(join(dist, from), join(dist, target));
		written.push({ from, to: target });
	}
	return written;
}

/** The log's line on the pages the site keeps (`sitePages`), where it built them. */
export function sitePagesLine(
	paths: readonly string[],
	base: string,
	copies: readonly { from: string; to: string }[],
): string {
	const shown = paths.map((path) => `${base}${path}`).join(', ');
	const copied =
		copies.length > 0
			? `; its ${copies.map((copy) => `${copy.from} copied as ${copy.to}`).join(', ')}, the file the server configs serve there`
			: '';
	return `the site's own pages answer at ${shown} (sitePages), as the site built them, with its headers; Fallback's answer in the other languages${copied}`;
}

/** The log's line on the galleries (a page per language listing every error page) of a site's build. */
export function galleriesLine(
	found: Pick<Collisions, 'galleries' | 'catchAll'>,
	galleries: boolean,
	base: string,
): string {
	if (found.catchAll !== undefined)
		return `no gallery of Fallback's: the site's route ${found.catchAll} may build pages at its paths (${base} and each language's folder), so it is left out in every build`;
	if (!galleries)
		return "no gallery of Fallback's in a production build of the site (a preview has one per language, for review): a language's folder the site has no page at answers 404";
	const own = found.galleries.map((gallery) => `${base}${gallery}`);
	return own.length > 0
		? `galleries for review in this preview; the site has its own page at ${own.join(', ')}: Fallback's gallery is left out there`
		: "galleries for review in this preview, at each language's folder";
}
