/**
 * Apache in front of an app (`fallback-proxy.conf`): the app's answers pass, and Fallback's pages
 * answer what the app cannot and, where the options say so, its errors.
 */
import {
	headersInFrontOfApp,
	notFoundPage,
	replacedAppPages,
	type RouteContract,
} from '../../contract/contract';
import { apacheString, fileHeader, pathPrefixesPattern, passedFourxx } from '../format';
import { comment, renderApacheFile, section } from '../syntax/apache';
import type { HostOptions } from '../../config/hostOptions';
import {
	languageRules,
	localeDirectories,
	maintenanceRules,
	negotiatedHeaderLines,
	onlyVisitorRequests,
	pageHeaderLines,
	pageLanguageLines,
	requestIdLines,
	serverTokens,
	statusHeaderLines,
	uniqueIdModule,
	unsupportedNote,
	virtualHostAddress,
} from './shared';
import { apacheProxyFailureStatuses, errorDocument, failurePages, supported, typeMapLines } from './typeMaps';

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
		`a2enmod proxy proxy_http rewrite headers alias mime negotiation${uniqueIdModule(contract)} && a2ensite fallback && systemctl reload apache2`,
		`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')}.`,
		`Apache itself answers an app that cannot be reached with ${unreachable} and one slower than timeout= with`,
		`${timeout}; those get the ${unreachable} and ${timeout} pages.`,
		`Passed through untouched: everything else, ${passedFourxx(replaced)} pages and WebSocket upgrades included.`,
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
			...typeMapLines(options, mapsUrl),
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
			...languageRules(contract),
			...maintenanceRules(contract),
			comment(`The pages are for ErrorDocument only: asked for directly, the prefix is ${notFound.status}.`),
			`RewriteRule ${apacheString(`^${contract.internalPrefix}`, 'pages prefix')} "-" [R=${notFound.status},L]`,
			'',
			'ProxyPreserveHost On',
			comment([
				'connectiontimeout: how long Apache tries to connect to the app (a dead host is answered in seconds).',
				'timeout: how long the app may then stay silent. retry=0: try the app again at once after it was',
				'unreachable (the default keeps answering 503 for 60 seconds without trying).',
				'upgrade=websocket: WebSocket handshakes reach the app and the connection is tunnelled.',
			]),
			`ProxyPass "/" ${app} connectiontimeout=${options.upstreamConnectTimeoutSeconds} timeout=${options.upstreamTimeoutSeconds} retry=0 upgrade=websocket`,
			`ProxyPassReverse "/" ${app}`,
			'',
			comment("Only these statuses of the app's are replaced by their page."),
			`ProxyErrorOverride On ${replaced.map((route) => route.status).join(' ')}`,
			comment("Apache's own errors (a malformed request, an unreachable app…) show their page too."),
			unsupportedNote,
			...supported(contract.statusPages).map(
				(route) => `ErrorDocument ${route.status} ${errorDocument(contract, route.status, mapsUrl)}`,
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
									(route) =>
										`ErrorDocument ${route.status} ${errorDocument(contract, route.status, mapsUrl, '.problem.var')}`,
								),
							],
						),
					]
				: []),
		]),
	]);
}
