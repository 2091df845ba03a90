/**
 * nginx: a server block for Fallback's pages alone (standalone), one for nginx in front of an app
 * (each goes inside `http {}`, a file in /etc/nginx/conf.d/ is included there: include one of the
 * two), and the site mode's two files, added to the server block that serves a team's own site:
 * its maps for `http {}` and its locations for that `server {}`.
 */
import {
	contentLanguage,
	defaultLocaleRoutes,
	baseOf,
	errorRoutes,
	headersInFrontOfApp,
	inPagesFolder,
	negotiates,
	notFoundPage,
	MAINTENANCE_STATUS,
	pageFileParts,
	requestIdMarkup,
	requestIdsOf,
	PROBLEM_JSON,
	replacedAppPages,
	statusHeaderNames,
	statusPage,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import {
	allowedPathsPattern,
	exactPathsPattern,
	fileHeader,
	headerName,
	literalPath,
	literalPathPattern,
	nginxPattern,
	nginxRegex,
	nginxString,
	UnsafeConfigValue,
	type HostConfigFile,
	passedFourxx,
	pagesFolderLines,
} from './format';
import {
	block,
	comment,
	inlineBlock,
	nginxSyntax,
	renderFile,
	shortBlock,
	type ConfigNode,
	type Directive,
} from './syntax/braces';
import { firstListedCapture } from './language';
import {
	fallbackGalleries,
	foldersWithoutIndex,
	pageGroupPattern,
	pageGroups,
	pageName,
	pageStatuses,
	sitePageFolders,
} from './pageTable';
import { acceptPatterns, formats } from './mediaType';
import type { HostOptions } from '../config/hostOptions';
import type { HostMode } from './mode';

/** A config's mode (HostMode), or the ingress-nginx default backend's (kubernetes.ts), `backend`. */
export type NginxMode = HostMode | 'backend';

function listenDirective({ listen }: HostOptions): Directive {
	return `listen ${listen.host ? `${listen.host}:` : ''}${listen.port}`;
}

/** `$fallback_static_locale`: the folder of the locale the browser asks for (`de/`), or empty. */
const localeVariable = (mode: NginxMode) => `$fallback_${mode}_locale`;

/** The folder of the locale the request's path is in (`de/`), else empty: no negotiation. */
const folderVariable = (mode: NginxMode) => `$fallback_${mode}_folder_locale`;

/** `${fallback_static_format_folder}`: a variable as nginx reads it inside a word. */
const inWord = (variable: string) => `\${${variable.slice(1)}}`;

/** `$fallback_static_format_folder`, `…_extension`: where the format asked for is (mediaType.ts). */
const formatVariable = (mode: NginxMode, part: 'folder' | 'extension') => `$fallback_${mode}_format_${part}`;

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
function pagesPrefix(
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
const pagesPath = (contract: RouteContract) => literalPath(baseOf(contract)).replace(/\/$/, '');

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
function sitePagesPrefixMaps(contract: RouteContract): ConfigNode[] {
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
function logFormat(mode: NginxMode, contract: RouteContract): ConfigNode[] {
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
const accessLog = (mode: NginxMode): Directive => `access_log /var/log/nginx/access.log fallback_${mode}`;

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
function notFoundFormatMaps(contract: RouteContract): ConfigNode[] {
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
function sitePageUri(contract: RouteContract, route: PageRoute): string {
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
const headerVariable = (mode: NginxMode, name: string) =>
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
const languageVariable = (mode: NginxMode, part: 'content_language' | 'request_id_line') =>
	`$fallback_${mode}_${part}`;

/**
 * Language negotiation, at http level, where other locales ship: the folder of the locale the
 * browser asks for (see language.ts for what is matched), and the `Content-Language` of the page
 * served (by its path under the prefix).
 */
export function languageMaps(mode: NginxMode, contract: RouteContract): ConfigNode[] {
	if (!negotiates(contract)) return [];
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
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
function lineBeforeId(contract: RouteContract, locale: string): string {
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
 * nginx ends the request without sending anything when a handler finishes with 408 (it takes 408 to
 * mean the client is gone: ngx_http_finalize_request in src/http/ngx_http_request.c), so `return 408`
 * would close the connection. The request finishes with another status instead, and error_page
 * turns that into the page with the intended status (`=408`). 418 is nothing nginx treats specially.
 */
const closesConnection = (status: number) => status === 408;
const standInStatus = 418;

/**
 * The folder of a page asked for by its path, at http level: its own locale's where the path is in
 * a locale's folder (the page locations' capture), else the one the browser asks for.
 */
function pageFolderMap(contract: RouteContract, mode: NginxMode): ConfigNode[] {
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

/**
 * GET /{code}, /{locale}/{code}.html and the other pages answer with their status and page: one
 * location with one pattern per set of locales the pages ship in (one for a build), holding a
 * location per page name. The pattern keeps the locale (`$fallback_static_own_locale`).
 */
function pageLocations(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const statuses = pageStatuses(contract);
	const sitePages = new Map(
		contract.statusPages.filter((route) => route.sitePage).map((route) => [pageName(contract, route), route]),
	);
	const folderOf = (name: string) =>
		!negotiates(contract)
			? ''
			: inWord(sitePages.has(name) ? `$fallback_${mode}_own_folder` : `$fallback_${mode}_page_folder`);
	const format = (name: string) =>
		`${inWord(formatVariable(mode, 'folder'))}${name}.${inWord(formatVariable(mode, 'extension'))}`;
	const sites = sitePageFolders(contract);
	return pageGroups(contract).map((group) => {
		const pattern = pageGroupPattern(contract, group, `fallback_${mode}_own_locale`);
		return block(`location ~ ${nginxPattern(pattern, 'page paths')}`, [
			...group.names.map((name) => {
				const status = statuses.get(name)!;
				const uri = `${pagesPrefix(contract, name, mode, sites)}${folderOf(name)}${format(name)}`;
				// nginx closes the connection on `return 408`: another status stands in (see closesConnection).
				const answer = closesConnection(status)
					? [`error_page ${standInStatus} =${status} ${uri}`, `return ${standInStatus}`]
					: [`error_page ${status} ${uri}`, `return ${status}`];
				// In a site's block, an error_page of the site's own that names this page (h5bp's
				// `error_page 404 /404.html;`) lands here with its error's status set: nginx shows no
				// second error page, so the page is served as it is (its error's status kept).
				const named = mode === 'site' ? [shortBlock(`if ($status != 000)`, [`rewrite ^ ${uri} last`])] : [];
				return block(
					`location ~ ${nginxPattern(`/${literalPathPattern(`/${name}`).slice(1)}(?:[.]html)?$`, 'page name')}`,
					[...named, ...answer],
				);
			}),
		]);
	});
}

/** nginx's own errors, whatever raised them, show the page of their status. */
function errorPages(contract: RouteContract, mode: NginxMode): Directive[] {
	const tooLarge = statusPage(contract, 431);
	return [
		...contract.statusPages.map(
			(route) =>
				`error_page ${route.status} ${mode === 'site' ? sitePageUri(contract, route) : pageUri(contract, route, mode)}`,
		),
		// Headers too large is nginx's own 494, sent as 400 unless mapped: RFC 6585 names it 431.
		...(tooLarge ? [`error_page 494 =${tooLarge.status} ${pageUri(contract, tooLarge, mode)}`] : []),
	];
}

/**
 * The pages' own location: the prefix comes off and the file is read from `root` — the server's
 * (static: the one line that names the pages' folder) or, in front of an app, its own. No body
 * limit here: an error page is served after a request's body is discarded, and nginx would
 * otherwise answer a large POST, sent to its 405 page, with 413.
 */
function pagesLocation(
	contract: RouteContract,
	root: string | undefined,
	mode: NginxMode,
	extra: readonly Directive[] = [],
): ConfigNode {
	const prefix = contract.internalPrefix.replace(/\/$/, '');
	return block(`location ^~ ${contract.internalPrefix}`, [
		'internal',
		...(root === undefined ? [] : [`root ${root}`]),
		`rewrite ${nginxPattern(`^${literalPathPattern(prefix)}(/.*)$`, 'internal prefix')} ${pagesPath(contract)}$1 break`,
		'client_max_body_size 0',
		// What each kind of file is, whatever the http block's types say: problem documents too.
		fileTypes,
		'charset utf-8',
		...requestIdFilters(contract, mode),
		...extra,
	]);
}

/** The media type of each kind of file the pages' location serves. */
export const fileTypes = inlineBlock('types', 'text/html html', `${PROBLEM_JSON} json`, 'text/plain txt');

/**
 * The request's ID in the answer itself (ngx_http_sub_module): a line on the page in its language,
 * `instance` in the problem document. The ID is nginx's own, a hexadecimal string, unless
 * `idVariable` names another that is checked to be one (the ingress-nginx default backend's).
 */
export function requestIdFilters(
	contract: RouteContract,
	mode: NginxMode,
	idVariable = '$request_id',
): Directive[] {
	// Without the ID in the body, nginx sends the files as they are (no filter reads them).
	if (requestIdsOf(contract) !== 'page') return [];
	const { pageAnchor, page: pageWith, problemAnchor, problem } = requestIdMarkup;
	// One language: its line as it is; several: the page's, from its folder (a map).
	const before = negotiates(contract)
		? inWord(languageVariable(mode, 'request_id_line'))
		: lineBeforeId(contract, contract.defaultLocale);
	const page = pageWith(`${before}{id}`, idVariable);
	return [
		`sub_filter_types ${PROBLEM_JSON}`,
		`sub_filter ${nginxString(pageAnchor, 'page anchor')} ${nginxSubstitution(page)}`,
		`sub_filter ${nginxString(problemAnchor, 'problem anchor')} ${nginxSubstitution(problem(idVariable))}`,
	];
}

/** A sub_filter replacement: nginx expands its `$variables`; quotes escaped, nothing else may vary. */
function nginxSubstitution(text: string): string {
	return `'${text.replace(/'/g, "\\'")}'`;
}

/** A default-locale route's problem document, whatever the client accepts: in the locale asked for. */
function problemUri(contract: RouteContract, route: PageRoute, mode: NginxMode): string {
	const locale = negotiates(contract) ? inWord(localeVariable(mode)) : '';
	return `${contract.internalPrefix}${locale}${inPagesFolder(contract, route.problemFile)}`;
}

/**
 * Under an API prefix, a path no file answers gets the not-found problem document (in the locale
 * asked for), not the page: an API client reads JSON.
 */
function apiLocations(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const notFound = notFoundPage(contract);
	return contract.apiPrefixes.map((prefix) =>
		shortBlock(`location ^~ ${prefix}`, [
			`error_page ${notFound.status} ${problemUri(contract, notFound, mode)}`,
			`try_files $uri =${notFound.status}`,
		]),
	);
}

/**
 * Maintenance, first thing in the server block: before the method check, before the app. The
 * regex is matched again on the internal redirect to the page (a map's value would be kept from
 * the first match), so the pages' own prefix passes too.
 */
function maintenanceCheck(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const { maintenance } = contract;
	if (!maintenance) return [];
	const internal = [contract.internalPrefix, ...(mode === 'site' ? [sitePagesPrefix(contract)] : [])];
	const passing = allowedPathsPattern([...maintenance.allowedPaths, ...internal]);
	return [
		comment(
			`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
		),
		block(`if ($uri !~ ${nginxPattern(passing, 'allowed paths')})`, [`return ${MAINTENANCE_STATUS}`]),
		'',
	];
}

/**
 * What answers errors in a server block, the same in the static site and the site mode: any error
 * shows the page of its status, the pages' own paths answer with their status, the rule files and
 * problem documents are unknown paths, and under the API a missing path gets the problem document.
 */
function errorLocations(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const notFound = notFoundPage(contract);
	return [
		comment('Any error nginx answers with, whatever caused it, shows the page of its status.'),
		...errorPages(contract, mode),
		'',
		comment([
			'GET /{code}, /{locale}/{code}.html and their files answer {code} with the page; the app-error pages',
			'their status. One pattern finds every page in every locale; a location per page gives its status.',
		]),
		...pageLocations(contract, mode),
		comment(`Rule files for other hosts are no pages: ${notFound.status}.`),
		...contract.hiddenFiles.map((file) => shortBlock(`location = /${file}`, [`return ${notFound.status}`])),
		comment('Nor are the problem documents: only an error shows them.'),
		...contract.hiddenFolders.map((folder) =>
			shortBlock(`location ^~ ${folder}`, [`return ${notFound.status}`]),
		),
		// In site mode the not-found error_page itself serves the API's problem document (notFoundFormatMaps).
		...(contract.apiPrefixes.length > 0 && mode !== 'site'
			? [
					comment(
						`Under the API, a missing path is ${notFound.status} with the problem document (${PROBLEM_JSON}).`,
					),
					...apiLocations(contract, mode),
				]
			: []),
	];
}

/** The static site: dist/ at `pagesRoot`. */
export function nginxStaticConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const methodNotAllowed = contract.methodNotAllowedStatus;
	const header = fileHeader([
		"Fallback for nginx, standalone: a server of Fallback's pages alone; every error answers with its own",
		'page and status. Its headers go on every answer: for the server that serves your own site, use',
		'fallback-site-http.conf and fallback-site.conf instead.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/nginx/conf.d/fallback.conf`,
		'(it is included inside http {}), then change listen, server_name and root: nothing else names',
		'the port, the host or the folder.',
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment('The headers each status carries: a value for its statuses, none for the rest.'),
		...statusHeaderMaps('static', contract.statusPages, (route) => route.headers),
		...languageMaps('static', contract),
		...pageFolderMap(contract, 'static'),
		...formatMaps('static'),
		...logFormat('static', contract),
		'',
		block('server', [
			listenDirective(options),
			'server_name _',
			`root ${options.pagesRoot}`,
			'index index.html',
			comment('No version in the Server header or on any page nginx writes itself.'),
			'server_tokens off',
			accessLog('static'),
			'',
			comment('On every response, errors included; no location below sets its own.'),
			...addHeaders('static', contract, (route) => route.headers),
			'',
			...maintenanceCheck(contract, 'static'),
			comment(
				`A static site answers ${contract.readMethods.join(' and ')}; any other method gets the ${methodNotAllowed} page.\n` +
					'(`if` holding only `return` is safe at server level.)',
			),
			block(`if ($request_method !~ ^(${contract.readMethods.join('|')})$)`, [`return ${methodNotAllowed}`]),
			'',
			...errorLocations(contract, 'static'),
			'',
			comment('The pages, for error_page only: a request for this prefix is an unknown path.'),
			pagesLocation(contract, undefined, 'static'),
			'',
			comment(`Files that exist are served; anything else is ${notFound.status} with its page.`),
			block('location /', [`try_files $uri $uri/ =${notFound.status}`]),
		]),
	]);
}

/** nginx in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function nginxProxyConfig(contract: RouteContract, options: HostOptions): string {
	const replaced = replacedAppPages(contract);
	const timeoutPage = statusPage(contract, 504);
	// What nginx itself answers when the app cannot be reached or is too slow.
	const failures = [statusPage(contract, 502), statusPage(contract, 504)].filter(
		(route): route is PageRoute => route !== undefined,
	);
	/** A location that passes to the app, with what it does about the app's errors. */
	const proxyLocation = (match: string, errors: readonly ConfigNode[]) =>
		block(`location ${match}`, [
			'proxy_pass http://fallback_app',
			'proxy_http_version 1.1',
			'proxy_set_header Host $host',
			'proxy_set_header Upgrade $http_upgrade',
			'proxy_set_header Connection $fallback_proxy_connection',
			'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for',
			'proxy_set_header X-Forwarded-Proto $scheme',
			...(requestIdsOf(contract) === false
				? []
				: [
						comment("The app gets the request's ID too, so both logs can be matched."),
						`proxy_set_header ${headerName(contract.requestIdHeader, 'request ID header')} $request_id`,
					]),
			comment([
				`How long nginx tries to connect to the app, and how long the app may then stay silent, before`,
				`the visitor gets the ${timeoutPage?.status ?? 504} page: a dead host is answered in seconds, a slow app is waited for.`,
			]),
			`proxy_connect_timeout ${options.upstreamConnectTimeoutSeconds}s`,
			`proxy_read_timeout ${options.upstreamTimeoutSeconds}s`,
			comment(
				"The app decides how large a body it takes: nginx's own limit (1 MB by default) would answer\n" +
					'uploads the app accepts, or refuses with its own answer, with a 413 of its own.',
			),
			'client_max_body_size 0',
			...errors,
		]);
	const headersOf = (route: PageRoute) => headersInFrontOfApp(contract, route);
	const header = fileHeader([
		'Fallback for nginx in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/nginx/conf.d/fallback.conf`,
		'(it is included inside http {}), then change the upstream address, listen, server_name and',
		"root (in the pages' location): nothing else names them.",
		`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')},`,
		'an app that cannot be reached (502) and one silent longer than proxy_read_timeout (504).',
		`Passed through untouched: everything else, ${passedFourxx(replaced)} pages and WebSocket upgrades included.`,
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment(
			`The headers each status carries on Fallback's pages (${contract.appOwnedHeaders.join(', ')}: the app's to say).`,
		),
		...statusHeaderMaps('proxy', contract.statusPages, headersOf),
		...languageMaps('proxy', contract),
		...formatMaps('proxy'),
		...logFormat('proxy', contract),
		'',
		comment('WebSocket: pass the upgrade on to the app; otherwise close the upstream connection.'),
		block('map $http_upgrade $fallback_proxy_connection', ['default upgrade', "'' close"]),
		'',
		block('upstream fallback_app', [`server ${options.upstream}`]),
		'',
		block('server', [
			listenDirective(options),
			'server_name _',
			comment('No version in the Server header or on any page nginx writes itself.'),
			'server_tokens off',
			accessLog('proxy'),
			'',
			comment(
				"nginx's own errors before a location is chosen (a malformed request, headers too large…) show\n" +
					'their page. location / sets its own error_page list, so these are not inherited there.',
			),
			...errorPages(contract, 'proxy'),
			'',
			...maintenanceCheck(contract, 'proxy'),
			proxyLocation('/', [
				comment(
					'Only statuses listed by error_page here are intercepted; the rest pass through as the app sent them.',
				),
				'proxy_intercept_errors on',
				...replaced.map((route) => `error_page ${route.status} ${pageUri(contract, route, 'proxy')}`),
			]),
			...contract.apiPrefixes.map((prefix) =>
				proxyLocation(`^~ ${prefix}`, [
					comment([
						"The app's API answers pass as it sent them, its JSON errors included (nginx cannot look at",
						"an answer's Content-Type before replacing it). Only nginx's own failures get a problem document.",
					]),
					'proxy_intercept_errors off',
					...failures.map((route) => `error_page ${route.status} ${problemUri(contract, route, 'proxy')}`),
				]),
			),
			'',
			comment('The pages, under a prefix an app is unlikely to use; internal: visitors cannot request them.'),
			pagesLocation(contract, options.pagesRoot, 'proxy', addHeaders('proxy', contract, headersOf)),
		]),
	]);
}

/** Site mode: the headers of Fallback's answers, and no version in their Server header. */
const fallbackHeaders = (contract: RouteContract): Directive[] => [
	'server_tokens off',
	...addHeaders('site', contract, (route) => route.headers),
];

/** Site mode: Fallback's galleries (where the site has no page of its own) carry its headers. */
function galleryLocation(contract: RouteContract): ConfigNode[] {
	const paths = fallbackGalleries(contract).flatMap((gallery) => gallery.paths);
	if (paths.length === 0) return [];
	return [
		comment("Fallback's galleries, where the site has no page of its own: its headers."),
		block(`location ~ ${nginxPattern(exactPathsPattern(paths), 'gallery paths')}`, fallbackHeaders(contract)),
	];
}

/**
 * Site mode, a build without galleries: a language folder of Fallback's with no page at its index
 * is an unknown path (nginx would refuse it with 403, having no index to serve).
 */
function emptyFoldersLocation(contract: RouteContract): ConfigNode[] {
	const folders = foldersWithoutIndex(contract);
	if (folders.length === 0) return [];
	return [
		comment('Language folders with no page at their index (no gallery in production): unknown paths.'),
		block(`location ~ ${nginxPattern(exactPathsPattern(folders), 'language folders')}`, ['return 404']),
	];
}

/**
 * Site mode, the http-level part: what Fallback's include in the site's server block reads (the
 * headers of each status, the language and format asked for). Included once, in `http {}`.
 */
export function nginxSiteHttpConfig(contract: RouteContract): string {
	const header = fileHeader([
		'Fallback for nginx, added to the server block that already serves your site: part 1 of 2, for http {}.',
		`Copy this file to /etc/nginx/conf.d/${siteHttpConfigName} (files there are included inside http {}),`,
		`and ${siteConfigName} to /etc/nginx/; nothing in this file needs changing.`,
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment(
			"The headers each status carries on Fallback's answers: a value for its statuses, none for the rest.",
		),
		...statusHeaderMaps('site', contract.statusPages, (route) => route.headers),
		...languageMaps('site', contract),
		...pageFolderMap(contract, 'site'),
		...formatMaps('site'),
		...notFoundFormatMaps(contract),
		...sitePagesPrefixMaps(contract),
	]);
}

/** The site mode's two files: for the site's server {}, and for http {}. */
export const siteConfigName = 'fallback-site.conf';
export const siteHttpConfigName = 'fallback-site-http.conf';

/**
 * Site mode, the server-level part: included in the site's own `server {}` (its root is the built
 * site, Fallback's pages in it), it adds what answers errors and nothing else. Fallback's headers
 * are in the pages' internal location, so only its answers carry them; every other answer of the
 * site, and the site's own pages (sitePages), keep the server block's own. No method is refused
 * that nginx serves today.
 */
export function nginxSiteConfig(contract: RouteContract): string {
	const header = fileHeader([
		'Fallback for nginx, added to the server block that already serves your site: part 2 of 2.',
		`Copy this file to /etc/nginx/${siteConfigName} and add one line to the server {} that serves the built`,
		`site (its root is the build's folder, Fallback's pages in it): include /etc/nginx/${siteConfigName};`,
		`Part 1 (${siteHttpConfigName}) goes in http {}. An error_page of your own comes first (nginx uses`,
		"the first it reads): one naming a page of Fallback's (h5bp's error_page 404 /404.html) shows that",
		"page as asked for; remove it to let Fallback answer by the path too (a locale's folder, the API).",
		'A location with error_page of its own uses only its own. No location here is one of your paths:',
		'your own location /api/ and its app stay.',
		"Only Fallback's answers (errors, its pages, problem documents) carry its headers: your pages and",
		"files keep your server block's own, and any method you answer today is answered as before.",
		...pagesFolderLines(contract),
	]);
	return renderFile(nginxSyntax, header, [
		'',
		...maintenanceCheck(contract, 'site'),
		...errorLocations(contract, 'site'),
		'',
		comment([
			"The pages, for error_page only (a request for this prefix is an unknown path), with Fallback's",
			"headers: a location with add_header of its own, so the server block's are not added to its answers.",
		]),
		pagesLocation(contract, undefined, 'site', fallbackHeaders(contract)),
		...galleryLocation(contract),
		...emptyFoldersLocation(contract),
		...sitePagesLocation(contract),
	]);
}

/**
 * Site mode: the site's own pages (sitePages), as they were built, with the server block's headers
 * (no add_header here: nginx then adds the server block's). A kept page whose status carries a
 * header of its own (Retry-After on 503) needs it, and nginx then adds only those here.
 */
function sitePagesLocation(contract: RouteContract): ConfigNode[] {
	const sitePages = errorRoutes(contract).filter((route) => route.sitePage);
	if (sitePages.length === 0) return [];
	const prefix = sitePagesPrefix(contract);
	const withHeaders = sitePages.filter((route) => Object.keys(route.headers).length > 0);
	return [
		comment(
			withHeaders.length === 0
				? "The site's own pages (sitePages), as they were built, with the server block's headers."
				: [
						"The site's own pages (sitePages), as they were built, with the headers their status needs",
						`(${withHeaders.map((route) => route.status).join(', ')}): nginx adds no header of the server block's here.`,
					],
		),
		block(`location ^~ ${prefix}`, [
			'internal',
			`rewrite ${nginxPattern(`^${literalPathPattern(prefix.replace(/\/$/, ''))}(/.*)$`, 'site pages prefix')} ${pagesPath(contract)}$1 break`,
			...statusHeaderNames(withHeaders, (route) => route.headers).map(
				(name) =>
					`add_header ${headerName(name, 'status header name')} ${headerVariable('site', name)} always`,
			),
		]),
	];
}

/** The site mode's two files, for http {} and the site's server {}. */
export function nginxSiteFiles(contract: RouteContract): HostConfigFile[] {
	return [
		{ path: `nginx/${siteHttpConfigName}`, content: nginxSiteHttpConfig(contract) },
		{ path: `nginx/${siteConfigName}`, content: nginxSiteConfig(contract) },
	];
}

export function nginxFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'nginx/fallback-standalone.conf', content: nginxStaticConfig(contract, options) },
		{ path: 'nginx/fallback-proxy.conf', content: nginxProxyConfig(contract, options) },
		...nginxSiteFiles(contract),
	];
}
