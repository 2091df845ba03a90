import { expect, test } from '@playwright/test';
import { smoke, smokeOf } from './fixtures';

test.describe('keyboard', () => {
	for (const path of ['/503', '/404', '/global-error']) {
		test(
			`every action on ${path} is reachable by Tab and visibly focused`,
			smokeOf(path),
			async ({ page }) => {
				await page.goto(path);
				const actions = page.locator('main nav a');
				const count = await actions.count();
				expect(count).toBeGreaterThan(0);
				for (let i = 0; i < count; i++) {
					await page.keyboard.press('Tab');
					const action = actions.nth(i);
					await expect(action).toBeFocused();
					await expect(action).toHaveCSS('outline-style', 'solid');
					await expect(action).toHaveCSS('outline-width', '3px');
				}
			},
		);
	}

	test('"Try again" reloads the same address, query included', smoke, async ({ page }) => {
		await page.goto('/global-error?digest=abc123');
		await page.getByRole('link', { name: 'Try again' }).press('Enter');
		await expect(page).toHaveURL(/\/global-error\?digest=abc123$/);
		await expect(page.locator('#digest')).toHaveText('Digest: abc123');
	});
});
