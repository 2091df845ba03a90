import { defineConfig } from 'vitest/config';

/**
 * The packages as a team gets them (`npm run test:package`): `npm pack` of packages/fallback-pages
 * (and of the Netlify plugin), installed from the tarballs into fresh projects outside this
 * repository (the registry serves astro and the rest), built (the plugin by Netlify Build itself),
 * and served by netlify-cli and nginx. Needs the network to the npm
 * registry, and nginx and Chromium installed (`npm run requirements`).
 */
export default defineConfig({
	test: {
		include: ['tests/package/**/*.test.ts'],
		// Both packages packed once, for every file (tests/package/packed.ts).
		globalSetup: ['tests/package/packed.ts'],
		testTimeout: 300_000,
		hookTimeout: 900_000,
		// Two files at once: each waits on npm, Astro and its servers as much as on the CPU, and
		// Vitest's default on two cores is one at a time.
		maxWorkers: 2,
	},
});
