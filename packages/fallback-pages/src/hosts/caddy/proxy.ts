/**
 * Caddy in front of an app (`Caddyfile.proxy`): the app's answers pass, and Fallback's pages
 * answer what the app cannot and, where the options say so, its errors.
 */
import {
	headersInFrontOfApp,
	replacedAppPages,
	statusPage,
	type RouteContract,
	requestIdsOf,
} from '../../contract/contract';
import { caddyString, fileHeader, headerName, passedFourxx } from '../format';
import type { HostOptions } from '../../config/hostOptions';
import { block, caddySyntax, comment, renderFile } from '../syntax/braces';
import { errorHandler, maintenanceLines, pageHeaderSnippet, siteAddress } from './shared';

/** Caddy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function caddyProxyConfig(contract: RouteContract, options: HostOptions): string {
	const replaced = replacedAppPages(contract);
	const header = fileHeader([
		'Fallback for Caddy v2 in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
		'then replace the site address with your domain and the reverse_proxy address with your app’s.',
		`Replaced, keeping the status: the app's answers with ${replaced.map((route) => route.status).join(', ')},`,
		'an app that cannot be reached (502) and one slower than response_header_timeout (504).',
		`Passed through untouched: everything else, ${passedFourxx(replaced)} pages and WebSocket upgrades included.`,
	]);
	return renderFile(caddySyntax, header, [
		'',
		pageHeaderSnippet(contract),
		'',
		block(siteAddress(options), [
			...maintenanceLines(contract),
			block(`reverse_proxy ${options.upstream}`, [
				...(requestIdsOf(contract) === false
					? []
					: [
							comment("The app gets the request's ID too, so both logs can be matched."),
							`header_up ${headerName(contract.requestIdHeader, 'request ID header')} {http.request.uuid}`,
						]),
				block('transport http', [
					comment(
						`How long Caddy tries to connect to the app before the visitor gets the 502 page (a dead host is\n` +
							`answered in seconds), and how long the app may then take to start answering before the ${statusPage(contract, 504)?.status ?? 504} page.`,
					),
					`dial_timeout ${options.upstreamConnectTimeoutSeconds}s`,
					`response_header_timeout ${options.upstreamTimeoutSeconds}s`,
				]),
				comment(
					"The app's server errors, when HTML or empty, become Caddy errors with the same status, so\n" +
						'handle_errors shows their page (or problem document); any other body passes as the app sent it.',
				),
				// Only an HTML or empty answer: the app's JSON (or any other) error reaches its client as sent.
				...(
					[
						['appFailedPage', 'Content-Type text/html*'],
						['appFailedEmpty', '!Content-Type'],
					] as const
				).flatMap(([name, header]) => [
					block(`@${name}`, [
						`status ${replaced.map((route) => route.status).join(' ')}`,
						`header ${header}`,
					]),
					block(`handle_response @${name}`, ['error "the app answered {rp.status_code}" {rp.status_code}']),
				]),
			]),
			'',
			block('handle_errors', [
				`root * ${caddyString(options.pagesRoot, 'fallback.hosts.pagesRoot')}`,
				block(
					'route',
					errorHandler(contract, 'proxy', (route) => headersInFrontOfApp(contract, route)),
				),
			]),
		]),
	]);
}
