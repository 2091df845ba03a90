/**
 * nginx, standalone: a server block for Fallback's pages alone (`fallback-standalone.conf`, inside
 * `http {}`: a file in /etc/nginx/conf.d/ is included there).
 */
import { notFoundPage, type RouteContract } from '../../contract/contract';
import { fileHeader } from '../format';
import { block, comment, nginxSyntax, renderFile } from '../syntax/braces';
import type { HostOptions } from '../../config/hostOptions';
import { errorLocations, maintenanceCheck, pagesLocation } from './locations';
import {
	accessLog,
	addHeaders,
	formatMaps,
	languageMaps,
	listenDirective,
	logFormat,
	pageFolderMap,
	statusHeaderMaps,
} from './maps';

/** Fallback's pages alone: dist/ at `pagesRoot`. */
export function nginxStandaloneConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const methodNotAllowed = contract.methodNotAllowedStatus;
	const header = fileHeader([
		"Fallback for nginx, standalone: a server of Fallback's pages alone; every error answers with its own",
		'page and status. Its headers go on every answer: for the server that serves your own site, use',
		'fallback-site-http.conf and fallback-site.conf instead.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/nginx/conf.d/fallback.conf`,
		'(it is included inside http {}), then change listen, server_name and root: nothing else names',
		'the port, the host or the folder.',
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment('The headers each status carries: a value for its statuses, none for the rest.'),
		...statusHeaderMaps('static', contract.statusPages, (route) => route.headers),
		...languageMaps('static', contract),
		...pageFolderMap(contract, 'static'),
		...formatMaps('static'),
		...logFormat('static', contract),
		'',
		block('server', [
			listenDirective(options),
			'server_name _',
			`root ${options.pagesRoot}`,
			'index index.html',
			comment('No version in the Server header or on any page nginx writes itself.'),
			'server_tokens off',
			accessLog('static'),
			'',
			comment('On every response, errors included; no location below sets its own.'),
			...addHeaders('static', contract, (route) => route.headers),
			'',
			...maintenanceCheck(contract, 'static'),
			comment(
				`A static site answers ${contract.readMethods.join(' and ')}; any other method gets the ${methodNotAllowed} page.\n` +
					'(`if` holding only `return` is safe at server level.)',
			),
			block(`if ($request_method !~ ^(${contract.readMethods.join('|')})$)`, [`return ${methodNotAllowed}`]),
			'',
			...errorLocations(contract, 'static'),
			'',
			comment('The pages, for error_page only: a request for this prefix is an unknown path.'),
			pagesLocation(contract, undefined, 'static'),
			'',
			comment(`Files that exist are served; anything else is ${notFound.status} with its page.`),
			block('location /', [`try_files $uri $uri/ =${notFound.status}`]),
		]),
	]);
}
