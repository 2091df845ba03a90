/**
 * Vercel: `vercel.json` with legacy `routes`, the only Vercel rules that carry a status
 * (`rewrites` have none, `redirects` only 3xx). A route with `dest` and `status` serves that file
 * with that status; routes before `{ "handle": "filesystem" }` apply before files are looked up,
 * routes after it only when no file matched. Route fields: src, dest, headers, methods, status,
 * handle (Vercel Build Output API v3 "routes", which vercel.json `routes` share).
 * A vercel.json with `routes` may not also use rewrites, redirects, headers, cleanUrls or trailingSlash.
 */
import { errorRoutes, methodNotAllowedRoute, notFoundRoute, readMethods, type ErrorRoute } from './common';

export interface VercelRoute {
	src?: string;
	dest?: string;
	status?: number;
	headers?: Record<string, string>;
	methods?: string[];
	handle?: 'filesystem';
}

/**
 * Methods that get the 405 page. Routes can only list methods, not exclude them: these are the
 * RFC 9110 and RFC 5789 methods other than GET and HEAD that a browser or client sends to a page.
 */
const nonReadMethods = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
	(method) => !readMethods.includes(method),
);

/** A regular expression matching exactly this path. */
function exactly(path: string): string {
	return `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

function statusRoute(route: ErrorRoute, src: string): VercelRoute {
	return {
		src,
		dest: `/${route.file}`,
		status: route.status,
		...(Object.keys(route.headers).length > 0 ? { headers: { ...route.headers } } : {}),
	};
}

export function vercelRoutes(): VercelRoute[] {
	return [
		{ ...statusRoute(methodNotAllowedRoute, '^/.*$'), methods: nonReadMethods },
		...errorRoutes.map((route) => statusRoute(route, exactly(route.path))),
		{ handle: 'filesystem' },
		statusRoute(notFoundRoute, '^/.*$'),
	];
}

/** vercel.json for a project whose build writes dist/ (Astro's default output directory). */
export function vercelConfig(): string {
	const config = {
		$schema: 'https://openapi.vercel.sh/vercel.json',
		outputDirectory: 'dist',
		routes: vercelRoutes(),
	};
	return `${JSON.stringify(config, null, '\t')}\n`;
}
