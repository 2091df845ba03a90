/**
 * Caddy v2: a Caddyfile for the static site, and one for Caddy in front of an app. Errors of every
 * origin end in `handle_errors`, which serves the page of the error's status and keeps the status
 * (file_server answers with the error's status when it runs there).
 */
import {
	contentLanguage,
	defaultLocaleRoutes,
	headersInFrontOfApp,
	MAINTENANCE_STATUS,
	negotiates,
	notFoundPage,
	pageFileParts,
	PROBLEM_JSON,
	replacedAppPages,
	routeLocale,
	routePaths,
	statusPage,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import {
	allowedPathsPattern,
	caddyString,
	exactPathsPattern,
	fileHeader,
	hashComment,
	headerName,
	pathPrefixesPattern,
	longestFileName,
	type HostConfigFile,
} from './format';
import { firstListedPattern } from './language';
import { acceptPatterns, formats, type ErrorFormat } from './mediaType';
import type { HostOptions } from './options';

/** `:80` for every interface; a host gets `http://` so Caddy does not try to fetch a certificate for it. */
function siteAddress({ listen }: HostOptions): string {
	return listen.host ? `http://${listen.host}:${listen.port}` : `:${listen.port}`;
}

/** A matcher name from a page file: `global-error.html` → `page_global_error`. */
const matcherName = (route: PageRoute) => `page_${route.file.replace(/\.html$/, '').replace(/\W/g, '_')}`;

const snippet = 'fallback_page_headers';

/** The page headers, as a snippet both modes import where a Fallback page is answered. */
function pageHeaderSnippet(contract: RouteContract): string[] {
	return [
		`(${snippet}) {`,
		'\theader {',
		...Object.entries(contract.pageHeaders).map(
			([name, value]) =>
				`\t\t${headerName(name, 'page header name')} ${caddyString(value, `page header ${name}`)}`,
		),
		'\t}',
		'}',
	];
}

/** In handle_errors: the headers that go with a status, matched on the error's status. */
function statusHeaderLines(routes: readonly PageRoute[], headersOf: HeadersOf) {
	return routes.flatMap((route) => {
		const headers = Object.entries(headersOf(route));
		if (headers.length === 0) return [];
		return [
			`\t\t@status${route.status} expression \`{err.status_code} == ${route.status}\``,
			...headers.map(
				([name, value]) =>
					`\t\theader @status${route.status} ${headerName(name, 'status header name')} ${caddyString(value, `header ${name} of status ${route.status}`)}`,
			),
		];
	});
}

/**
 * In handle_errors, where other locales ship: `{fallback_locale}`, the folder of the locale the
 * browser lists first among those that ship (see language.ts for what is matched), and
 * `{fallback_language}`, its Content-Language; every answer varies with Accept-Language.
 */
function languageLines(contract: RouteContract): string[] {
	const language = (locale: string) => contentLanguage(contract, locale);
	if (!negotiates(contract)) {
		return [
			`\t\theader Content-Language ${caddyString(language(contract.defaultLocale), 'default language')}`,
		];
	}
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
	return [
		hashComment(
			`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed): folder, language.`,
			'\t\t',
		),
		'\t\tmap {header.Accept-Language} {fallback_locale} {fallback_language} {',
		...contract.otherLocales.map(
			(locale) =>
				`\t\t\t${caddyString(`~${firstListedPattern(locale, shipped)}`, `Accept-Language of ${locale}`)} "${locale}/" ${caddyString(language(locale), `language of ${locale}`)}`,
		),
		`\t\t\tdefault "" ${caddyString(language(contract.defaultLocale), 'default language')}`,
		'\t\t}',
	];
}

/**
 * In handle_errors: the format the client asks for — the page, its problem document or its text
 * twin — from the Accept header, first match (see mediaType.ts): folder, extension, media type.
 * Every error answer varies with it (and with the language where locales ship).
 */
function formatLines(contract: RouteContract): string[] {
	const values = (format: ErrorFormat) =>
		`"${formats[format].folder}" ${formats[format].extension} ${caddyString(formats[format].type, `type of ${format}`)}`;
	return [
		hashComment('The format the client asks for: the page, its problem document, its text twin.', '\t\t'),
		'\t\tmap {header.Accept} {fallback_format_folder} {fallback_format_extension} {fallback_format_type} {',
		...acceptPatterns.map(
			({ format, pattern }) => `\t\t\t${caddyString(`~${pattern}`, `Accept of ${format}`)} ${values(format)}`,
		),
		`\t\t\tdefault ${values('page')}`,
		'\t\t}',
		`\t\theader Vary ${caddyString(negotiates(contract) ? 'Accept-Language, Accept' : 'Accept', 'Vary')}`,
	];
}

/**
 * The language of the files served as they are (the galleries): each locale's folder says its
 * own, anything else the default's (`?`: only where no other set it).
 */
function fileLanguageLines(contract: RouteContract): string[] {
	const language = (locale: string) => contentLanguage(contract, locale);
	return [
		`\theader ?Content-Language ${caddyString(language(contract.defaultLocale), 'default language')}`,
		...contract.otherLocales.flatMap((locale) => [
			`\t@locale_${locale} path /${locale}/*`,
			`\theader @locale_${locale} Content-Language ${caddyString(language(locale), `language of ${locale}`)}`,
		]),
	];
}

/**
 * Serves a page in handle_errors: its own locale's, or the one the browser asks for; `file` serves
 * another of the route's files (its problem document).
 */
function servePage(
	contract: RouteContract,
	route: PageRoute | undefined,
	indent: string,
	file?: string,
): string[] {
	const negotiated = negotiates(contract) && (!route || defaultLocaleRoutes(contract).includes(route));
	// The page's folder and name (`de/`, `404`), in the format asked for, unless a file is given.
	const { folder: ownFolder, name } = pageFileParts(route?.file ?? '{err.status_code}.html');
	const served = file ?? `${ownFolder}{fallback_format_folder}${name}.{fallback_format_extension}`;
	const fixedLanguage = route && !negotiated && negotiates(contract);
	return [
		...(negotiated ? [`${indent}header Content-Language {fallback_language}`] : []),
		...(fixedLanguage
			? [
					`${indent}header Content-Language ${caddyString(contentLanguage(contract, routeLocale(contract, route)), 'page language')}`,
				]
			: []),
		...(file ? [] : [`${indent}header Content-Type {fallback_format_type}`]),
		`${indent}rewrite * /${negotiated ? '{fallback_locale}' : ''}${served}`,
		// Never a redirect: file_server would send /x/404.json/ to /x/404.json when the page it
		// serves has the name of the path's last segment.
		`${indent}file_server {`,
		`${indent}\tdisable_canonical_uris`,
		`${indent}}`,
	];
}

/**
 * An error page is the whole page: file_server would answer a conditional request with an empty
 * body (304 turned into the error's status) and a range request with part of the page.
 */
const conditionalRequestHeaders = [
	'If-Match',
	'If-None-Match',
	'If-Modified-Since',
	'If-Unmodified-Since',
	'If-Range',
	'Range',
];

function wholePageLines(indent: string): string[] {
	return [
		hashComment('Always the whole page: no conditional or partial answer to an error.', indent),
		...conditionalRequestHeaders.map((name) => `${indent}request_header -${name}`),
	];
}

/**
 * Maintenance: every path but the allowed ones fails with 503 at once, before anything else runs,
 * and handle_errors answers it like any 503 (its page in the language and format asked for).
 */
function maintenanceLines(contract: RouteContract, indent: string): string[] {
	const { maintenance } = contract;
	if (!maintenance) return [];
	const allowed = maintenance.allowedPaths;
	return [
		hashComment(
			`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
			indent,
		),
		...(allowed.length > 0
			? [
					`${indent}@maintenance not path_regexp ${allowedPathsPattern(allowed)}`,
					`${indent}error @maintenance ${MAINTENANCE_STATUS}`,
				]
			: [`${indent}error ${MAINTENANCE_STATUS}`]),
	];
}

/** The static site: dist/ at `pagesRoot`. */
export function caddyStaticConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const codes = contract.statusPages.map((route) => route.status).join('|');
	return [
		fileHeader([
			'Fallback for Caddy v2, static site: every error answers with its own page and status.',
			`Copy dist/ to ${options.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
			'then replace the site address with your domain (Caddy then gets it a certificate) and change root.',
		]),
		'',
		...pageHeaderSnippet(contract),
		'',
		`${siteAddress(options)} {`,
		`\troot * ${caddyString(options.pagesRoot, 'fallback.hosts.pagesRoot')}`,
		`\timport ${snippet}`,
		...fileLanguageLines(contract),
		'',
		hashComment(
			[
				'`route` keeps these in order: a method check first, then the addresses that answer with an',
				'error; the first that matches ends the request. Nothing matched: file_server serves the file',
				`or fails with ${notFound.status}. path_regexp, unlike path, tells /Global-Error from /global-error.`,
			],
			'\t',
		),
		'\troute {',
		...maintenanceLines(contract, '\t\t'),
		`\t\t@notRead not method ${contract.readMethods.join(' ')}`,
		`\t\terror @notRead ${contract.methodNotAllowedStatus}`,
		hashComment('/{code} and /{code}.html answer {code}.', '\t\t'),
		`\t\t@statusPage path_regexp statusPage ^/(${codes})(?:[.]html)?$`,
		// One argument that is not a number would be the message: the status goes second.
		'\t\terror @statusPage "the page of its status" {re.statusPage.1}',
		...contract.extraPages.flatMap((route) => [
			`\t\t@${matcherName(route)} path_regexp ${exactPathsPattern(routePaths(route))}`,
			`\t\terror @${matcherName(route)} ${route.status}`,
		]),
		hashComment(
			`Rule files for other hosts are no pages: ${notFound.status}; nor are the problem documents.`,
			'\t\t',
		),
		`\t\t@hidden path_regexp ${exactPathsPattern(contract.hiddenFiles.map((file) => `/${file}`))}`,
		`\t\terror @hidden ${notFound.status}`,
		`\t\t@hiddenFolders path_regexp ${pathPrefixesPattern(contract.hiddenFolders)}`,
		`\t\terror @hiddenFolders ${notFound.status}`,
		hashComment(
			`A path segment longer than a file name can be is no file: ${notFound.status} (file_server would fail with 500).`,
			'\t\t',
		),
		`\t\t@tooLong path_regexp /[^/]{${longestFileName + 1},}`,
		`\t\terror @tooLong ${notFound.status}`,
		hashComment(
			`Nor is a path with a control character (/%00): ${notFound.status} (file_server would fail with 500).`,
			'\t\t',
		),
		'\t\t@controlCharacter path_regexp [\\x00-\\x1f\\x7f]',
		`\t\terror @controlCharacter ${notFound.status}`,
		'\t\tfile_server',
		'\t}',
		'',
		hashComment(
			`Every error, whatever caused it (a missing file is ${notFound.status}), shows the page of its status.`,
			'\t',
		),
		'\thandle_errors {',
		`\t\timport ${snippet}`,
		hashComment("Caddy's own ID of the request (never one a client sent), for support to quote.", '\t\t'),
		`\t\theader ${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`,
		...languageLines(contract),
		...formatLines(contract),
		...statusHeaderLines(contract.statusPages, (route) => route.headers),
		...wholePageLines('\t\t'),
		// An extra page only with its own status: a POST there is a 405 like anywhere else.
		...contract.extraPages.flatMap((route) => [
			`\t\t@${matcherName(route)} {`,
			`\t\t\tpath_regexp ${exactPathsPattern(routePaths(route))}`,
			`\t\t\texpression \`{err.status_code} == ${route.status}\``,
			'\t\t}',
			`\t\thandle @${matcherName(route)} {`,
			...servePage(contract, route, '\t\t\t'),
			'\t\t}',
		]),
		...apiHandlers(contract, 'static'),
		'\t\thandle {',
		...servePage(contract, undefined, '\t\t\t'),
		'\t\t}',
		'\t}',
		'}',
		'',
	].join('\n');
}

/**
 * In handle_errors: under an API prefix, an error gets its problem document (in the locale asked
 * for), as application/problem+json, not the page: in a static site the not-found one; in front
 * of an app that of any error Caddy answers (the app unreachable, too slow, or failing with an
 * HTML or empty body).
 */
function apiHandlers(contract: RouteContract, mode: 'static' | 'proxy'): string[] {
	if (contract.apiPrefixes.length === 0) return [];
	const notFound = notFoundPage(contract);
	return [
		hashComment(`Under the API: the problem document (${PROBLEM_JSON}).`, '\t\t'),
		'\t\t@api {',
		`\t\t\tpath_regexp ${pathPrefixesPattern(contract.apiPrefixes)}`,
		...(mode === 'static' ? [`\t\t\texpression \`{err.status_code} == ${notFound.status}\``] : []),
		'\t\t}',
		'\t\thandle @api {',
		`\t\t\theader Content-Type ${PROBLEM_JSON}`,
		...(mode === 'static'
			? servePage(contract, notFound, '\t\t\t', notFound.problemFile)
			: servePage(contract, undefined, '\t\t\t', 'problem/{err.status_code}.json')),
		'\t\t}',
	];
}

/** Caddy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function caddyProxyConfig(contract: RouteContract, options: HostOptions): string {
	const replaced = replacedAppPages(contract);
	return [
		fileHeader([
			'Fallback for Caddy v2 in front of an app: the app answers; when it fails, Fallback’s page does.',
			`Copy dist/ to ${options.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
			'then replace the site address with your domain and the reverse_proxy address with your app’s.',
			`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')},`,
			'an app that cannot be reached (502) and one slower than response_header_timeout (504).',
			"Passed through untouched: everything else, the app's own 4xx pages and WebSocket upgrades included.",
		]),
		'',
		...pageHeaderSnippet(contract),
		'',
		`${siteAddress(options)} {`,
		...maintenanceLines(contract, '\t'),
		`\treverse_proxy ${options.upstream} {`,
		hashComment("The app gets the request's ID too, so both logs can be matched.", '\t\t'),
		`\t\theader_up ${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`,
		'\t\ttransport http {',
		hashComment(
			`How long the app may take to start answering before the visitor gets the ${statusPage(contract, 504)?.status ?? 504} page.`,
			'\t\t\t',
		),
		`\t\t\tresponse_header_timeout ${options.upstreamTimeoutSeconds}s`,
		'\t\t}',
		hashComment(
			"The app's server errors, when HTML or empty, become Caddy errors with the same status, so\n" +
				'handle_errors shows their page (or problem document); any other body passes as the app sent it.',
			'\t\t',
		),
		// Only an HTML or empty answer: the app's JSON (or any other) error reaches its client as sent.
		...(
			[
				['appFailedPage', 'Content-Type text/html*'],
				['appFailedEmpty', '!Content-Type'],
			] as const
		).flatMap(([name, header]) => [
			`\t\t@${name} {`,
			`\t\t\tstatus ${replaced.map((route) => route.status).join(' ')}`,
			`\t\t\theader ${header}`,
			'\t\t}',
			`\t\thandle_response @${name} {`,
			'\t\t\terror "the app answered {rp.status_code}" {rp.status_code}',
			'\t\t}',
		]),
		'\t}',
		'',
		'\thandle_errors {',
		`\t\troot * ${caddyString(options.pagesRoot, 'fallback.hosts.pagesRoot')}`,
		`\t\timport ${snippet}`,
		hashComment("Caddy's own ID of the request (never one a client sent), for support to quote.", '\t\t'),
		`\t\theader ${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`,
		...languageLines(contract),
		...formatLines(contract),
		...statusHeaderLines(contract.statusPages, (route) => headersInFrontOfApp(contract, route)),
		...wholePageLines('\t\t'),
		...apiHandlers(contract, 'proxy'),
		'\t\thandle {',
		...servePage(contract, undefined, '\t\t\t'),
		'\t\t}',
		'\t}',
		'}',
		'',
	].join('\n');
}

export function caddyFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'caddy/Caddyfile.static', content: caddyStaticConfig(contract, options) },
		{ path: 'caddy/Caddyfile.proxy', content: caddyProxyConfig(contract, options) },
	];
}
