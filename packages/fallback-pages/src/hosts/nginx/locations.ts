/**
 * nginx, at server level: the pages' locations, each status's error_page, the API's problem
 * documents and maintenance. Shared by the standalone, proxy and site files.
 */
import {
	inPagesFolder,
	negotiates,
	notFoundPage,
	MAINTENANCE_STATUS,
	requestIdMarkup,
	requestIdsOf,
	PROBLEM_JSON,
	statusPage,
	type PageRoute,
	type RouteContract,
} from '../../contract/contract';
import { allowedPathsPattern, literalPathPattern, nginxPattern, nginxString } from '../format';
import { block, comment, inlineBlock, shortBlock, type ConfigNode, type Directive } from '../syntax/braces';
import { pageGroupPattern, pageGroups, pageName, pageStatuses, sitePageFolders } from '../pageTable';
import {
	type NginxMode,
	formatVariable,
	inWord,
	languageVariable,
	lineBeforeId,
	localeVariable,
	pageUri,
	pagesPath,
	pagesPrefix,
	sitePageUri,
	sitePagesPrefix,
} from './maps';

/**
 * nginx ends the request without sending anything when a handler finishes with 408 (it takes 408 to
 * mean the client is gone: ngx_http_finalize_request in src/http/ngx_http_request.c), so `return 408`
 * would close the connection. The request finishes with another status instead, and error_page
 * turns that into the page with the intended status (`=408`). 418 is nothing nginx treats specially.
 */
const closesConnection = (status: number) => status === 408;
const standInStatus = 418;

/**
 * GET /{code}, /{locale}/{code}.html and the other pages answer with their status and page: one
 * location with one pattern per set of locales the pages ship in (one for a build), holding a
 * location per page name. The pattern keeps the locale (`$fallback_static_own_locale`).
 */
function pageLocations(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const statuses = pageStatuses(contract);
	const sitePages = new Map(
		contract.statusPages.filter((route) => route.sitePage).map((route) => [pageName(contract, route), route]),
	);
	const folderOf = (name: string) =>
		!negotiates(contract)
			? ''
			: inWord(sitePages.has(name) ? `$fallback_${mode}_own_folder` : `$fallback_${mode}_page_folder`);
	const format = (name: string) =>
		`${inWord(formatVariable(mode, 'folder'))}${name}.${inWord(formatVariable(mode, 'extension'))}`;
	const sites = sitePageFolders(contract);
	return pageGroups(contract).map((group) => {
		const pattern = pageGroupPattern(contract, group, `fallback_${mode}_own_locale`);
		return block(`location ~ ${nginxPattern(pattern, 'page paths')}`, [
			...group.names.map((name) => {
				const status = statuses.get(name)!;
				const uri = `${pagesPrefix(contract, name, mode, sites)}${folderOf(name)}${format(name)}`;
				// nginx closes the connection on `return 408`: another status stands in (see closesConnection).
				const answer = closesConnection(status)
					? [`error_page ${standInStatus} =${status} ${uri}`, `return ${standInStatus}`]
					: [`error_page ${status} ${uri}`, `return ${status}`];
				// In a site's block, an error_page of the site's own that names this page (h5bp's
				// `error_page 404 /404.html;`) lands here with its error's status set: nginx shows no
				// second error page, so the page is served as it is (its error's status kept).
				const named = mode === 'site' ? [shortBlock(`if ($status != 000)`, [`rewrite ^ ${uri} last`])] : [];
				return block(
					`location ~ ${nginxPattern(`/${literalPathPattern(`/${name}`).slice(1)}(?:[.]html)?$`, 'page name')}`,
					[...named, ...answer],
				);
			}),
		]);
	});
}

/** nginx's own errors, whatever raised them, show the page of their status. */
export function errorPages(contract: RouteContract, mode: NginxMode): Directive[] {
	const tooLarge = statusPage(contract, 431);
	return [
		...contract.statusPages.map(
			(route) =>
				`error_page ${route.status} ${mode === 'site' ? sitePageUri(contract, route) : pageUri(contract, route, mode)}`,
		),
		// Headers too large is nginx's own 494, sent as 400 unless mapped: RFC 6585 names it 431.
		...(tooLarge ? [`error_page 494 =${tooLarge.status} ${pageUri(contract, tooLarge, mode)}`] : []),
	];
}

/**
 * The pages' own location: the prefix comes off and the file is read from `root` — the server's
 * (static: the one line that names the pages' folder) or, in front of an app, its own. No body
 * limit here: an error page is served after a request's body is discarded, and nginx would
 * otherwise answer a large POST, sent to its 405 page, with 413.
 */
export function pagesLocation(
	contract: RouteContract,
	root: string | undefined,
	mode: NginxMode,
	extra: readonly Directive[] = [],
): ConfigNode {
	const prefix = contract.internalPrefix.replace(/\/$/, '');
	return block(`location ^~ ${contract.internalPrefix}`, [
		'internal',
		...(root === undefined ? [] : [`root ${root}`]),
		`rewrite ${nginxPattern(`^${literalPathPattern(prefix)}(/.*)$`, 'internal prefix')} ${pagesPath(contract)}$1 break`,
		'client_max_body_size 0',
		// What each kind of file is, whatever the http block's types say: problem documents too.
		fileTypes,
		'charset utf-8',
		...requestIdFilters(contract, mode),
		...extra,
	]);
}

/** The media type of each kind of file the pages' location serves. */
export const fileTypes = inlineBlock('types', 'text/html html', `${PROBLEM_JSON} json`, 'text/plain txt');

/**
 * The request's ID in the answer itself (ngx_http_sub_module): a line on the page in its language,
 * `instance` in the problem document. The ID is nginx's own, a hexadecimal string, unless
 * `idVariable` names another that is checked to be one (the ingress-nginx default backend's).
 */
export function requestIdFilters(
	contract: RouteContract,
	mode: NginxMode,
	idVariable = '$request_id',
): Directive[] {
	// Without the ID in the body, nginx sends the files as they are (no filter reads them).
	if (requestIdsOf(contract) !== 'page') return [];
	const { pageAnchor, page: pageWith, problemAnchor, problem } = requestIdMarkup;
	// One language: its line as it is; several: the page's, from its folder (a map).
	const before = negotiates(contract)
		? inWord(languageVariable(mode, 'request_id_line'))
		: lineBeforeId(contract, contract.defaultLocale);
	const page = pageWith(`${before}{id}`, idVariable);
	return [
		`sub_filter_types ${PROBLEM_JSON}`,
		`sub_filter ${nginxString(pageAnchor, 'page anchor')} ${nginxSubstitution(page)}`,
		`sub_filter ${nginxString(problemAnchor, 'problem anchor')} ${nginxSubstitution(problem(idVariable))}`,
	];
}

/** A sub_filter replacement: nginx expands its `$variables`; quotes escaped, nothing else may vary. */
function nginxSubstitution(text: string): string {
	return `'${text.replace(/'/g, "\\'")}'`;
}

/** A default-locale route's problem document, whatever the client accepts: in the locale asked for. */
export function problemUri(contract: RouteContract, route: PageRoute, mode: NginxMode): string {
	const locale = negotiates(contract) ? inWord(localeVariable(mode)) : '';
	return `${contract.internalPrefix}${locale}${inPagesFolder(contract, route.problemFile)}`;
}

/**
 * Under an API prefix, a path no file answers gets the not-found problem document (in the locale
 * asked for), not the page: an API client reads JSON.
 */
function apiLocations(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const notFound = notFoundPage(contract);
	return contract.apiPrefixes.map((prefix) =>
		shortBlock(`location ^~ ${prefix}`, [
			`error_page ${notFound.status} ${problemUri(contract, notFound, mode)}`,
			`try_files $uri =${notFound.status}`,
		]),
	);
}

/**
 * Maintenance, first thing in the server block: before the method check, before the app. The
 * regex is matched again on the internal redirect to the page (a map's value would be kept from
 * the first match), so the pages' own prefix passes too.
 */
export function maintenanceCheck(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const { maintenance } = contract;
	if (!maintenance) return [];
	const internal = [contract.internalPrefix, ...(mode === 'site' ? [sitePagesPrefix(contract)] : [])];
	const passing = allowedPathsPattern([...maintenance.allowedPaths, ...internal]);
	return [
		comment(
			`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
		),
		block(`if ($uri !~ ${nginxPattern(passing, 'allowed paths')})`, [`return ${MAINTENANCE_STATUS}`]),
		'',
	];
}

/**
 * What answers errors in a server block, the same in the static site and the site mode: any error
 * shows the page of its status, the pages' own paths answer with their status, the rule files and
 * problem documents are unknown paths, and under the API a missing path gets the problem document.
 */
export function errorLocations(contract: RouteContract, mode: NginxMode): ConfigNode[] {
	const notFound = notFoundPage(contract);
	return [
		comment('Any error nginx answers with, whatever caused it, shows the page of its status.'),
		...errorPages(contract, mode),
		'',
		comment([
			'GET /{code}, /{locale}/{code}.html and their files answer {code} with the page; the app-error pages',
			'their status. One pattern finds every page in every locale; a location per page gives its status.',
		]),
		...pageLocations(contract, mode),
		comment(`Rule files for other hosts are no pages: ${notFound.status}.`),
		...contract.hiddenFiles.map((file) => shortBlock(`location = /${file}`, [`return ${notFound.status}`])),
		comment('Nor are the problem documents: only an error shows them.'),
		...contract.hiddenFolders.map((folder) =>
			shortBlock(`location ^~ ${folder}`, [`return ${notFound.status}`]),
		),
		// In site mode the not-found error_page itself serves the API's problem document (notFoundFormatMaps).
		...(contract.apiPrefixes.length > 0 && mode !== 'site'
			? [
					comment(
						`Under the API, a missing path is ${notFound.status} with the problem document (${PROBLEM_JSON}).`,
					),
					...apiLocations(contract, mode),
				]
			: []),
	];
}
