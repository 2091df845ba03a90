import { defineConfig } from 'vitest/config';

/**
 * The contract suite: netlify-cli and real nginx, Caddy, Apache, HAProxy and workerd on loopback, each serving a
 * production build of dist/ (`npm run build:production` first). Apart from the unit tests, because
 * it needs those servers installed (`npm run requirements`).
 *
 * Its tests are tagged by tier (tests/contract/cases.ts): `npm test` runs `--tags-filter fast`, the
 * full tier `--tags-filter '!fast'`, and `npm run test:contract:locales` `--tags-filter locales`
 * with a build of every catalogued locale. Run without a filter, it runs them all.
 */
export default defineConfig({
	test: {
		include: ['tests/contract/**/*.test.ts'],
		tags: [
			{ name: 'fast', description: 'in the fast tier (npm test): nginx, Caddy, Apache and HAProxy' },
			{ name: 'locales', description: 'depends on how many locales the build ships' },
		],
		// A folder the server files share builds in: build B is made once, for all of them.
		globalSetup: ['tests/contract/sharedBuilds.ts'],
		// One server at a time, its tests in order: each starts servers on free ports.
		fileParallelism: false,
		sequence: { concurrent: false },
		testTimeout: 90_000,
		hookTimeout: 450_000,
	},
});
