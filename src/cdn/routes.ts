/**
 * The URL contract as data: which path answers with which status and which page file. Every
 * generator (Netlify rules and headers, host configs) reads these routes, not the catalogue.
 */
import { statusByCode, statusCatalog } from '../catalog/statuses';
import { appErrorPages } from '../catalog/appErrors';

/** A page served with an error status, and the URL path that answers with it. */
export interface ErrorRoute {
	/** URL path that answers with this page and status: `/503`, `/global-error`. */
	path: string;
	/** The page's file in dist/: `503.html`. */
	file: string;
	status: number;
	/** Headers RFC 9110 asks for with this status (`Retry-After`, `Allow`, `WWW-Authenticate`). */
	headers: Readonly<Record<string, string>>;
}

/** One route per catalogued status: `GET /{code}` answers `{code}` with `{code}.html`. */
export const statusRoutes: readonly ErrorRoute[] = statusCatalog.map((entry) => ({
	path: `/${entry.code}`,
	file: `${entry.code}.html`,
	status: entry.code,
	headers: entry.headers,
}));

/** The application error screens, answered with the status they are served with (500). */
export const appErrorRoutes: readonly ErrorRoute[] = appErrorPages.map((page) => ({
	path: `/${page.slug}`,
	file: `${page.slug}.html`,
	status: page.status,
	headers: statusByCode(page.status).headers,
}));

/** Every route a deployment answers with an error status. */
export const errorRoutes: readonly ErrorRoute[] = [...statusRoutes, ...appErrorRoutes];

/** The page for unknown paths. */
export const notFoundRoute: ErrorRoute = statusRoutes.find((route) => route.status === 404)!;
