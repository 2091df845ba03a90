// A team's own Astro site, as teams have them (its layout, stylesheet, script, web font and image
// under /_astro/, an inline style), with Fallback added: the contract suite's site-mode fixture
// (tests/contract/site-mode.test.ts). FALLBACK_TEAM_SITE_OWN_404=1 builds the variant with the
// site's own 404 page, kept with `sitePages`; FALLBACK_TEAM_SITE_LANG_404=1 the variant with a 404
// page per language from a `[lang]/404` route (German only: English is Fallback's), kept the same
// way; FALLBACK_TEAM_SITE_BASE=/docs the site built to be served under that base (Astro's `base`);
// FALLBACK_TEAM_SITE_STATIC_HOST=github-pages the build for that host (`staticHost`:
// tests/contract/static-hosts.test.ts); FALLBACK_TEAM_SITE_LAYOUT=./src/layouts/Site.astro every
// error page in that layout of the site's (`layout`), in English and Arabic (right to left);
// FALLBACK_TEAM_SITE_CSP=1 with Astro's own Content-Security-Policy (`security.csp`) and directives
// of the site's.
import { defineConfig } from 'astro/config';
import fallback from 'fallback-pages';

const own404 = process.env.FALLBACK_TEAM_SITE_OWN_404 === '1';
const lang404 = process.env.FALLBACK_TEAM_SITE_LANG_404 === '1';
const staticHost = process.env.FALLBACK_TEAM_SITE_STATIC_HOST || undefined;
const base = process.env.FALLBACK_TEAM_SITE_BASE || undefined;
const layout = process.env.FALLBACK_TEAM_SITE_LAYOUT || undefined;
const csp = process.env.FALLBACK_TEAM_SITE_CSP === '1';

/** The site's own policy, as a team writes one: Astro hashes its inline code, the team adds the rest. */
const security = {
	csp: {
		directives: [
			"default-src 'self'",
			"img-src 'self' data:",
			"object-src 'none'",
			"base-uri 'self'",
			"frame-ancestors 'none'",
		],
	},
};

/**
 * A page of the site's that only a variant has, added as a route (src/pages/ is every variant's):
 * `own404Page` its own 404 page, `lang404Pages` one per language (Astro builds /de/404).
 */
const variantPage = (name, pattern, file) => ({
	name,
	hooks: {
		'astro:config:setup': ({ injectRoute }) =>
			injectRoute({ pattern, entrypoint: new URL(file, import.meta.url), prerender: true }),
	},
});
const own404Page = variantPage('team-site-own-404', '/404', './src/own-404.astro');
const lang404Pages = variantPage('team-site-lang-404', '/[lang]/404', './src/lang-404.astro');

export default defineConfig({
	...(base ? { base } : {}),
	...(csp ? { security } : {}),
	build: { inlineStylesheets: 'never' },
	// Its script a file in /_astro/ too, however small.
	vite: { build: { assetsInlineLimit: 0 } },
	integrations: [
		...(own404 ? [own404Page] : []),
		...(lang404 ? [lang404Pages] : []),
		fallback({
			locales: layout ? ['en', 'ar'] : ['en', 'de'],
			...(layout ? { layout } : {}),
			...(own404 || lang404 ? { sitePages: [404] } : {}),
			...(staticHost ? { staticHost } : {}),
		}),
	],
});
