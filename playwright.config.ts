import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './packages/fallback-pages/src/verify/chromium.ts';
import { EMBED_SITE_DIR, EMBED_SITE_PORT } from './tests/e2e-embed/mockSite.ts';

/** `npm run serve`: the built dist/ through Netlify's own rule engine, offline. */
const PRODUCTION_URL = 'http://localhost:8888';
/** A deploy-preview build (hostile branch name included) served the same way. */
const PREVIEW_URL = 'http://localhost:8889';
const PREVIEW_ENV =
	'CONTEXT=deploy-preview BRANCH=\'feature/<b>new</b> & "quotes" ünï\' COMMIT_REF=0123456789abcdef0123456789abcdef01234567';

/** A mock existing site with Fallback embedded by `npm run embed` (tests/e2e-embed/mockSite.ts). */
const EMBED_URL = `http://localhost:${EMBED_SITE_PORT}`;

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
		{ name: 'embed', testDir: 'tests/e2e-embed', use: { baseURL: EMBED_URL } },
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
		{
			command: `node tests/e2e-embed/prepare.ts && node scripts/serve.ts --dir ${EMBED_SITE_DIR} --port ${EMBED_SITE_PORT}`,
			url: `${EMBED_URL}/`,
			reuseExistingServer: !process.env.CI,
			timeout: 180_000,
			stdout: 'ignore',
			stderr: 'pipe',
		},
	],
});
