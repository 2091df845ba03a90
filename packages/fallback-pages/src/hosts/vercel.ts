/**
 * Vercel: `vercel.json` with legacy `routes`, the only Vercel rules that carry a status
 * (`rewrites` have none, `redirects` only 3xx). A route with `dest` and `status` serves that file
 * with that status; routes before `{ "handle": "filesystem" }` apply before files are looked up,
 * routes after it only when no file matched; a route with `continue: true` adds its headers and
 * goes on. Route fields: src, dest, headers, methods, status, continue, handle (Vercel Build Output
 * API v3 "routes", which vercel.json `routes` share). A vercel.json with `routes` may not also use
 * rewrites, redirects, headers, cleanUrls or trailingSlash.
 */
import {
	defaultLocaleRoutes,
	errorRoutes,
	folderLocale,
	inLocale,
	languageHeaders,
	localeFolders,
	methodNotAllowedPage,
	negotiates,
	notFoundPage,
	PROBLEM_JSON,
	routeLocale,
	routePaths,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import type { HostConfigFile } from './format';
import { firstListedPattern, hostLocales } from './language';

/** A condition on the request (Build Output API v3 `has`): here, a header matching a pattern. */
export interface VercelHas {
	type: 'header';
	key: string;
	value: string;
}

export interface VercelRoute {
	src?: string;
	has?: VercelHas[];
	dest?: string;
	status?: number;
	headers?: Record<string, string>;
	methods?: string[];
	continue?: boolean;
	handle?: 'filesystem';
}

/**
 * Methods that get the 405 page. Routes can only list methods, not exclude them: these are the
 * RFC 9110 and RFC 5789 methods other than GET and HEAD that a browser or client sends to a page.
 */
const nonReadMethods = (contract: RouteContract) =>
	['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'].filter(
		(method) => !contract.readMethods.includes(method),
	);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression matching exactly these paths. */
function exactly(...paths: string[]): string {
	return `^(?:${paths.map(escapeRegExp).join('|')})$`;
}

/** A page with its status, its status's headers and its language. */
/** The page (or, `problem`, the problem document) of a route, with its status and headers. */
function statusRoute(contract: RouteContract, route: PageRoute, src: string, problem = false): VercelRoute {
	return {
		src,
		dest: `/${problem ? route.problemFile : route.file}`,
		status: route.status,
		headers: {
			...route.headers,
			...languageHeaders(contract, routeLocale(contract, route), false),
			...(problem ? { 'Content-Type': PROBLEM_JSON } : {}),
		},
	};
}

/**
 * A default-locale page at `src`: first the same page in each other locale, for a browser whose
 * Accept-Language lists that locale first among those that ship (src/hosts/language.ts, in the
 * portable spelling), then the default locale's.
 */
function negotiatedRoutes(
	contract: RouteContract,
	route: PageRoute,
	src: string,
	problem = false,
): VercelRoute[] {
	const shipped = hostLocales(contract);
	const inLocale = (locale: string) =>
		errorRoutes(contract).find((candidate) => candidate.path === `/${locale}${route.path}`)!;
	return [
		...shipped.slice(1).map((locale) => ({
			...statusRoute(contract, inLocale(locale), src, problem),
			has: [
				{
					type: 'header' as const,
					key: 'accept-language',
					value: firstListedPattern(locale, shipped, 'portable'),
				},
			],
		})),
		statusRoute(contract, route, src, problem),
	];
}

export function vercelRoutes(contract: RouteContract): VercelRoute[] {
	const notFound = notFoundPage(contract);
	const isDefault = new Set(defaultLocaleRoutes(contract));
	const answer = (route: PageRoute, src: string) =>
		isDefault.has(route) ? negotiatedRoutes(contract, route, src) : [statusRoute(contract, route, src)];
	const vary = negotiates(contract) ? { Vary: 'Accept-Language' } : {};
	return [
		// The page headers on every response, then the first route below that matches.
		{ src: '^/.*$', headers: { ...contract.pageHeaders, ...vary }, continue: true },
		// A method a static site refuses: under a locale's folder in that locale, else as asked for.
		...[
			...localeFolders(contract).map(({ folder, locale }) =>
				statusRoute(
					contract,
					inLocale(contract, methodNotAllowedPage(contract), locale),
					`^${escapeRegExp(folder)}`,
				),
			),
			...answer(methodNotAllowedPage(contract), '^/.*$'),
		].map((route) => ({ ...route, methods: nonReadMethods(contract) })),
		...errorRoutes(contract).flatMap((route) => answer(route, exactly(...routePaths(contract, route)))),
		...contract.hiddenFiles.flatMap((file) => answer(notFound, exactly(`/${file}`))),
		// The problem documents only show for an error (in a locale's folder, in that locale).
		...contract.hiddenFolders.flatMap((folder) =>
			answer(inLocale(contract, notFound, folderLocale(contract, folder)), `^${escapeRegExp(folder)}`),
		),
		{ handle: 'filesystem' },
		// Under the API, a missing path gets the problem document, not the page.
		...contract.apiPrefixes.flatMap((prefix) =>
			negotiatedRoutes(contract, notFound, `^${escapeRegExp(prefix)}`, true),
		),
		// Under a locale's folder, that locale's not-found page, whatever the browser asks.
		...localeFolders(contract).map(({ folder, locale }) =>
			statusRoute(contract, inLocale(contract, notFound, locale), `^${escapeRegExp(folder)}`),
		),
		...answer(notFound, '^/.*$'),
	];
}

/** vercel.json for a project whose build writes dist/ (Astro's default output directory). */
export function vercelFiles(contract: RouteContract): HostConfigFile[] {
	const config = {
		$schema: 'https://openapi.vercel.sh/vercel.json',
		outputDirectory: 'dist',
		routes: vercelRoutes(contract),
	};
	return [{ path: 'vercel/vercel.json', content: `${JSON.stringify(config, null, '\t')}\n` }];
}
