/**
 * Apache httpd 2.4: a virtual host for the static site, and one for Apache in front of an app.
 * ErrorDocument points at local paths, so Apache serves the page with the original status (a full
 * URL would make it a redirect).
 */
import {
	contentLanguage,
	defaultLocaleRoutes,
	errorRoutes,
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
	apacheHeaderValue,
	apacheString,
	oneLine,
	exactPathsPattern,
	fileHeader,
	headerName,
	pathPrefixesPattern,
	longestFileName,
	type HostConfigFile,
} from './format';
import { formats } from './mediaType';
import { comment, renderApacheFile, section, type ApacheDirective, type ApacheNode } from './syntax/apache';
import { apacheUnsupportedStatuses } from './unsupportedStatuses';
import type { HostOptions } from './options';

/**
 * What Apache's mod_proxy answers when the app fails in ways other than an error response
 * (mod_proxy_http.c): a refused connection is 503, not 502; a read timeout is 502, not 504.
 * The pages shown are those of these statuses.
 */
export const apacheProxyFailureStatuses = { unreachable: 503, timeout: 502 } as const;

/** The pages of what Apache itself answers when the app cannot be reached or is too slow. */
const failurePages = (contract: RouteContract) =>
	Object.values(apacheProxyFailureStatuses)
		.map((status) => statusPage(contract, status))
		.filter((route): route is PageRoute => route !== undefined);

const supported = (routes: readonly PageRoute[]) =>
	routes.filter((route) => !apacheUnsupportedStatuses.has(route.status));

function virtualHostAddress({ listen }: HostOptions): string {
	return `${listen.host ?? '*'}:${listen.port}`;
}

/** The page headers, on every response Apache answers in this context (`always`: errors too). */
function pageHeaderLines(contract: RouteContract): ApacheDirective[] {
	return Object.entries(contract.pageHeaders).map(
		([name, value]) =>
			`Header always set ${headerName(name, 'page header name')} ${apacheHeaderValue(value, `page header ${name}`)}`,
	);
}

/**
 * `Header always` adds to error responses too (plain `Header` only touches 2xx); the expression
 * ties each header to its status, whichever rule or failure produced it.
 */
function statusHeaderLines(routes: readonly PageRoute[], headersOf: HeadersOf): ApacheDirective[] {
	return routes.flatMap((route) =>
		Object.entries(headersOf(route)).map(
			([name, value]) =>
				`Header always set ${headerName(name, 'status header name')} ${apacheHeaderValue(value, `header ${name} of status ${route.status}`)} "expr=%{REQUEST_STATUS} == ${route.status}"`,
		),
	);
}

const unsupportedNote = comment(
	`Apache 2.4 cannot answer ${[...apacheUnsupportedStatuses].join(' or ')} (not in its status table): those pages are left out.`,
);

/**
 * Rules below apply to what a visitor asked for, not to the internal redirect that serves an
 * ErrorDocument (REDIRECT_STATUS is set there): otherwise the page's own rule would fire again.
 */
const onlyVisitorRequests = ['RewriteCond "%{ENV:REDIRECT_STATUS}" "!^$"', 'RewriteRule "^" "-" [L]'];

/**
 * Maintenance: every path a visitor asks for but the allowed ones ends at once with 503, whose
 * ErrorDocument shows its page; in front of an app, before ProxyPass could pass it on.
 */
function maintenanceRules(contract: RouteContract): ApacheNode[] {
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
 * Where the type maps live on the server: next to the pages' folder, not in it (dist/ is copied
 * there as it is). `/var/www/fallback` → `/var/www/fallback-languages`.
 */
export const typeMapsRoot = (options: HostOptions) => `${options.pagesRoot.replace(/\/$/, '')}-languages`;

/** The type map of an error page: `404.html` → `404.var`, `de/404.html` → `de/404.var`. */
const typeMapName = (route: PageRoute) => route.file.replace(/\.html$/, '.var');

/**
 * One type map per error page, listing its page, problem document and text twin, in every shipped
 * locale for a page of the default locale (in its own locale for the others). mod_negotiation picks
 * the variant the client's Accept and Accept-Language weigh highest (q-values honoured) and serves
 * it with the error's status. URIs are relative to the map's URL: its folder sits next to the
 * pages' (`/__fallback/languages/` beside `/__fallback/`).
 */
export function apacheTypeMaps(contract: RouteContract): HostConfigFile[] {
	const defaults = new Set(defaultLocaleRoutes(contract));
	const variant = (uri: string, type: string, locale: string) =>
		`URI: ${uri}\nContent-Type: ${type}\nContent-Language: ${oneLine(contentLanguage(contract, locale), `language of ${locale}`)}\n`;
	/** A route's variants: every format (qs: the page first), in each locale it may be in. */
	const typeMap = (route: PageRoute, formatsOf: readonly (keyof typeof mapFormats)[]) => {
		const { folder: ownFolder, name } = pageFileParts(route.file);
		// A map sits where its page would under the maps' URL: `../` reaches the pages' folder.
		const up = '../'.repeat(1 + (ownFolder ? 1 : 0));
		const locales = defaults.has(route)
			? [contract.defaultLocale, ...contract.otherLocales]
			: [routeLocale(contract, route)];
		return locales
			.flatMap((locale) => {
				const folder = locale === contract.defaultLocale ? '' : `${locale}/`;
				return formatsOf.flatMap((format) =>
					mapFormats[format].types.map((type) =>
						variant(
							`${up}${folder}${formats[format].folder}${name}.${formats[format].extension}`,
							type,
							locale,
						),
					),
				);
			})
			.join('\n');
	};
	const notFound = notFoundPage(contract);
	return [
		...supported(errorRoutes(contract)).map((route) => ({
			path: `apache/languages/${typeMapName(route)}`,
			content: typeMap(route, ['page', 'problem', 'text']),
		})),
		// Problem documents only, for paths under the API: not found (static), Apache's own failures (proxy).
		...(contract.apiPrefixes.length > 0
			? [notFound, ...failurePages(contract)].map((route) => ({
					path: `apache/languages/${problemMapName(route)}`,
					content: typeMap(route, ['problem']),
				}))
			: []),
	];
}

/**
 * The formats in a type map, with their source quality: the page first for a client that takes
 * anything (`*∕*`), then the problem document (also for a client that asks for plain JSON: it is
 * served as problem+json all the same), then the text twin.
 */
const mapFormats = {
	page: { types: [`${formats.page.type}; qs=1.0`] },
	problem: { types: [`${PROBLEM_JSON}; qs=0.9`, 'application/json; qs=0.9'] },
	text: { types: [`${formats.text.type}; qs=0.8`] },
} as const;

/** The type map of a default-locale page's problem document: `404.problem.var`. */
const problemMapName = (route: PageRoute) => route.file.replace(/\.html$/, '.problem.var');

/** What an ErrorDocument shows: the page's type map, which picks format and language. */
function errorDocument(route: PageRoute, mapsUrl: string): string {
	return `${mapsUrl}${typeMapName(route)}`;
}

/**
 * Each page's Content-Language comes from the folder it is in (DefaultLanguage; mod_negotiation
 * only uses the map's to choose), its charset from AddCharset; a .json file is a problem document.
 * Goes inside the pages' <Directory>, followed by one <Directory> per other locale's folder.
 */
function pageLanguageLines(contract: RouteContract): ApacheDirective[] {
	return [
		'AddCharset utf-8 .html .txt',
		`AddType ${PROBLEM_JSON} .json`,
		'AddType text/plain .txt',
		`DefaultLanguage ${contentLanguage(contract, contract.defaultLocale)}`,
	];
}

function localeDirectories(contract: RouteContract, options: HostOptions): ApacheNode[] {
	return contract.otherLocales.map((locale) =>
		section(
			'Directory',
			apacheString(`${options.pagesRoot.replace(/\/$/, '')}/${locale}`, `folder of ${locale}`),
			[`DefaultLanguage ${contentLanguage(contract, locale)}`],
		),
	);
}

/**
 * An Accept that lists one of the formats, or a range that holds one, as a regular expression
 * without a backslash (Apache cannot quote one): `text/html`, `application/json`,
 * `application/problem+json`, `text/plain`, `text/*`, `application/*`, `*∕*`.
 */
const acceptedFormats =
	'(^|[ ,])([*]/[*]|text/([*]|html|plain)|application/([*]|json|problem[+]json))( *[;,]|$)';

/**
 * The type maps' folder at `mapsUrl`: its .var files are type maps; a browser whose languages none
 * ship gets the first of LanguagePriority (the default locale).
 */
function typeMapLines(contract: RouteContract, options: HostOptions, mapsUrl: string): ApacheNode[] {
	const maps = apacheString(`${typeMapsRoot(options)}/`, 'type maps folder');
	return [
		comment([
			`Negotiation: hosts/apache/languages/ goes to ${typeMapsRoot(options)}/. For each error, a type map lists its page,`,
			`problem document and text twin (in ${[contract.defaultLocale, ...contract.otherLocales].join(', ')}); Apache serves what the client weighs highest.`,
		]),
		`Alias ${apacheString(mapsUrl, 'type maps URL')} ${maps}`,
		section('Directory', maps, [
			'Require all granted',
			section('Files', '"*.var"', ['SetHandler type-map']),
			`LanguagePriority ${[contract.defaultLocale, ...contract.otherLocales].map((locale) => contentLanguage(contract, locale)).join(' ')}`,
			'ForceLanguagePriority Prefer Fallback',
			comment([
				'A client that accepts none of the formats (Accept: application/xml, image/png) is answered as one',
				'that takes anything: the page, or under the API the problem document. mod_negotiation would refuse',
				"with 406 and Apache answer with its own stock page. Only here, for the error documents: the app's",
				'requests keep their Accept.',
			]),
			`RequestHeader set Accept "*/*" ${apacheString(`expr=%{HTTP:Accept} !~ m#${acceptedFormats}#i`, 'accepted formats')}`,
		]),
	];
}

/**
 * Every answer with a page varies with Accept (and Accept-Language where locales ship): Apache's
 * own Vary is lower-case. The ETag it makes for a type map's variant is malformed: unset on
 * errors, which are never validated (`Header unset` without `always`: that is the table Apache
 * keeps it in).
 */
function negotiatedHeaderLines(contract: RouteContract): ApacheDirective[] {
	return [
		`Header always set Vary ${negotiates(contract) ? '"Accept-Language, Accept"' : 'Accept'}`,
		'Header unset ETag "expr=%{REQUEST_STATUS} =~ /^[45]/"',
	];
}

/**
 * mod_unique_id's ID of each request (never one a client sent): on every answer, in the access
 * log, and to the app in front of which Apache stands.
 */
function requestIdLines(contract: RouteContract): ApacheNode[] {
	const header = headerName(contract.requestIdHeader, 'request ID header');
	return [
		comment("The request's ID (mod_unique_id), for support to quote: on the answer, in the log, to the app."),
		`Header always set ${header} "%{UNIQUE_ID}e"`,
		`RequestHeader set ${header} "%{UNIQUE_ID}e"`,
		'LogFormat "%h %l %u %t \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\" request_id=%{UNIQUE_ID}e" fallback',
		'CustomLog /var/log/apache2/access.log fallback',
	];
}

/** Goes before the VirtualHost, at server level. */
const serverTokens: ApacheNode[] = [
	comment([
		'No version or modules in the Server header and no signature on pages Apache writes itself.',
		'ServerTokens holds for the whole server (it is not allowed inside a VirtualHost).',
	]),
	'ServerTokens Prod',
];

/** The static site: dist/ at `pagesRoot`. */
export function apacheStaticConfig(contract: RouteContract, options: HostOptions): string {
	const root = apacheString(options.pagesRoot, 'fallback.hosts.pagesRoot');
	const notFound = notFoundPage(contract);
	const statusPages = supported(contract.statusPages);
	const header = fileHeader([
		'Fallback for Apache httpd 2.4, static site: every error answers with its own page and status.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/apache2/sites-available/fallback.conf,`,
		'change the VirtualHost address (a matching Listen must exist, see ports.conf) and the paths, then:',
		'a2enmod rewrite headers alias dir mime negotiation unique_id && a2ensite fallback && systemctl reload apache2',
	]);
	return renderApacheFile(header, [
		'',
		...serverTokens,
		'',
		section('VirtualHost', virtualHostAddress(options), [
			`DocumentRoot ${root}`,
			section('Directory', root, [
				'Options None',
				'AllowOverride None',
				'Require all granted',
				...pageLanguageLines(contract),
			]),
			...localeDirectories(contract, options),
			...typeMapLines(contract, options, contract.internalPrefix),
			'DirectoryIndex index.html',
			'ServerSignature Off',
			...requestIdLines(contract),
			'TraceEnable Off',
			'',
			comment('On every response, errors included.'),
			...pageHeaderLines(contract),
			...negotiatedHeaderLines(contract),
			...statusHeaderLines(statusPages, (route) => route.headers),
			'',
			comment('Any error Apache answers with, whatever caused it, shows the page of its status.'),
			unsupportedNote,
			...statusPages.map(
				(route) => `ErrorDocument ${route.status} ${errorDocument(route, contract.internalPrefix)}`,
			),
			comment(
				"A folder asked for without its slash is sent to it (mod_dir): with a body of ours, where\nApache's own page would repeat the request's URL, query included.",
			),
			'ErrorDocument 301 "Moved Permanently"',
			'',
			'RewriteEngine On',
			...onlyVisitorRequests,
			...maintenanceRules(contract),
			comment(
				`A static site answers ${contract.readMethods.join(' and ')}; any other method gets the ${contract.methodNotAllowedStatus} page.`,
			),
			`RewriteCond "%{REQUEST_METHOD}" "!^(${contract.readMethods.join('|')})$"`,
			`RewriteRule "^" "-" [R=${contract.methodNotAllowedStatus},L]`,
			comment(
				'GET /{code} and /{code}.html answer {code} with the page (a status outside 3xx ends the request).',
			),
			...supported(errorRoutes(contract)).map(
				(route) => `RewriteRule "${exactPathsPattern(routePaths(route))}" "-" [R=${route.status},L]`,
			),
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
			'',
			...(contract.apiPrefixes.length > 0
				? [
						comment(`Under the API, a missing path: the problem document (${PROBLEM_JSON}), not the page.`),
						section(
							'LocationMatch',
							apacheString(pathPrefixesPattern(contract.apiPrefixes), 'API prefixes'),
							[`ErrorDocument ${notFound.status} ${contract.internalPrefix}${problemMapName(notFound)}`],
						),
					]
				: []),
			comment('Pages that share their status (the app-error pages) name their own page.'),
			...supported(contract.extraPages).map((route) =>
				section('LocationMatch', `"${exactPathsPattern(routePaths(route))}"`, [
					`ErrorDocument ${route.status} ${errorDocument(route, contract.internalPrefix)}`,
				]),
			),
		]),
	]);
}

/** Apache in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function apacheProxyConfig(contract: RouteContract, options: HostOptions): string {
	const root = apacheString(options.pagesRoot.replace(/\/?$/, '/'), 'fallback.hosts.pagesRoot');
	const app = apacheString(`http://${options.upstream}/`, 'fallback.hosts.upstream');
	const prefix = apacheString(contract.internalPrefix, 'pages prefix');
	const replaced = supported(replacedAppPages(contract));
	const notFound = notFoundPage(contract);
	const { unreachable, timeout } = apacheProxyFailureStatuses;
	// The type maps sit beside the pages, so their URIs (`../404.html`) name the pages.
	const mapsUrl = `${contract.internalPrefix}languages/`;
	const header = fileHeader([
		'Fallback for Apache httpd 2.4 in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/apache2/sites-available/fallback.conf,`,
		'change the VirtualHost address, the app address and the paths, then:',
		'a2enmod proxy proxy_http rewrite headers alias mime negotiation unique_id && a2ensite fallback && systemctl reload apache2',
		`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')}.`,
		`Apache itself answers an app that cannot be reached with ${unreachable} and one slower than timeout= with`,
		`${timeout}; those get the ${unreachable} and ${timeout} pages.`,
		"Passed through untouched: everything else, the app's own 4xx pages and WebSocket upgrades included.",
		'Needs Apache 2.4.47 or later (ProxyErrorOverride with a list of statuses, upgrade=websocket).',
	]);
	return renderApacheFile(header, [
		'',
		...serverTokens,
		'',
		section('VirtualHost', virtualHostAddress(options), [
			'ServerSignature Off',
			...requestIdLines(contract),
			`ProxyPass ${prefix} "!"`,
			...typeMapLines(contract, options, mapsUrl),
			`Alias ${prefix} ${root}`,
			section('Directory', root, [
				'Options None',
				'AllowOverride None',
				'Require all granted',
				...pageLanguageLines(contract),
				comment("Fallback's pages carry its headers; the app's answers keep the app's own."),
				...pageHeaderLines(contract),
				...negotiatedHeaderLines(contract),
				...statusHeaderLines(supported(contract.statusPages), (route) =>
					headersInFrontOfApp(contract, route),
				),
			]),
			...localeDirectories(contract, options),
			'',
			'RewriteEngine On',
			...onlyVisitorRequests,
			...maintenanceRules(contract),
			comment(`The pages are for ErrorDocument only: asked for directly, the prefix is ${notFound.status}.`),
			`RewriteRule ${apacheString(`^${contract.internalPrefix}`, 'pages prefix')} "-" [R=${notFound.status},L]`,
			'',
			'ProxyPreserveHost On',
			comment([
				'timeout: how long the app may stay silent. retry=0: try the app again at once after it was',
				'unreachable (the default keeps answering 503 for 60 seconds without trying).',
				'upgrade=websocket: WebSocket handshakes reach the app and the connection is tunnelled.',
			]),
			`ProxyPass "/" ${app} timeout=${options.upstreamTimeoutSeconds} retry=0 upgrade=websocket`,
			`ProxyPassReverse "/" ${app}`,
			'',
			comment("Only these statuses of the app's are replaced by their page."),
			`ProxyErrorOverride On ${replaced.map((route) => route.status).join(' ')}`,
			comment("Apache's own errors (a malformed request, an unreachable app…) show their page too."),
			unsupportedNote,
			...supported(contract.statusPages).map(
				(route) => `ErrorDocument ${route.status} ${errorDocument(route, mapsUrl)}`,
			),
			...(contract.apiPrefixes.length > 0
				? [
						'',
						comment([
							"The app's API answers pass as it sent them, its JSON errors included (Apache cannot look at",
							"an answer's Content-Type before replacing it). Apache's own failures get a problem document.",
						]),
						section(
							'LocationMatch',
							apacheString(pathPrefixesPattern(contract.apiPrefixes), 'API prefixes'),
							[
								'ProxyErrorOverride Off',
								...failurePages(contract).map(
									(route) => `ErrorDocument ${route.status} ${mapsUrl}${problemMapName(route)}`,
								),
							],
						),
					]
				: []),
		]),
	]);
}

export function apacheFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'apache/fallback-static.conf', content: apacheStaticConfig(contract, options) },
		{ path: 'apache/fallback-proxy.conf', content: apacheProxyConfig(contract, options) },
		...apacheTypeMaps(contract),
	];
}
