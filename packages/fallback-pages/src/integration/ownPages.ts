/**
 * Fallback's own pages inside somebody else's build: which paths they take, which of the site's
 * pages collide with them, and how their files are made self-contained once Astro has written
 * them. Whatever the site's `build.format` or `build.inlineStylesheets`, each of Fallback's pages
 * ends as `{path}.html` with its stylesheets inline; nothing else in the build is touched.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appErrorPages } from '../catalog/appErrors';
import { statusCatalog } from '../catalog/statuses';
import type { Locale } from '../i18n';
import { locatedElements } from '../html/pageAnalysis';
import { withPagePolicy } from './pagePolicy';

/** What decides the paths: the shipped locales and what the site keeps for itself. */
export interface PageSet {
	/** Every shipped locale, the default first. */
	locales: readonly Locale[];
	defaultLocale: Locale;
	/** Statuses whose default-locale page is the site's own (`sitePages`). */
	sitePages: readonly number[];
	/** Gallery paths (`''`, `de/`) the site has pages of its own at: left to the site. */
	siteGalleries: readonly string[];
	/** `false`: no gallery anywhere (embedded pages in production). Default true. */
	galleries?: boolean;
}

const localePrefix = (locale: Locale, defaultLocale: Locale) =>
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
	/** The status of a default-locale status page (what `sitePages` can leave to the site). */
	status?: number;
	/** The gallery's folder (`''`, `de/`), for a gallery. */
	gallery?: string;
}

/** Every path Fallback could answer at, relative to its base: the pages and the problem documents. */
export function candidatePaths(set: Omit<PageSet, 'sitePages' | 'siteGalleries'>): Candidate[] {
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
				...(prefix === '' ? { status: status.code } : {}),
			})),
			...appErrorPages.map((app) => ({
				path: `${prefix}${app.slug}`,
				file: `${prefix}${app.slug}.html`,
				what: `${app.slug} page`,
				route: `[...locale]/${app.slug}.astro`,
			})),
			...names.flatMap((name) =>
				(['json', 'txt'] as const).map((format) => ({
					path: `${prefix}problem/${name}.${format}`,
					what: `problem document of ${name}`,
					route: `[...locale]/problem/[name].${format}.ts`,
				})),
			),
			{
				path: prefix,
				file: `${prefix}index.html`,
				what: 'gallery',
				route: '[...locale]/index.astro',
				gallery: prefix,
			},
		];
	});
}

/** The problem documents and text twins in every locale, relative to Fallback's base (`problem/404.json`). */
export function problemDocuments(set: Omit<PageSet, 'sitePages' | 'siteGalleries'>): string[] {
	return candidatePaths(set)
		.filter((candidate) => candidate.file === undefined)
		.map((candidate) => candidate.path);
}

/** A page Fallback builds. */
export type OwnPage = Candidate & { file: string };

/**
 * Every page Fallback builds, in every locale: status pages, the two app-error pages, galleries;
 * none where the site keeps the status (`sitePages`) or has a page of its own (a gallery's path),
 * and no gallery in a build without any (`galleries: false`).
 */
export function ownPages(set: PageSet): OwnPage[] {
	return candidatePaths(set).filter(
		(candidate): candidate is OwnPage =>
			candidate.file !== undefined &&
			!(candidate.status !== undefined && set.sitePages.includes(candidate.status)) &&
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

export interface Collisions {
	/** Gallery paths the site answers itself: the gallery is left out there. */
	galleries: string[];
	/** Everything else the site and Fallback both answer: the build stops, naming both. */
	clashes: { path: string; siteFile: string; what: string; route: string; status?: number }[];
}

/**
 * The site's static pages against Fallback's paths under `base` (`/`, `/errors/`). A status the
 * options leave to the site (`sitePages`) is no clash; a gallery yields to the site's own page, and
 * to a dynamic route of the site's that may build one there (Starlight's `[...slug]` builds `/`).
 */
export function collisions(
	siteRoutes: readonly SiteRoute[],
	base: string,
	set: Omit<PageSet, 'siteGalleries'>,
): Collisions {
	const site = new Map(
		siteRoutes
			.filter((route) => route.pathname !== undefined)
			.map((route) => [normalised(route.pathname!), route.entrypoint]),
	);
	const galleries: string[] = [];
	const clashes: Collisions['clashes'] = [];
	for (const candidate of candidatePaths(set)) {
		const path = normalised(`${base}${candidate.path}`);
		if (candidate.gallery !== undefined) {
			const dynamic = siteRoutes.some((route) => route.pathname === undefined && route.matches?.(path));
			if (site.has(path) || dynamic) galleries.push(candidate.gallery);
			continue;
		}
		const siteFile = site.get(path);
		if (siteFile === undefined) continue;
		if (candidate.status === undefined || !set.sitePages.includes(candidate.status)) {
			clashes.push({
				path,
				siteFile,
				what: candidate.what,
				route: candidate.route,
				...(candidate.status === undefined ? {} : { status: candidate.status }),
			});
		}
	}
	return { galleries, clashes };
}

/** The Error a clash stops the build with: both files, and the two ways out. */
export function clashError(clashes: Collisions['clashes']): Error {
	const first = clashes[0]!;
	const statuses = [...new Set(clashes.flatMap((clash) => (clash.status ? [clash.status] : [])))];
	const ways = [
		...(statuses.length > 0
			? [
					`leave ${statuses.length > 1 ? 'these statuses' : 'it'} to the site with fallback({ sitePages: [${statuses.join(', ')}] })`,
				]
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
	return new Error(
		`fallback: ${first.siteFile} and Fallback's ${first.what} (fallback-pages/src/routes/${first.route}) both answer ${first.path}${more}: ${ways.join(', or ')}.`,
	);
}

/** The file Astro wrote for a page, whatever `build.format`: `404.html`, `503/index.html`, `de.html`. */
function writtenFile(
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
function stylesheetLinks(html: string): { href: string; start: number; end: number }[] {
	return locatedElements(html).flatMap((element) => {
		const attr = (name: string) => element.attrs?.find((a) => a.name === name)?.value;
		const location = element.sourceCodeLocation;
		if (element.tagName !== 'link' || !attr('rel')?.split(/\s+/).includes('stylesheet') || !location)
			return [];
		return [{ href: attr('href') ?? '', start: location.startOffset, end: location.endOffset }];
	});
}

/**
 * A page with every stylesheet Astro linked put inline, so that it renders when nothing but its own
 * HTML can be fetched. `assetsDir` is Astro's `build.assets` (`_astro`); the stylesheet is read
 * from the build, whatever prefix (`base`, `build.assetsPrefix`) its URL carries.
 */
export async function inlineStylesheets(html: string, dist: string, assetsDir: string): Promise<string> {
	const links = stylesheetLinks(html);
	let result = html;
	for (const link of links.reverse()) {
		const at = link.href.split('?')[0]!.lastIndexOf(`/${assetsDir}/`);
		if (at < 0) throw new Error(`fallback: a page links a stylesheet outside the build (${link.href})`);
		const css = await readFile(join(dist, link.href.split('?')[0]!.slice(at + 1)), 'utf8');
		result = `${result.slice(0, link.start)}<style>${css.trim()}</style>${result.slice(link.end)}`;
	}
	return result;
}

/**
 * A page without the script files a site adds to every page (Astro's prefetch, which Starlight
 * turns on; an integration's `injectScript('page')`): the page's own policy allows only its
 * inline code, so each would be blocked, with an error in the console, and nothing else.
 */
export function withoutScriptFiles(html: string): string {
	const scripts = locatedElements(html).filter(
		(element) => element.tagName === 'script' && element.attrs?.some((attr) => attr.name === 'src'),
	);
	let result = html;
	for (const { sourceCodeLocation: at } of scripts.reverse()) {
		if (at) result = `${result.slice(0, at.startOffset)}${result.slice(at.endOffset)}`;
	}
	return result;
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
	{ inline }: { inline: boolean },
): Promise<Map<string, string>> {
	const texts = new Map<string, string>();
	const at = base.replace(/^\//, '');
	for (const page of pages) {
		const written = writtenFile(dist, page, base);
		if (written === undefined) throw new Error(`fallback: Astro wrote no file for ${base}${page.path}`);
		const text = await readFile(join(dist, written), 'utf8');
		const html = inline
			? withPagePolicy(withoutScriptFiles(await inlineStylesheets(text, dist, assetsDir)))
			: text;
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
