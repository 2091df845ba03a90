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
	headerName,
	pathPrefixesPattern,
	longestFileName,
	type HostConfigFile,
} from './format';
import { firstListedPattern } from './language';
import { acceptPatterns, formats, type ErrorFormat } from './mediaType';
import type { HostOptions } from './options';

import { block, caddySyntax, comment, renderFile, type ConfigNode, type Directive } from './syntax/braces';

/** `:80` for every interface; a host gets `http://` so Caddy does not try to fetch a certificate for it. */
function siteAddress({ listen }: HostOptions): string {
	return listen.host ? `http://${listen.host}:${listen.port}` : `:${listen.port}`;
}

/** A matcher name from a page file: `global-error.html` → `page_global_error`. */
const matcherName = (route: PageRoute) => `page_${route.file.replace(/\.html$/, '').replace(/\W/g, '_')}`;

const snippet = 'fallback_page_headers';

/** The page headers, as a snippet both modes import where a Fallback page is answered. */
function pageHeaderSnippet(contract: RouteContract): ConfigNode {
	return block(`(${snippet})`, [
		block(
			'header',
			Object.entries(contract.pageHeaders).map(
				([name, value]) =>
					`${headerName(name, 'page header name')} ${caddyString(value, `page header ${name}`)}`,
			),
		),
	]);
}

/** In handle_errors: the headers that go with a status, matched on the error's status. */
function statusHeaderLines(routes: readonly PageRoute[], headersOf: HeadersOf): Directive[] {
	return routes.flatMap((route) => {
		const headers = Object.entries(headersOf(route));
		if (headers.length === 0) return [];
		return [
			`@status${route.status} expression \`{err.status_code} == ${route.status}\``,
			...headers.map(
				([name, value]) =>
					`header @status${route.status} ${headerName(name, 'status header name')} ${caddyString(value, `header ${name} of status ${route.status}`)}`,
			),
		];
	});
}

/**
 * In handle_errors, where other locales ship: `{fallback_locale}`, the folder of the locale the
 * browser lists first among those that ship (see language.ts for what is matched), and
 * `{fallback_language}`, its Content-Language; every answer varies with Accept-Language.
 */
function languageLines(contract: RouteContract): ConfigNode[] {
	const language = (locale: string) => contentLanguage(contract, locale);
	if (!negotiates(contract)) {
		return [`header Content-Language ${caddyString(language(contract.defaultLocale), 'default language')}`];
	}
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
	return [
		comment(
			`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed): folder, language.`,
		),
		block('map {header.Accept-Language} {fallback_locale} {fallback_language}', [
			...contract.otherLocales.map(
				(locale) =>
					`${caddyString(`~${firstListedPattern(locale, shipped)}`, `Accept-Language of ${locale}`)} "${locale}/" ${caddyString(language(locale), `language of ${locale}`)}`,
			),
			`default "" ${caddyString(language(contract.defaultLocale), 'default language')}`,
		]),
	];
}

/**
 * In handle_errors: the format the client asks for — the page, its problem document or its text
 * twin — from the Accept header, first match (see mediaType.ts): folder, extension, media type.
 * Every error answer varies with it (and with the language where locales ship).
 */
function formatLines(contract: RouteContract): ConfigNode[] {
	const values = (format: ErrorFormat) =>
		`"${formats[format].folder}" ${formats[format].extension} ${caddyString(formats[format].type, `type of ${format}`)}`;
	return [
		comment('The format the client asks for: the page, its problem document, its text twin.'),
		block('map {header.Accept} {fallback_format_folder} {fallback_format_extension} {fallback_format_type}', [
			...acceptPatterns.map(
				({ format, pattern }) => `${caddyString(`~${pattern}`, `Accept of ${format}`)} ${values(format)}`,
			),
			`default ${values('page')}`,
		]),
		`header Vary ${caddyString(negotiates(contract) ? 'Accept-Language, Accept' : 'Accept', 'Vary')}`,
	];
}

/**
 * The language of the files served as they are (the galleries): each locale's folder says its
 * own, anything else the default's (`?`: only where no other set it).
 */
function fileLanguageLines(contract: RouteContract): Directive[] {
	const language = (locale: string) => contentLanguage(contract, locale);
	return [
		`header ?Content-Language ${caddyString(language(contract.defaultLocale), 'default language')}`,
		...contract.otherLocales.flatMap((locale) => [
			`@locale_${locale} path /${locale}/*`,
			`header @locale_${locale} Content-Language ${caddyString(language(locale), `language of ${locale}`)}`,
		]),
	];
}

/**
 * Serves a page in handle_errors: its own locale's, or the one the browser asks for; `file` serves
 * another of the route's files (its problem document).
 */
function servePage(contract: RouteContract, route: PageRoute | undefined, file?: string): ConfigNode[] {
	const negotiated = negotiates(contract) && (!route || defaultLocaleRoutes(contract).includes(route));
	// The page's folder and name (`de/`, `404`), in the format asked for, unless a file is given.
	const { folder: ownFolder, name } = pageFileParts(route?.file ?? '{err.status_code}.html');
	const served = file ?? `${ownFolder}{fallback_format_folder}${name}.{fallback_format_extension}`;
	const fixedLanguage = route && !negotiated && negotiates(contract);
	return [
		...(negotiated ? ['header Content-Language {fallback_language}'] : []),
		...(fixedLanguage
			? [
					`header Content-Language ${caddyString(contentLanguage(contract, routeLocale(contract, route)), 'page language')}`,
				]
			: []),
		...(file ? [] : ['header Content-Type {fallback_format_type}']),
		`rewrite * /${negotiated ? '{fallback_locale}' : ''}${served}`,
		// Never a redirect: file_server would send /x/404.json/ to /x/404.json when the page it
		// serves has the name of the path's last segment.
		block('file_server', ['disable_canonical_uris']),
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

const wholePageLines: ConfigNode[] = [
	comment('Always the whole page: no conditional or partial answer to an error.'),
	...conditionalRequestHeaders.map((name) => `request_header -${name}`),
];

/**
 * Maintenance: every path but the allowed ones fails with 503 at once, before anything else runs,
 * and handle_errors answers it like any 503 (its page in the language and format asked for).
 */
function maintenanceLines(contract: RouteContract): ConfigNode[] {
	const { maintenance } = contract;
	if (!maintenance) return [];
	const allowed = maintenance.allowedPaths;
	return [
		comment(
			`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
		),
		...(allowed.length > 0
			? [
					`@maintenance not path_regexp ${allowedPathsPattern(allowed)}`,
					`error @maintenance ${MAINTENANCE_STATUS}`,
				]
			: [`error ${MAINTENANCE_STATUS}`]),
	];
}

/** The error handler's common part: page headers, request ID, language, format, status headers. */
function errorAnswerLines(contract: RouteContract, headersOf: HeadersOf): ConfigNode[] {
	return [
		`import ${snippet}`,
		comment("Caddy's own ID of the request (never one a client sent), for support to quote."),
		`header ${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`,
		...languageLines(contract),
		...formatLines(contract),
		...statusHeaderLines(contract.statusPages, headersOf),
		...wholePageLines,
	];
}

/** The static site: dist/ at `pagesRoot`. */
export function caddyStaticConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const codes = contract.statusPages.map((route) => route.status).join('|');
	const header = fileHeader([
		'Fallback for Caddy v2, static site: every error answers with its own page and status.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
		'then replace the site address with your domain (Caddy then gets it a certificate) and change root.',
	]);
	return renderFile(caddySyntax, header, [
		'',
		pageHeaderSnippet(contract),
		'',
		block(siteAddress(options), [
			`root * ${caddyString(options.pagesRoot, 'fallback.hosts.pagesRoot')}`,
			`import ${snippet}`,
			...fileLanguageLines(contract),
			'',
			comment([
				'`route` keeps these in order: a method check first, then the addresses that answer with an',
				'error; the first that matches ends the request. Nothing matched: file_server serves the file',
				`or fails with ${notFound.status}. path_regexp, unlike path, tells /Global-Error from /global-error.`,
			]),
			block('route', [
				...maintenanceLines(contract),
				`@notRead not method ${contract.readMethods.join(' ')}`,
				`error @notRead ${contract.methodNotAllowedStatus}`,
				comment('/{code} and /{code}.html answer {code}.'),
				`@statusPage path_regexp statusPage ^/(${codes})(?:[.]html)?$`,
				// One argument that is not a number would be the message: the status goes second.
				'error @statusPage "the page of its status" {re.statusPage.1}',
				...contract.extraPages.flatMap((route) => [
					`@${matcherName(route)} path_regexp ${exactPathsPattern(routePaths(route))}`,
					`error @${matcherName(route)} ${route.status}`,
				]),
				comment(
					`Rule files for other hosts are no pages: ${notFound.status}; nor are the problem documents.`,
				),
				`@hidden path_regexp ${exactPathsPattern(contract.hiddenFiles.map((file) => `/${file}`))}`,
				`error @hidden ${notFound.status}`,
				`@hiddenFolders path_regexp ${pathPrefixesPattern(contract.hiddenFolders)}`,
				`error @hiddenFolders ${notFound.status}`,
				comment(
					`A path segment longer than a file name can be is no file: ${notFound.status} (file_server would fail with 500).`,
				),
				`@tooLong path_regexp /[^/]{${longestFileName + 1},}`,
				`error @tooLong ${notFound.status}`,
				comment(
					`Nor is a path with a control character (/%00): ${notFound.status} (file_server would fail with 500).`,
				),
				'@controlCharacter path_regexp [\\x00-\\x1f\\x7f]',
				`error @controlCharacter ${notFound.status}`,
				'file_server',
			]),
			'',
			comment(
				`Every error, whatever caused it (a missing file is ${notFound.status}), shows the page of its status.`,
			),
			block('handle_errors', [
				...errorAnswerLines(contract, (route) => route.headers),
				// An extra page only with its own status: a POST there is a 405 like anywhere else.
				...contract.extraPages.flatMap((route) => [
					block(`@${matcherName(route)}`, [
						`path_regexp ${exactPathsPattern(routePaths(route))}`,
						`expression \`{err.status_code} == ${route.status}\``,
					]),
					block(`handle @${matcherName(route)}`, servePage(contract, route)),
				]),
				...apiHandlers(contract, 'static'),
				block('handle', servePage(contract, undefined)),
			]),
		]),
	]);
}

/**
 * In handle_errors: under an API prefix, an error gets its problem document (in the locale asked
 * for), as application/problem+json, not the page: in a static site the not-found one; in front
 * of an app that of any error Caddy answers (the app unreachable, too slow, or failing with an
 * HTML or empty body).
 */
function apiHandlers(contract: RouteContract, mode: 'static' | 'proxy'): ConfigNode[] {
	if (contract.apiPrefixes.length === 0) return [];
	const notFound = notFoundPage(contract);
	return [
		comment(`Under the API: the problem document (${PROBLEM_JSON}).`),
		block('@api', [
			`path_regexp ${pathPrefixesPattern(contract.apiPrefixes)}`,
			...(mode === 'static' ? [`expression \`{err.status_code} == ${notFound.status}\``] : []),
		]),
		block('handle @api', [
			`header Content-Type ${PROBLEM_JSON}`,
			...(mode === 'static'
				? servePage(contract, notFound, notFound.problemFile)
				: servePage(contract, undefined, 'problem/{err.status_code}.json')),
		]),
	];
}

/** Caddy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function caddyProxyConfig(contract: RouteContract, options: HostOptions): string {
	const replaced = replacedAppPages(contract);
	const header = fileHeader([
		'Fallback for Caddy v2 in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
		'then replace the site address with your domain and the reverse_proxy address with your app’s.',
		`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')},`,
		'an app that cannot be reached (502) and one slower than response_header_timeout (504).',
		"Passed through untouched: everything else, the app's own 4xx pages and WebSocket upgrades included.",
	]);
	return renderFile(caddySyntax, header, [
		'',
		pageHeaderSnippet(contract),
		'',
		block(siteAddress(options), [
			...maintenanceLines(contract),
			block(`reverse_proxy ${options.upstream}`, [
				comment("The app gets the request's ID too, so both logs can be matched."),
				`header_up ${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`,
				block('transport http', [
					comment(
						`How long the app may take to start answering before the visitor gets the ${statusPage(contract, 504)?.status ?? 504} page.`,
					),
					`response_header_timeout ${options.upstreamTimeoutSeconds}s`,
				]),
				comment(
					"The app's server errors, when HTML or empty, become Caddy errors with the same status, so\n" +
						'handle_errors shows their page (or problem document); any other body passes as the app sent it.',
				),
				// Only an HTML or empty answer: the app's JSON (or any other) error reaches its client as sent.
				...(
					[
						['appFailedPage', 'Content-Type text/html*'],
						['appFailedEmpty', '!Content-Type'],
					] as const
				).flatMap(([name, header]) => [
					block(`@${name}`, [
						`status ${replaced.map((route) => route.status).join(' ')}`,
						`header ${header}`,
					]),
					block(`handle_response @${name}`, ['error "the app answered {rp.status_code}" {rp.status_code}']),
				]),
			]),
			'',
			block('handle_errors', [
				`root * ${caddyString(options.pagesRoot, 'fallback.hosts.pagesRoot')}`,
				...errorAnswerLines(contract, (route) => headersInFrontOfApp(contract, route)),
				...apiHandlers(contract, 'proxy'),
				block('handle', servePage(contract, undefined)),
			]),
		]),
	]);
}

export function caddyFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'caddy/Caddyfile.static', content: caddyStaticConfig(contract, options) },
		{ path: 'caddy/Caddyfile.proxy', content: caddyProxyConfig(contract, options) },
	];
}
