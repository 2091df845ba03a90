import { defineConfig } from 'vitest/config';

/**
 * The contract suite: netlify-cli and real nginx, Caddy, Apache, HAProxy and workerd on loopback, each serving a
 * production build of dist/ (`npm run build:production` first). Apart from the unit tests, because
 * it needs those servers installed (`npm run requirements`).
 */
export default defineConfig({
	test: {
		include: ['tests/contract/**/*.test.ts'],
		// Build B, served by every server under the config written for the project's build.
		globalSetup: ['tests/contract/otherBuild.ts'],
		// One server at a time, its tests in order: each starts servers on free ports.
		fileParallelism: false,
		sequence: { concurrent: false },
		testTimeout: 90_000,
		hookTimeout: 450_000,
	},
});
