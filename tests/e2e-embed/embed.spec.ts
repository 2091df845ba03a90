/**
 * Fallback embedded in an existing site (tests/e2e-embed/mockSite.ts) by `npm run embed`, served
 * by netlify-cli with the site's strict `default-src 'self'` CSP: the site's own pages, not-found
 * page and rules are untouched and keep answering, Fallback's pages answer under its folder with
 * their statuses, fully styled, and Chromium reports no CSP violation.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EMBED_COMMAND, EMBED_SITE_DIR, mockSiteFiles } from './mockSite';

/** Collects CSP violations and console errors the page reports while it loads. */
async function watchProblems(page: Page): Promise<() => Promise<string[]>> {
	const consoleErrors: string[] = [];
	page.on('console', (message) => {
		// The document's own error status is logged as a failed resource; anything else is a problem.
		if (message.type() === 'error' && !/status of (404|503|500)/.test(message.text())) {
			consoleErrors.push(message.text());
		}
	});
	await page.addInitScript(() => {
		(window as unknown as { violations: string[] }).violations = [];
		document.addEventListener('securitypolicyviolation', (event) => {
			(window as unknown as { violations: string[] }).violations.push(
				`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`,
			);
		});
	});
	return async () => [
		...consoleErrors,
		...(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)),
	];
}

test("the site's own files keep their content; Fallback's rules come after the site's", () => {
	for (const name of ['index.html', '404.html'])
		expect(readFileSync(join(EMBED_SITE_DIR, name), 'utf8')).toBe(mockSiteFiles[name]);
	// The site's 404.html answers its unknown paths: Fallback's catch-all is left out of the block.
	expect(readFileSync(join(EMBED_SITE_DIR, '_redirects'), 'utf8')).not.toMatch(/^\/\*\s/m);
	for (const name of ['_redirects', '_headers']) {
		const content = readFileSync(join(EMBED_SITE_DIR, name), 'utf8');
		expect(content.startsWith(mockSiteFiles[name]!)).toBe(true);
		expect(content.length).toBeGreaterThan(mockSiteFiles[name]!.length);
	}
});

test("an unknown path outside Fallback's folder answers the site's own 404.html, with 404", async ({
	request,
}) => {
	const lost = await request.get('/no/such/page');
	expect(lost.status()).toBe(404);
	expect(await lost.text()).toBe(mockSiteFiles['404.html']);
});

test("the site's home page and its own redirect still answer", async ({ request }) => {
	const home = await request.get('/');
	expect(home.status()).toBe(200);
	expect(await home.text()).toContain('<h1>Acme home</h1>');
	const old = await request.get('/old-shop', { maxRedirects: 0 });
	expect(old.status()).toBe(301);
	expect(old.headers()['location']).toMatch(/\/$/);
});

for (const scheme of ['light', 'dark'] as const) {
	test(`an unknown path in Fallback's folder answers 404 with its page, styled, under the site's CSP (${scheme})`, async ({
		page,
	}) => {
		await page.emulateMedia({ colorScheme: scheme });
		const problems = await watchProblems(page);
		const response = await page.goto('/fallback/no/such/page');
		expect(response?.status()).toBe(404);
		expect(response?.headers()['content-security-policy']).toBe("default-src 'self'");
		expect(response?.headers()['x-site-header']).toBe('acme');
		await expect(page.locator('h1')).toHaveText('404');
		await expect(page.locator('h2')).toHaveText('This page could not be found.');
		// The stylesheet applied: the framework's heading size and divider, the scheme's colours.
		const h1 = await page.locator('h1').evaluate((element) => {
			const style = getComputedStyle(element);
			return { fontSize: style.fontSize, borderRight: style.borderRightWidth };
		});
		expect(h1).toEqual({ fontSize: '24px', borderRight: '1px' });
		const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		expect(background).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(0, 0, 0)');
		await expect(page.locator('main svg').first()).toBeVisible();
		expect(await problems()).toEqual([]);
	});
}

test('an embedded status page keeps its status and headers; the global error page runs its script', async ({
	page,
}) => {
	const problems = await watchProblems(page);
	const maintenance = await page.goto('/fallback/503');
	expect(maintenance?.status()).toBe(503);
	expect(maintenance?.headers()['retry-after']).toBeTruthy();
	await page.goto('/fallback/global-error?digest=abc123');
	await expect(page.locator('#digest')).toHaveText('Digest: abc123');
	expect(await problems()).toEqual([]);
});

test('a production build publishes no gallery: the prefix answers the not-found page with 404', async ({
	page,
}) => {
	const problems = await watchProblems(page);
	expect(existsSync(join(EMBED_SITE_DIR, 'fallback/index.html'))).toBe(false);
	const response = await page.goto('/fallback/');
	expect(response?.status()).toBe(404);
	await expect(page.locator('h1')).toHaveText('404');
	expect(await problems()).toEqual([]);
});

test("a preview's build has the review gallery under the prefix, linking to the prefixed pages", () => {
	// On a copy: the other tests of this file run at the same time on the served folder.
	const copy = mkdtempSync(join(tmpdir(), 'fallback-embed-preview-'));
	cpSync(EMBED_SITE_DIR, copy, { recursive: true });
	try {
		const preview = spawnSync('node', [...EMBED_COMMAND, '--into', copy], {
			encoding: 'utf8',
			env: { ...process.env, NETLIFY: 'true', CONTEXT: 'deploy-preview' },
		});
		expect(preview.status, preview.stderr).toBe(0);
		expect(preview.stdout).toContain('review gallery: /fallback/');
		const gallery = readFileSync(join(copy, 'fallback/index.html'), 'utf8');
		expect(gallery).toContain('href="/fallback/404"');
		expect(gallery).not.toMatch(/href="\/404"/);
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
});

test('embedding again replaces exactly its own output; --remove restores the site byte for byte', () => {
	// On a copy: the other tests of this file run at the same time on the served folder.
	const copy = mkdtempSync(join(tmpdir(), 'fallback-embed-again-'));
	cpSync(EMBED_SITE_DIR, copy, { recursive: true });
	const snapshot = () =>
		Object.fromEntries(
			(readdirSync(copy, { recursive: true }) as string[])
				.filter((name) => statSync(join(copy, name)).isFile())
				.sort()
				.map((name) => [name, readFileSync(join(copy, name), 'utf8')]),
		);
	const before = snapshot();
	const again = spawnSync('node', [...EMBED_COMMAND, '--into', copy], { encoding: 'utf8' });
	expect(again.status, again.stderr).toBe(0);
	expect(snapshot()).toEqual(before);
	const removed = spawnSync('node', [...EMBED_COMMAND, '--into', copy, '--remove'], { encoding: 'utf8' });
	expect(removed.status, removed.stderr).toBe(0);
	expect(snapshot()).toEqual(mockSiteFiles);
	rmSync(copy, { recursive: true, force: true });
});
