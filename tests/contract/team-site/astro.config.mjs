// A team's own Astro site, as teams have them (its layout, stylesheet, script, web font and image
// under /_astro/, an inline style), with Fallback added: the contract suite's site-mode fixture
// (tests/contract/site-mode.test.ts). FALLBACK_TEAM_SITE_OWN_404=1 builds the variant with the
// site's own 404 page, kept with `sitePages`; FALLBACK_TEAM_SITE_STATIC_HOST=github-pages the build
// for that host (`staticHost`: tests/contract/static-hosts.test.ts).
import { defineConfig } from 'astro/config';
import fallback from 'fallback-pages';

const own404 = process.env.FALLBACK_TEAM_SITE_OWN_404 === '1';
const staticHost = process.env.FALLBACK_TEAM_SITE_STATIC_HOST || undefined;

/** The site's own 404 page, in the variant that has one. */
const own404Page = {
	name: 'team-site-own-404',
	hooks: {
		'astro:config:setup': ({ injectRoute }) =>
			injectRoute({
				pattern: '/404',
				entrypoint: new URL('./src/own-404.astro', import.meta.url),
				prerender: true,
			}),
	},
};

export default defineConfig({
	build: { inlineStylesheets: 'never' },
	// Its script a file in /_astro/ too, however small.
	vite: { build: { assetsInlineLimit: 0 } },
	integrations: [
		...(own404 ? [own404Page] : []),
		fallback({
			locales: ['en', 'de'],
			...(own404 ? { sitePages: [404] } : {}),
			...(staticHost ? { staticHost } : {}),
		}),
	],
});
