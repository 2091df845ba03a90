/**
 * The URL contract as data: which path answers with which status and which page file.
 * Every generator (Netlify rules, headers, host configs) reads this, not the catalogue directly.
 */
import { statusCatalog } from '../catalog/statuses';
import { appErrorPages } from '../catalog/appErrors';

export interface ErrorRoute {
	/** Request path, e.g. `/503`. */
	path: string;
	/** Page file in dist/, e.g. `/503.html`. */
	file: string;
	status: number;
	/** Response headers the status asks for (Allow, Retry-After, WWW-Authenticate). */
	headers: Readonly<Record<string, string>>;
}

export const NOT_FOUND_FILE = '/404.html';

export function errorRoutes(): ErrorRoute[] {
	return [
		...statusCatalog.map((s) => ({
			path: `/${s.code}`,
			file: `/${s.code}.html`,
			status: s.code,
			headers: s.headers,
		})),
		...appErrorPages.map((p) => ({
			path: `/${p.slug}`,
			file: `/${p.slug}.html`,
			status: p.status,
			headers: {},
		})),
	];
}
