/**
 * nginx: a server block for the static site, and one for nginx in front of an app. Both go inside
 * `http {}` (a file in /etc/nginx/conf.d/ or sites-enabled/ is included there).
 */
import {
	badGatewayRoute,
	errorRoutes,
	gatewayTimeoutRoute,
	fileHeader,
	hashComment,
	methodNotAllowedRoute,
	notFoundRoute,
	readMethods,
	statusRoutes,
	upstreamErrorRoutes,
	withDefaults,
	type ErrorRoute,
	type HostOptions,
	proxyPagesPrefix,
	quoted,
} from './common';

function listenDirective({ listen }: HostOptions): string {
	return `listen ${listen.host ? `${listen.host}:` : ''}${listen.port};`;
}

/** A block on one line when it holds one directive (`location = /400 { return 400; }`), else indented. */
function block(opening: string, directives: readonly string[], indent = '\t'): string[] {
	if (directives.length <= 1)
		return [`${indent}${opening} { ${directives.join(' ')} }`.replace('{  }', '{ }')];
	return [`${indent}${opening} {`, ...directives.map((directive) => `${indent}\t${directive}`), `${indent}}`];
}

/**
 * `add_header … always`: without `always` nginx only adds headers to 2xx and 3xx responses. A
 * location with its own add_header inherits none from the server level, which is why headers are
 * set only here, in the location that serves the page.
 */
function headerDirectives(route: ErrorRoute): string[] {
	return Object.entries(route.headers).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`);
}

/**
 * nginx ends the request without sending anything when a handler finishes with 408 (it takes 408 to
 * mean the client is gone: ngx_http_finalize_request in src/http/ngx_http_request.c), so `return 408`
 * would close the connection. The request finishes with another status instead, and error_page
 * turns that into the page with the intended status (`=408`). 418 is nothing nginx treats specially.
 */
const closesConnection = (status: number) => status === 408;
const standInStatus = 418;

/** `location = /{code}`: answers with the route's status and page. */
function statusLocation(route: ErrorRoute, pageUri: (route: ErrorRoute) => string): string[] {
	const opening = `location = ${route.path}`;
	if (closesConnection(route.status)) {
		return block(opening, [
			`error_page ${standInStatus} =${route.status} ${pageUri(route)};`,
			`return ${standInStatus};`,
		]);
	}
	// The app-error pages share status 500 with the 500 page: their location names its own page.
	const ownPage = route.file !== `${route.status}.html`;
	return block(opening, [
		...(ownPage ? [`error_page ${route.status} ${pageUri(route)};`] : []),
		`return ${route.status};`,
	]);
}

/** The static site: dist/ at `pagesRoot`. */
export function nginxStaticConfig(options: Partial<HostOptions> = {}): string {
	const settings = withDefaults(options);
	const pageUri = (route: ErrorRoute) => `/${route.file}`;
	const methods = readMethods.join('|');
	const lines = [
		fileHeader([
			'Fallback for nginx, static site: every error answers with its own page and status.',
			`Copy dist/ to ${settings.pagesRoot} and this file to /etc/nginx/conf.d/fallback.conf`,
			'(a server block: it is included inside http {}), then change listen, server_name and root.',
		]),
		'',
		'server {',
		`\t${listenDirective(settings)}`,
		'\tserver_name _;',
		`\troot ${settings.pagesRoot};`,
		'\tindex index.html;',
		'',
		hashComment(
			`A static site answers ${readMethods.join(' and ')}; any other method gets the ${methodNotAllowedRoute.status} page.\n` +
				'(`if` holding only `return` is safe at server level.)',
			'\t',
		),
		`\tif ($request_method !~ ^(${methods})$) {`,
		`\t\treturn ${methodNotAllowedRoute.status};`,
		'\t}',
		'',
		hashComment('Any error nginx answers with, whatever caused it, shows the page of its status.', '\t'),
		...statusRoutes.map((route) => `\terror_page ${route.status} ${pageUri(route)};`),
		'',
		hashComment('GET /{code} answers {code} with its page; the app-error pages answer 500.', '\t'),
		...errorRoutes.flatMap((route) => statusLocation(route, pageUri)),
		'',
		hashComment(
			'The pages are only served as error pages: with their status and the headers that go with it.',
			'\t',
		),
		...errorRoutes.flatMap((route) =>
			block(`location = ${pageUri(route)}`, ['internal;', ...headerDirectives(route)]),
		),
		'',
		hashComment(`Files that exist are served; anything else is ${notFoundRoute.status} with its page.`, '\t'),
		'\tlocation / {',
		`\t\ttry_files $uri $uri/ =${notFoundRoute.status};`,
		'\t}',
		'}',
		'',
	];
	return lines.join('\n');
}

/** nginx in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function nginxProxyConfig(options: Partial<HostOptions> = {}): string {
	const settings = withDefaults(options);
	const pageUri = (route: ErrorRoute) => `${proxyPagesPrefix}${route.file}`;
	const pagesDir = settings.pagesRoot.replace(/\/?$/, '/');
	const lines = [
		fileHeader([
			'Fallback for nginx in front of an app: the app answers; when it fails, Fallback’s page does.',
			`Copy dist/ to ${settings.pagesRoot} and this file to /etc/nginx/conf.d/fallback.conf`,
			'(it is included inside http {}), then change the upstream address, listen and server_name.',
			`Replaced, keeping the status: the app's 5xx answers, an app that cannot be reached (${badGatewayRoute.status})`,
			`and an app that stays silent longer than proxy_read_timeout (${gatewayTimeoutRoute.status}).`,
			"Passed through untouched: everything else, the app's own 4xx pages included.",
		]),
		'',
		'upstream fallback_app {',
		`\tserver ${settings.upstream};`,
		'}',
		'',
		'server {',
		`\t${listenDirective(settings)}`,
		'\tserver_name _;',
		'',
		hashComment(
			"nginx's own errors before a location is chosen (a malformed request: 400, 414…) show their page.\n" +
				'location / sets its own error_page list, so these are not inherited there.',
			'\t',
		),
		...statusRoutes.map((route) => `\terror_page ${route.status} ${pageUri(route)};`),
		'',
		'\tlocation / {',
		'\t\tproxy_pass http://fallback_app;',
		'\t\tproxy_http_version 1.1;',
		'\t\tproxy_set_header Host $host;',
		'\t\tproxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
		'\t\tproxy_set_header X-Forwarded-Proto $scheme;',
		hashComment(
			`How long the app may stay silent before the visitor gets the ${gatewayTimeoutRoute.status} page.`,
			'\t\t',
		),
		`\t\tproxy_read_timeout ${settings.upstreamTimeoutSeconds}s;`,
		hashComment(
			'Only statuses listed by error_page here are intercepted; the rest pass through as the app sent them.',
			'\t\t',
		),
		'\t\tproxy_intercept_errors on;',
		...upstreamErrorRoutes.map((route) => `\t\terror_page ${route.status} ${pageUri(route)};`),
		'\t}',
		'',
		hashComment(
			'The pages, under a prefix an app is unlikely to use; internal: visitors cannot request them.',
			'\t',
		),
		...block(`location ^~ ${proxyPagesPrefix}`, ['internal;', `alias ${pagesDir};`]),
		hashComment('Pages whose status comes with headers (an exact match wins over the prefix).', '\t'),
		...statusRoutes
			.filter((route) => Object.keys(route.headers).length > 0)
			.flatMap((route) =>
				block(`location = ${pageUri(route)}`, [
					'internal;',
					`alias ${pagesDir}${route.file};`,
					...headerDirectives(route),
				]),
			),
		'}',
		'',
	];
	return lines.join('\n');
}
