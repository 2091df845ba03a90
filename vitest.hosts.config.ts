/**
 * The host config tests: real nginx, Caddy and Apache on loopback, one server at a time. Apart from
 * `npx vitest run` (unit tests), because they need those servers installed and dist/ built.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['tests/hosts/**/*.test.ts'],
		// One file (one host) at a time, its tests in order: each starts servers on free ports.
		fileParallelism: false,
		sequence: { concurrent: false },
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
});
