/**
 * Embedded pages: Fallback's pages added to a site that is not Fallback's (any framework, on
 * Netlify through the build plugin, elsewhere through `fallback-pages embed`), in a folder of their
 * own (`/fallback/404.html`), with stylesheet and scripts as same-origin files so that they render
 * under a strict site-wide CSP such as `default-src 'self'`. Their rules come after the site's own,
 * between two marks, so that a later run replaces exactly them.
 */
import { plainPrefixProblem } from './prefixes.ts';

/** The pages' folder in a site that says none. */
export const DEFAULT_EMBED_PREFIX = '/fallback/';

/** The line that starts Fallback's rules in a site's `_redirects` and `_headers`. */
export const EMBED_MARK = '# Fallback error pages (fallback-pages): keep this block last.';

/** The line that ends them. */
export const EMBED_END_MARK = '# End of Fallback error pages.';

/** Why a folder cannot hold the pages, or undefined: one or more plain path segments, `/` around. */
export function embedPrefixProblem(prefix: string): string | undefined {
	const problem = plainPrefixProblem(prefix, DEFAULT_EMBED_PREFIX);
	if (problem) return problem;
	if (prefix.startsWith('/_'))
		return 'must not start with _ (Netlify and Astro keep such folders for themselves)';
	return undefined;
}

/**
 * The folder embedded pages go in: the one asked for, else the config's `base`, else /fallback/
 * (the site's root is the site's own).
 */
export function embedBase(asked: string | undefined, configBase: string): string {
	return asked ?? (configBase === '/' ? DEFAULT_EMBED_PREFIX : configBase);
}
