import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

/** Where `npm run serve` (Netlify's own rule engine, offline) answers. */
export const BASE_URL = 'http://localhost:8888';

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: 2,
	forbidOnly: !!process.env.CI,
	reporter: process.env.CI
		? 'list'
		: [['list'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]],
	outputDir: 'test-results',
	use: {
		baseURL: BASE_URL,
		launchOptions: chromiumLaunchOptions(),
	},
	webServer: {
		// dist/ must be built first (npm test does); this serves it as Netlify would.
		command: 'npm run serve',
		url: `${BASE_URL}/`,
		reuseExistingServer: !process.env.CI,
		timeout: 120_000,
		stdout: 'ignore',
		stderr: 'pipe',
	},
});
