import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './packages/fallback-pages/src/verify/chromium.ts';
import { EMBED_SITE_DIR } from './tests/e2e-embed/mockSite.ts';

/**
 * The three servers listen on 18888, 18889 and 18890, or from FALLBACK_E2E_PORT on (another clone's
 * `npm test` at the same time: `FALLBACK_E2E_PORT=28888 npm test`). Not 8888: `npm start` serves
 * there, and the Start pages' test runs the pages' local check there as written.
 */
const firstPort = Number(process.env['FALLBACK_E2E_PORT'] ?? 18888);
if (!Number.isInteger(firstPort) || firstPort < 1024 || firstPort > 65533) {
	throw new Error(
		`FALLBACK_E2E_PORT must be a port from 1024 to 65533, not ${process.env['FALLBACK_E2E_PORT']}`,
	);
}
/** `npm run serve`: the built dist/ through Netlify's own rule engine, offline. */
const PRODUCTION_URL = `http://localhost:${firstPort}`;
/** A deploy-preview build (hostile branch name included) served the same way. */
const PREVIEW_PORT = firstPort + 1;
const PREVIEW_URL = `http://localhost:${PREVIEW_PORT}`;
const EMBED_SITE_PORT = firstPort + 2;
const PREVIEW_ENV =
	'CONTEXT=deploy-preview BRANCH=\'feature/<b>new</b> & "quotes" ünï\' COMMIT_REF=0123456789abcdef0123456789abcdef01234567';

/** A mock existing site with Fallback embedded by `npm run embed` (tests/e2e-embed/mockSite.ts). */
const EMBED_URL = `http://localhost:${EMBED_SITE_PORT}`;

/**
 * The tier (scripts/test.ts): `smoke` runs the tests tagged @smoke (`npm test`), `rest` every other
 * (`npm run test:all` runs both); unset, everything. The smoke run needs no embedded site.
 */
const tier = process.env['FALLBACK_E2E_TIER'] || undefined;
if (tier !== undefined && tier !== 'smoke' && tier !== 'rest') {
	throw new Error(`FALLBACK_E2E_TIER must be smoke or rest, not ${tier}`);
}

export default defineConfig({
	fullyParallel: true,
	workers: 2,
	// A page with axe in three schemes takes seconds alone, much longer beside npm test's other suites.
	timeout: 90_000,
	forbidOnly: !!process.env.CI,
	...(tier === 'smoke' ? { grep: /@smoke/ } : tier === 'rest' ? { grepInvert: /@smoke/ } : {}),
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
			command: `node scripts/serve.ts --port ${firstPort}`,
			url: `${PRODUCTION_URL}/`,
			reuseExistingServer: !process.env.CI,
			timeout: 120_000,
			stdout: 'ignore',
			stderr: 'pipe',
		},
		{
			command: `${PREVIEW_ENV} astro build --outDir .preview && node scripts/serve.ts --dir .preview --port ${PREVIEW_PORT}`,
			url: `${PREVIEW_URL}/`,
			reuseExistingServer: !process.env.CI,
			timeout: 180_000,
			stdout: 'ignore',
			stderr: 'pipe',
		},
		...(tier === 'smoke'
			? []
			: [
					{
						command: `node tests/e2e-embed/prepare.ts && node scripts/serve.ts --dir ${EMBED_SITE_DIR} --port ${EMBED_SITE_PORT}`,
						url: `${EMBED_URL}/`,
						reuseExistingServer: !process.env.CI,
						timeout: 180_000,
						stdout: 'ignore' as const,
						stderr: 'pipe' as const,
					},
				]),
	],
});
