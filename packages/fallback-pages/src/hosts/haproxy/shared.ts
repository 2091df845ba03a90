/**
 * HAProxy: what its two configs share. The global section, the frontend's start, the negotiation
 * of each error answer's language and format, maintenance, the headers after a response and the
 * backends that serve the pages. The files: standalone.ts (Fallback's pages alone) and proxy.ts
 * (in front of an app); HAProxy has no site mode.
 */
import {
	contentLanguage,
	errorRoutes,
	negotiates,
	statusHeaderNames,
	type HeadersOf,
	type PageRoute,
	type RouteContract,
	requestIdsOf,
} from '../../contract/contract';
import {
	haproxyLogFormat,
	haproxyRegex,
	haproxyString,
	haproxyWord,
	headerName,
	UnsafeConfigValue,
} from '../format';
import { firstListedCapture, hostLocales } from '../language';
import { pageIn, pageName, pageStatuses } from '../pageTable';
import { acceptPatterns, formats, type ErrorFormat } from '../mediaType';
import type { HostOptions } from '../../config/hostOptions';
import type { HostMode } from '../mode';
import { comment, section, type HaproxyLine, type HaproxySection } from '../syntax/haproxy';
import { errorFiles, galleryFile, haproxyBufferSize, haproxyPayloadLimit, ownErrorStatuses } from './limits';

/** HAProxy's configs: standalone and in front of an app; it has no site mode. */
export type Mode = Exclude<HostMode, 'site'>;

/** `bind :80`, `bind 127.0.0.1:8123`. */
const bindLine = ({ listen }: HostOptions) => `bind ${listen.host ?? ''}:${listen.port}`;

export const str = (value: string, what: string) => `str(${haproxyWord(value, what)})`;

/** The `Content-Language` of a locale, as an argument. */
export const languageOf = (contract: RouteContract, locale: string) =>
	str(contentLanguage(contract, locale), `language of ${locale}`);

/** A condition: the transaction's variable `txn.<name>` is set. */
export const isSet = (name: string) => `{ var(txn.${name}) -m found }`;

/** ACL names of the formats: `fallback_accepts_problem`. */
const acceptsAcl = (format: ErrorFormat) => `fallback_accepts_${format}`;

/**
 * `regsub(…)` that keeps a capture group of a pattern matched against the whole value (a value the
 * pattern does not match stays as it is). The pattern, double-quoted inside the sample's single
 * quotes, may hold neither quote nor backslash.
 */
export function regsub(pattern: string, group: number, what: string): string {
	if (/["'\\]/.test(pattern)) {
		throw new UnsafeConfigValue(what, pattern, 'contains a quote or a backslash');
	}
	const whole = pattern.endsWith('$') ? pattern : `${pattern}.*$`;
	return `regsub("${whole}","\\${group}")`;
}

/** A sample expression as one single-quoted word (nothing inside is interpreted at that level). */
export const haproxySample = (expression: string, what: string) => haproxyRegex(expression, what);

/**
 * The negotiation, first thing in the frontend: `txn.fallback_locale`, the locale the browser lists
 * first among those that ship (language.ts; unset: the default locale), and the format the
 * client asks for (mediaType.ts, first match): `txn.fallback_format`. Together they name the
 * backend that answers. `req.fhdr`, not `req.hdr`: the whole header, not its values one by one.
 */
export function negotiationRules(contract: RouteContract): HaproxyLine[] {
	const shipped = hostLocales(contract);
	const language =
		shipped.length > 1
			? [
					comment(
						`The locale the browser lists first among ${shipped.join(', ')} (q-values not weighed): one pattern.`,
					),
					`http-request set-var(txn.fallback_locale) ${haproxySample(`req.fhdr(accept-language),${regsub(firstListedCapture(shipped), 1, 'Accept-Language pattern')},lower`, 'Accept-Language')}`,
					`http-request unset-var(txn.fallback_locale) unless { var(txn.fallback_locale) -m str ${shipped
						.slice(1)
						.map((locale) => haproxyWord(locale, 'locale'))
						.join(' ')} }`,
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
export function problemFormatRules(condition: string): string[] {
	return [`http-request set-var(txn.fallback_format) ${str('problem', 'format')} if ${condition}`];
}

/** `acl fallback_api path_beg /api/`, one line per prefix (lines of one ACL name are ORed). */
export function apiAcl(contract: RouteContract): string[] {
	return contract.apiPrefixes.map(
		(prefix) => `acl fallback_api path_beg ${haproxyWord(prefix, 'API prefix')}`,
	);
}

/** Maintenance: every path but the allowed ones gets the 503 page (`fallback_allowed` lets through). */
export function allowedAcl(contract: RouteContract): string[] {
	return (contract.maintenance?.allowedPaths ?? []).map(
		(path) =>
			`acl fallback_allowed ${path.endsWith('/') ? 'path_beg' : 'path'} ${haproxyWord(path, 'allowed path')}`,
	);
}

/** The condition of a path under maintenance: not allowed (or every path, where none is). */
export const underMaintenance = (contract: RouteContract) =>
	(contract.maintenance?.allowedPaths.length ?? 0) > 0 ? ' unless fallback_allowed' : '';

/**
 * Headers on every answer of Fallback's, errors HAProxy raises itself included: the request ID,
 * the language and what the answer varies with, the page headers, each status's own headers.
 */
export function afterResponseRules(contract: RouteContract, headersOf: HeadersOf): HaproxyLine[] {
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
export function httpErrors(
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
export function globalSection(mode: Mode, options: HostOptions): (HaproxySection | '')[] {
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
export function frontendStart(mode: Mode, contract: RouteContract, options: HostOptions): HaproxyLine[] {
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
export function localeRoutes(contract: RouteContract): { locale: string; routes: PageRoute[] }[] {
	const names = [...pageStatuses(contract).keys()];
	return [contract.defaultLocale, ...contract.otherLocales].map((locale) => ({
		locale,
		routes: names.map(
			(name) => (pageIn(contract, locale, name) ?? pageIn(contract, contract.defaultLocale, name))!,
		),
	}));
}

/** The backend that answers with a locale's files in a format: `fallback_de_problem`. */
export const pagesBackend = (locale: string, format: ErrorFormat) =>
	`fallback_${haproxyWord(locale, 'locale')}_${format}`;

/**
 * A locale's backend of one format, in the static site: its language, its gallery, and one `return`
 * per page, each named by `txn.fallback_name` (a `return` names a fixed file, which HAProxy loads
 * at startup: that is why every file is named here).
 */
export function pagesBackendSection(
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

/** The app's `host:port`, as config/hostOptions.ts validates it. */
function upstreamAddress(upstream: string): string {
	if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(upstream)) {
		throw new UnsafeConfigValue('fallback.hosts.upstream', upstream, 'is not host:port');
	}
	return upstream;
}

/** `fallback_in_locale`: the path is in another locale's folder (`/de/…`). */
export const inLocaleAcl = (contract: RouteContract) =>
	`acl fallback_in_locale path -m reg ${haproxyRegex(`^/(?:${contract.otherLocales.map((locale) => haproxyWord(locale, 'locale')).join('|')})/`, 'locale folders')}`;

/**
 * The locale of the folder the path is in, into `variable`: another locale's (`/de/…`, by the
 * `fallback_in_locale` acl), or one of the site's own locale folders (localeAliases).
 */
export function folderLocaleRules(contract: RouteContract, variable: string): string[] {
	return [
		`http-request set-var(txn.${variable}) path,field(2,/) if fallback_in_locale`,
		...Object.entries(contract.localeAliases ?? {}).map(
			([folder, locale]) =>
				`http-request set-var(txn.${variable}) str(${haproxyWord(locale, 'locale')}) if { path -m beg ${haproxyString(folder, `locale folder ${folder}`)} }`,
		),
	];
}
