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
	errorRoutes,
	methodNotAllowedPage,
	notFoundPage,
	routePaths,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import type { HostConfigFile } from './format';

export interface VercelRoute {
	src?: string;
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

function statusRoute(route: PageRoute, src: string): VercelRoute {
	return {
		src,
		dest: `/${route.file}`,
		status: route.status,
		...(Object.keys(route.headers).length > 0 ? { headers: { ...route.headers } } : {}),
	};
}

export function vercelRoutes(contract: RouteContract): VercelRoute[] {
	const notFound = notFoundPage(contract);
	return [
		// The page headers on every response, then the first route below that matches.
		{ src: '^/.*$', headers: { ...contract.pageHeaders }, continue: true },
		{ ...statusRoute(methodNotAllowedPage(contract), '^/.*$'), methods: nonReadMethods(contract) },
		...errorRoutes(contract).map((route) => statusRoute(route, exactly(...routePaths(route)))),
		...contract.hiddenFiles.map((file) => statusRoute(notFound, exactly(`/${file}`))),
		{ handle: 'filesystem' },
		statusRoute(notFound, '^/.*$'),
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
