/**
 * nginx in front of an app (`fallback-proxy.conf`, inside `http {}`): the app's answers pass, and
 * Fallback's pages answer what the app cannot (502, 504) and, where the options say so, its errors.
 */
import {
	headersInFrontOfApp,
	requestIdsOf,
	replacedAppPages,
	statusPage,
	type PageRoute,
	type RouteContract,
} from '../../contract/contract';
import { fileHeader, headerName, passedFourxx } from '../format';
import { block, comment, nginxSyntax, renderFile, type ConfigNode } from '../syntax/braces';
import type { HostOptions } from '../../config/hostOptions';
import { errorPages, maintenanceCheck, pagesLocation, problemUri } from './locations';
import {
	accessLog,
	addHeaders,
	formatMaps,
	languageMaps,
	listenDirective,
	logFormat,
	pageUri,
	statusHeaderMaps,
} from './maps';

/** nginx in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function nginxProxyConfig(contract: RouteContract, options: HostOptions): string {
	const replaced = replacedAppPages(contract);
	const timeoutPage = statusPage(contract, 504);
	// What nginx itself answers when the app cannot be reached or is too slow.
	const failures = [statusPage(contract, 502), statusPage(contract, 504)].filter(
		(route): route is PageRoute => route !== undefined,
	);
	/** A location that passes to the app, with what it does about the app's errors. */
	const proxyLocation = (match: string, errors: readonly ConfigNode[]) =>
		block(`location ${match}`, [
			'proxy_pass http://fallback_app',
			'proxy_http_version 1.1',
			'proxy_set_header Host $host',
			'proxy_set_header Upgrade $http_upgrade',
			'proxy_set_header Connection $fallback_proxy_connection',
			'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for',
			'proxy_set_header X-Forwarded-Proto $scheme',
			...(requestIdsOf(contract) === false
				? []
				: [
						comment("The app gets the request's ID too, so both logs can be matched."),
						`proxy_set_header ${headerName(contract.requestIdHeader, 'request ID header')} $request_id`,
					]),
			comment([
				`How long nginx tries to connect to the app, and how long the app may then stay silent, before`,
				`the visitor gets the ${timeoutPage?.status ?? 504} page: a dead host is answered in seconds, a slow app is waited for.`,
			]),
			`proxy_connect_timeout ${options.upstreamConnectTimeoutSeconds}s`,
			`proxy_read_timeout ${options.upstreamTimeoutSeconds}s`,
			comment(
				"The app decides how large a body it takes: nginx's own limit (1 MB by default) would answer\n" +
					'uploads the app accepts, or refuses with its own answer, with a 413 of its own.',
			),
			'client_max_body_size 0',
			...errors,
		]);
	const headersOf = (route: PageRoute) => headersInFrontOfApp(contract, route);
	const header = fileHeader([
		'Fallback for nginx in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/nginx/conf.d/fallback.conf`,
		'(it is included inside http {}), then change the upstream address, listen, server_name and',
		"root (in the pages' location): nothing else names them.",
		`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')},`,
		'an app that cannot be reached (502) and one silent longer than proxy_read_timeout (504).',
		`Passed through untouched: everything else, ${passedFourxx(replaced)} pages and WebSocket upgrades included.`,
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment(
			`The headers each status carries on Fallback's pages (${contract.appOwnedHeaders.join(', ')}: the app's to say).`,
		),
		...statusHeaderMaps('proxy', contract.statusPages, headersOf),
		...languageMaps('proxy', contract),
		...formatMaps('proxy'),
		...logFormat('proxy', contract),
		'',
		comment('WebSocket: pass the upgrade on to the app; otherwise close the upstream connection.'),
		block('map $http_upgrade $fallback_proxy_connection', ['default upgrade', "'' close"]),
		'',
		block('upstream fallback_app', [`server ${options.upstream}`]),
		'',
		block('server', [
			listenDirective(options),
			'server_name _',
			comment('No version in the Server header or on any page nginx writes itself.'),
			'server_tokens off',
			accessLog('proxy'),
			'',
			comment(
				"nginx's own errors before a location is chosen (a malformed request, headers too large…) show\n" +
					'their page. location / sets its own error_page list, so these are not inherited there.',
			),
			...errorPages(contract, 'proxy'),
			'',
			...maintenanceCheck(contract, 'proxy'),
			proxyLocation('/', [
				comment(
					'Only statuses listed by error_page here are intercepted; the rest pass through as the app sent them.',
				),
				'proxy_intercept_errors on',
				...replaced.map((route) => `error_page ${route.status} ${pageUri(contract, route, 'proxy')}`),
			]),
			...contract.apiPrefixes.map((prefix) =>
				proxyLocation(`^~ ${prefix}`, [
					comment([
						"The app's API answers pass as it sent them, its JSON errors included (nginx cannot look at",
						"an answer's Content-Type before replacing it). Only nginx's own failures get a problem document.",
					]),
					'proxy_intercept_errors off',
					...failures.map((route) => `error_page ${route.status} ${problemUri(contract, route, 'proxy')}`),
				]),
			),
			'',
			comment('The pages, under a prefix an app is unlikely to use; internal: visitors cannot request them.'),
			pagesLocation(contract, options.pagesRoot, 'proxy', addHeaders('proxy', contract, headersOf)),
		]),
	]);
}
