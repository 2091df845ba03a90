/**
 * The route contract: what a deployment of Fallback answers, as data. Every generator (Netlify,
 * nginx, Caddy, Apache, CloudFront, Cloudflare, Vercel) is a function of a contract and its options,
 * and the contract suite checks every server against the same contract. Nothing here knows the
 * catalogue: `fromCatalog.ts` builds the real contract, tests build small ones.
 */

import { REQUEST_ID_MARK } from './requestIdMark';

/** Response headers by name. */
export type HeaderValues = Readonly<Record<string, string>>;

/** Which of a route's headers a server sends: all of them, or those in front of an app. */
export type HeadersOf = (route: PageRoute) => HeaderValues;

/** A page served with an error status, and the URL path that answers with it. */
export interface PageRoute {
	/** URL path that answers with this page and status: `/503`, `/global-error`. */
	path: string;
	/** The page's file in dist/: `503.html`. */
	file: string;
	status: number;
	/** Headers RFC 9110 asks for with this status (`Retry-After`, `Allow`, `WWW-Authenticate`). */
	headers: Readonly<Record<string, string>>;
	/** Retrying later may succeed (a 503 during a deploy): caches should keep it only briefly. */
	transient: boolean;
	/** Its RFC 9457 problem document, for API clients: `problem/503.json`, `de/problem/503.json`. */
	problemFile: string;
	/**
	 * The page is the site's own (`sitePages`): served at its status like any other, but with the
	 * site's headers, not Fallback's page headers or language.
	 */
	sitePage?: true;
}

export interface RouteContract {
	/**
	 * The folder of the site the pages live in (`/fallback/`, `/errors/`), `/` around; absent: the
	 * site's root. Every path and file below includes it; the locale folders are inside it
	 * (`/fallback/de/404` → `fallback/de/404.html`).
	 */
	base?: string;
	/**
	 * Where the build's folder is served (Astro's `base`: `/docs/`), `/` around; absent: the site's
	 * root. Route paths and `base` include it; files are the build's (`503.html`) and are served
	 * at it (`/docs/503.html`: fileUrl).
	 */
	siteBase?: string;
	/**
	 * One route per status, `/{code}` → `{code}.html`: what `GET /{code}` answers, and the page a
	 * server shows for an error of that status whatever raised it. In status order.
	 */
	statusPages: readonly PageRoute[];
	/** Pages of their own that answer with a shared status (the app-error screens, 500). */
	extraPages: readonly PageRoute[];
	/** The status of any path that is neither a route nor a file: its page is that status's. */
	notFoundStatus: number;
	/** The status of a method a static site does not answer; its page carries `Allow`. */
	methodNotAllowedStatus: number;
	/** The methods a static site answers: `['GET', 'HEAD']`. */
	readMethods: readonly string[];
	/**
	 * Headers on every response that carries a Fallback page or file: security (a CSP the same for
	 * every build, nosniff, framing, referrer, permissions), cache, and noindex on previews.
	 */
	pageHeaders: Readonly<Record<string, string>>;
	/** Files in dist/ that are rules for a CDN, not pages: answered as unknown paths, never with 200. */
	hiddenFiles: readonly string[];
	/**
	 * Folders of dist/ that hold what only an error shows (the problem documents, `/problem/`,
	 * `/de/problem/`): a visitor's request there is an unknown path.
	 */
	hiddenFolders: readonly string[];
	/**
	 * The header a server that makes request IDs sends them in, on every error answer (and passes
	 * to the app in front of which it stands), so support can find the request in its logs.
	 */
	requestIdHeader: string;
	/**
	 * The line a server adds to an error page with its request ID, per locale, `{id}` last
	 * (`Request ID: {id}`): plain text.
	 */
	requestIdLines: Readonly<Record<string, string>>;
	/**
	 * Absent: request IDs on every error answer's header, in the access log, to the app, and in the
	 * page and problem document where the server can edit a body. `'header'`: all but the body.
	 * `false`: no request IDs (fallback's option `requestId`).
	 */
	requestId?: 'header' | false;
	/**
	 * The site's API paths (`/api/`): a path under one that no file answers gets the not-found
	 * problem document (`application/problem+json`), not the page.
	 */
	apiPrefixes: readonly string[];
	/**
	 * Where a server keeps the pages for its own error handling (`/__fallback/`): internal, never
	 * served to a visitor and never passed to an app.
	 */
	internalPrefix: string;
	/** The name of the gallery's page in each locale's folder (`index.html`): it answers `/` with 200. */
	indexFile: string;
	/**
	 * Folders whose index is the site's own page, not Fallback's gallery (`''` for `/`, `de/`):
	 * answered with 200 and the site's headers.
	 */
	siteGalleries?: readonly string[];
	/**
	 * `false`: no gallery at all (a production build of pages added to somebody else's site: the
	 * Netlify plugin, `embed`); the pages' folder answers as an unknown path. Absent: the galleries
	 * are built (a preview's review page, Fallback's own site).
	 */
	galleries?: false;
	/**
	 * The locales besides the default one: each error page also lives under `/{locale}/` (as extra
	 * pages), and a host that negotiates picks one named by its language (`de`) from
	 * `Accept-Language` for the default URL (negotiatedLocales). A site's region folder (`pt-br`,
	 * when the site has `pt-pt` too) is a locale of its own, with its folder and its language tag,
	 * that answers only there.
	 */
	otherLocales: readonly string[];
	/**
	 * Folders of the site's own locales that are not a folder of Fallback's, by the locale whose
	 * pages answer there: `{ '/pt-BR/': 'pt', '/en/': 'en' }` (an Astro site's i18n: a locale code
	 * Fallback ships under another name, the default locale where the site prefixes it). An error
	 * under one, an unknown path there included, is in that locale, as under the locale's own folder.
	 */
	localeAliases?: Readonly<Record<string, string>>;
	/** The default locale: its pages keep the default URLs. */
	defaultLocale: string;
	/** Each locale's `Content-Language` (its BCP 47 tag: `zh-Hans` for the folder `zh`). */
	languageTags: Readonly<Record<string, string>>;
	/**
	 * In front of an app: the app's answers with these statuses are replaced by their page (server
	 * errors, and the 4xx the option replaceAppStatuses names). Everything else the app answers
	 * passes through untouched, its other 4xx included.
	 */
	replacedAppStatuses: readonly number[];
	/**
	 * Status headers only the app can know (the methods it allows): a server in front of an app does
	 * not send them with its own pages.
	 */
	appOwnedHeaders: readonly string[];
	/**
	 * Maintenance, when switched on: every path but the allowed ones answers the maintenance page
	 * (the 503 page, in the visitor's language and format) with 503 and `Retry-After`, whatever is
	 * there, and nothing reaches the app. Absent: the site answers as usual.
	 */
	maintenance?: Maintenance;
}

/** A site under maintenance (see RouteContract.maintenance). */
export interface Maintenance {
	/**
	 * Paths that keep answering as usual (health checks, a status page): an exact path (`/healthz`),
	 * or every path under a prefix that ends in `/` (`/status/`).
	 */
	allowedPaths: readonly string[];
}

/** The status a site under maintenance answers with (RFC 9110 15.6.4), and whose page it shows. */
export const MAINTENANCE_STATUS = 503;

/** The media type of the problem documents (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json';

export { PROBLEM_FOLDER } from '../config/prefixes';

/** Every route answered with an error status: the status pages, then the extra pages. */
export function errorRoutes(contract: RouteContract): PageRoute[] {
	return [...contract.statusPages, ...contract.extraPages];
}

/** The file `contract.json`: the contract as the build wrote it, for `verify`. */
export const CONTRACT_NAME = 'contract.json';

/** The pages' folder in the site: `/` or `/fallback/`. */
export const baseOf = (contract: RouteContract): string => contract.base ?? '/';

/** Two bases as one, `/` around: `/docs` and `/errors/` make `/docs/errors/`. */
export function joinBase(outer: string, inner: string): string {
	return `/${[outer, inner]
		.flatMap((part) => part.split('/'))
		.filter(Boolean)
		.join('/')}/`.replace(/^\/\/$/, '/');
}

/** Where the build's folder is served: `/`, or the site's base (`/docs/`). */
export const siteBaseOf = (contract: RouteContract): string => contract.siteBase ?? '/';

/** The URL path that serves a file of the build: `/503.html`; under a site base `/docs/503.html`. */
export const fileUrl = (contract: RouteContract, file: string): string => `${siteBaseOf(contract)}${file}`;

/**
 * The contract as a server whose root holds the build's folder at the site's base sees it (the
 * build of a site under `/docs/` in `<root>/docs/`): every file named from that root
 * (`docs/503.html`), no site base left. A server config then reads each page at the URL path of
 * its file, as for a site at the root with its pages in a folder (`base`).
 */
export function atServerRoot(contract: RouteContract): RouteContract {
	const folder = siteBaseOf(contract).slice(1);
	if (folder === '') return contract;
	const rest = { ...contract };
	delete rest.siteBase;
	const relocated = (route: PageRoute): PageRoute => ({
		...route,
		file: `${folder}${route.file}`,
		problemFile: `${folder}${route.problemFile}`,
	});
	return {
		...rest,
		statusPages: contract.statusPages.map(relocated),
		extraPages: contract.extraPages.map(relocated),
		hiddenFiles: contract.hiddenFiles.map((file) => `${folder}${file}`),
	};
}

/**
 * A file of a contract at the server's root (atServerRoot), named from the pages' folder:
 * `docs/de/503.html` → `de/503.html` under the base `/docs/`. Throws on a file outside it.
 */
export function inPagesFolder(contract: RouteContract, file: string): string {
	const folder = baseOf(contract).slice(1);
	if (!file.startsWith(folder)) throw new Error(`${file} is not in the pages' folder ${baseOf(contract)}`);
	return file.slice(folder.length);
}

/** A locale's folder within the pages' folder: `''` for the default locale, `de/`. */
export const localePrefix = (contract: RouteContract, locale: string): string =>
	locale === contract.defaultLocale ? '' : `${locale}/`;

/** Whether the site's own page is the index of a locale's folder (`siteGalleries`), not Fallback's gallery. */
export const siteHasIndex = (contract: RouteContract, locale: string): boolean =>
	contract.siteGalleries?.includes(localePrefix(contract, locale)) ?? false;

/** The URL folder of a locale's pages: `/`, `/de/`; under a base `/fallback/`, `/fallback/de/`. */
export function localeFolder(contract: RouteContract, locale: string): string {
	return locale === contract.defaultLocale ? baseOf(contract) : `${baseOf(contract)}${locale}/`;
}

/** A locale's gallery page as a file of the build: `index.html`, `fallback/de/index.html`. */
export const galleryFile = (contract: RouteContract, locale: string): string =>
	`${localeFolder(contract, locale).slice(siteBaseOf(contract).length)}${contract.indexFile}`;

/**
 * Every folder whose errors are in a locale of their own, whatever the browser asks: each other
 * locale's (`/de/`), then the site's own locale folders (localeAliases: `/pt-BR/` → `pt`).
 */
export function localeFolders(contract: RouteContract): { folder: string; locale: string }[] {
	return [
		...contract.otherLocales.map((locale) => ({ folder: localeFolder(contract, locale), locale })),
		...Object.entries(contract.localeAliases ?? {}).map(([folder, locale]) => ({ folder, locale })),
	];
}

/** Whether a path lies in another locale's folder (`/de/…`, `/fallback/de/…`). */
const inOtherLocale = (contract: RouteContract, path: string) =>
	contract.otherLocales.find((locale) => path.startsWith(localeFolder(contract, locale)));

/** The routes of the default locale: every error route but the other locales' copies. */
export function defaultLocaleRoutes(contract: RouteContract): PageRoute[] {
	return errorRoutes(contract).filter((route) => !inOtherLocale(contract, route.path));
}

/** The locale of a route: the folder its page is in, else the default locale. */
export function routeLocale(contract: RouteContract, route: PageRoute): string {
	return inOtherLocale(contract, route.path) ?? contract.defaultLocale;
}

/** The locale of a folder of the build's (`/de/problem/`), else the default locale. */
export const folderLocale = (contract: RouteContract, folder: string): string =>
	inOtherLocale(contract, folder) ?? contract.defaultLocale;

/**
 * A default-locale route's page in another locale (`/404` in `de` is `/de/404`); throws when the
 * build ships none.
 */
export function inLocale(contract: RouteContract, route: PageRoute, locale: string): PageRoute {
	if (locale === contract.defaultLocale) return route;
	const path = `${localeFolder(contract, locale)}${route.path.slice(baseOf(contract).length)}`;
	const found = errorRoutes(contract).find((candidate) => candidate.path === path);
	if (!found) throw new Error(`The build ships no ${route.path} in ${locale}`);
	return found;
}

/** A locale named by its language alone (`de`, `zh`): one a host picks from `Accept-Language`. */
export const isLanguageLocale = (locale: string): boolean => /^[a-z]{2}$/.test(locale);

/** A site's region folder as a locale (`pt-br`, `pt-BR`, `en-GB`): a language, then subtags. */
export const isRegionLocale = (locale: string): boolean =>
	/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})+$/.test(locale);

/**
 * The locales the default URLs choose among by `Accept-Language`, the default first: the default
 * and each other locale named by its language. A site's region folder (`pt-br` beside `pt-pt`)
 * answers under its folder alone.
 */
export const negotiatedLocales = (contract: RouteContract): string[] => [
	contract.defaultLocale,
	...contract.otherLocales.filter(isLanguageLocale),
];

/**
 * Whether other locales ship, so that the default URLs pick their page's language from
 * `Accept-Language` and the locales' folders answer in theirs.
 */
export const negotiates = (contract: RouteContract) => contract.otherLocales.length > 0;

/** A locale's `Content-Language`: its BCP 47 tag (`zh-Hans` for the folder `zh`). */
export const contentLanguage = (contract: RouteContract, locale: string): string =>
	contract.languageTags[locale] ?? locale;

/**
 * The language headers of a page: its `Content-Language`, and on a default URL where other
 * locales ship, `Vary: Accept-Language` (the answer depends on it, so caches must key on it).
 */
export function languageHeaders(contract: RouteContract, locale: string, negotiated: boolean): HeaderValues {
	return {
		'Content-Language': contentLanguage(contract, locale),
		...(negotiated && negotiates(contract) ? { Vary: 'Accept-Language' } : {}),
	};
}

/**
 * A page file's folder and name: `de/404.html` → `de/`, `404`; `404.html` → '', `404`. A route's
 * problem document and text twin are `{folder}problem/{name}.json` and `.txt`.
 */
export function pageFileParts(file: string): { folder: string; name: string } {
	const [, folder = '', name = file] = /^(.*\/)?([^/]+)\.html$/.exec(file) ?? [];
	return { folder, name };
}

/** Where a build's servers put request IDs: `'page'` (the default), `'header'` or nowhere (`false`). */
export const requestIdsOf = (contract: RouteContract): 'page' | 'header' | false =>
	contract.requestId ?? 'page';

/**
 * How a server that can edit an error answer shows its request ID in it: the page gets a line at
 * the end of Fallback's screen, in the place of its mark (requestIdMark.ts), the problem document
 * `instance` first (a reference to this occurrence, RFC 9457 3.1.5). Each replaces its anchor.
 */
export const requestIdMarkup = {
	pageAnchor: REQUEST_ID_MARK,
	page: (line: string, id: string) => {
		const [before = '', after = ''] = line.split('{id}');
		return `<p>${before}<code>${id}</code>${after}</p>`;
	},
	problemAnchor: '{"type":',
	problem: (id: string) => `{"instance":"#request-${id}","type":`,
} as const;

/** The URL paths that answer with a route: its own path and its page's file (`/503`, `/503.html`). */
export function routePaths(contract: RouteContract, route: PageRoute): [string, string] {
	return [route.path, fileUrl(contract, route.file)];
}

/** The page of a status, if the contract has one. */
export function statusPage(contract: RouteContract, status: number): PageRoute | undefined {
	return contract.statusPages.find((route) => route.status === status);
}

/** The page of a status the contract must have (404, 405); throws naming the status otherwise. */
export function requiredStatusPage(contract: RouteContract, status: number): PageRoute {
	const page = statusPage(contract, status);
	if (!page) throw new Error(`The route contract has no page for status ${status}`);
	return page;
}

export const notFoundPage = (contract: RouteContract) =>
	requiredStatusPage(contract, contract.notFoundStatus);

export const methodNotAllowedPage = (contract: RouteContract) =>
	requiredStatusPage(contract, contract.methodNotAllowedStatus);

/**
 * The contract of the same site under maintenance: every 503 page (the maintenance page, in each
 * locale) carries `retryAfter` (delay-seconds or an HTTP-date), and every path but `allowedPaths`
 * answers with it. The one place maintenance changes a contract: switched off, nothing does.
 */
export function withMaintenance(
	contract: RouteContract,
	{ retryAfter, allowedPaths }: { retryAfter?: string | undefined; allowedPaths: readonly string[] },
): RouteContract {
	const maintained = (route: PageRoute): PageRoute =>
		route.status === MAINTENANCE_STATUS && retryAfter !== undefined
			? { ...route, headers: { ...route.headers, 'Retry-After': retryAfter } }
			: route;
	return {
		...contract,
		statusPages: contract.statusPages.map(maintained),
		extraPages: contract.extraPages.map(maintained),
		maintenance: { allowedPaths },
	};
}

/** Whether a path keeps answering as usual while the site is under maintenance. */
export function allowedDuringMaintenance(maintenance: Maintenance, path: string): boolean {
	return maintenance.allowedPaths.some((allowed) =>
		allowed.endsWith('/') ? path.startsWith(allowed) : path === allowed,
	);
}

/** The status pages a server in front of an app replaces the app's answers with. */
export function replacedAppPages(contract: RouteContract): PageRoute[] {
	return contract.statusPages.filter((route) => contract.replacedAppStatuses.includes(route.status));
}

/** A route's headers as a server in front of an app sends them: without those only the app knows. */
export function headersInFrontOfApp(contract: RouteContract, route: PageRoute): HeaderValues {
	return Object.fromEntries(
		Object.entries(route.headers).filter(([name]) => !contract.appOwnedHeaders.includes(name)),
	);
}

/** Every header name any of these routes carries, sorted: what a per-status header table covers. */
export function statusHeaderNames(
	routes: readonly PageRoute[],
	headersOf: HeadersOf = (route) => route.headers,
): string[] {
	return [...new Set(routes.flatMap((route) => Object.keys(headersOf(route))))].sort();
}
