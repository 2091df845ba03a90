/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Tests on what the build writes (`npm run test:build`, after `npm run build:production`): the
 * production pages in dist/, and preview and production builds made by the tests themselves.
 */
export default getViteConfig({
	test: {
		include: ['tests/build/**/*.test.ts'],
		testTimeout: 120_000,
	},
});
