import { expect, test } from '@playwright/test';
import { contractPages, errorRoutes } from './fixtures';

const security = {
	'x-content-type-options': /^nosniff$/,
	'referrer-policy': /^no-referrer$/,
	'permissions-policy': /camera=\(\)/,
	'x-frame-options': /^DENY$/,
	'cache-control': /max-age=0/,
};

test.describe('headers', () => {
	for (const route of errorRoutes.filter((r) => Object.keys(r.headers).length > 0)) {
		test(`${route.path} carries ${Object.keys(route.headers).join(', ')}`, async ({ request }) => {
			const response = await request.get(route.path, { maxRedirects: 0 });
			expect(response.status()).toBe(route.status);
			for (const [name, value] of Object.entries(route.headers)) {
				expect(response.headers()[name.toLowerCase()]).toBe(value);
			}
		});
	}

	for (const path of ['/', '/404', '/503', '/global-error', '/no/such/page']) {
		test(`${path} carries the security and cache headers`, async ({ request }) => {
			const headers = (await request.get(path)).headers();
			for (const [name, pattern] of Object.entries(security)) expect(headers[name], name).toMatch(pattern);
			const csp = headers['content-security-policy'] ?? '';
			expect(csp).toContain("default-src 'none'");
			expect(csp).toContain("frame-ancestors 'none'");
			expect(csp).not.toContain('unsafe-inline');
			expect(csp).toMatch(/style-src 'sha256-/);
		});
	}
});

test.describe('the Content-Security-Policy holds on every page', () => {
	for (const { path } of contractPages) {
		test(`no violation on ${path}`, async ({ page }) => {
			const violations: string[] = [];
			page.on('console', (message) => {
				if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
			});
			await page.addInitScript(() => {
				document.addEventListener('securitypolicyviolation', (event) =>
					console.error(`Refused to load: CSP ${event.violatedDirective}`),
				);
			});
			await page.goto(path);
			// The inline style is allowed by its hash: the layout is styled, not browser defaults.
			await expect(page.locator('main')).toHaveCSS('display', 'flex');
			expect(violations).toEqual([]);
		});
	}

	test('the global error script runs under the policy', async ({ page }) => {
		await page.goto('/global-error?digest=abc123');
		await expect(page.locator('#digest')).toHaveText('Digest: abc123');
	});
});
