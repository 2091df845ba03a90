import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { smoke } from '../e2e/fixtures';

const BRANCH = 'feature/<b>new</b> & "quotes" ünï';

test.describe('deploy preview', () => {
	for (const path of ['/404', '/503', '/global-error', '/']) {
		test(`${path} answers with X-Robots-Tag: noindex`, path === '/404' ? smoke : {}, async ({ request }) => {
			const response = await request.get(path);
			expect(response.headers()['x-robots-tag']).toBe('noindex');
		});
	}

	for (const scheme of ['light', 'dark'] as const) {
		test(`the banner is visible, accessible and intact at 320 px, ${scheme}, without JavaScript`, async ({
			browser,
		}) => {
			const context = await browser.newContext({
				colorScheme: scheme,
				javaScriptEnabled: false,
				viewport: { width: 320, height: 640 },
			});
			const page = await context.newPage();
			const response = await page.goto('/404');
			expect(response?.status()).toBe(404);
			const banner = page.getByRole('complementary', { name: 'Deploy preview' });
			await expect(banner).toBeVisible();
			await expect(banner).toContainText(`branch ${BRANCH}`);
			await expect(banner).toContainText('commit 0123456');
			await expect(banner.locator('b')).toHaveCount(0);
			await expect(banner.getByRole('link', { name: 'All pages' })).toHaveAttribute('href', '/');
			// Nothing overflows sideways at 320 px.
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
			expect(overflow).toBeLessThanOrEqual(320);
			await expect(page.locator('h1')).toBeInViewport();
			await context.close();
		});

		test(
			`the banner passes axe (WCAG 2.2 AA and best practices), ${scheme}`,
			scheme === 'light' ? smoke : {},
			async ({ browser }) => {
				// axe runs as a script, so this context has JavaScript on.
				const context = await browser.newContext({
					colorScheme: scheme,
					viewport: { width: 320, height: 640 },
				});
				const page = await context.newPage();
				await page.goto('/404');
				const axe = await new AxeBuilder({ page })
					.include('aside')
					.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
					.setLegacyMode()
					.analyze();
				expect(axe.violations).toEqual([]);
				expect(axe.passes.length).toBeGreaterThan(0);
				await context.close();
			},
		);
	}

	test('the gallery is the review page: deploy details and every page at its real status URL', async ({
		page,
		request,
	}) => {
		await page.goto('/');
		await expect(page.locator('dl')).toContainText('deploy-preview');
		await expect(page.locator('dl')).toContainText(BRANCH);
		await expect(page.locator('dl')).toContainText('0123456');
		await expect(page.locator('dl time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		const links = page.locator('main ul a');
		expect(await links.count()).toBe(42);
		for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
			const expected = /^\/(\d{3})$/.exec(href)?.[1];
			const response = await request.get(href, { maxRedirects: 0 });
			expect(response.status(), href).toBe(expected ? Number(expected) : 500);
		}
	});
});
