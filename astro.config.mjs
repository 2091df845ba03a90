// @ts-check
import { defineConfig } from 'astro/config';
import fallback from 'fallback-pages';
import options from './fallback.config.mjs';

// The starter: a site that is Fallback's pages and nothing else. Its options live in
// fallback.config.mjs, which the CLI (`npx fallback-pages build`) reads as well.
export default defineConfig({
	integrations: [fallback(options)],
	devToolbar: { enabled: false },
});
