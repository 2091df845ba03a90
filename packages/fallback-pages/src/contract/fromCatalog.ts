/**
 * The route contract of this site, built from the status catalogue and the app-error screens: the
 * one module that turns the catalogue into routes. The page headers (which depend on the deploy
 * context, never on the built pages) are passed in.
 */
import { ALLOWED_METHODS, statusCatalog } from '../catalog/statuses';
import { appErrorPages } from '../catalog/appErrors';
import { CONTRACT_NAME, PROBLEM_FOLDER, type PageRoute, type RouteContract } from './contract';
import { catalogues, DEFAULT_LOCALE, type Locale, type Regions } from '../i18n';
import { DEFAULT_API_PREFIXES } from '../config/prefixes';

/** Files the build writes into dist/ for Netlify; they must never be served as files. */
export const netlifyRuleFiles = ['_redirects', '_headers'] as const;

/** Where the pages live in the site, and what the site answers itself where Fallback would. */
export interface SiteOwned {
	/**
	 * The pages' folder in the site (`/fallback/`, `/docs/errors/`), default `/`. Under a base, the
	 * contract itself is a file of the pages' folder (`fallback/contract.json`), answered as an
	 * unknown path.
	 */
	base?: string;
	/** Where the build's folder is served (Astro's base, `/docs/`): the start of `base`. Default `/`. */
	siteBase?: string;
	/** Statuses whose default-locale page is the site's (`sitePages`). */
	sitePages?: readonly number[];
	/**
	 * Pages of other locales that are the site's own (`ja/404`, relative to `base`): an Astro site's
	 * `[lang]/404.astro`, of a status it keeps.
	 */
	siteLocalePages?: readonly string[];
	/** Gallery folders the site has its own page at (`''` for `/`, `de/`). */
	siteGalleries?: readonly string[];
	/** `false`: no gallery anywhere (RouteContract.galleries). Default true. */
	galleries?: boolean;
	/** The site's own locale folders that are not Fallback's, by locale (RouteContract.localeAliases). */
	localeAliases?: Readonly<Record<string, string>>;
	/** The regions among `otherLocales` (`pt-br`): their language tags and request ID lines. */
	regions?: Regions;
	/** The app's 4xx statuses replaced too, in front of it (the option replaceAppStatuses). */
	replaceAppStatuses?: readonly number[];
}

/**
 * The contract of a build: the status pages, the app-error pages, and the same pages in every
 * other shipped locale under its folder (`/de/404` → `de/404.html`, with 404), which answer with
 * their status on every host.
 */
export function catalogContract(
	pageHeaders: Readonly<Record<string, string>>,
	otherLocales: readonly string[] = [],
	defaultLocale: Locale = DEFAULT_LOCALE,
	apiPrefixes: readonly string[] = DEFAULT_API_PREFIXES,
	{
		base = '/',
		siteBase = '/',
		sitePages = [],
		siteLocalePages = [],
		siteGalleries = [],
		galleries = true,
		localeAliases = {},
		regions = {},
		replaceAppStatuses = [],
	}: SiteOwned = {},
): RouteContract {
	if (!base.startsWith(siteBase))
		throw new Error(`The pages' folder ${base} is not inside the site's base ${siteBase}`);
	/** The pages' folder as a folder of the build: '' at its root, `fallback/` under a base. */
	const folder = base.slice(siteBase.length);
	const statusPages: PageRoute[] = statusCatalog.map((entry) => ({
		path: `${base}${entry.code}`,
		file: `${folder}${entry.code}.html`,
		status: entry.code,
		headers: entry.headers,
		transient: entry.transient,
		problemFile: `${folder}${PROBLEM_FOLDER}${entry.code}.json`,
		...(sitePages.includes(entry.code) ? { sitePage: true as const } : {}),
	}));
	const pageOf = (status: number) => statusPages.find((route) => route.status === status)!;
	const appPages: PageRoute[] = appErrorPages.map((page) => ({
		path: `${base}${page.slug}`,
		file: `${folder}${page.slug}.html`,
		status: page.status,
		headers: pageOf(page.status).headers,
		transient: pageOf(page.status).transient,
		problemFile: `${folder}${PROBLEM_FOLDER}${page.slug}.json`,
	}));
	// The site's own page of the default locale answers in every language; another locale's page is
	// Fallback's unless the site has its own there too (`siteLocalePages`).
	const localePages = otherLocales.flatMap((locale) =>
		[...statusPages, ...appPages].map((route): PageRoute => {
			const name = route.path.slice(base.length);
			return {
				path: `${base}${locale}/${name}`,
				file: `${folder}${locale}/${route.file.slice(folder.length)}`,
				status: route.status,
				headers: route.headers,
				transient: route.transient,
				problemFile: `${folder}${locale}/${route.problemFile.slice(folder.length)}`,
				...(siteLocalePages.includes(`${locale}/${name}`) ? { sitePage: true as const } : {}),
			};
		}),
	);
	return {
		...(base === '/' ? {} : { base }),
		...(siteBase === '/' ? {} : { siteBase }),
		statusPages,
		extraPages: [...appPages, ...localePages],
		notFoundStatus: 404,
		methodNotAllowedStatus: 405,
		readMethods: ALLOWED_METHODS.split(',').map((method) => method.trim()),
		pageHeaders,
		hiddenFiles: [...netlifyRuleFiles, ...(base === '/' ? [] : [`${folder}${CONTRACT_NAME}`])],
		hiddenFolders: ['', ...otherLocales.map((locale) => `${locale}/`)].map(
			(locale) => `${base}${locale}${PROBLEM_FOLDER}`,
		),
		apiPrefixes,
		requestIdHeader: 'X-Request-ID',
		requestIdLines: Object.fromEntries([
			...Object.entries(catalogues).map(([locale, messages]) => [locale, messages.requestId]),
			...Object.entries(regions).map(([region, { catalogue }]) => [region, catalogues[catalogue].requestId]),
		]),
		internalPrefix: '/__fallback/',
		indexFile: 'index.html',
		...(siteGalleries.length > 0 ? { siteGalleries } : {}),
		...(galleries ? {} : { galleries: false as const }),
		otherLocales,
		...(Object.keys(localeAliases).length > 0 ? { localeAliases } : {}),
		defaultLocale,
		languageTags: Object.fromEntries([
			...Object.entries(catalogues).map(([locale, messages]) => [locale, messages.lang]),
			...Object.entries(regions).map(([region, { tag }]) => [region, tag]),
		]),
		replacedAppStatuses: statusPages
			.map((route) => route.status)
			.filter((status) => status >= 500 || replaceAppStatuses.includes(status)),
		appOwnedHeaders: ['Allow'],
	};
}
