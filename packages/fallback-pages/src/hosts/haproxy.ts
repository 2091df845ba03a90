/**
 * HAProxy (2.6, Debian 12's; needs 2.5+ for `set-var-fmt`): a complete haproxy.cfg for the static
 * site, and one for HAProxy in front of an app.
 *
 * HAProxy has no file server. Every page is loaded once, at startup, by `http-request return …
 * file <page>` (the static site, maintenance), `http-response return … file <page>` (the app's
 * errors) and `http-error status N … file <page>` (HAProxy's own errors: the app unreachable, too
 * slow…), naming the page files of dist/ directly. That is simpler than `errorfiles` with
 * generated `.http` files (raw responses with the page inside): nothing but this config is
 * generated, no copy of a page can go stale (a reload reads the pages again), and the headers are
 * added by `http-after-response`, which runs on every answer HAProxy makes, these included. A
 * `return` or `http-error` can only name a fixed file, so the request rules first work out which
 * file answers (`txn.fallback_file`: `de/problem/503.json`), and one rule per file answers with it;
 * HAProxy's own errors take their page from the backend the request went to, so there is one
 * backend (the same app) per locale and format.
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
	routePaths,
	statusHeaderNames,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
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
} from './format';
import { firstListedPattern } from './language';
import { acceptPatterns, formats, type ErrorFormat } from './mediaType';
import type { HostOptions } from './options';
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

/** A locale's gallery: `index.html`, `de/index.html`. */
const galleryFile = (contract: RouteContract, locale: string) =>
	`${locale === contract.defaultLocale ? '' : `${locale}/`}${contract.indexFile}`;

/** `bind :80`, `bind 127.0.0.1:8123`. */
const bindLine = ({ listen }: HostOptions) => `bind ${listen.host ?? ''}:${listen.port}`;

/** Lists of ACL values, at most this many per line (HAProxy takes 64 words on a line). */
const valuesPerLine = 24;

function chunks<T>(values: readonly T[], size = valuesPerLine): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
	return out;
}

/** `{ path /404 /404.html }`, split over as many rules as the values need. */
function pathConditions(paths: readonly string[]): string[] {
	return chunks(paths.map((path) => haproxyWord(path, 'route path'))).map(
		(group) => `{ path ${group.join(' ')} }`,
	);
}

const str = (value: string, what: string) => `str(${haproxyWord(value, what)})`;

/** The `Content-Language` of a locale, as an argument. */
const languageOf = (contract: RouteContract, locale: string) =>
	str(contentLanguage(contract, locale), `language of ${locale}`);

/** ACL names of the formats: `fallback_accepts_problem`. */
const acceptsAcl = (format: ErrorFormat) => `fallback_accepts_${format}`;

/**
 * The negotiation, first thing in the frontend: `txn.fallback_locale`, the folder of the locale the
 * browser lists first among those that ship (language.ts; unset: the default locale), and the
 * format the client asks for (mediaType.ts, first match): `txn.fallback_format`, its folder and
 * extension. `req.fhdr`, not `req.hdr`: the whole header, not its comma-separated values one by one.
 */
function negotiationRules(contract: RouteContract): HaproxyLine[] {
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
	const language = negotiates(contract)
		? [
				comment(
					`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed), as a folder.`,
				),
				...contract.otherLocales.map(
					(locale) =>
						`http-request set-var(txn.fallback_locale) ${str(`${locale}/`, 'locale folder')} if { req.fhdr(accept-language) -m reg ${haproxyRegex(firstListedPattern(locale, shipped), `Accept-Language of ${locale}`)} }`,
				),
			]
		: [];
	// Tried in reverse, each overriding the last: the first pattern that matches wins.
	const format = [...acceptPatterns].reverse().flatMap(({ format: name }) => {
		const { folder, extension } = formats[name];
		const when = ` if ${acceptsAcl(name)}`;
		return [
			`http-request set-var(txn.fallback_format) ${str(name, 'format')}${when}`,
			folder
				? `http-request set-var(txn.fallback_format_folder) ${str(folder, 'format folder')}${when}`
				: `http-request unset-var(txn.fallback_format_folder)${when}`,
			`http-request set-var(txn.fallback_ext) ${str(extension, 'format extension')}${when}`,
		];
	});
	return [
		...language,
		comment('The format the client asks for (first match): the page, its problem document, its text twin.'),
		...acceptPatterns.map(
			({ format: name, pattern }) =>
				`acl ${acceptsAcl(name)} req.fhdr(accept) -m reg ${haproxyRegex(pattern, `Accept of ${name}`)}`,
		),
		`http-request set-var(txn.fallback_format) ${str('page', 'format')}`,
		`http-request set-var(txn.fallback_ext) ${str(formats.page.extension, 'format extension')}`,
		...format,
	];
}

/** Under an API prefix: the problem document, whatever the client accepts. */
function problemFormatRules(condition: string): string[] {
	const { folder, extension } = formats.problem;
	return [
		`http-request set-var(txn.fallback_format) ${str('problem', 'format')} if ${condition}`,
		`http-request set-var(txn.fallback_format_folder) ${str(folder, 'format folder')} if ${condition}`,
		`http-request set-var(txn.fallback_ext) ${str(extension, 'format extension')} if ${condition}`,
	];
}

/** `acl fallback_api path_beg /api/`, one line per prefix (lines of one ACL name are ORed). */
function apiAcl(contract: RouteContract): string[] {
	return contract.apiPrefixes.map(
		(prefix) => `acl fallback_api path_beg ${haproxyWord(prefix, 'API prefix')}`,
	);
}

/**
 * The language of the page answered, by its folder (`txn.fallback_folder`): `Content-Language`,
 * which http-after-response sends.
 */
function languageRules(contract: RouteContract): string[] {
	return [
		`http-request set-var(txn.fallback_language) ${languageOf(contract, contract.defaultLocale)}`,
		...contract.otherLocales.map(
			(locale) =>
				`http-request set-var(txn.fallback_language) ${languageOf(contract, locale)} if { var(txn.fallback_folder) -m str ${haproxyWord(`${locale}/`, 'locale folder')} }`,
		),
	];
}

/** `txn.fallback_file`: the file that answers, from the page's folder, the format and its name. */
const fileFormat = (name: string) =>
	`"%[var(txn.fallback_folder)]%[var(txn.fallback_format_folder)]${name}.%[var(txn.fallback_ext)]"`;

/** One `return` per file: the file the rules above chose answers, with its status and type. */
function returnRules(
	phase: 'http-request' | 'http-response',
	files: readonly ErrorFile[],
	pagesRoot: string,
): string[] {
	return files.map(
		({ file, status, type }) =>
			`${phase} return status ${status} content-type ${haproxyString(type, 'media type')} file ${haproxyString(`${pagesRoot}/${file}`, 'page file')} if { var(txn.fallback_file) -m str ${haproxyWord(file, 'page file')} }`,
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
		comment("HAProxy's own ID of the request (never one a client sent), for support to quote."),
		`http-after-response set-header ${headerName(contract.requestIdHeader, 'request ID header')} %[unique-id]`,
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
			'timeout connect 5s',
			'timeout client 30s',
			'timeout http-request 10s',
			'timeout http-keep-alive 10s',
			...(mode === 'proxy'
				? [
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
	return [
		bindLine(options),
		comment("Each request's ID: a random UUID, never one a client sent; in the access log."),
		'unique-id-format %[uuid()]',
		`log-format ${haproxyString('%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}r request_id=%ID', 'log format')}`,
		...(mode === 'proxy'
			? [
					comment("The app gets the request's ID too, so both logs can be matched."),
					`http-request set-header ${headerName(contract.requestIdHeader, 'request ID header')} %[unique-id]`,
				]
			: []),
	];
}

/** The static site: dist/ at `pagesRoot`, every answer from the config. */
export function haproxyStaticConfig(contract: RouteContract, options: HostOptions): string {
	const routes = errorRoutes(contract);
	const notFound = notFoundPage(contract);
	const { pagesRoot } = options;
	const names = [...new Set(routes.map((route) => pageFileParts(route.file).name))];
	const named = '{ var(txn.fallback_name) -m found }';
	const unnamed = '!{ var(txn.fallback_name) -m found }';
	const galleries = [contract.defaultLocale, ...contract.otherLocales].map((locale) => ({
		locale,
		file: galleryFile(contract, locale),
		paths:
			locale === contract.defaultLocale
				? ['/', `/${contract.indexFile}`]
				: [`/${locale}/`, `/${locale}/${contract.indexFile}`],
	}));
	/** Forget the page a path named: another error answers (its own page, in the locale asked for). */
	const forget = (condition: string) =>
		['fallback_folder', 'fallback_gallery', 'fallback_api'].map(
			(variable) => `http-request unset-var(txn.${variable})${condition}`,
		);
	const methodNotAllowed = contract.methodNotAllowedStatus;
	const nameOf = (route: PageRoute) => str(pageFileParts(route.file).name, 'page name');
	const notRead = ` unless { method ${contract.readMethods.map((method) => haproxyWord(method, 'method')).join(' ')} }`;
	const header = fileHeader([
		'Fallback for HAProxy 2.6+, static site: every error answers with its own page and status.',
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
				'Which page answers: txn.fallback_name (404), its folder (de/, else the locale asked for).',
				'/{code} and /{code}.html answer {code}, in every locale; the app-error pages their status.',
			]),
			...names.flatMap((name) =>
				pathConditions(
					routes.filter((route) => pageFileParts(route.file).name === name).flatMap(routePaths),
				).map(
					(condition) => `http-request set-var(txn.fallback_name) ${str(name, 'page name')} if ${condition}`,
				),
			),
			...contract.otherLocales.map(
				(locale) =>
					`http-request set-var(txn.fallback_folder) ${str(`${locale}/`, 'locale folder')} if ${named} { path_beg ${haproxyWord(`/${locale}/`, 'locale path')} }`,
			),
			comment('The galleries.'),
			...galleries.flatMap(({ file, paths }) =>
				pathConditions(paths).map(
					(condition) => `http-request set-var(txn.fallback_gallery) ${str(file, 'gallery')} if ${condition}`,
				),
			),
			comment([
				`Anything else is ${notFound.status}: rule files for other hosts, the problem documents (only an error`,
				`shows them), HAProxy serves no file the rules do not name. Under the API, as a problem document.`,
			]),
			...apiAcl(contract),
			...(contract.apiPrefixes.length > 0
				? [
						`http-request set-var(txn.fallback_api) bool(true) if fallback_api ${unnamed} !{ var(txn.fallback_gallery) -m found }`,
					]
				: []),
			`http-request set-var(txn.fallback_name) ${nameOf(notFound)} if ${unnamed} !{ var(txn.fallback_gallery) -m found }`,
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
			comment('A page of the default URLs is in the locale asked for.'),
			'http-request set-var(txn.fallback_folder) var(txn.fallback_locale) unless { var(txn.fallback_folder) -m found }',
			...problemFormatRules('{ var(txn.fallback_api) -m found }'),
			...languageRules(contract),
			'',
			...galleries.flatMap(({ locale, file }) => {
				const when = `if { var(txn.fallback_gallery) -m str ${haproxyWord(file, 'gallery')} }`;
				return [
					`http-request set-var(txn.fallback_language) ${languageOf(contract, locale)} ${when}`,
					`http-request return status 200 content-type ${haproxyString(formats.page.type, 'media type')} file ${haproxyString(`${pagesRoot}/${file}`, 'gallery file')} ${when}`,
				];
			}),
			'',
			comment('The page answers, whole (no conditional or partial answer to an error), with its status.'),
			`http-request set-var-fmt(txn.fallback_file) ${fileFormat('%[var(txn.fallback_name)]')}`,
			...returnRules('http-request', routes.flatMap(errorFiles), pagesRoot),
			'',
			...afterResponseRules(contract, (route) => route.headers),
			'',
			comment("HAProxy's own errors (before the rules above) show the page of their status."),
			...httpErrors(contract, pagesRoot, contract.defaultLocale, 'page'),
		]),
	]);
}

/** The app's `host:port`, as options.ts validates it. */
function upstreamAddress(upstream: string): string {
	if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(upstream)) {
		throw new UnsafeConfigValue('fallback.hosts.upstream', upstream, 'is not host:port');
	}
	return upstream;
}

/** A backend's name: the app, with the error pages of a locale and a format. */
const backendName = (contract: RouteContract, locale: string, format: ErrorFormat) =>
	`fallback_app_${haproxyWord(contentLanguage(contract, locale), 'language')}_${format}`;

/** HAProxy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function haproxyProxyConfig(contract: RouteContract, options: HostOptions): string {
	const { pagesRoot } = options;
	const replaced = replacedAppPages(contract);
	const locales = [contract.defaultLocale, ...contract.otherLocales];
	const formatNames = acceptPatterns.map(({ format }) => format);
	const inLocales = (status: number) =>
		errorRoutes(contract).filter(
			(route) => route.status === status && pageFileParts(route.file).name === String(status),
		);
	const replacedFiles = replaced.flatMap((route) => inLocales(route.status).flatMap(errorFiles));
	const maintenanceFiles = inLocales(MAINTENANCE_STATUS).flatMap(errorFiles);
	const { unreachable, timeout } = haproxyProxyFailureStatuses;
	const codes = replaced.map((route) => route.status).join(' ');
	const header = fileHeader([
		'Fallback for HAProxy 2.6+ in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${pagesRoot} and this file to /etc/haproxy/haproxy.cfg, change bind and the app's`,
		'address (setenv FALLBACK_APP), then `haproxy -c -f /etc/haproxy/haproxy.cfg && systemctl reload haproxy`.',
		`Replaced, keeping the status: the app's answers with ${codes} when HTML or empty,`,
		`an app that cannot be reached (${unreachable}) and one silent longer than timeout server (${timeout}).`,
		"Passed through untouched: everything else, the app's own 4xx, its JSON errors and WebSocket upgrades included.",
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
			'http-request set-var(txn.fallback_folder) var(txn.fallback_locale)',
			comment('Under the API, an error is a problem document.'),
			...apiAcl(contract),
			...(contract.apiPrefixes.length > 0 ? problemFormatRules('fallback_api') : []),
			...languageRules(contract),
			...(contract.maintenance
				? [
						'',
						comment(
							`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method; nothing reaches the app.`,
						),
						...allowedAcl(contract),
						`http-request set-var-fmt(txn.fallback_file) ${fileFormat(pageFileParts(requiredStatusPage(contract, MAINTENANCE_STATUS).file).name)}${underMaintenance(contract)}`,
						...returnRules('http-request', maintenanceFiles, pagesRoot),
					]
				: []),
			'',
			comment(
				"The app, through the backend whose error pages (HAProxy's own: unreachable, too slow) are in the\n" +
					'locale and format asked for.',
			),
			'use_backend fallback_app_%[var(txn.fallback_language)]_%[var(txn.fallback_format)]',
			`default_backend ${backendName(contract, contract.defaultLocale, 'page')}`,
			'',
			comment([
				`The app's ${codes}, when HTML or without a body, become the page of their status;`,
				'any other body (an API’s JSON error) passes as the app sent it.',
			]),
			`acl fallback_replaced status ${codes}`,
			'acl fallback_app_html res.fhdr(content-type) -m beg -i text/html',
			'acl fallback_app_typed res.fhdr(content-type) -m found',
			`http-response set-var-fmt(txn.fallback_file) ${fileFormat('%[status]')} if fallback_replaced fallback_app_html`,
			`http-response set-var-fmt(txn.fallback_file) ${fileFormat('%[status]')} if fallback_replaced !fallback_app_typed`,
			...returnRules('http-response', replacedFiles, pagesRoot),
			comment("Anything else is the app's answer, untouched: none of Fallback's headers."),
			'http-response set-var(txn.fallback_from_app) bool(true)',
			'http-after-response allow if { var(txn.fallback_from_app) -m found }',
			...afterResponseRules(contract, (route) => headersInFrontOfApp(contract, route)),
			'',
			comment("HAProxy's own errors before a backend is chosen show the page of their status."),
			...httpErrors(contract, pagesRoot, contract.defaultLocale, 'page'),
		]),
		...locales.flatMap((locale) =>
			formatNames.flatMap((format) => [
				'' as const,
				section(`backend ${backendName(contract, locale, format)}`, [
					'server app "${FALLBACK_APP}"',
					...httpErrors(contract, pagesRoot, locale, format),
				]),
			]),
		),
	]);
}

export function haproxyFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'haproxy/haproxy-static.cfg', content: haproxyStaticConfig(contract, options) },
		{ path: 'haproxy/haproxy-proxy.cfg', content: haproxyProxyConfig(contract, options) },
	];
}
