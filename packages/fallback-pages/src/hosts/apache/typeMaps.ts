/**
 * Apache's type maps: how it negotiates each error page's language and format. A `.var` file per
 * page (and per problem document, for the API) lists its variants; the config serves them from a
 * folder beside the pages (`typeMapsRoot`) and sends each error there (ErrorDocument). Which pages
 * Apache serves at all: those of the statuses it can answer with a page of its own.
 */
import {
	baseOf,
	errorRoutes,
	notFoundPage,
	PROBLEM_JSON,
	routeLocale,
	statusPage,
	type PageRoute,
	type RouteContract,
	localePrefix,
} from '../../contract/contract';
import { apacheString, type HostConfigFile } from '../format';
import { formats } from '../mediaType';
import { namedStatuses, pageIn, pageName } from '../pageTable';
import { comment, section, type ApacheNode } from '../syntax/apache';
import { apacheUnsupportedStatuses } from '../unsupportedStatuses';
import type { HostOptions } from '../../config/hostOptions';

/**
 * What Apache's mod_proxy answers when the app fails in ways other than an error response
 * (mod_proxy_http.c): a refused connection is 503, not 502; a read timeout is 502, not 504.
 * The pages shown are those of these statuses.
 */
export const apacheProxyFailureStatuses = { unreachable: 503, timeout: 502 } as const;

/** The pages of what Apache itself answers when the app cannot be reached or is too slow. */
export const failurePages = (contract: RouteContract) =>
	Object.values(apacheProxyFailureStatuses)
		.map((status) => statusPage(contract, status))
		.filter((route): route is PageRoute => route !== undefined);

export const supported = (routes: readonly PageRoute[]) =>
	routes.filter((route) => !apacheUnsupportedStatuses.has(route.status));

/**
 * Where the type maps live on the server: next to the pages' folder, not in it (dist/ is copied
 * there as it is). `/var/www/fallback` → `/var/www/fallback-languages`.
 */
export const typeMapsRoot = (options: HostOptions) => `${options.pagesRoot.replace(/\/$/, '')}-languages`;

/**
 * The type map of an error page, in its locale's folder: `404.var`, `de/404.var`; a page named
 * otherwise than its status has its name before the status: `de/application-error.500.var`.
 * ErrorDocument composes it from the locale and name the rewrite rules found.
 */
function typeMapName(contract: RouteContract, route: PageRoute): string {
	const name = pageName(contract, route);
	const named = name === String(route.status) ? '' : `${name}.`;
	return `${localePrefix(contract, routeLocale(contract, route))}${named}${route.status}.var`;
}

/** The type map of a page's problem document alone (for the API): `404.problem.var`, `de/404.problem.var`. */
const problemMapName = (contract: RouteContract, route: PageRoute) =>
	typeMapName(contract, route).replace(/\.var$/, '.problem.var');

/**
 * One type map per error page and locale, listing its page, problem document and text twin:
 * mod_negotiation picks the format the client's Accept weighs highest (q-values honoured) and serves
 * it with the error's status. The language is already chosen (the map's folder): no map lists
 * another, so none is read in full for a language it does not serve. URIs are relative to the
 * map's URL: its folder sits next to the pages' (`/__fallback/languages/` beside `/__fallback/`).
 */
export function apacheTypeMaps(contract: RouteContract): HostConfigFile[] {
	const typeMap = (route: PageRoute, map: string, formatsOf: readonly (keyof typeof mapFormats)[]) => {
		// A map sits under the maps' URL as deep as its name: `../` per folder reaches the pages' folder.
		const up = '../'.repeat(map.split('/').length);
		const pagesFolder = baseOf(contract).slice(1);
		const folder = localePrefix(contract, routeLocale(contract, route));
		const name = pageName(contract, route);
		return formatsOf
			.flatMap((format) =>
				mapFormats[format].types.map(
					(type) =>
						`URI: ${up}${pagesFolder}${folder}${formats[format].folder}${name}.${formats[format].extension}\nContent-Type: ${type}\n`,
				),
			)
			.join('\n');
	};
	const notFound = notFoundPage(contract);
	const inEveryLocale = (route: PageRoute) =>
		[contract.defaultLocale, ...contract.otherLocales].map((locale) =>
			pageIn(contract, locale, pageName(contract, route)),
		);
	return [
		...supported(errorRoutes(contract)).map((route) => {
			const map = typeMapName(contract, route);
			return { path: `apache/languages/${map}`, content: typeMap(route, map, ['page', 'problem', 'text']) };
		}),
		// Problem documents only, for paths under the API: not found (static), Apache's own failures (proxy).
		...(contract.apiPrefixes.length > 0
			? [notFound, ...failurePages(contract)]
					.flatMap(inEveryLocale)
					.filter((route): route is PageRoute => route !== undefined)
					.map((route) => {
						const map = problemMapName(contract, route);
						return { path: `apache/languages/${map}`, content: typeMap(route, map, ['problem']) };
					})
			: []),
	];
}

/**
 * The formats in a type map, with their source quality: the page first for a client that takes
 * anything (`*∕*`), then the problem document (also for a client that asks for plain JSON: it is
 * served as problem+json all the same), then the text twin.
 */
const mapFormats = {
	page: { types: [`${formats.page.type}; qs=1.0`] },
	problem: { types: [`${PROBLEM_JSON}; qs=0.9`, 'application/json; qs=0.9'] },
	text: { types: [`${formats.text.type}; qs=0.8`] },
} as const;

/**
 * What an ErrorDocument of a status shows: the type map of the error's locale (`FALLBACK_LOCALE`,
 * `de/`; unset, the default's) and, where a request for a page named otherwise raised it, of that
 * page (`FALLBACK_NAME`, `global-error.`), which picks the format. Evaluated per error (Apache 2.4.13+).
 */
export function errorDocument(
	contract: RouteContract,
	status: number,
	mapsUrl: string,
	suffix = '.var',
): string {
	const named = [...namedStatuses(contract).values()].includes(status) ? '%{ENV:FALLBACK_NAME}' : '';
	// The site's own page (sitePages) answers in every language: only a locale's folder changes it.
	// Its problem document alone (under the API) is Fallback's, in the language asked for.
	const sitePage = statusPage(contract, status)?.sitePage && suffix === '.var';
	const locale = sitePage ? 'FALLBACK_FOLDER' : 'FALLBACK_LOCALE';
	return apacheString(`${mapsUrl}%{ENV:${locale}}${named}${status}${suffix}`, 'error document');
}

/**
 * Not refused: the media range just matched carries no `q=0` (a client refuses a type with it).
 * Apache's regular expressions are PCRE's; no backslash (Apache cannot quote one).
 */
const notRefused = '(?![^,]*;[ ]*q[ ]*=[ ]*0([.]0*)?[ ]*([,;]|$))';

/**
 * An Accept that takes one of the formats, named or in a range that holds it, without refusing it
 * (`q=0`), as a regular expression: `text/html`, `application/json`, `application/problem+json`,
 * `text/plain`, `text/*`, `application/*`, `*∕*`.
 */
const acceptedFormats = `(^|[ ,])([*]/[*]|text/([*]|html|plain)|application/([*]|json|problem[+]json))${notRefused}( *[;,]|$)`;

/** An Accept that takes the problem document's types, or a range that holds them, without refusing them. */
const acceptedProblemFormats = `(^|[ ,])([*]/[*]|application/([*]|json|problem[+]json))${notRefused}( *[;,]|$)`;

/** The type maps' folder at `mapsUrl`: its .var files are type maps. */
export function typeMapLines(options: HostOptions, mapsUrl: string): ApacheNode[] {
	const maps = apacheString(`${typeMapsRoot(options)}/`, 'type maps folder');
	return [
		comment([
			`Negotiation: apache/languages/ of the hosts folder goes to ${typeMapsRoot(options)}/. For each error page, in each locale's folder,`,
			'a type map lists its page, problem document and text twin; Apache serves what the client weighs highest.',
		]),
		`Alias ${apacheString(mapsUrl, 'type maps URL')} ${maps}`,
		section('Directory', maps, [
			'Require all granted',
			section('Files', '"*.var"', ['SetHandler type-map']),
			comment([
				'A client that accepts none of the formats (Accept: application/xml, image/png, or each one refused',
				'with q=0) is answered as one that takes anything: the page, or under the API the problem document.',
				'mod_negotiation would refuse with 406 and Apache answer with its own stock page. Only here, for the',
				"error documents: the app's requests keep their Accept.",
			]),
			`RequestHeader set Accept "*/*" ${apacheString(`expr=%{HTTP:Accept} !~ m#${acceptedFormats}#i`, 'accepted formats')}`,
			comment([
				'Under the API the type map lists the problem document alone: a client that accepts none of its',
				'types (a browser-only Accept: text/html, or application/json;q=0) gets it too, not a 406 with the',
				'stock page.',
			]),
			section('Files', '"*.problem.var"', [
				`RequestHeader set Accept "*/*" ${apacheString(`expr=%{HTTP:Accept} !~ m#${acceptedProblemFormats}#i`, 'accepted problem formats')}`,
			]),
		]),
	];
}
