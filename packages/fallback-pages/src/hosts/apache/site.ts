/**
 * Apache's site mode: `fallback-site.conf`, included in the VirtualHost that serves a team's own
 * site, with the type maps it serves the pages through; Fallback's headers go on its answers alone.
 */
import {
	contentLanguage,
	errorRoutes,
	folderLocale,
	routeLocale,
	type RouteContract,
} from '../../contract/contract';
import {
	apacheString,
	exactPathsPattern,
	fileHeader,
	headerName,
	pathPrefixesPattern,
	type HostConfigFile,
	pagesFolderLines,
} from '../format';
import { fallbackGalleries } from '../pageTable';
import { comment, renderApacheFile, section } from '../syntax/apache';
import type { HostOptions } from '../../config/hostOptions';
import {
	apiErrorDocuments,
	errorDocuments,
	hiddenPathRules,
	keptPageLines,
	languageRules,
	maintenanceRules,
	negotiatedHeaderLines,
	onlyVisitorRequests,
	pageHeaderLines,
	pageLanguageLines,
	pageRules,
	requestIdHeaderLines,
	siteStatusHeaderLines,
	uniqueIdModule,
} from './shared';
import { apacheTypeMaps, supported, typeMapLines, typeMapsRoot } from './typeMaps';

/** Where the site mode's file goes, to be included in the site's VirtualHost. */
export const siteFileName = 'fallback-site.conf';

/**
 * Fallback's own files among the site's (its pages in every locale but the site's own, the problem
 * documents and text twins, its galleries) as one pattern per locale folder: `^/(?:404|503|…)[.]html$|^/problem/`.
 * What a type map serves is one of them, so their <LocationMatch> gives Fallback's answers their
 * headers and leaves every other answer of the site alone.
 */
function fallbackFilesPattern(contract: RouteContract, locale?: string): string {
	const ofLocale = (other: string) => locale === undefined || other === locale;
	const pages = supported(errorRoutes(contract))
		.filter((route) => !route.sitePage && ofLocale(routeLocale(contract, route)))
		.map((route) => `/${route.file}`);
	const galleries = fallbackGalleries(contract)
		.filter((gallery) => ofLocale(gallery.locale))
		.flatMap((gallery) => gallery.paths);
	const folders = contract.hiddenFolders.filter((folder) => ofLocale(folderLocale(contract, folder)));
	return [exactPathsPattern([...pages, ...galleries]), pathPrefixesPattern(folders)].join('|');
}

/**
 * Site mode: what a team includes in the VirtualHost that already serves its built site (its
 * DocumentRoot is the build's folder, Fallback's pages in it). Fallback's pages' paths answer with
 * their status and every error shows its page (type maps pick the format); only those answers
 * carry Fallback's headers, set on its own files. No method is refused that the site answers today.
 */
export function apacheSiteConfig(contract: RouteContract, options: HostOptions): string {
	const header = fileHeader([
		'Fallback for Apache httpd 2.4, added to the VirtualHost that already serves your site.',
		`Copy this file to /etc/apache2/${siteFileName} and apache/languages/ of the hosts folder to ${typeMapsRoot(options)}/ (the type maps;`,
		`change that path below if you put them elsewhere), then add one line inside your VirtualHost, whose`,
		`DocumentRoot is the built site (Fallback's pages in it): Include /etc/apache2/${siteFileName}`,
		`a2enmod rewrite headers alias mime negotiation${uniqueIdModule(contract)} && systemctl reload apache2`,
		"Only Fallback's answers (errors, its pages, problem documents) carry its headers: your pages and",
		"files keep your VirtualHost's own, and any method you answer today is answered as before.",
		...pagesFolderLines(contract),
	]);
	return renderApacheFile(header, [
		'',
		...typeMapLines(options, contract.internalPrefix),
		'',
		comment([
			"Fallback's answers, whatever page or problem document they serve: its headers (a header of the",
			"VirtualHost's by the same name is dropped there, not sent twice), its languages.",
		]),
		section('LocationMatch', apacheString(fallbackFilesPattern(contract), "Fallback's files"), [
			...pageLanguageLines(contract),
			...requestIdHeaderLines(contract),
			...Object.keys(contract.pageHeaders).map(
				(name) => `Header unset ${headerName(name, 'page header name')}`,
			),
			...pageHeaderLines(contract),
			...negotiatedHeaderLines(contract),
		]),
		...keptPageLines(contract),
		...siteStatusHeaderLines(contract),
		...contract.otherLocales.map((locale) =>
			section('LocationMatch', apacheString(fallbackFilesPattern(contract, locale), `files of ${locale}`), [
				`DefaultLanguage ${contentLanguage(contract, locale)}`,
			]),
		),
		'',
		...errorDocuments(contract),
		'',
		'RewriteEngine On',
		...onlyVisitorRequests,
		...languageRules(contract),
		...maintenanceRules(contract),
		...pageRules(contract),
		...hiddenPathRules(contract),
		'',
		...apiErrorDocuments(contract, contract.internalPrefix),
	]);
}

/** The site mode's file, and the type maps it serves the pages through. */
export function apacheSiteFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: `apache/${siteFileName}`, content: apacheSiteConfig(contract, options) },
		...apacheTypeMaps(contract),
	];
}
