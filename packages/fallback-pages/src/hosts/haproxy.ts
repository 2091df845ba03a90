/**
 * HAProxy (2.6, Debian 12's): a complete haproxy.cfg for the static site, and one for HAProxy in
 * front of an app.
 *
 * HAProxy has no file server. Every page is loaded once, at startup, by `http-request return …
 * file <page>` (the static site, maintenance), `http-response return … file <page>` (the app's
 * errors) and `http-error status N … file <page>` (HAProxy's own errors: the app unreachable, too
 * slow…), naming the page files of dist/ directly. That is simpler than `errorfiles` with
 * generated `.http` files (raw responses with the page inside): nothing but this config is
 * generated, no copy of a page can go stale (a reload reads the pages again), and the headers are
 * added by `http-after-response`, which runs on every answer HAProxy makes, these included. A
 * `return` or `http-error` can only name a fixed file, so there is one backend per locale and
 * format, holding that locale's files in that format: the frontend works out the locale, the
 * format and the page's name (`txn.fallback_name`) with one pattern each, whatever the number of
 * locales, and `use_backend` names the backend, where one rule per page answers. HAProxy's own
 * errors take their page from the backend the request went to too.
 *
 * The payload of a `return` must fit in one buffer, with room left for the headers: HAProxy's
 * default (16 KB) is too small for the galleries, so `tune.bufsize` is raised (see
 * haproxyBufferSize); the build checks every page against it (haproxyOversizedFiles).
 */
import {
	contentLanguage,
	errorRoutes,
	headersInFrontOfApp,
	MAINTENANCE_STATUS,
	negotiates,
	methodNotAllowedPage,
	notFoundPage,
	pageFileParts,
	replacedAppPages,
	requiredStatusPage,
	statusHeaderNames,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
	requestIdsOf,
	localePrefix,
} from '../contract/contract';
import {
	fileHeader,
	haproxyLogFormat,
	haproxyRegex,
	haproxyString,
	haproxyWord,
	headerName,
	UnsafeConfigValue,
	type HostConfigFile,
	passedFourxx,
} from './format';
import { firstListedCapture } from './language';
import { pageGroupPattern, pageGroups, pageIn, pageName, pageStatuses } from './pageTable';
import { acceptPatterns, formats, type ErrorFormat } from './mediaType';
import type { HostOptions } from '../config/hostOptions';
import { comment, renderHaproxyFile, section, type HaproxyLine, type HaproxySection } from './syntax/haproxy';

/**
 * `tune.bufsize` of the generated configs. A `return`'s payload must be smaller than a buffer
 * (HAProxy refuses to start otherwise), and leave `tune.maxrewrite` free for the headers; the
 * galleries are about 110–120 KB with five locales. HAProxy takes a buffer only while a stream
 * needs one (an idle keep-alive connection holds none), an active stream up to two.
 */
export const haproxyBufferSize = 262_144;

/** HAProxy's default `tune.maxrewrite`: buffer space kept free for rewriting headers. */
const haproxyMaxRewrite = 1024;

/** Room for the headers http-after-response adds (the CSP is the longest, about 1 KB). */
const headerAllowance = 8192;

/** The largest page a generated config can answer with: the buffer, less the room for headers. */
export const haproxyPayloadLimit = haproxyBufferSize - haproxyMaxRewrite - headerAllowance;

/**
 * What HAProxy answers itself when the app fails in ways other than an error answer: a refused
 * connection (after its retries) is 503 "no server available", a `timeout server` is 504.
 */
export const haproxyProxyFailureStatuses = { unreachable: 503, timeout: 504 } as const;

/**
 * The statuses HAProxy raises itself (configuration manual, `http-error`): those have an
 * `http-error` with their page. A `return` takes any status from 200 to 599.
 */
const ownErrorStatuses = [400, 401, 403, 404, 405, 407, 408, 410, 413, 425, 429, 500, 501, 502, 503, 504];

type Mode = 'static' | 'proxy';

/** A file that answers an error: its path in dist/ (also its key), its status and media type. */
interface ErrorFile {
	file: string;
	status: number;
	type: string;
	/** The locale folder (`de/`, or '' for the default locale) and the format. */
	folder: string;
	format: ErrorFormat;
}

/** The page's file in each format: `de/404.html`, `de/problem/404.json`, `de/problem/404.txt`. */
function errorFiles(route: PageRoute): ErrorFile[] {
	const { folder, name } = pageFileParts(route.file);
	return acceptPatterns.map(({ format }) => {
		const { folder: formatFolder, extension, type } = formats[format];
		const file = `${folder}${formatFolder}${name}.${extension}`;
		// The rules build this path from its parts; the contract must agree on where the files are.
		if (format === 'problem' && file !== route.problemFile) {
			throw new Error(`HAProxy: ${route.path}'s problem document is ${route.problemFile}, not ${file}`);
		}
		return { file, status: route.status, type, folder, format };
	});
}

/** Every file a config of this contract loads, with the largest first: what must fit in a buffer. */
export function haproxyServedFiles(contract: RouteContract): string[] {
	const galleries = [contract.defaultLocale, ...contract.otherLocales].map((locale) =>
		galleryFile(contract, locale),
	);
	return [
		...galleries,
		...errorRoutes(contract).flatMap((route) => errorFiles(route).map(({ file }) => file)),
	];
}

/** The files too large for HAProxy's buffer (`sizeOf` gives a file's bytes), and their sizes. */
export function haproxyOversizedFiles(
	contract: RouteContract,
	sizeOf: (file: string) => number,
): { file: string; bytes: number }[] {
	return haproxyServedFiles(contract)
		.map((file) => ({ file, bytes: sizeOf(file) }))
		.filter(({ bytes }) => bytes > haproxyPayloadLimit);
}

/**
 * HAProxy answers with pages it holds in one buffer: a page that does not fit would stop it. Throws,
 * naming each page too big, before any config is written.
 */
export function checkHaproxyFits(contract: RouteContract, sizeOf: (file: string) => number): void {
	const oversized = haproxyOversizedFiles(contract, sizeOf);
	if (oversized.length > 0) {
		throw new Error(
			`hosts/haproxy: ${oversized.map(({ file, bytes }) => `${file} (${bytes} B)`).join(', ')} exceed the ${haproxyPayloadLimit} B a page may have in HAProxy's buffer`,
		);
	}
}

/** A locale's gallery: `index.html`, `de/index.html`. */
const galleryFile = (contract: RouteContract, locale: string) =>
	`${localePrefix(contract, locale)}${contract.indexFile}`;

/** `bind :80`, `bind 127.0.0.1:8123`. */
const bindLine = ({ listen }: HostOptions) => `bind ${listen.host ?? ''}:${listen.port}`;

const str = (value: string, what: string) => `str(${haproxyWord(value, what)})`;

/** The `Content-Language` of a locale, as an argument. */
const languageOf = (contract: RouteContract, locale: string) =>
	str(contentLanguage(contract, locale), `language of ${locale}`);

/** A condition: the transaction's variable `txn.<name>` is set. */
const isSet = (name: string) => `{ var(txn.${name}) -m found }`;

/** ACL names of the formats: `fallback_accepts_problem`. */
const acceptsAcl = (format: ErrorFormat) => `fallback_accepts_${format}`;

/**
 * `regsub(…)` that keeps a capture group of a pattern matched against the whole value (a value the
 * pattern does not match stays as it is). The pattern, double-quoted inside the sample's single
 * quotes, may hold neither quote nor backslash.
 */
function regsub(pattern: string, group: number, what: string): string {
	if (/["'\\]/.test(pattern)) {
		throw new UnsafeConfigValue(what, pattern, 'contains a quote or a backslash');
	}
	const whole = pattern.endsWith('$') ? pattern : `${pattern}.*$`;
	return `regsub("${whole}","\\${group}")`;
}

/** A sample expression as one single-quoted word (nothing inside is interpreted at that level). */
const haproxySample = (expression: string, what: string) => haproxyRegex(expression, what);

/**
 * The negotiation, first thing in the frontend: `txn.fallback_locale`, the locale the browser lists
 * first among those that ship (language.ts; unset: the default locale), and the format the
 * client asks for (mediaType.ts, first match): `txn.fallback_format`. Together they name the
 * backend that answers. `req.fhdr`, not `req.hdr`: the whole header, not its values one by one.
 */
function negotiationRules(contract: RouteContract): HaproxyLine[] {
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
	const language = negotiates(contract)
		? [
				comment(
					`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed): one pattern.`,
				),
				`http-request set-var(txn.fallback_locale) ${haproxySample(`req.fhdr(accept-language),${regsub(firstListedCapture(shipped), 1, 'Accept-Language pattern')},lower`, 'Accept-Language')}`,
				`http-request unset-var(txn.fallback_locale) unless { var(txn.fallback_locale) -m str ${contract.otherLocales.map((locale) => haproxyWord(locale, 'locale')).join(' ')} }`,
			]
		: [];
	// In order, each only while none matched: the first pattern that matches wins, and a browser's
	// Accept (text/html) is matched by one pattern, not three.
	const unset = `!${isSet('fallback_format')}`;
	const format = acceptPatterns.map(
		({ format: name }, index) =>
			`http-request set-var(txn.fallback_format) ${str(name, 'format')} if ${index > 0 ? `${unset} ` : ''}${acceptsAcl(name)}`,
	);
	return [
		...language,
		comment('The format the client asks for (first match): the page, its problem document, its text twin.'),
		...acceptPatterns.map(
			({ format: name, pattern }) =>
				`acl ${acceptsAcl(name)} req.fhdr(accept) -m reg ${haproxyRegex(pattern, `Accept of ${name}`)}`,
		),
		...format,
		`http-request set-var(txn.fallback_format) ${str('page', 'format')} if ${unset}`,
	];
}

/** Under an API prefix: the problem document, whatever the client accepts. */
function problemFormatRules(condition: string): string[] {
	return [`http-request set-var(txn.fallback_format) ${str('problem', 'format')} if ${condition}`];
}

/** `acl fallback_api path_beg /api/`, one line per prefix (lines of one ACL name are ORed). */
function apiAcl(contract: RouteContract): string[] {
	return contract.apiPrefixes.map(
		(prefix) => `acl fallback_api path_beg ${haproxyWord(prefix, 'API prefix')}`,
	);
}

/** Maintenance: every path but the allowed ones gets the 503 page (`fallback_allowed` lets through). */
function allowedAcl(contract: RouteContract): string[] {
	return (contract.maintenance?.allowedPaths ?? []).map(
		(path) =>
			`acl fallback_allowed ${path.endsWith('/') ? 'path_beg' : 'path'} ${haproxyWord(path, 'allowed path')}`,
	);
}

/** The condition of a path under maintenance: not allowed (or every path, where none is). */
const underMaintenance = (contract: RouteContract) =>
	(contract.maintenance?.allowedPaths.length ?? 0) > 0 ? ' unless fallback_allowed' : '';

/**
 * Headers on every answer of Fallback's, errors HAProxy raises itself included: the request ID,
 * the language and what the answer varies with, the page headers, each status's own headers.
 */
function afterResponseRules(contract: RouteContract, headersOf: HeadersOf): HaproxyLine[] {
	const vary = negotiates(contract) ? 'Accept-Language, Accept' : 'Accept';
	const statusHeaders = statusHeaderNames(contract.statusPages, headersOf).flatMap((name) =>
		contract.statusPages
			.filter((route) => headersOf(route)[name] !== undefined)
			.map(
				(route) =>
					`http-after-response set-header ${headerName(name, 'status header name')} ${haproxyLogFormat(headersOf(route)[name]!, `header ${name} of status ${route.status}`)} if { status ${route.status} }`,
			),
	);
	return [
		...(requestIdsOf(contract) === false
			? []
			: [
					comment("HAProxy's own ID of the request (never one a client sent), for support to quote."),
					`http-after-response set-header ${headerName(contract.requestIdHeader, 'request ID header')} %[unique-id]`,
				]),
		`http-after-response set-header Content-Language %[var(txn.fallback_language,${haproxyWord(contentLanguage(contract, contract.defaultLocale), 'default language')})]`,
		`http-after-response set-header Vary ${haproxyString(vary, 'Vary')}`,
		...Object.entries(contract.pageHeaders).map(
			([name, value]) =>
				`http-after-response set-header ${headerName(name, 'page header name')} ${haproxyLogFormat(value, `page header ${name}`)}`,
		),
		...statusHeaders,
	];
}

/** HAProxy's own errors (a bad request, a timeout…) show the page of their status, in a format. */
function httpErrors(
	contract: RouteContract,
	pagesRoot: string,
	locale: string,
	format: ErrorFormat,
): string[] {
	return contract.statusPages
		.filter((route) => ownErrorStatuses.includes(route.status))
		.map((route) => {
			const local =
				locale === contract.defaultLocale
					? route
					: (errorRoutes(contract).find((candidate) => candidate.path === `/${locale}${route.path}`) ??
						route);
			const file = errorFiles(local).find((candidate) => candidate.format === format)!;
			return `http-error status ${route.status} content-type ${haproxyString(file.type, 'media type')} file ${haproxyString(`${pagesRoot}/${file.file}`, 'page file')}`;
		});
}

/** The process and the defaults both files share. */
function globalSection(mode: Mode, options: HostOptions): (HaproxySection | '')[] {
	return [
		section('global', [
			comment([
				`A return's page must fit in one buffer: the galleries do not fit in the default 16 KB. Pages up`,
				`to ${haproxyPayloadLimit} bytes fit; the build checks each.`,
			]),
			`tune.bufsize ${haproxyBufferSize}`,
			comment('The access log, to stdout: under systemd, the journal (journalctl -u haproxy).'),
			'log stdout format raw local0',
			'user haproxy',
			'group haproxy',
			...(mode === 'proxy'
				? [
						comment("The app's address, which every backend below names."),
						`setenv FALLBACK_APP ${upstreamAddress(options.upstream)}`,
					]
				: []),
		]),
		'',
		section('defaults', [
			'mode http',
			'log global',
			// Static: no server to connect to; HAProxy warns when no connect timeout is set.
			...(mode === 'proxy' ? [] : ['timeout connect 5s']),
			'timeout client 30s',
			'timeout http-request 10s',
			'timeout http-keep-alive 10s',
			...(mode === 'proxy'
				? [
						comment([
							'How long HAProxy tries to connect to the app before the visitor gets the 503 page, once: no',
							'retries, whose connect timeouts would add up (a dead host is answered in seconds).',
						]),
						`timeout connect ${options.upstreamConnectTimeoutSeconds}s`,
						'retries 0',
						comment(
							'How long the app may stay silent before the visitor gets the 504 page; WebSockets may idle longer.',
						),
						`timeout server ${options.upstreamTimeoutSeconds}s`,
						'timeout tunnel 1h',
					]
				: []),
		]),
	];
}

/** The frontend's first lines: where it listens, the request ID, the access log with it. */
function frontendStart(mode: Mode, contract: RouteContract, options: HostOptions): HaproxyLine[] {
	const logLine = '%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}r';
	if (requestIdsOf(contract) === false) {
		return [
			bindLine(options),
			comment('The access log (no request IDs: fallback.requestId is false).'),
			`log-format ${haproxyString(logLine, 'log format')}`,
		];
	}
	return [
		bindLine(options),
		comment("Each request's ID: a random UUID, never one a client sent; in the access log."),
		'unique-id-format %[uuid()]',
		`log-format ${haproxyString(`${logLine} request_id=%ID`, 'log format')}`,
		...(mode === 'proxy'
			? [
					comment("The app gets the request's ID too, so both logs can be matched."),
					`http-request set-header ${headerName(contract.requestIdHeader, 'request ID header')} %[unique-id]`,
				]
			: []),
	];
}

/** The locales, default first, and the route of each name in each (else the default's). */
function localeRoutes(contract: RouteContract): { locale: string; routes: PageRoute[] }[] {
	const names = [...pageStatuses(contract).keys()];
	return [contract.defaultLocale, ...contract.otherLocales].map((locale) => ({
		locale,
		routes: names.map(
			(name) => (pageIn(contract, locale, name) ?? pageIn(contract, contract.defaultLocale, name))!,
		),
	}));
}

/** The backend that answers with a locale's files in a format: `fallback_de_problem`. */
const pagesBackend = (locale: string, format: ErrorFormat) =>
	`fallback_${haproxyWord(locale, 'locale')}_${format}`;

/**
 * A locale's backend of one format, in the static site: its language, its gallery, and one `return`
 * per page, each named by `txn.fallback_name` (a `return` names a fixed file, which HAProxy loads
 * at startup: that is why every file is named here).
 */
function pagesBackendSection(
	contract: RouteContract,
	pagesRoot: string,
	locale: string,
	routes: readonly PageRoute[],
	format: ErrorFormat,
): HaproxySection {
	return section(`backend ${pagesBackend(locale, format)}`, [
		`http-request set-var(txn.fallback_language) ${languageOf(contract, locale)}`,
		// The gallery, a page whatever the client accepts: once, in the page backend (it is the largest file).
		...(format === 'page'
			? [
					`http-request return status 200 content-type ${haproxyString(formats.page.type, 'media type')} file ${haproxyString(`${pagesRoot}/${galleryFile(contract, locale)}`, 'gallery file')} if ${isSet('fallback_gallery')}`,
				]
			: []),
		...routes.map((route) => {
			const name = pageName(contract, route);
			const file = errorFiles(route).find((candidate) => candidate.format === format)!;
			return `http-request return status ${route.status} content-type ${haproxyString(file.type, 'media type')} file ${haproxyString(`${pagesRoot}/${file.file}`, 'page file')} if { var(txn.fallback_name) -m str ${haproxyWord(name, 'page name')} }`;
		}),
	]);
}

/** The static site: dist/ at `pagesRoot`, every answer from the config. */
export function haproxyStaticConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const { pagesRoot } = options;
	const groups = pageGroups(contract);
	const pageAcl = (index: number) => `fallback_page_${index + 1}`;
	// Until the rule for anything else names one, a name is set only where a page's pattern matched:
	// the patterns run once, not again in each rule below.
	const notPage = `!${isSet('fallback_name')}`;
	const gallery = isSet('fallback_gallery');
	const otherLocales = contract.otherLocales.map((locale) => haproxyWord(locale, 'locale')).join('|');
	/**
	 * What a page or gallery set, forgotten where `condition` makes the answer another page; a path
	 * in a locale's folder keeps that locale (set again: for the others it is what it was).
	 */
	const forget = (condition: string) => [
		...['fallback_page_locale', 'fallback_gallery', 'fallback_api'].map(
			(variable) => `http-request unset-var(txn.${variable})${condition}`,
		),
		...(negotiates(contract) ? folderLocaleRules(contract, 'fallback_page_locale') : []),
	];
	const methodNotAllowed = contract.methodNotAllowedStatus;
	const nameOf = (route: PageRoute) => str(pageName(contract, route), 'page name');
	const notRead = ` unless { method ${contract.readMethods.map((method) => haproxyWord(method, 'method')).join(' ')} }`;
	const header = fileHeader([
		"Fallback for HAProxy 2.6+, standalone: a server of Fallback's pages alone; every error answers with its",
		'own page and status (HAProxy serves the pages from memory: it cannot serve a site of its own).',
		`Copy dist/ to ${pagesRoot} and this file to /etc/haproxy/haproxy.cfg, change bind,`,
		'then `haproxy -c -f /etc/haproxy/haproxy.cfg && systemctl reload haproxy`. HAProxy reads every',
		'page at startup: reload it after copying new pages.',
	]);
	return renderHaproxyFile(header, [
		'',
		...globalSection('static', options),
		'',
		section('frontend fallback_static', [
			...frontendStart('static', contract, options),
			'',
			...negotiationRules(contract),
			'',
			comment([
				'Which page answers: txn.fallback_name (404), found by one pattern for every page in every',
				'locale; /{code} and /{code}.html answer {code}, the app-error pages their status. Anything in',
				"a locale's folder (a page, an unknown path) and a gallery are in their own locale",
				'(txn.fallback_page_locale).',
			]),
			...(negotiates(contract)
				? [inLocaleAcl(contract), ...folderLocaleRules(contract, 'fallback_page_locale')]
				: []),
			...groups.flatMap((group, index) => {
				const pattern = pageGroupPattern(contract, group);
				return [
					`acl ${pageAcl(index)} path -m reg ${haproxyRegex(pattern, 'page paths')}`,
					`http-request set-var(txn.fallback_name) ${haproxySample(`path,${regsub(pattern, 2, 'page paths')}`, 'page name')} if ${pageAcl(index)}`,
				];
			}),
			comment('The galleries.'),
			`acl fallback_gallery path -m reg ${haproxyRegex(`^/${negotiates(contract) ? `(?:(?:${otherLocales})/)?` : ''}(?:${contract.indexFile.replace('.', '[.]')})?$`, 'gallery paths')}`,
			`http-request set-var(txn.fallback_gallery) bool(true) if ${notPage} fallback_gallery`,
			`http-request set-var(txn.fallback_page_locale) ${str(contract.defaultLocale, 'default locale')} if ${gallery}`,
			...(negotiates(contract)
				? [`http-request set-var(txn.fallback_page_locale) path,field(2,/) if ${gallery} fallback_in_locale`]
				: []),
			comment([
				`Anything else is ${notFound.status}: rule files for other hosts, the problem documents (only an error`,
				`shows them), HAProxy serves no file the rules do not name. Under the API, as a problem document.`,
			]),
			...apiAcl(contract),
			...(contract.apiPrefixes.length > 0
				? [`http-request set-var(txn.fallback_api) bool(true) if fallback_api ${notPage} !${gallery}`]
				: []),
			`http-request set-var(txn.fallback_name) ${nameOf(notFound)} if ${notPage} !${gallery}`,
			comment(
				`A static site answers ${contract.readMethods.join(' and ')}; any other method gets the ${methodNotAllowed} page.`,
			),
			`http-request set-var(txn.fallback_name) ${nameOf(methodNotAllowedPage(contract))}${notRead}`,
			...forget(notRead),
			...(contract.maintenance
				? [
						comment(
							`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
						),
						...allowedAcl(contract),
						`http-request set-var(txn.fallback_name) ${nameOf(requiredStatusPage(contract, MAINTENANCE_STATUS))}${underMaintenance(contract)}`,
						...forget(underMaintenance(contract)),
					]
				: []),
			comment('A page of the default URLs is in the locale asked for; the others in their own.'),
			`http-request set-var(txn.fallback_locale) var(txn.fallback_page_locale) if ${isSet('fallback_page_locale')}`,
			...problemFormatRules(isSet('fallback_api')),
			`http-request set-var(txn.fallback_format) ${str('page', 'format')} if ${gallery}`,
			'',
			comment([
				"The locale's backend of the format answers: its gallery, or the page, whole (no conditional",
				'or partial answer to an error), with its status.',
			]),
			`use_backend fallback_%[var(txn.fallback_locale,${haproxyWord(contract.defaultLocale, 'default locale')})]_%[var(txn.fallback_format)]`,
			`default_backend ${pagesBackend(contract.defaultLocale, 'page')}`,
			'',
			...afterResponseRules(contract, (route) => route.headers),
			'',
			comment("HAProxy's own errors (before the rules above) show the page of their status."),
			...httpErrors(contract, pagesRoot, contract.defaultLocale, 'page'),
		]),
		...localeRoutes(contract).flatMap(({ locale, routes }) =>
			acceptPatterns.flatMap(({ format }) => [
				'' as const,
				pagesBackendSection(contract, pagesRoot, locale, routes, format),
			]),
		),
	]);
}

/** The app's `host:port`, as config/hostOptions.ts validates it. */
function upstreamAddress(upstream: string): string {
	if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(upstream)) {
		throw new UnsafeConfigValue('fallback.hosts.upstream', upstream, 'is not host:port');
	}
	return upstream;
}

/** `fallback_in_locale`: the path is in another locale's folder (`/de/…`). */
const inLocaleAcl = (contract: RouteContract) =>
	`acl fallback_in_locale path -m reg ${haproxyRegex(`^/(?:${contract.otherLocales.map((locale) => haproxyWord(locale, 'locale')).join('|')})/`, 'locale folders')}`;

/**
 * The locale of the folder the path is in, into `variable`: another locale's (`/de/…`, by the
 * `fallback_in_locale` acl), or one of the site's own locale folders (localeAliases).
 */
function folderLocaleRules(contract: RouteContract, variable: string): string[] {
	return [
		`http-request set-var(txn.${variable}) path,field(2,/) if fallback_in_locale`,
		...Object.entries(contract.localeAliases ?? {}).map(
			([folder, locale]) =>
				`http-request set-var(txn.${variable}) str(${haproxyWord(locale, 'locale')}) if { path -m beg ${haproxyString(folder, `locale folder ${folder}`)} }`,
		),
	];
}

/** A backend's name: the app, with the error pages of a locale and a format. */
const backendName = (locale: string, format: ErrorFormat) =>
	`fallback_app_${haproxyWord(locale, 'locale')}_${format}`;

/** HAProxy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function haproxyProxyConfig(contract: RouteContract, options: HostOptions): string {
	const { pagesRoot } = options;
	const replaced = replacedAppPages(contract);
	const maintenancePage = contract.maintenance ? requiredStatusPage(contract, MAINTENANCE_STATUS) : undefined;
	const { unreachable, timeout } = haproxyProxyFailureStatuses;
	const codes = replaced.map((route) => route.status).join(' ');
	/** A route's file in a format, as a `return`'s payload. */
	const payload = (route: PageRoute, format: ErrorFormat) => {
		const file = errorFiles(route).find((candidate) => candidate.format === format)!;
		return `content-type ${haproxyString(file.type, 'media type')} file ${haproxyString(`${pagesRoot}/${file.file}`, 'page file')}`;
	};
	const header = fileHeader([
		'Fallback for HAProxy 2.6+ in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${pagesRoot} and this file to /etc/haproxy/haproxy.cfg, change bind and the app's`,
		'address (setenv FALLBACK_APP), then `haproxy -c -f /etc/haproxy/haproxy.cfg && systemctl reload haproxy`.',
		`Replaced, keeping the status: the app's answers with ${codes} when HTML or empty,`,
		`an app that cannot be reached (${unreachable}) and one silent longer than timeout server (${timeout}).`,
		`Passed through untouched: everything else, ${passedFourxx(replaced)}, its JSON errors and WebSocket upgrades included.`,
	]);
	return renderHaproxyFile(header, [
		'',
		...globalSection('proxy', options),
		'',
		section('frontend fallback_proxy', [
			...frontendStart('proxy', contract, options),
			'option forwardfor',
			'',
			...negotiationRules(contract),
			...(negotiates(contract)
				? [
						comment("Under a locale's folder, that locale's pages, whatever the browser asks."),
						inLocaleAcl(contract),
						...folderLocaleRules(contract, 'fallback_locale'),
					]
				: []),
			comment('Under the API, an error is a problem document.'),
			...apiAcl(contract),
			...(contract.apiPrefixes.length > 0 ? problemFormatRules('fallback_api') : []),
			...(contract.maintenance
				? [
						'',
						comment(
							`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method; nothing reaches the app.`,
						),
						...allowedAcl(contract),
						`http-request set-var(txn.fallback_maintenance) bool(true)${underMaintenance(contract)}`,
					]
				: []),
			'',
			comment([
				'The app, through the backend of the locale and format asked for: its own errors (unreachable,',
				"too slow) and the app's replaced answers show that locale's page in that format.",
			]),
			`use_backend fallback_app_%[var(txn.fallback_locale,${haproxyWord(contract.defaultLocale, 'default locale')})]_%[var(txn.fallback_format)]`,
			`default_backend ${backendName(contract.defaultLocale, 'page')}`,
			'',
			comment(
				"Anything the backend did not replace is the app's answer, untouched: none of Fallback's headers.",
			),
			'http-response set-var(txn.fallback_from_app) bool(true)',
			`http-after-response allow if ${isSet('fallback_from_app')}`,
			...afterResponseRules(contract, (route) => headersInFrontOfApp(contract, route)),
			'',
			comment("HAProxy's own errors before a backend is chosen show the page of their status."),
			...httpErrors(contract, pagesRoot, contract.defaultLocale, 'page'),
		]),
		...localeRoutes(contract).flatMap(({ locale, routes }) => {
			const inLocale = (status: number) =>
				routes.find((route) => route.status === status && pageName(contract, route) === String(status))!;
			return acceptPatterns.flatMap(({ format }) => [
				'' as const,
				section(`backend ${backendName(locale, format)}`, [
					`http-request set-var(txn.fallback_language) ${languageOf(contract, locale)}`,
					...(maintenancePage
						? [
								`http-request return status ${MAINTENANCE_STATUS} ${payload(inLocale(MAINTENANCE_STATUS), format)} if ${isSet('fallback_maintenance')}`,
							]
						: []),
					'server app "${FALLBACK_APP}"',
					comment([
						`The app's ${codes}, when HTML or without a body, become the page of their status;`,
						'any other body (an API’s JSON error) passes as the app sent it.',
					]),
					`acl fallback_replaced status ${codes}`,
					'acl fallback_app_html res.fhdr(content-type) -m beg -i text/html',
					'acl fallback_app_typed res.fhdr(content-type) -m found',
					'http-response set-var(txn.fallback_replace) bool(true) if fallback_replaced fallback_app_html',
					'http-response set-var(txn.fallback_replace) bool(true) if fallback_replaced !fallback_app_typed',
					...replaced.map(
						(route) =>
							`http-response return status ${route.status} ${payload(inLocale(route.status), format)} if ${isSet('fallback_replace')} { status ${route.status} }`,
					),
					...httpErrors(contract, pagesRoot, locale, format),
				]),
			]);
		}),
	]);
}

export function haproxyFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'haproxy/haproxy-standalone.cfg', content: haproxyStaticConfig(contract, options) },
		{ path: 'haproxy/haproxy-proxy.cfg', content: haproxyProxyConfig(contract, options) },
	];
}
