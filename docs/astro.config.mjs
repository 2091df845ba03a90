// @ts-check
// Fallback's documentation: a Starlight site that serves its own error pages with Fallback, the way
// a team's Astro site would. Starlight injects a 404 route of its own; `disable404Route` gives the
// 404 to Fallback, whose rules (dist/_redirects) serve it with its status for every unknown path.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import starlight from '@astrojs/starlight';
import starlightLinksValidator from 'starlight-links-validator';
import fallback from 'fallback-pages';
import { sidebar } from './src/sidebar.ts';
import { docsAddress, published, repositoryAddress } from './src/addresses.ts';
import pageMarkup, { isErrorPage } from './src/integrations/pageMarkup.ts';
import focusableTables from './src/integrations/focusableTables.ts';

export default defineConfig({
	site: docsAddress,
	integrations: [
		// Before Starlight, which then adds no sitemap of its own. Fallback's pages are errors, not
		// content: none belongs in the sitemap.
		sitemap({ filter: (page) => !isErrorPage(new URL(page).pathname) }),
		starlight({
			title: 'Fallback',
			description:
				'Static error pages for every HTTP status, served with the right status by Netlify, nginx, Caddy, Apache, HAProxy, Cloudflare and more.',
			disable404Route: true,
			// No link to the repository until it is public (src/addresses.ts).
			...(published
				? {
						social: [{ icon: 'github', label: 'GitHub', href: repositoryAddress }],
						editLink: { baseUrl: `${repositoryAddress}/edit/main/docs/` },
					}
				: {}),
			// The search button named after what it shows (axe-core 4.14: label-content-name-mismatch).
			components: { Search: './src/components/Search.astro' },
			customCss: ['./src/styles/docs.css'],
			// Long lines wrap: a code block scrolls sideways only where a line cannot break (a diagram at
			// 320 px), and Expressive Code then makes it focusable. At 1280 px none scrolls (site.test.ts).
			expressiveCode: { defaultProps: { wrap: true } },
			sidebar,
			plugins: [starlightLinksValidator({ exclude: ['/no-such-page'] })],
		}),
		react(),
		fallback({
			site: { name: 'Fallback docs' },
			// Every catalogued locale: the playground shows any page in any of them.
			locales: [
				'en',
				'ar',
				'de',
				'es',
				'fa',
				'fr',
				'he',
				'hi',
				'id',
				'it',
				'ja',
				'ko',
				'nl',
				'pl',
				'pt',
				'ru',
				'tr',
				'uk',
				'vi',
				'zh',
			],
		}),
		// After Fallback, whose pages it copies once Fallback has settled them.
		pageMarkup(),
	],
	markdown: { rehypePlugins: [focusableTables] },
	devToolbar: { enabled: false },
});
