/** Apache, standalone: a VirtualHost for Fallback's pages alone (`fallback-standalone.conf`). */
import { type RouteContract } from '../../contract/contract';
import { apacheString, fileHeader } from '../format';
import { comment, renderApacheFile, section } from '../syntax/apache';
import type { HostOptions } from '../../config/hostOptions';
import {
	apiErrorDocuments,
	errorDocuments,
	hiddenPathRules,
	languageRules,
	localeDirectories,
	maintenanceRules,
	negotiatedHeaderLines,
	onlyVisitorRequests,
	pageHeaderLines,
	pageLanguageLines,
	pageRules,
	requestIdLines,
	serverTokens,
	statusHeaderLines,
	uniqueIdModule,
	virtualHostAddress,
} from './shared';
import { supported, typeMapLines } from './typeMaps';

/** Fallback's pages alone: dist/ at `pagesRoot`. */
export function apacheStandaloneConfig(contract: RouteContract, options: HostOptions): string {
	const root = apacheString(options.pagesRoot, 'fallback.hosts.pagesRoot');
	const statusPages = supported(contract.statusPages);
	const header = fileHeader([
		"Fallback for Apache httpd 2.4, standalone: a server of Fallback's pages alone; every error answers",
		'with its own page and status. Its headers go on every answer: for the VirtualHost that serves your',
		'own site, Include fallback-site.conf there instead.',
		`Copy dist/ to ${options.pagesRoot} and this file to /etc/apache2/sites-available/fallback.conf,`,
		'change the VirtualHost address (a matching Listen must exist, see ports.conf) and the paths, then:',
		`a2enmod rewrite headers alias dir mime negotiation${uniqueIdModule(contract)} && a2ensite fallback && systemctl reload apache2`,
	]);
	return renderApacheFile(header, [
		'',
		...serverTokens,
		'',
		section('VirtualHost', virtualHostAddress(options), [
			`DocumentRoot ${root}`,
			section('Directory', root, [
				'Options None',
				'AllowOverride None',
				'Require all granted',
				...pageLanguageLines(contract),
			]),
			...localeDirectories(contract, options),
			...typeMapLines(options, contract.internalPrefix),
			'DirectoryIndex index.html',
			'ServerSignature Off',
			...requestIdLines(contract),
			'TraceEnable Off',
			'',
			comment('On every response, errors included.'),
			...pageHeaderLines(contract),
			...negotiatedHeaderLines(contract),
			...statusHeaderLines(statusPages, (route) => route.headers),
			'',
			...errorDocuments(contract),
			comment(
				"A folder asked for without its slash is sent to it (mod_dir): with a body of ours, where\nApache's own page would repeat the request's URL, query included.",
			),
			'ErrorDocument 301 "Moved Permanently"',
			'',
			'RewriteEngine On',
			...onlyVisitorRequests,
			...languageRules(contract),
			...maintenanceRules(contract),
			comment(
				`A static site answers ${contract.readMethods.join(' and ')}; any other method gets the ${contract.methodNotAllowedStatus} page.`,
			),
			`RewriteCond "%{REQUEST_METHOD}" "!^(${contract.readMethods.join('|')})$"`,
			`RewriteRule "^" "-" [R=${contract.methodNotAllowedStatus},L]`,
			...pageRules(contract),
			...hiddenPathRules(contract),
			'',
			...apiErrorDocuments(contract, contract.internalPrefix),
		]),
	]);
}
