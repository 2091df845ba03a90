/**
 * nginx, at http level: the variables each mode names after itself (`$fallback_static_locale`,
 * `$fallback_site_locale`: the mode in the variable's name) and the maps that set them, the
 * language and format of an error answer and each status's headers; the URI of a page from them,
 * and the server-level lines that read them (listen, the access log in its format, add_header).
 * Shared by the standalone, proxy and site files, and kubernetes.ts's default backend.
 */
import {
	contentLanguage,
	defaultLocaleRoutes,
	baseOf,
	inPagesFolder,
	negotiates,
	notFoundPage,
	pageFileParts,
	requestIdsOf,
	PROBLEM_JSON,
	statusHeaderNames,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
} from '../../contract/contract';
import {
	headerName,
	literalPath,
	literalPathPattern,
	nginxRegex,
	nginxString,
	UnsafeConfigValue,
} from '../format';
import { block, comment, type ConfigNode, type Directive } from '../syntax/braces';
import { firstListedCapture, hostLocales } from '../language';
import { pageName, sitePageFolders } from '../pageTable';
import { acceptPatterns, formats } from '../mediaType';
import type { HostOptions } from '../../config/hostOptions';
import type { HostMode } from '../mode';

/** A config's mode (HostMode), or the ingress-nginx default backend's (kubernetes.ts), `backend`. */
export type NginxMode = HostMode | 'backend';

export function listenDirective({ listen }: HostOptions): Directive {
	return `listen ${listen.host ? `${listen.host}:` : ''}${listen.port}`;
}

/** `$fallback_static_locale`: the folder of the locale the browser asks for (`de/`), or empty. */
export const localeVariable = (mode: NginxMode) => `$fallback_${mode}_locale`;

/** The folder of the locale the request's path is in (`de/`), else empty: no negotiation. */
const folderVariable = (mode: NginxMode) => `$fallback_${mode}_folder_locale`;

/** `${fallback_static_format_folder}`: a variable as nginx reads it inside a word. */
export const inWord = (variable: string) => `\${${variable.slice(1)}}`;

/** `$fallback_static_format_folder`, `…_extension`: where the format asked for is (mediaType.ts). */
export const formatVariable = (mode: NginxMode, part: 'folder' | 'extension') =>
	`$fallback_${mode}_format_${part}`;

/**
 * A page under the internal prefix both configs serve the pages from: only an error shows one. A
 * page of the default locale is that of the locale the browser asks for, where others ship; every
 * page is the format the client asks for (the page, its problem document, its text twin).
 */
export function pageUri(
	contract: RouteContract,
	route: PageRoute,
	mode: NginxMode,
	formatOf: (part: 'folder' | 'extension') => string = (part) => formatVariable(mode, part),
	siteLocale = folderVariable(mode),
): string {
	const ofDefault = negotiates(contract) && defaultLocaleRoutes(contract).includes(route);
	// The site's own page (sitePages) answers in every language asked for; under a locale's folder,
	// that locale's page of Fallback's does.
	const locale = !ofDefault ? '' : inWord(route.sitePage ? siteLocale : localeVariable(mode));
	const { folder: ownFolder, name } = pageFileParts(inPagesFolder(contract, route.file));
	const format = `${inWord(formatOf('folder'))}${name}.${inWord(formatOf('extension'))}`;
	return `${pagesPrefix(contract, pageName(contract, route), mode)}${locale}${ownFolder}${format}`;
}

/**
 * The prefix a page is served under: the internal one, whose location adds Fallback's headers; in
 * site mode, for a name whose page the site keeps in some language (sitePages), a variable that
 * says so for the language and format asked for: the site's page comes from a location of its own
 * that adds none (`sitePagesPrefix`), so it goes out with the site's headers, as it was built.
 * `sites`: sitePageFolders of the contract, where the caller has it already.
 */
export function pagesPrefix(
	contract: RouteContract,
	name: string,
	mode: NginxMode,
	sites = sitePageFolders(contract),
): string {
	return mode === 'site' && sites.has(name) ? inWord(sitePrefixVariable(name)) : contract.internalPrefix;
}

/**
 * Where the internal prefixes lead: the pages' folder, checked as a literal path (`/docs` for the
 * base `/docs/`), empty at the root. The prefixes' URIs name a page from there (inPagesFolder).
 */
export const pagesPath = (contract: RouteContract) => literalPath(baseOf(contract)).replace(/\/$/, '');

/** In site mode, where the site's own pages are served from: `/__fallback-site/`. */
export const sitePagesPrefix = (contract: RouteContract) => contract.internalPrefix.replace(/\/$/, '-site/');

/** `$fallback_site_404_prefix`: where the page of that name comes from, the site's or Fallback's. */
const sitePrefixVariable = (name: string) => `$fallback_site_${name.replace(/-/g, '_')}_prefix`;

/**
 * Site mode, at http level, for each name whose page the site keeps in some language: where the
 * answer comes from, by the language folder chosen (as pageUri chooses it) and the format — the
 * site's own location for the page itself in a language the site built it in, Fallback's for its
 * problem document and text twin and for the other languages.
 */
export function sitePagesPrefixMaps(contract: RouteContract): ConfigNode[] {
	const sites = sitePageFolders(contract);
	if (sites.size === 0) return [];
	return [
		comment("The site's own pages (sitePages) as they were built; their problem documents are Fallback's."),
		...[...sites].map(([name, folders]) => {
			const locale = !negotiates(contract)
				? ''
				: folders.includes('')
					? folderVariable('site')
					: localeVariable('site');
			const route = contract.statusPages.find((page) => pageName(contract, page) === name);
			const extension = route
				? siteFormatOf(contract, route)('extension')
				: formatVariable('site', 'extension');
			return block(`map "${locale}${extension}" ${sitePrefixVariable(name)}`, [
				...folders.map(
					(folder) =>
						`${nginxString(`${folder}${formats.page.extension}`, 'language folder')} ${nginxString(sitePagesPrefix(contract), 'site pages prefix')}`,
				),
				`default ${nginxString(contract.internalPrefix, 'internal prefix')}`,
			]);
		}),
	];
}

/** The access log, with each request's ID (the one error answers carry), at http level. */
export function logFormat(mode: NginxMode, contract: RouteContract): ConfigNode[] {
	const combined = `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"`;
	if (requestIdsOf(contract) === false) {
		return [
			comment('The access log (no request IDs: fallback.requestId is false).'),
			`log_format fallback_${mode} '${combined}'`,
		];
	}
	return [
		comment("The access log, with the request's ID that error answers carry (support finds it there)."),
		`log_format fallback_${mode} '${combined} request_id=$request_id'`,
	];
}

/** Where the server block logs, in that format. */
export const accessLog = (mode: NginxMode): Directive =>
	`access_log /var/log/nginx/access.log fallback_${mode}`;

/**
 * The format of an error answer, at http level: the page, the problem document or the text twin,
 * from the Accept header (or the variable `accept` that holds it), first match (see mediaType.ts
 * for what is matched).
 */
export function formatMaps(mode: NginxMode, accept = '$http_accept'): ConfigNode[] {
	return (['folder', 'extension'] as const).map((part) =>
		block(`map ${accept} ${formatVariable(mode, part)}`, [
			...acceptPatterns.map(
				({ format, pattern }) => `${nginxRegex(pattern, `Accept of ${format}`)} "${formats[format][part]}"`,
			),
			`default "${formats.page[part]}"`,
		]),
	);
}

/**
 * Site mode: the format of the not-found answer, `$fallback_site_not_found_format_folder`: under an
 * API prefix the problem document whatever the client accepts, elsewhere the format asked for.
 * Keyed on the path in a map, not in a location of the API's prefix, which the team's own block may
 * have (a `location /api/` that proxies to its app).
 */
const notFoundFormatVariable = (part: 'folder' | 'extension') => `$fallback_site_not_found_format_${part}`;

/**
 * Site mode, where the site keeps its own not-found page: the language of the not-found answer,
 * under an API prefix the one asked for (the problem document is Fallback's, in every language),
 * elsewhere that of the folder (the site's page answers in every language).
 */
const notFoundLocaleVariable = '$fallback_site_not_found_locale';

/** The not-found format's maps (notFoundFormatVariable), where the contract has API prefixes. */
export function notFoundFormatMaps(contract: RouteContract): ConfigNode[] {
	if (contract.apiPrefixes.length === 0) return [];
	const api = nginxRegex(`^(?:${contract.apiPrefixes.map(literalPathPattern).join('|')})`, 'API prefixes');
	return [
		comment(
			`Under the API (${contract.apiPrefixes.join(', ')}), a missing path is ${notFoundPage(contract).status} with the problem document (${PROBLEM_JSON}).`,
		),
		...(['folder', 'extension'] as const).map((part) =>
			block(`map $uri ${notFoundFormatVariable(part)}`, [
				`${api} "${formats.problem[part]}"`,
				`default ${formatVariable('site', part)}`,
			]),
		),
		...(notFoundPage(contract).sitePage && negotiates(contract)
			? [
					block(`map $uri ${notFoundLocaleVariable}`, [
						`${api} ${localeVariable('site')}`,
						`default ${folderVariable('site')}`,
					]),
				]
			: []),
	];
}

/** Whether a route's answer in site mode depends on the API prefixes: the not-found one's, where there are any. */
const knowsApi = (contract: RouteContract, route: PageRoute) =>
	route === notFoundPage(contract) && contract.apiPrefixes.length > 0;

/** A status's error_page in site mode: the not-found one's format and language know the API. */
export function sitePageUri(contract: RouteContract, route: PageRoute): string {
	return pageUri(
		contract,
		route,
		'site',
		siteFormatOf(contract, route),
		knowsApi(contract, route) ? notFoundLocaleVariable : folderVariable('site'),
	);
}

/** The format variables of a status's error_page in site mode: the not-found one's know the API. */
const siteFormatOf =
	(contract: RouteContract, route: PageRoute) =>
	(part: 'folder' | 'extension'): string =>
		knowsApi(contract, route) ? notFoundFormatVariable(part) : formatVariable('site', part);

/** `$fallback_static_retry_after`: the variable a per-status header is mapped into. */
export const headerVariable = (mode: NginxMode, name: string) =>
	`$fallback_${mode}_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;

/**
 * Per-status headers as `map $status` blocks (they go at http level, before the server block): the
 * header's value for the statuses that carry it, empty for the rest, and nginx sends no header whose
 * value is empty. One place for them, whichever rule or failure produced the status.
 */
export function statusHeaderMaps(
	mode: NginxMode,
	routes: readonly PageRoute[],
	headersOf: HeadersOf,
): ConfigNode[] {
	return statusHeaderNames(routes, headersOf).map((name) =>
		block(`map $status ${headerVariable(mode, name)}`, [
			...routes
				.filter((route) => headersOf(route)[name] !== undefined)
				.map(
					(route) =>
						`${route.status} ${nginxString(headersOf(route)[name]!, `header ${name} of status ${route.status}`)}`,
				),
			'default ""',
		]),
	);
}

/** The header variables of the language maps: `$fallback_static_content_language`. */
export const languageVariable = (mode: NginxMode, part: 'content_language' | 'request_id_line') =>
	`$fallback_${mode}_${part}`;

/**
 * Language negotiation, at http level, where other locales ship: the folder of the locale the
 * browser asks for (see language.ts for what is matched), and the `Content-Language` of the page
 * served (by its path under the prefix).
 */
export function languageMaps(mode: NginxMode, contract: RouteContract): ConfigNode[] {
	if (!negotiates(contract)) return [];
	const shipped = hostLocales(contract);
	const language = (locale: string) => contentLanguage(contract, locale);
	const prefix = literalPathPattern(contract.internalPrefix).replace(/\/$/, '');
	const acceptLocale = `$fallback_${mode}_accept_locale`;
	const acceptFolder = `$fallback_${mode}_accept_folder`;
	const pageLocale = `$fallback_${mode}_page_locale`;
	const folders = contract.otherLocales.join('|');
	// The path the visitor asked for: as error_page names the page (before its redirect), or, for
	// ingress-nginx's default backend, in the X-Original-URI it sends (empty elsewhere: negotiated).
	const requestPath = mode === 'backend' ? '$http_x_original_uri' : '$uri';
	/** A lookup by locale code (a hash: strings are matched in any case), the default's value else. */
	const byLocale = (source: string, variable: string, valueOf: (locale: string) => string) =>
		block(`map ${source} ${variable}`, [
			...contract.otherLocales.map((locale) => `${locale} ${valueOf(locale)}`),
			`default ${valueOf(contract.defaultLocale)}`,
		]);
	return [
		comment(
			`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed): one pattern, then its folder.`,
		),
		block(`map $http_accept_language ${acceptLocale}`, [
			'default ""',
			`${nginxRegex(firstListedCapture(shipped), 'Accept-Language pattern')} $1`,
		]),
		byLocale(acceptLocale, acceptFolder, (locale) =>
			locale === contract.defaultLocale ? '""' : `"${locale}/"`,
		),
		comment(
			"An error under a locale's folder is in that locale, whatever the browser asks; anywhere else in the\n" +
				(mode === 'backend'
					? 'locale it asks for. (The path the visitor asked for, as ingress-nginx sends it in X-Original-URI.)'
					: "locale it asks for. (Read when error_page names the page, while $uri is still the request's.)"),
		),
		...[
			[localeVariable(mode), acceptFolder],
			[folderVariable(mode), '""'],
		].map(([variable, otherwise]) =>
			block(`map ${requestPath} ${variable}`, [
				`${nginxRegex(`^${literalPathPattern(baseOf(contract))}(${folders})/`, 'locale folders')} "$1/"`,
				...Object.entries(contract.localeAliases ?? {}).map(
					([folder, locale]) =>
						`${nginxRegex(`^${literalPathPattern(folder)}`, `locale folder ${folder}`)} ${locale === contract.defaultLocale ? '""' : `"${locale}/"`}`,
				),
				`default ${otherwise}`,
			]),
		),
		comment('The locale of the page served, by its folder: under the prefix for an error, or a gallery.'),
		block(`map $uri ${pageLocale}`, [
			`${nginxRegex(`^(?:${prefix})?${literalPathPattern(baseOf(contract))}(${folders})/`, 'page folders')} $1`,
			'default ""',
		]),
		comment(
			requestIdsOf(contract) === 'page'
				? 'Its language, and its request ID line (the text before the ID).'
				: 'Its language.',
		),
		byLocale(pageLocale, languageVariable(mode, 'content_language'), (locale) =>
			nginxString(language(locale), `language of ${locale}`),
		),
		...(requestIdsOf(contract) === 'page'
			? [
					byLocale(pageLocale, languageVariable(mode, 'request_id_line'), (locale) =>
						nginxString(lineBeforeId(contract, locale), `request ID line of ${locale}`),
					),
				]
			: []),
	];
}

/** A locale's request ID line up to the ID, checked to be plain text. */
export function lineBeforeId(contract: RouteContract, locale: string): string {
	const line = contract.requestIdLines[locale] ?? 'Request ID: {id}';
	if (/[<>&"'$\\]/.test(line) || !line.endsWith('{id}')) {
		throw new UnsafeConfigValue(`request ID line of ${locale}`, line, 'must be plain text ending in {id}');
	}
	return line.slice(0, -'{id}'.length);
}

/** The language headers: fixed where only the default locale ships, else from the maps. */
export function languageHeaderLines(mode: NginxMode, contract: RouteContract): Directive[] {
	// Every answer may depend on the format asked for, and on the language where locales ship (an
	// unknown path under /de/ too).
	if (!negotiates(contract)) {
		return [
			`add_header Content-Language ${nginxString(contentLanguage(contract, contract.defaultLocale), 'default language')} always`,
			'add_header Vary Accept always',
		];
	}
	return [
		`add_header Content-Language ${languageVariable(mode, 'content_language')} always`,
		'add_header Vary "Accept-Language, Accept" always',
	];
}

/**
 * `add_header … always` (without `always` nginx only adds headers to 2xx and 3xx). A location with
 * an add_header of its own inherits none, which is why every header is set in one place.
 */
export function addHeaders(
	mode: NginxMode,
	contract: RouteContract,
	headersOf: HeadersOf,
	{
		routes = contract.statusPages,
		requestId = '$request_id',
	}: { routes?: readonly PageRoute[]; requestId?: string } = {},
): Directive[] {
	return [
		...languageHeaderLines(mode, contract),
		// nginx's own ID of the request (or one checked to be another nginx's), also in the access
		// log: never one a client sent.
		...(requestIdsOf(contract) === false
			? []
			: [`add_header ${headerName(contract.requestIdHeader, 'request ID header')} ${requestId} always`]),
		...Object.entries(contract.pageHeaders).map(
			([name, value]) =>
				`add_header ${headerName(name, 'page header name')} ${nginxString(value, `page header ${name}`)} always`,
		),
		...statusHeaderNames(routes, headersOf).map(
			(name) => `add_header ${headerName(name, 'status header name')} ${headerVariable(mode, name)} always`,
		),
	];
}

/**
 * The folder of a page asked for by its path, at http level: its own locale's where the path is in
 * a locale's folder (the page locations' capture), else the one the browser asks for.
 */
export function pageFolderMap(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	if (!negotiates(contract)) return [];
	const sitePages = contract.statusPages.some((route) => route.sitePage);
	const own = `$fallback_${mode}_own_locale`;
	return [
		comment("A page asked for by its path: in its own locale's folder, else in the locale asked for."),
		block(`map ${own} $fallback_${mode}_page_folder`, [`"" ${localeVariable(mode)}`, `default ${own}/`]),
		// The site's own pages (sitePages) answer in every language: no locale asked for.
		...(sitePages ? [block(`map ${own} $fallback_${mode}_own_folder`, ['"" ""', `default ${own}/`])] : []),
	];
}
