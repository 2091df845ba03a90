import { expect, test } from '@playwright/test';
import { contractPages, smoke, smokeOf } from './fixtures';

test.describe('every page renders with JavaScript disabled', () => {
	test.use({ javaScriptEnabled: false });
	for (const { path, status, title } of contractPages) {
		test(path, smokeOf(path), async ({ page }) => {
			const response = await page.goto(path);
			expect(response?.status()).toBe(status);
			await expect(page).toHaveTitle(title);
			await expect(page.locator('h1')).toHaveCount(1);
			await expect(page.locator('main')).toHaveCSS('display', 'flex');
		});
	}

	test(
		'the global error page names the site without JavaScript (the starter sets no address: its name)',
		smoke,
		async ({ page }) => {
			await page.goto('/global-error?digest=abc123');
			await expect(page.locator('h2')).toContainText(
				'a client-side exception has occurred while loading Fallback',
			);
		},
	);
});
