/**
 * Caddy: what its three kinds of config share. The page headers' snippet, each status's headers,
 * the maps of the language and format asked for, the pages' routes, maintenance and the
 * `handle_errors` that answers each error with its page. The files: standalone.ts (Fallback's
 * pages alone), proxy.ts (in front of an app), site.ts (imported into a team's own site block).
 */
import {
	contentLanguage,
	localeFolder,
	MAINTENANCE_STATUS,
	negotiates,
	notFoundPage,
	PROBLEM_JSON,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
	requestIdsOf,
} from '../../contract/contract';
import {
	allowedPathsPattern,
	caddyString,
	exactPathsPattern,
	headerName,
	pathPrefixesPattern,
	literalPathPattern,
	longestFileName,
} from '../format';
import { firstListedCapture, hostLocales } from '../language';
import { acceptPatterns, formats, type ErrorFormat } from '../mediaType';
import type { HostOptions } from '../../config/hostOptions';
import type { HostMode } from '../mode';
import { namedStatuses, pageGroupPattern, pageGroups, pageName, sitePageFolders } from '../pageTable';
import { block, comment, type ConfigNode, type Directive } from '../syntax/braces';

/** `:80` for every interface; a host gets `http://` so Caddy does not try to fetch a certificate for it. */
export function siteAddress({ listen }: HostOptions): string {
	return listen.host ? `http://${listen.host}:${listen.port}` : `:${listen.port}`;
}

export const snippet = 'fallback_page_headers';

/** The page headers, each `Name value`, for a `header` block. */
export const pageHeaderLines = (contract: RouteContract): Directive[] =>
	Object.entries(contract.pageHeaders).map(
		([name, value]) => `${headerName(name, 'page header name')} ${caddyString(value, `page header ${name}`)}`,
	);

/** The page headers, on the answer a Fallback page is served with. */
const pageHeaderBlock = (contract: RouteContract): ConfigNode => block('header', pageHeaderLines(contract));

/** The page headers, as a snippet the whole-server configs import where a Fallback page is answered. */
export function pageHeaderSnippet(contract: RouteContract): ConfigNode {
	return block(`(${snippet})`, [pageHeaderBlock(contract)]);
}

/**
 * Site mode, in handle_errors: an error whose page is the site's own (sitePages) shows it as the
 * site built it, with none of Fallback's headers. The site's page of the default locale answers in
 * every language asked for, but under another locale's folder; its page of another locale (an
 * Astro site's `[lang]/404`) answers where that locale's page would. Problem documents and text
 * twins are Fallback's.
 */
function sitePageLines(contract: RouteContract): ConfigNode[] {
	const sites = [...sitePageFolders(contract)];
	if (sites.length === 0) return [];
	const base = localeFolder(contract, contract.defaultLocale);
	const inDefault = sites.filter(([, folders]) => folders.includes('')).map(([name]) => name);
	const inLocales = sites.flatMap(([name, folders]) =>
		folders.filter((folder) => folder !== '').map((folder) => `${folder}|${name}`),
	);
	// Another locale's folder, or a folder of the site's for another locale: that locale's page there.
	const otherFolders = [
		...contract.otherLocales.map((locale) => `${literalPathPattern(base)}${locale}/`),
		...Object.entries(contract.localeAliases ?? {})
			.filter(([, locale]) => locale !== contract.defaultLocale)
			.map(([folder]) => literalPathPattern(folder)),
	];
	/** The site's page, as it was built: in the default locale's folder, or the chosen locale's. */
	const serve = (matcher: string, folder: string) =>
		block(`route ${matcher}`, [
			`rewrite * ${base}${folder}{fallback_page_name}.${formats.page.extension}`,
			block('file_server', ['disable_canonical_uris']),
		]);
	return [
		comment("The site's own pages (sitePages), as they were built: its headers, not Fallback's."),
		// One map, then one value matched: a `vars` matcher holds if any one of its variables does.
		// By the page's name: an app-error page that shares a site page's status is Fallback's.
		...(inDefault.length > 0
			? [
					block('map "{fallback_page_name}|{vars.fallback_format}" {fallback_site_page}', [
						...inDefault.map((name) => `"${name}|page" yes`),
						'default no',
					]),
					block('@sitePage', [
						'vars {fallback_site_page} yes',
						...(otherFolders.length > 0
							? [`not path_regexp ${caddyString(`^(?:${otherFolders.join('|')})`, 'locale folders')}`]
							: []),
					]),
					serve('@sitePage', ''),
				]
			: []),
		...(inLocales.length > 0
			? [
					block(
						'map "{fallback_locale}|{fallback_page_name}|{vars.fallback_format}" {fallback_site_locale_page}',
						[...inLocales.map((key) => `${caddyString(`${key}|page`, 'site page')} yes`), 'default no'],
					),
					'@siteLocalePage vars {fallback_site_locale_page} yes',
					serve('@siteLocalePage', '{fallback_locale}'),
				]
			: []),
	];
}

/** In handle_errors: the headers that go with a status, matched on the error's status. */
function statusHeaderLines(routes: readonly PageRoute[], headersOf: HeadersOf): Directive[] {
	return routes.flatMap((route) => {
		const headers = Object.entries(headersOf(route));
		if (headers.length === 0) return [];
		return [
			`@status${route.status} vars {err.status_code} ${route.status}`,
			...headers.map(
				([name, value]) =>
					`header @status${route.status} ${headerName(name, 'status header name')} ${caddyString(value, `header ${name} of status ${route.status}`)}`,
			),
		];
	});
}

/** A locale's folder as the rewrites write it: `""`, `"de/"` (under a base, `"fallback/de/"`). */
const folderValue = (contract: RouteContract, locale: string) =>
	caddyString(localeFolder(contract, locale).slice(1), `folder of ${locale}`);

/**
 * A map from a locale's code to its language (and, given `folder`, its folder), one line per
 * locale: Caddy compares the code with each in turn, which costs next to nothing beside a pattern.
 * `caseless`: also the code in any case (`DE`, as a browser may write it), after the exact ones.
 */
function localeMap(
	contract: RouteContract,
	source: string,
	{ folder, language }: { folder?: string; language: string },
	caseless: boolean,
): ConfigNode {
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
	const values = (locale: string) =>
		[
			...(folder ? [folderValue(contract, locale)] : []),
			caddyString(contentLanguage(contract, locale), `language of ${locale}`),
		].join(' ');
	return block(`map ${source} ${folder ? `${folder} ` : ''}${language}`, [
		...shipped.map((locale) => `${locale} ${values(locale)}`),
		...(caseless ? shipped.map((locale) => `"~(?i)^${locale}$" ${values(locale)}`) : []),
		`default ${values(contract.defaultLocale)}`,
	]);
}

/**
 * In handle_errors: the error's locale as asked, `{fallback_locale_asked}`: the page's own where the
 * request was for a page in a locale's folder (`/de/404`), else that of the folder the error is
 * under, else the one the browser lists first among those that ship (see language.ts for what is
 * matched), found by one pattern.
 */
function localeAskedMap(contract: RouteContract): ConfigNode[] {
	const shipped = hostLocales(contract);
	return [
		comment([
			"The page's own locale; else, for an error under a locale's folder, that locale; else the one the",
			`browser lists first among ${shipped.join(', ')} (q-values not weighed).`,
		]),
		block('map "{vars.fallback_page_locale}|{path}|{header.Accept-Language}" {fallback_locale_asked}', [
			'"~^([^|]+)[|]" "${1}"',
			`${caddyString(`~^[|]${literalPathPattern(localeFolder(contract, contract.defaultLocale))}(${contract.otherLocales.join('|')})/`, 'locale folders')} "\${1}"`,
			...Object.entries(contract.localeAliases ?? {}).map(
				([folder, locale]) =>
					`${caddyString(`~^[|]${literalPathPattern(folder)}`, `locale folder ${folder}`)} ${caddyString(locale, 'locale')}`,
			),
			`${caddyString(`~${firstListedCapture(shipped).replace('^', '^[|][^|]*[|]')}`, 'Accept-Language pattern')} "\${1}"`,
			`default ${contract.defaultLocale}`,
		]),
	];
}

/**
 * In handle_errors: the format the client asks for — the page, its problem document or its text
 * twin — from the Accept header, first match (see mediaType.ts), as `{fallback_format_asked}`.
 */
const formatAskedMap: ConfigNode[] = [
	comment('The format the client asks for: the page, its problem document, its text twin.'),
	block('map {header.Accept} {fallback_format_asked}', [
		...acceptPatterns.map(
			({ format, pattern }) => `${caddyString(`~${pattern}`, `Accept of ${format}`)} ${format}`,
		),
		'default page',
	]),
];

/** In handle_errors: the folder, extension and media type of the format chosen. */
const formatFileMap: ConfigNode = block(
	'map {vars.fallback_format} {fallback_format_folder} {fallback_format_extension} {fallback_format_type}',
	(Object.keys(formats) as ErrorFormat[]).map(
		(format) =>
			`${format} "${formats[format].folder}" ${formats[format].extension} ${caddyString(formats[format].type, `type of ${format}`)}`,
	),
);

/**
 * The language of the files served as they are (the galleries): each locale's folder says its
 * own, anything else the default's (`?`: only where no other set it).
 */
export function fileLanguageLines(contract: RouteContract): ConfigNode[] {
	const language = (locale: string) => contentLanguage(contract, locale);
	if (!negotiates(contract)) {
		return [`header ?Content-Language ${caddyString(language(contract.defaultLocale), 'default language')}`];
	}
	const folders = contract.otherLocales.join('|');
	return [
		block('map {path} {fallback_path_locale}', [
			`${caddyString(`~^${literalPathPattern(localeFolder(contract, contract.defaultLocale))}(${folders})/`, 'locale folders')} "\${1}"`,
			`default ${contract.defaultLocale}`,
		]),
		localeMap(contract, '{fallback_path_locale}', { language: '{fallback_path_language}' }, false),
		'header ?Content-Language {fallback_path_language}',
	];
}

/**
 * The route's page where a request for one raised the error (its name and locale kept as vars in
 * `route`), else the page of the error's status.
 */
const pageNameMap: ConfigNode = block('map {vars.fallback_page_name} {fallback_page_name}', [
	'"" {err.status_code}',
	'default {vars.fallback_page_name}',
]);

/**
 * In `route`: a request for an error page, in any locale (`/404`, `/de/404.html`, `/global-error`),
 * fails with its status; its locale and name are kept for handle_errors. One pattern per set of
 * locales the pages ship in (one for a whole build).
 */
export function pageRouteLines(contract: RouteContract): ConfigNode[] {
	const statuses = namedStatuses(contract);
	return [
		comment('/{code}, /{locale}/{code}.html and the other pages answer with their status.'),
		...(statuses.size > 0
			? [
					block('map {vars.fallback_page_name} {fallback_page_status}', [
						...[...statuses].map(([name, status]) => `${name} ${status}`),
						'default {vars.fallback_page_name}',
					]),
				]
			: []),
		...pageGroups(contract).flatMap((group, index) => {
			const matcher = index === 0 ? 'page' : `page_${index + 1}`;
			return [
				`@${matcher} path_regexp ${matcher} ${pageGroupPattern(contract, group)}`,
				block(`vars @${matcher}`, [
					`fallback_page_locale {re.${matcher}.1}`,
					`fallback_page_name {re.${matcher}.2}`,
				]),
				// One argument that is not a number would be the message: the status goes second.
				`error @${matcher} "the page of its status" {${statuses.size > 0 ? 'fallback_page_status' : 'vars.fallback_page_name'}}`,
			];
		}),
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
export function maintenanceLines(contract: RouteContract): ConfigNode[] {
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

/**
 * handle_errors, in order (`route`): the page headers (in site mode, after the site's own page has
 * been served without them, its status's headers with it), the locale and format asked for, the
 * conditional request headers dropped, then the answer's headers in one block, the status's own,
 * and the page (or problem document) served whole.
 * Under an API prefix an error gets its problem document (in the locale asked for), not the page:
 * in a static site the not-found one; in front of an app that of any error Caddy answers (the app
 * unreachable, too slow, or failing with an HTML or empty body).
 */
export function errorHandler(contract: RouteContract, mode: HostMode, headersOf: HeadersOf): ConfigNode[] {
	const negotiating = negotiates(contract);
	const notFound = notFoundPage(contract);
	const requestIds = requestIdsOf(contract) !== false;
	const folder = negotiating ? '{fallback_locale}' : localeFolder(contract, contract.defaultLocale).slice(1);
	// Behind an app, errors of every path are Fallback's; in a static site (alone or the team's),
	// a missing file under the API is the not-found problem document.
	const serving = mode !== 'proxy';
	return [
		...(mode === 'site' ? [] : [`import ${snippet}`]),
		...(negotiating ? localeAskedMap(contract) : []),
		...formatAskedMap,
		comment('Caddy runs a map again at each read of its output: each pattern runs once, its answer kept.'),
		block('vars', [
			...(negotiating ? ['fallback_locale_code {fallback_locale_asked}'] : []),
			'fallback_format {fallback_format_asked}',
		]),
		...(contract.apiPrefixes.length > 0
			? [
					comment(`Under the API: the problem document (${PROBLEM_JSON}).`),
					block('@api', [
						`path_regexp ${pathPrefixesPattern(contract.apiPrefixes)}`,
						// Not a request for one of the pages (`/api/404`, were it one): that is the page.
						...(serving
							? [`vars {err.status_code} ${notFound.status}`, 'vars {vars.fallback_page_name} ""']
							: []),
					]),
					block('vars @api', [
						'fallback_format problem',
						...(serving ? [`fallback_page_name ${pageName(contract, notFound)}`] : []),
					]),
				]
			: []),
		...(negotiating
			? [
					localeMap(
						contract,
						'{vars.fallback_locale_code}',
						{ folder: '{fallback_locale}', language: '{fallback_language}' },
						true,
					),
				]
			: []),
		formatFileMap,
		pageNameMap,
		...wholePageLines,
		// The headers of the status (Retry-After, Allow…) go with any page of it, the site's too.
		...(mode === 'site'
			? [
					...statusHeaderLines(contract.statusPages, headersOf),
					...sitePageLines(contract),
					pageHeaderBlock(contract),
				]
			: []),
		comment(
			"The answer's headers: Caddy's own ID of the request (never one a client sent), language, format.",
		),
		block('header', [
			...(requestIds
				? [`${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`]
				: []),
			`Content-Language ${negotiating ? '{fallback_language}' : caddyString(contentLanguage(contract, contract.defaultLocale), 'default language')}`,
			`Vary ${caddyString(negotiating ? 'Accept-Language, Accept' : 'Accept', 'Vary')}`,
			'Content-Type {fallback_format_type}',
		]),
		...(mode === 'site' ? [] : statusHeaderLines(contract.statusPages, headersOf)),
		`rewrite * /${folder}{fallback_format_folder}{fallback_page_name}.{fallback_format_extension}`,
		// Never a redirect: file_server would send /x/404.json/ to /x/404.json when the page it
		// serves has the name of the path's last segment.
		block('file_server', ['disable_canonical_uris']),
	];
}

/**
 * In `route`: what is no page of the site's fails with the not-found status — the rule files for
 * other hosts, the problem documents, a path no file can have.
 */
export function hiddenPathLines(contract: RouteContract): ConfigNode[] {
	const notFound = notFoundPage(contract);
	return [
		comment(`Rule files for other hosts are no pages: ${notFound.status}; nor are the problem documents.`),
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
	];
}

/** Where Caddy serves the files itself (standalone, site mode): every error shows its page. */
export function everyErrorsPage(contract: RouteContract, mode: Exclude<HostMode, 'proxy'>): ConfigNode[] {
	return [
		comment(
			`Every error, whatever caused it (a missing file is ${notFoundPage(contract).status}), shows the page of its status.`,
		),
		block('handle_errors', [
			block(
				'route',
				errorHandler(contract, mode, (route) => route.headers),
			),
		]),
	];
}
