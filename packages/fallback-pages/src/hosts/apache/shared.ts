/**
 * Apache: what its three kinds of config share. The page and status headers, the rewrite rules of
 * the pages and the API, maintenance, request IDs and the ErrorDocument lines; the type maps that
 * negotiate each error page's language and format are typeMaps.ts'. The files: standalone.ts
 * (Fallback's pages alone), proxy.ts (in front of an app), site.ts (included in a team's own
 * VirtualHost).
 */
import {
	baseOf,
	contentLanguage,
	errorRoutes,
	MAINTENANCE_STATUS,
	negotiates,
	notFoundPage,
	PROBLEM_JSON,
	statusPage,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
	requestIdsOf,
} from '../../contract/contract';
import {
	allowedPathsPattern,
	apacheHeaderValue,
	apacheString,
	exactPathsPattern,
	headerName,
	literalPathPattern,
	pathPrefixesPattern,
	longestFileName,
} from '../format';
import { firstListedCapture, hostLocales } from '../language';
import { foldersWithoutIndex, pageGroupPattern, pageGroups, pageStatuses } from '../pageTable';
import { comment, section, type ApacheDirective, type ApacheNode } from '../syntax/apache';
import { apacheUnsupportedStatuses } from '../unsupportedStatuses';
import type { HostOptions } from '../../config/hostOptions';
import { errorDocument, supported } from './typeMaps';

export function virtualHostAddress({ listen }: HostOptions): string {
	return `${listen.host ?? '*'}:${listen.port}`;
}

/** The page headers, on every response Apache answers in this context (`always`: errors too). */
export function pageHeaderLines(contract: RouteContract): ApacheDirective[] {
	return Object.entries(contract.pageHeaders).map(
		([name, value]) =>
			`Header always set ${headerName(name, 'page header name')} ${apacheHeaderValue(value, `page header ${name}`)}`,
	);
}

/**
 * `Header always` adds to error responses too (plain `Header` only touches 2xx); the expression
 * ties each header to its status, whichever rule or failure produced it.
 */
export function statusHeaderLines(routes: readonly PageRoute[], headersOf: HeadersOf): ApacheDirective[] {
	return routes.flatMap((route) =>
		Object.entries(headersOf(route)).map(
			([name, value]) =>
				`Header always set ${headerName(name, 'status header name')} ${apacheHeaderValue(value, `header ${name} of status ${route.status}`)} "expr=%{REQUEST_STATUS} == ${route.status}"`,
		),
	);
}

export const unsupportedNote = comment(
	`Apache 2.4 cannot answer ${[...apacheUnsupportedStatuses].join(' or ')} (not in its status table): those pages are left out.`,
);

/**
 * Rules below apply to what a visitor asked for, not to the internal redirect that serves an
 * ErrorDocument (REDIRECT_STATUS is set there): otherwise the page's own rule would fire again.
 */
export const onlyVisitorRequests = ['RewriteCond "%{ENV:REDIRECT_STATUS}" "!^$"', 'RewriteRule "^" "-" [L]'];

/**
 * Maintenance: every path a visitor asks for but the allowed ones ends at once with 503, whose
 * ErrorDocument shows its page; in front of an app, before ProxyPass could pass it on.
 */
export function maintenanceRules(contract: RouteContract): ApacheNode[] {
	const { maintenance } = contract;
	if (!maintenance) return [];
	return [
		comment(
			`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
		),
		...(maintenance.allowedPaths.length > 0
			? [
					`RewriteCond "%{REQUEST_URI}" ${apacheString(`!${allowedPathsPattern(maintenance.allowedPaths)}`, 'allowed paths')}`,
				]
			: []),
		`RewriteRule "^" "-" [R=${MAINTENANCE_STATUS},L]`,
	];
}

/**
 * The language of an error, in the rewrite rules: the locale the browser lists first among those
 * that ship (see language.ts for what is matched), found by one pattern; its folder goes to
 * `FALLBACK_LOCALE` (unset for the default locale). Under a locale's folder (`/de/404`,
 * `/de/no-such-page`) that locale replaces it.
 */
export function languageRules(contract: RouteContract): ApacheNode[] {
	if (!negotiates(contract)) return [];
	const shipped = hostLocales(contract);
	return [
		comment(
			`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed), as a folder of type maps.`,
		),
		'RewriteMap fallback_lower int:tolower',
		// [NV]: mod_rewrite would add `Vary: Accept-Language` to every answer this condition is read for,
		// the site's own pages and files (and an app's) included; Fallback's answers set their own Vary.
		`RewriteCond "%{HTTP:Accept-Language}" ${apacheString(firstListedCapture(shipped), 'Accept-Language pattern')} [NV]`,
		`RewriteCond "\${fallback_lower:%1}" ${apacheString(`^(?!${contract.defaultLocale}$)(.+)$`, 'default locale')}`,
		'RewriteRule "^" "-" [E=FALLBACK_LOCALE:%1/]',
		comment("Under a locale's folder, that locale, whatever the browser asks: its pages and its errors."),
		comment(
			"(FALLBACK_FOLDER: the folder's alone, for the site's own pages, which answer in every language.)",
		),
		`RewriteRule ${apacheString(`^${literalPathPattern(baseOf(contract))}(${contract.otherLocales.join('|')})/`, 'locale folders')} "-" [E=FALLBACK_LOCALE:$1/,E=FALLBACK_FOLDER:$1/]`,
		...Object.entries(contract.localeAliases ?? {}).map(
			([folder, locale]) =>
				`RewriteRule ${apacheString(`^${literalPathPattern(folder)}`, `locale folder ${folder}`)} "-" [${locale === contract.defaultLocale ? 'E=!FALLBACK_LOCALE' : `E=FALLBACK_LOCALE:${locale}/,E=FALLBACK_FOLDER:${locale}/`}]`,
		),
	];
}

/**
 * A request for an error page, in any locale (`/404`, `/de/404.html`, `/global-error`), ends with
 * its status. One pattern tells a page from any other path, which skips the rest; a page then gets
 * its locale and its status by its name.
 */
export function pageRules(contract: RouteContract): ApacheNode[] {
	const statuses = pageStatuses(contract);
	return [
		comment('GET /{code}, /{locale}/{code}.html and the other pages answer with their status and page.'),
		...pageGroups(contract).flatMap((group) => {
			const nameRules = group.names.flatMap((name) => {
				const status = statuses.get(name)!;
				// A status Apache cannot send: its path and its file are unknown paths, never the file with 200.
				if (apacheUnsupportedStatuses.has(status)) {
					return [
						`RewriteRule "${literalPathPattern(`/${name}`)}(?:[.]html)?$" "-" [R=${notFoundPage(contract).status},L]`,
					];
				}
				// A page named otherwise than a status the site keeps (application-error beside the site's
				// 500) is Fallback's: its type map is in the locale asked for, not the folder's alone.
				const ofSitePage = statusPage(contract, status)?.sitePage
					? ',E=FALLBACK_FOLDER:%{ENV:FALLBACK_LOCALE}'
					: '';
				const flags =
					name === String(status) ? `R=${status},L` : `E=FALLBACK_NAME:${name}.${ofSitePage},R=${status},L`;
				return [`RewriteRule "${literalPathPattern(`/${name}`)}(?:[.]html)?$" "-" [${flags}]`];
			});
			return [
				`RewriteRule ${apacheString(`!${pageGroupPattern(contract, group)}`, 'page paths')} "-" [S=${nameRules.length}]`,
				...nameRules,
			];
		}),
	];
}

/**
 * Each page's Content-Language comes from the folder it is in (DefaultLanguage; mod_negotiation
 * only uses the map's to choose), its charset from AddCharset; a .json file is a problem document.
 * Goes inside the pages' <Directory>, followed by one <Directory> per other locale's folder.
 */
export function pageLanguageLines(contract: RouteContract): ApacheDirective[] {
	return [
		'AddCharset utf-8 .html .txt',
		`AddType ${PROBLEM_JSON} .json`,
		// RFC 9457 gives a problem document no charset; a .htaccess may add one to every .json
		// (h5bp's AddCharset utf-8 .json), which a RemoveCharset here would not undo for a locale's
		// folder (Apache merges the matching sections before the folder's, dropping removals).
		'Header always edit Content-Type "^(application/problem[+]json)[;].*$" "$1"',
		'AddType text/plain .txt',
		`DefaultLanguage ${contentLanguage(contract, contract.defaultLocale)}`,
	];
}

export function localeDirectories(contract: RouteContract, options: HostOptions): ApacheNode[] {
	return contract.otherLocales.map((locale) =>
		section(
			'Directory',
			apacheString(`${options.pagesRoot.replace(/\/$/, '')}/${locale}`, `folder of ${locale}`),
			[`DefaultLanguage ${contentLanguage(contract, locale)}`],
		),
	);
}

/**
 * Every answer with a page varies with Accept (and Accept-Language where locales ship): Apache's
 * own Vary is lower-case. The ETag it makes for a type map's variant is malformed: unset on
 * errors, which are never validated (`Header unset` without `always`: that is the table Apache
 * keeps it in).
 */
export function negotiatedHeaderLines(contract: RouteContract, onErrors = false): ApacheDirective[] {
	const errors = 'expr=%{REQUEST_STATUS} =~ /^[45]/';
	return [
		`Header always set Vary ${negotiates(contract) ? '"Accept-Language, Accept"' : 'Accept'}${onErrors ? ` "${errors}"` : ''}`,
		`Header unset ETag "${errors}"`,
	];
}

/**
 * The site's own pages it keeps for a status (sitePages), which a type map serves as errors (their
 * own paths answer with their status too): the Vary and ETag of Fallback's answers (mod_negotiation
 * would add `Vary: accept-charset` and its malformed ETag), and nothing else of Fallback's.
 */
export function keptPageLines(contract: RouteContract): ApacheNode[] {
	const kept = supported(errorRoutes(contract)).filter((route) => route.sitePage);
	if (kept.length === 0) return [];
	return [
		comment("The site's own pages for a status, when they answer an error: the Vary and ETag of an error."),
		section(
			'LocationMatch',
			apacheString(exactPathsPattern(kept.map((route) => `/${route.file}`)), 'kept pages'),
			[...negotiatedHeaderLines(contract, true)],
		),
	];
}

/** What Apache's file handler answers on a file (make_allow: TRACE too where TraceEnable is On). */
const fileHandlerMethods = 'GET, HEAD, POST, OPTIONS';

/**
 * Site mode: the headers of each status on any page of it (a page the site keeps for itself too).
 * `Allow` on a 405 is the page's own where the request was for one of its paths (`/405`,
 * `/de/405.html`); any other 405 came from Apache's file handler (a PUT on a page), which answers
 * `fileHandlerMethods` there. Only on an error document: an app's own 405 keeps its Allow. An
 * error document loses the Allow Apache computes, and mod_rewrite's variables do not reach it
 * through a type map: the request line (`THE_REQUEST`) does.
 */
export function siteStatusHeaderLines(contract: RouteContract): ApacheNode[] {
	const isAllow = (name: string) => name.toLowerCase() === 'allow';
	const status = contract.methodNotAllowedStatus;
	const ownPath = `%{THE_REQUEST} =~ m#^[^ ]+ [^ ?]*/${status}(?:[.]html)?(?:[? ]|$)#`;
	const errorDocument = `%{REQUEST_STATUS} == ${status} && -n %{ENV:REDIRECT_STATUS}`;
	const page = supported(contract.statusPages).find((route) => route.status === status);
	const allowed = Object.entries(page?.headers ?? {}).filter(([name]) => isAllow(name));
	return [
		comment('The headers of each status, on any page of it (a page the site keeps for itself too).'),
		...statusHeaderLines(supported(contract.statusPages), (route) =>
			Object.fromEntries(Object.entries(route.headers).filter(([name]) => !isAllow(name))),
		),
		...allowed.flatMap(([name, value]) => [
			comment([
				`${name} on a ${status} page: the page's own on its paths, else what Apache's file handler answers`,
				"(add TRACE where the server's TraceEnable is On, Apache's default; Debian turns it off).",
			]),
			`Header always set ${headerName(name, 'status header name')} ${apacheHeaderValue(value, `header ${name} of status ${status}`)} "expr=${errorDocument} && ${ownPath}"`,
			`Header always set ${headerName(name, 'status header name')} "${fileHandlerMethods}" "expr=${errorDocument} && !(${ownPath})"`,
		]),
	];
}

/**
 * mod_unique_id's ID of each request (never one a client sent): on every answer, in the access
 * log, and to the app in front of which Apache stands.
 */
/** mod_unique_id, to enable where the config uses it. */
export const uniqueIdModule = (contract: RouteContract) =>
	requestIdsOf(contract) === false ? '' : ' unique_id';

/** The request's ID on an answer (mod_unique_id), where request IDs are on. */
export function requestIdHeaderLines(contract: RouteContract): ApacheDirective[] {
	if (requestIdsOf(contract) === false) return [];
	return [`Header always set ${headerName(contract.requestIdHeader, 'request ID header')} "%{UNIQUE_ID}e"`];
}

export function requestIdLines(contract: RouteContract): ApacheNode[] {
	const header = headerName(contract.requestIdHeader, 'request ID header');
	if (requestIdsOf(contract) === false) {
		return [
			comment('No request IDs (fallback.requestId is false): the combined access log.'),
			'CustomLog /var/log/apache2/access.log combined',
		];
	}
	return [
		comment("The request's ID (mod_unique_id), for support to quote: on the answer, in the log, to the app."),
		...requestIdHeaderLines(contract),
		`RequestHeader set ${header} "%{UNIQUE_ID}e"`,
		'LogFormat "%h %l %u %t \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\" request_id=%{UNIQUE_ID}e" fallback',
		'CustomLog /var/log/apache2/access.log fallback',
	];
}

/** Goes before the VirtualHost, at server level. */
export const serverTokens: ApacheNode[] = [
	comment([
		'No version or modules in the Server header and no signature on pages Apache writes itself.',
		'ServerTokens holds for the whole server (it is not allowed inside a VirtualHost).',
	]),
	'ServerTokens Prod',
];

/**
 * What is no page of the site's answers as an unknown path: the rule files for other hosts, the
 * problem documents and type maps (for ErrorDocument only), a path no file can have.
 */
export function hiddenPathRules(contract: RouteContract): ApacheNode[] {
	const notFound = notFoundPage(contract);
	return [
		comment(`Rule files for other hosts are no pages: ${notFound.status}.`),
		...contract.hiddenFiles.map(
			(file) => `RewriteRule "${exactPathsPattern([`/${file}`])}" "-" [R=${notFound.status},L]`,
		),
		comment(`The problem documents are for ErrorDocument only: ${notFound.status}.`),
		`RewriteRule ${apacheString(pathPrefixesPattern(contract.hiddenFolders), 'problem folders')} "-" [R=${notFound.status},L]`,
		comment(`The type maps are for ErrorDocument only: ${notFound.status}.`),
		`RewriteRule ${apacheString(`^${contract.internalPrefix}`, 'pages prefix')} "-" [R=${notFound.status},L]`,
		comment(
			`A path segment longer than a file name can be is no file: ${notFound.status} (Apache would answer 403).`,
		),
		`RewriteRule "/[^/]{${longestFileName + 1},}" "-" [R=${notFound.status},L]`,
		...emptyFolderRules(contract),
	];
}

/**
 * A language folder of Fallback's with no page at its index (no gallery in production) is an
 * unknown path, whatever the server's Options say: Debian's `Options Indexes` would list its
 * files, h5bp's `Options -Indexes` refuse it with 403.
 */
function emptyFolderRules(contract: RouteContract): ApacheNode[] {
	const folders = foldersWithoutIndex(contract);
	if (folders.length === 0) return [];
	return [
		comment(
			`Language folders with no page at their index (no gallery in production): ${notFoundPage(contract).status}, not a listing.`,
		),
		`RewriteRule ${apacheString(exactPathsPattern(folders), 'language folders')} "-" [R=${notFoundPage(contract).status},L]`,
	];
}

/** Where Apache serves the files itself (standalone, site mode): every error shows its page. */
export function errorDocuments(contract: RouteContract): ApacheNode[] {
	return [
		comment('Any error Apache answers with, whatever caused it, shows the page of its status.'),
		unsupportedNote,
		...supported(contract.statusPages).map(
			(route) =>
				`ErrorDocument ${route.status} ${errorDocument(contract, route.status, contract.internalPrefix)}`,
		),
	];
}

/** Under the API, a missing path gets the not-found problem document, not the page. */
export function apiErrorDocuments(contract: RouteContract, mapsUrl: string): ApacheNode[] {
	if (contract.apiPrefixes.length === 0) return [];
	const notFound = notFoundPage(contract);
	return [
		comment(`Under the API, a missing path: the problem document (${PROBLEM_JSON}), not the page.`),
		section('LocationMatch', apacheString(pathPrefixesPattern(contract.apiPrefixes), 'API prefixes'), [
			`ErrorDocument ${notFound.status} ${errorDocument(contract, notFound.status, mapsUrl, '.problem.var')}`,
		]),
	];
}
