/**
 * Caddy v2: a Caddyfile for the static site, and one for Caddy in front of an app. Errors of every
 * origin end in `handle_errors`, which serves `/{status}.html` and keeps the status (file_server
 * answers with the error's status when it runs there).
 */
import {
	appErrorRoutes,
	badGatewayRoute,
	errorRoutes,
	fileHeader,
	hashComment,
	gatewayTimeoutRoute,
	methodNotAllowedRoute,
	notFoundRoute,
	readMethods,
	upstreamErrorRoutes,
	withDefaults,
	type ErrorRoute,
	type HostOptions,
	quoted,
} from './common';

/** `:80` for every interface; a host gets `http://` so Caddy does not try to fetch a certificate for it. */
function siteAddress({ listen }: HostOptions): string {
	return listen.host ? `http://${listen.host}:${listen.port}` : `:${listen.port}`;
}

/** In handle_errors: the headers that go with a status, matched on the error's status. */
function errorHeaderLines(routes: readonly ErrorRoute[], indent: string): string[] {
	const seen = new Set<number>();
	return routes.flatMap((route) => {
		if (seen.has(route.status) || Object.keys(route.headers).length === 0) return [];
		seen.add(route.status);
		return [
			`${indent}@status${route.status} expression \`{err.status_code} == ${route.status}\``,
			...Object.entries(route.headers).map(
				([name, value]) => `${indent}header @status${route.status} ${name} ${quoted(value)}`,
			),
		];
	});
}

/** The static site: dist/ at `pagesRoot`. */
export function caddyStaticConfig(options: Partial<HostOptions> = {}): string {
	const settings = withDefaults(options);
	const appErrorPaths = appErrorRoutes.map((route) => route.path).join(' ');
	const lines = [
		fileHeader([
			'Fallback for Caddy v2, static site: every error answers with its own page and status.',
			`Copy dist/ to ${settings.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
			'then replace the site address with your domain (Caddy then gets it a certificate) and change root.',
		]),
		'',
		`${siteAddress(settings)} {`,
		`\troot * ${settings.pagesRoot}`,
		'',
		hashComment(
			[
				'`route` keeps these in order: a method check first, then one error per address; the first that',
				'matches ends the request. Nothing matched: file_server serves the file or fails with 404.',
			],
			'\t',
		),
		'\troute {',
		`\t\t@notRead not method ${readMethods.join(' ')}`,
		`\t\terror @notRead ${methodNotAllowedRoute.status}`,
		...errorRoutes.map((route) => `\t\terror ${route.path} ${route.status}`),
		'\t\tfile_server',
		'\t}',
		'',
		hashComment(
			[
				`Every error, whatever caused it (a missing file is ${notFoundRoute.status}), shows the page of its status.`,
			],
			'\t',
		),
		'\thandle_errors {',
		...errorHeaderLines(errorRoutes, '\t\t'),
		// Only their own status: a POST there is a 405 like anywhere else.
		'\t\t@appError {',
		`\t\t\tpath ${appErrorPaths}`,
		`\t\t\texpression \`{err.status_code} == ${appErrorRoutes[0]!.status}\``,
		'\t\t}',
		'\t\thandle @appError {',
		'\t\t\trewrite * {path}.html',
		'\t\t\tfile_server',
		'\t\t}',
		'\t\thandle {',
		'\t\t\trewrite * /{err.status_code}.html',
		'\t\t\tfile_server',
		'\t\t}',
		'\t}',
		'}',
		'',
	];
	return lines.join('\n');
}

/** Caddy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function caddyProxyConfig(options: Partial<HostOptions> = {}): string {
	const settings = withDefaults(options);
	const lines = [
		fileHeader([
			'Fallback for Caddy v2 in front of an app: the app answers; when it fails, Fallback’s page does.',
			`Copy dist/ to ${settings.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
			'then replace the site address with your domain and the reverse_proxy address with your app’s.',
			`Replaced, keeping the status: the app's 5xx answers, an app that cannot be reached (${badGatewayRoute.status})`,
			`and an app slower than response_header_timeout (${gatewayTimeoutRoute.status}).`,
			"Passed through untouched: everything else, the app's own 4xx pages included.",
		]),
		'',
		`${siteAddress(settings)} {`,
		`\treverse_proxy ${settings.upstream} {`,
		'\t\ttransport http {',
		hashComment(
			[
				`How long the app may take to start answering before the visitor gets the ${gatewayTimeoutRoute.status} page.`,
			],
			'\t\t\t',
		),
		`\t\t\tresponse_header_timeout ${settings.upstreamTimeoutSeconds}s`,
		'\t\t}',
		hashComment(
			[
				"The app's server errors become Caddy errors with the same status, so handle_errors shows their page.",
			],
			'\t\t',
		),
		`\t\t@appFailed status ${upstreamErrorRoutes.map((route) => route.status).join(' ')}`,
		'\t\thandle_response @appFailed {',
		'\t\t\terror "the app answered {rp.status_code}" {rp.status_code}',
		'\t\t}',
		'\t}',
		'',
		'\thandle_errors {',
		`\t\troot * ${settings.pagesRoot}`,
		...errorHeaderLines(upstreamErrorRoutes, '\t\t'),
		'\t\trewrite * /{err.status_code}.html',
		'\t\tfile_server',
		'\t}',
		'}',
		'',
	];
	return lines.join('\n');
}
