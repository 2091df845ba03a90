/**
 * Fallback's pages stay out of the site's sitemap. `@astrojs/sitemap` (added by the site, or by
 * Starlight when the site has an address) lists every page the build made, Fallback's 40-odd error
 * pages among them, and offers no way for another integration to add to its `filter`. Once the
 * config is final (`astro:config:done`, whatever order the integrations run in), the sitemap's
 * `astro:build:done` is wrapped so that the pages it is given are the site's alone.
 */
import type { AstroIntegration } from 'astro';

/** The integrations that write a sitemap from the build's pages. */
const sitemapIntegrations: ReadonlySet<string> = new Set(['@astrojs/sitemap']);

/** A page of the build as `astro:build:done` names it: `404/`, `/de/404/`, `docs/`. */
const trimmed = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

/**
 * Wraps every sitemap integration among `integrations` so that it is not given the pages for which
 * `isFallbacks` holds (a pathname relative to the site's base, no slashes around); returns the
 * names of those wrapped. Each is wrapped once, however many times the config is resolved.
 */
export function keepOutOfSitemaps(
	integrations: readonly AstroIntegration[],
	isFallbacks: (pathname: string) => boolean,
): string[] {
	const wrapped: string[] = [];
	for (const integration of integrations) {
		if (!sitemapIntegrations.has(integration.name)) continue;
		wrapped.push(integration.name);
		const hooks = integration.hooks as Record<string, unknown> & AstroIntegration['hooks'];
		const buildDone = hooks['astro:build:done'];
		if (!buildDone || (buildDone as { fallbackPagesOut?: true }).fallbackPagesOut) continue;
		const withoutFallbacks: typeof buildDone = (params) =>
			buildDone({ ...params, pages: params.pages.filter((page) => !isFallbacks(trimmed(page.pathname))) });
		hooks['astro:build:done'] = Object.assign(withoutFallbacks, { fallbackPagesOut: true as const });
	}
	return wrapped;
}

/**
 * Whether a page of the build is one of Fallback's: its path (relative to the site's base, no
 * slashes around) is one of `paths` (relative to Fallback's base) under `base` (`''`, `errors/`).
 */
export function fallbackPagePaths(base: string, paths: readonly string[]): (pathname: string) => boolean {
	const ours = new Set(paths.map((path) => trimmed(`${base}${path}`)));
	return (pathname) => ours.has(pathname);
}
