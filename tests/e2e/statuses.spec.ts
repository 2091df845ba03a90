import { expect, test } from '@playwright/test';
import {
	appErrorPages,
	BROWSER_REFUSED_STATUSES,
	iconClass,
	LOCAL_ENGINE_REDIRECT_STATUSES,
	statusCatalog,
} from './fixtures';

const inBrowser = (code: number) =>
	!LOCAL_ENGINE_REDIRECT_STATUSES.includes(code) && !BROWSER_REFUSED_STATUSES.includes(code);

test.describe('every catalogued code answers with its own status and page', () => {
	for (const status of statusCatalog.filter((s) => inBrowser(s.code))) {
		test(`GET /${status.code}`, async ({ page }) => {
			const response = await page.goto(`/${status.code}`);
			expect(response?.status()).toBe(status.code);
			await expect(page).toHaveTitle(status.title);
			await expect(page.locator('h1')).toHaveText(String(status.code));
			await expect(page.locator('h2')).toHaveText(status.message);
			await expect(page.locator(`main > svg.${iconClass(status.icon)}`)).toBeVisible();
		});
	}

	for (const code of LOCAL_ENGINE_REDIRECT_STATUSES) {
		test(`GET /${code}: the local engine answers the status-${code} rule as a redirect`, async ({
			request,
		}) => {
			// Not a pass for production: this pins the known netlify-cli behaviour, so that the day
			// it changes this test fails and the code joins the loop above. The rule itself is unit-tested.
			const response = await request.get(`/${code}`, { maxRedirects: 0 });
			expect(response.status()).toBe(code);
			expect(response.headers()['location']).toBe(`/${code}.html`);
		});
	}

	for (const status of statusCatalog.filter((s) => BROWSER_REFUSED_STATUSES.includes(s.code))) {
		test(`GET /${status.code} (over HTTP: browsers only accept it from a proxy)`, async ({ request }) => {
			const response = await request.get(`/${status.code}`, { maxRedirects: 0 });
			expect(response.status()).toBe(status.code);
			const body = await response.text();
			expect(body).toContain(`<title>${status.title}</title>`);
			expect(body).toContain(`<h1>${status.code}</h1>`);
			expect(body).toContain(iconClass(status.icon));
		});
	}

	for (const page of appErrorPages) {
		test(`GET /${page.slug} answers ${page.status}`, async ({ page: tab }) => {
			const response = await tab.goto(`/${page.slug}`);
			expect(response?.status()).toBe(page.status);
			await expect(tab).toHaveTitle(page.title);
			await expect(tab.locator(`main > svg.${iconClass(page.icon)}`)).toBeVisible();
		});
	}

	test('GET / is the gallery, 200, linking every page', async ({ page }) => {
		const response = await page.goto('/');
		expect(response?.status()).toBe(200);
		for (const status of statusCatalog) {
			await expect(page.locator(`a[href="/${status.code}"]`)).toContainText(status.title);
		}
		for (const appError of appErrorPages) {
			await expect(page.locator(`a[href="/${appError.slug}"]`)).toContainText(appError.title);
		}
	});
});
