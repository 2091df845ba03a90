import { defineConfig } from 'vitest/config';

/**
 * The package as a team gets it (`npm run test:package`): `npm pack` of packages/fallback-pages,
 * installed from the tarball into fresh projects outside this repository (the registry serves
 * astro and the rest), built, and served by netlify-cli and nginx. Needs the network to the npm
 * registry and nginx installed (`npm run requirements`).
 */
export default defineConfig({
	test: {
		include: ['tests/package/**/*.test.ts'],
		testTimeout: 120_000,
		hookTimeout: 300_000,
	},
});
