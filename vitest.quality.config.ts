import { defineConfig } from 'vitest/config';

/**
 * The slow quality gates on dist/ (`npm run test:quality`, after `npm run build`): Lighthouse on
 * pages served with 200 and at their real status, and the Nu HTML Checker. One file at a time, so
 * that two Chromiums never compete for the CPU that Lighthouse's performance score measures.
 */
export default defineConfig({
	test: {
		include: ['tests/quality/**/*.test.ts'],
		fileParallelism: false,
		testTimeout: 120_000,
		hookTimeout: 450_000,
	},
});
