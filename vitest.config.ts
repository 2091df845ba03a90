/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
	test: {
		include: ['tests/unit/**/*.test.ts'],
		// Sized for a machine twice as slow as the one that measured them, under npm test's load:
		// the slowest unit test (a logo's checks, SVGO and jsdom) took 5.8 s on one, past Vitest's 5 s.
		testTimeout: 60_000,
	},
});
