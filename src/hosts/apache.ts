/**
 * Apache httpd 2.4: a virtual host for the static site, and one for Apache in front of an app.
 * ErrorDocument points at local paths, so Apache serves the page with the original status (a full
 * URL would make it a redirect).
 */
import {
	appErrorRoutes,
	fileHeader,
	hashComment,
	methodNotAllowedRoute,
	readMethods,
	statusRoutes,
	upstreamErrorRoutes,
	withDefaults,
	type ErrorRoute,
	type HostOptions,
	proxyPagesPrefix,
	quoted,
} from './common';

/**
 * Statuses Apache 2.4 cannot answer with: its status table (modules/http/http_protocol.c) has no
 * 418 or 425, so `ErrorDocument 418 …` stops the config with "Unsupported HTTP response code 418"
 * and `RedirectMatch 418 …` answers 500. Those codes are left out; `/418` is then an unknown path.
 */
export const apacheUnsupportedStatuses: ReadonlySet<number> = new Set([418, 425]);

/**
 * What Apache's mod_proxy answers when the app fails in ways other than an error response
 * (mod_proxy_http.c): a refused connection is 503, not 502; a read timeout is 502, not 504.
 * The pages shown are those of these statuses.
 */
export const apacheProxyFailureStatuses = { unreachable: 503, timeout: 502 } as const;

const supportedRoutes = (routes: readonly ErrorRoute[]) =>
	routes.filter((route) => !apacheUnsupportedStatuses.has(route.status));

function virtualHostAddress({ listen }: HostOptions): string {
	return `${listen.host ?? '*'}:${listen.port}`;
}

/**
 * `Header always` adds to error responses too (plain `Header` only touches 2xx); the expression
 * ties each header to its status, whichever rule or failure produced it.
 */
function headerLines(routes: readonly ErrorRoute[]): string[] {
	const seen = new Set<number>();
	return routes.flatMap((route) => {
		if (seen.has(route.status)) return [];
		seen.add(route.status);
		return Object.entries(route.headers).map(
			([name, value]) =>
				`\tHeader always set ${name} ${quoted(value)} "expr=%{REQUEST_STATUS} == ${route.status}"`,
		);
	});
}

const unsupportedNote = (indent: string) =>
	hashComment(
		`Apache 2.4 cannot answer ${[...apacheUnsupportedStatuses].join(' or ')} (not in its status table): those pages are left out.`,
		indent,
	);

/** The static site: dist/ at `pagesRoot`. */
export function apacheStaticConfig(options: Partial<HostOptions> = {}): string {
	const settings = withDefaults(options);
	const root = settings.pagesRoot;
	const statusPages = supportedRoutes(statusRoutes);
	const lines = [
		fileHeader([
			'Fallback for Apache httpd 2.4, static site: every error answers with its own page and status.',
			`Copy dist/ to ${root} and this file to /etc/apache2/sites-available/fallback.conf,`,
			'change the VirtualHost address (a matching Listen must exist, see ports.conf) and the paths, then:',
			'a2enmod rewrite headers alias dir mime && a2ensite fallback && systemctl reload apache2',
		]),
		'',
		`<VirtualHost ${virtualHostAddress(settings)}>`,
		`\tDocumentRoot ${quoted(root)}`,
		`\t<Directory ${quoted(root)}>`,
		'\t\tOptions None',
		'\t\tAllowOverride None',
		'\t\tRequire all granted',
		'\t</Directory>',
		'\tDirectoryIndex index.html',
		'',
		hashComment('Any error Apache answers with, whatever caused it, shows the page of its status.', '\t'),
		unsupportedNote('\t'),
		...statusPages.map((route) => `\tErrorDocument ${route.status} /${route.file}`),
		'',
		hashComment(
			`A static site answers ${readMethods.join(' and ')}; any other method gets the ${methodNotAllowedRoute.status} page.`,
			'\t',
		),
		'\tRewriteEngine On',
		`\tRewriteCond "%{REQUEST_METHOD}" "!^(${readMethods.join('|')})$"`,
		`\tRewriteRule "^" "-" [R=${methodNotAllowedRoute.status}]`,
		'',
		hashComment(
			'GET /{code} answers {code} with its page (a RedirectMatch status outside 3xx is an error response).',
			'\t',
		),
		...statusPages.map((route) => `\tRedirectMatch ${route.status} "^${route.path}$"`),
		'',
		hashComment(`The app-error pages answer ${appErrorRoutes[0]!.status} with their own page.`, '\t'),
		...supportedRoutes(appErrorRoutes).flatMap((route) => [
			`\tRedirectMatch ${route.status} "^${route.path}$"`,
			`\t<Location ${quoted(route.path)}>`,
			`\t\tErrorDocument ${route.status} /${route.file}`,
			'\t</Location>',
		]),
		'',
		hashComment('The headers RFC 9110 asks for with these statuses.', '\t'),
		...headerLines(statusPages),
		'</VirtualHost>',
		'',
	];
	return lines.join('\n');
}

/** Apache in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function apacheProxyConfig(options: Partial<HostOptions> = {}): string {
	const settings = withDefaults(options);
	const root = settings.pagesRoot.replace(/\/?$/, '/');
	const app = `http://${settings.upstream}/`;
	const intercepted = supportedRoutes(upstreamErrorRoutes);
	const { unreachable, timeout } = apacheProxyFailureStatuses;
	const lines = [
		fileHeader([
			'Fallback for Apache httpd 2.4 in front of an app: the app answers; when it fails, Fallback’s page does.',
			`Copy dist/ to ${settings.pagesRoot} and this file to /etc/apache2/sites-available/fallback.conf,`,
			'change the VirtualHost address, the app address and the paths, then:',
			'a2enmod proxy proxy_http headers alias && a2ensite fallback && systemctl reload apache2',
			"Replaced, keeping the status: the app's 5xx answers. Apache itself answers an app that cannot be reached",
			`with ${unreachable} and an app slower than timeout= with ${timeout}; those get the ${unreachable} and ${timeout} pages.`,
			"Passed through untouched: everything else, the app's own 4xx pages included.",
			'Needs Apache 2.4.47 or later (ProxyErrorOverride with a list of statuses).',
		]),
		'',
		`<VirtualHost ${virtualHostAddress(settings)}>`,
		`\tProxyPass ${quoted(proxyPagesPrefix)} "!"`,
		`\tAlias ${quoted(proxyPagesPrefix)} ${quoted(root)}`,
		`\t<Directory ${quoted(root)}>`,
		'\t\tOptions None',
		'\t\tAllowOverride None',
		'\t\tRequire all granted',
		'\t</Directory>',
		'',
		'\tProxyPreserveHost On',
		hashComment(
			[
				'timeout: how long the app may stay silent. retry=0: try the app again at once after it was',
				'unreachable (the default keeps answering 503 for 60 seconds without trying).',
			],
			'\t',
		),
		`\tProxyPass "/" ${quoted(app)} timeout=${settings.upstreamTimeoutSeconds} retry=0`,
		`\tProxyPassReverse "/" ${quoted(app)}`,
		'',
		hashComment("Only these statuses of the app's are replaced by their page.", '\t'),
		`\tProxyErrorOverride On ${intercepted.map((route) => route.status).join(' ')}`,
		hashComment("Apache's own errors (a malformed request, an unreachable app…) show their page too.", '\t'),
		unsupportedNote('\t'),
		...supportedRoutes(statusRoutes).map(
			(route) => `\tErrorDocument ${route.status} ${proxyPagesPrefix}${route.file}`,
		),
		'',
		hashComment(
			"Headers for the statuses replaced here only: the app's own 4xx keep the headers the app chose.",
			'\t',
		),
		...headerLines(intercepted),
		'</VirtualHost>',
		'',
	];
	return lines.join('\n');
}
