/**
 * nginx's site mode: two files added to the server block that serves a team's own site, its maps
 * for `http {}` (`fallback-site-http.conf`) and its locations for that `server {}`
 * (`fallback-site.conf`). Only Fallback's answers carry its headers; the site's own pages keep
 * theirs.
 */
import { errorRoutes, statusHeaderNames, type RouteContract } from '../../contract/contract';
import {
	exactPathsPattern,
	fileHeader,
	headerName,
	literalPathPattern,
	nginxPattern,
	type HostConfigFile,
	pagesFolderLines,
} from '../format';
import { block, comment, nginxSyntax, renderFile, type ConfigNode, type Directive } from '../syntax/braces';
import { fallbackGalleries, foldersWithoutIndex } from '../pageTable';
import { errorLocations, maintenanceCheck, pagesLocation } from './locations';
import {
	addHeaders,
	formatMaps,
	headerVariable,
	languageMaps,
	notFoundFormatMaps,
	pageFolderMap,
	pagesPath,
	sitePagesPrefix,
	sitePagesPrefixMaps,
	statusHeaderMaps,
} from './maps';

/** Site mode: the headers of Fallback's answers, and no version in their Server header. */
const fallbackHeaders = (contract: RouteContract): Directive[] => [
	'server_tokens off',
	...addHeaders('site', contract, (route) => route.headers),
];

/** Site mode: Fallback's galleries (where the site has no page of its own) carry its headers. */
function galleryLocation(contract: RouteContract): ConfigNode[] {
	const paths = fallbackGalleries(contract).flatMap((gallery) => gallery.paths);
	if (paths.length === 0) return [];
	return [
		comment("Fallback's galleries, where the site has no page of its own: its headers."),
		block(`location ~ ${nginxPattern(exactPathsPattern(paths), 'gallery paths')}`, fallbackHeaders(contract)),
	];
}

/**
 * Site mode, a build without galleries: a language folder of Fallback's with no page at its index
 * is an unknown path (nginx would refuse it with 403, having no index to serve).
 */
function emptyFoldersLocation(contract: RouteContract): ConfigNode[] {
	const folders = foldersWithoutIndex(contract);
	if (folders.length === 0) return [];
	return [
		comment('Language folders with no page at their index (no gallery in production): unknown paths.'),
		block(`location ~ ${nginxPattern(exactPathsPattern(folders), 'language folders')}`, ['return 404']),
	];
}

/**
 * Site mode, the http-level part: what Fallback's include in the site's server block reads (the
 * headers of each status, the language and format asked for). Included once, in `http {}`.
 */
export function nginxSiteHttpConfig(contract: RouteContract): string {
	const header = fileHeader([
		'Fallback for nginx, added to the server block that already serves your site: part 1 of 2, for http {}.',
		`Copy this file to /etc/nginx/conf.d/${siteHttpConfigName} (files there are included inside http {}),`,
		`and ${siteConfigName} to /etc/nginx/; nothing in this file needs changing.`,
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment(
			"The headers each status carries on Fallback's answers: a value for its statuses, none for the rest.",
		),
		...statusHeaderMaps('site', contract.statusPages, (route) => route.headers),
		...languageMaps('site', contract),
		...pageFolderMap(contract, 'site'),
		...formatMaps('site'),
		...notFoundFormatMaps(contract),
		...sitePagesPrefixMaps(contract),
	]);
}

/** The site mode's two files: for the site's server {}, and for http {}. */
export const siteConfigName = 'fallback-site.conf';
export const siteHttpConfigName = 'fallback-site-http.conf';

/**
 * Site mode, the server-level part: included in the site's own `server {}` (its root is the built
 * site, Fallback's pages in it), it adds what answers errors and nothing else. Fallback's headers
 * are in the pages' internal location, so only its answers carry them; every other answer of the
 * site, and the site's own pages (sitePages), keep the server block's own. No method is refused
 * that nginx serves today.
 */
export function nginxSiteConfig(contract: RouteContract): string {
	const header = fileHeader([
		'Fallback for nginx, added to the server block that already serves your site: part 2 of 2.',
		`Copy this file to /etc/nginx/${siteConfigName} and add one line to the server {} that serves the built`,
		`site (its root is the build's folder, Fallback's pages in it): include /etc/nginx/${siteConfigName};`,
		`Part 1 (${siteHttpConfigName}) goes in http {}. An error_page of your own comes first (nginx uses`,
		"the first it reads): one naming a page of Fallback's (h5bp's error_page 404 /404.html) shows that",
		"page as asked for; remove it to let Fallback answer by the path too (a locale's folder, the API).",
		'A location with error_page of its own uses only its own. No location here is one of your paths:',
		'your own location /api/ and its app stay.',
		"Only Fallback's answers (errors, its pages, problem documents) carry its headers: your pages and",
		"files keep your server block's own, and any method you answer today is answered as before.",
		...pagesFolderLines(contract),
	]);
	return renderFile(nginxSyntax, header, [
		'',
		...maintenanceCheck(contract, 'site'),
		...errorLocations(contract, 'site'),
		'',
		comment([
			"The pages, for error_page only (a request for this prefix is an unknown path), with Fallback's",
			"headers: a location with add_header of its own, so the server block's are not added to its answers.",
		]),
		pagesLocation(contract, undefined, 'site', fallbackHeaders(contract)),
		...galleryLocation(contract),
		...emptyFoldersLocation(contract),
		...sitePagesLocation(contract),
	]);
}

/**
 * Site mode: the site's own pages (sitePages), as they were built, with the server block's headers
 * (no add_header here: nginx then adds the server block's). A kept page whose status carries a
 * header of its own (Retry-After on 503) needs it, and nginx then adds only those here.
 */
function sitePagesLocation(contract: RouteContract): ConfigNode[] {
	const sitePages = errorRoutes(contract).filter((route) => route.sitePage);
	if (sitePages.length === 0) return [];
	const prefix = sitePagesPrefix(contract);
	const withHeaders = sitePages.filter((route) => Object.keys(route.headers).length > 0);
	return [
		comment(
			withHeaders.length === 0
				? "The site's own pages (sitePages), as they were built, with the server block's headers."
				: [
						"The site's own pages (sitePages), as they were built, with the headers their status needs",
						`(${withHeaders.map((route) => route.status).join(', ')}): nginx adds no header of the server block's here.`,
					],
		),
		block(`location ^~ ${prefix}`, [
			'internal',
			`rewrite ${nginxPattern(`^${literalPathPattern(prefix.replace(/\/$/, ''))}(/.*)$`, 'site pages prefix')} ${pagesPath(contract)}$1 break`,
			...statusHeaderNames(withHeaders, (route) => route.headers).map(
				(name) =>
					`add_header ${headerName(name, 'status header name')} ${headerVariable('site', name)} always`,
			),
		]),
	];
}

/** The site mode's two files, for http {} and the site's server {}. */
export function nginxSiteFiles(contract: RouteContract): HostConfigFile[] {
	return [
		{ path: `nginx/${siteHttpConfigName}`, content: nginxSiteHttpConfig(contract) },
		{ path: `nginx/${siteConfigName}`, content: nginxSiteConfig(contract) },
	];
}
