import { defineConfig } from 'vitest/config';

/**
 * The docs site (`npm run test:docs`, after `npm run docs` built it, links checked by
 * starlight-links-validator): page sizes, config samples against the options schema, the generated
 * references, the site's own error pages on netlify-cli, the playground in Chromium, axe and
 * Lighthouse. One file at a time: the browser files share the machine with the rest of `npm test`.
 */
export default defineConfig({
	test: {
		include: ['tests/docs/**/*.test.ts'],
		fileParallelism: false,
		testTimeout: 120_000,
		hookTimeout: 450_000,
	},
});
