import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

/** `npm run serve`: the built dist/ through Netlify's own rule engine, offline. */
const PRODUCTION_URL = 'http://localhost:8888';
/** A deploy-preview build (hostile branch name included) served the same way. */
const PREVIEW_URL = 'http://localhost:8889';
const PREVIEW_ENV =
	'CONTEXT=deploy-preview BRANCH=\'feature/<b>new</b> & "quotes" ünï\' COMMIT_REF=0123456789abcdef0123456789abcdef01234567';

export default defineConfig({
	fullyParallel: true,
	workers: 2,
	forbidOnly: !!process.env.CI,
	reporter: process.env.CI
		? 'list'
		: [['list'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]],
	outputDir: 'test-results',
	use: { launchOptions: chromiumLaunchOptions() },
	projects: [
		{ name: 'production', testDir: 'tests/e2e', use: { baseURL: PRODUCTION_URL } },
		{ name: 'preview', testDir: 'tests/e2e-preview', use: { baseURL: PREVIEW_URL } },
	],
	webServer: [
		{
			// dist/ must be built first (npm test does).
			command: 'node scripts/serve.ts',
			url: `${PRODUCTION_URL}/`,
			reuseExistingServer: !process.env.CI,
			timeout: 120_000,
			stdout: 'ignore',
			stderr: 'pipe',
		},
		{
			command: `${PREVIEW_ENV} astro build --outDir .preview && node scripts/serve.ts --dir .preview --port 8889`,
			url: `${PREVIEW_URL}/`,
			reuseExistingServer: !process.env.CI,
			timeout: 180_000,
			stdout: 'ignore',
			stderr: 'pipe',
		},
	],
});
