/**
 * Embed mode: Fallback's pages added to an existing site, under a prefix of their own
 * (`/fallback/404.html`), with stylesheet and scripts as same-origin files so they render under a
 * strict site-wide CSP such as `default-src 'self'`. `fallback-pages embed` builds in this mode by
 * setting EMBED_PREFIX_VARIABLE for the integration.
 */
import { plainPrefixProblem } from './prefixes.ts';

export const EMBED_PREFIX_VARIABLE = 'FALLBACK_EMBED_PREFIX';

export const DEFAULT_EMBED_PREFIX = '/fallback/';

/** The line that starts Fallback's rules in a site's own `_redirects` and `_headers`. */
export const EMBED_MARK = '# Fallback error pages (fallback-pages): keep this block last.';

/** Why a prefix cannot hold the pages, or undefined: one or more plain path segments, `/` around. */
export function embedPrefixProblem(prefix: string): string | undefined {
	const problem = plainPrefixProblem(prefix, DEFAULT_EMBED_PREFIX);
	if (problem) return problem;
	if (prefix.startsWith('/_'))
		return 'must not start with _ (Netlify and Astro keep such folders for themselves)';
	return undefined;
}

/** The prefix this build embeds its pages under, or undefined for a standalone site. */
export function embedPrefix(
	env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
	const prefix = env[EMBED_PREFIX_VARIABLE];
	if (prefix === undefined || prefix === '') return undefined;
	const problem = embedPrefixProblem(prefix);
	if (problem) throw new Error(`${EMBED_PREFIX_VARIABLE}: ${problem}`);
	return prefix;
}
