/** Caddy, standalone: a site block for Fallback's pages alone (`Caddyfile.standalone`). */
import { notFoundPage, type RouteContract } from '../../contract/contract';
import { caddyString, fileHeader } from '../format';
import type { HostOptions } from '../../config/hostOptions';
import { block, caddySyntax, comment, renderFile } from '../syntax/braces';
import {
	everyErrorsPage,
	fileLanguageLines,
	hiddenPathLines,
	maintenanceLines,
	pageHeaderSnippet,
	pageRouteLines,
	siteAddress,
	snippet,
} from './shared';

/** Fallback's pages alone: dist/ at `pagesRoot`. */
export function caddyStandaloneConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const header = fileHeader([
		"Fallback for Caddy v2, standalone: a server of Fallback's pages alone; every error answers with its",
		'own page and status. Its headers go on every answer: for the site block that serves your own site,',
		'import fallback-site.caddy there instead.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/caddy/Caddyfile (or import it from there),`,
		'then replace the site address with your domain (Caddy then gets it a certificate) and change root.',
	]);
	return renderFile(caddySyntax, header, [
		'',
		pageHeaderSnippet(contract),
		'',
		block(siteAddress(options), [
			`root * ${caddyString(options.pagesRoot, 'fallback.hosts.pagesRoot')}`,
			`import ${snippet}`,
			...fileLanguageLines(contract),
			'',
			comment([
				'`route` keeps these in order: a method check first, then the addresses that answer with an',
				'error; the first that matches ends the request. Nothing matched: file_server serves the file',
				`or fails with ${notFound.status}. path_regexp, unlike path, tells /Global-Error from /global-error.`,
			]),
			block('route', [
				...maintenanceLines(contract),
				`@notRead not method ${contract.readMethods.join(' ')}`,
				`error @notRead ${contract.methodNotAllowedStatus}`,
				...pageRouteLines(contract),
				...hiddenPathLines(contract),
				'file_server',
			]),
			'',
			...everyErrorsPage(contract, 'static'),
		]),
	]);
}
