/**
 * Every page of the contract in the browser, at its real status through Netlify's engine, in one
 * visit each: it renders as designed (title, heading, message, icon, styled layout), the
 * Content-Security-Policy blocks nothing, and the document is the only request it makes. Statuses,
 * headers and exact bodies on every server are the contract suite's (tests/contract/).
 */
import { expect, test } from '@playwright/test';
import { contractPages, iconSvg, smoke, smokeOf } from './fixtures';

test.describe('every page renders under its policy, from the document alone', () => {
	for (const { path, status, title, heading, message, icon } of contractPages) {
		test(`${path} (${status})`, smokeOf(path), async ({ page }) => {
			const violations: string[] = [];
			page.on('console', (entry) => {
				if (/Content.Security.Policy|Refused to/i.test(entry.text())) violations.push(entry.text());
			});
			await page.addInitScript(() => {
				document.addEventListener('securitypolicyviolation', (event) =>
					console.error(`Refused to load: CSP ${event.violatedDirective}`),
				);
			});
			const requests: string[] = [];
			page.on('request', (request) => requests.push(request.url()));
			await page.route('**/*', (route) =>
				route.request().isNavigationRequest() ? route.continue() : route.abort('blockedbyclient'),
			);

			const response = await page.goto(path);
			expect(response?.status()).toBe(status);
			await expect(page).toHaveTitle(title);
			if (heading) await expect(page.locator('h1')).toHaveText(heading);
			if (message) await expect(page.locator('h2')).toHaveText(message);
			if (icon) {
				await expect(page.locator('main > svg')).toBeVisible();
				expect(await response?.text()).toContain(iconSvg(icon, 40));
			}
			// The inline style is allowed by its hash: the layout is styled, not browser defaults.
			await expect(page.locator('main')).toHaveCSS('display', 'flex');
			expect(violations).toEqual([]);
			expect(requests, 'the document is the only request').toHaveLength(1);
		});
	}

	test(
		"inline code that is not the page's own is refused: the page's policy narrows the header's",
		smoke,
		async ({ page }) => {
			const response = await page.goto('/404');
			// The header alone allows any inline code; only the page's own policy forbids this.
			expect(response?.headers()['content-security-policy']).toContain("style-src 'unsafe-inline'");
			const refused = await page.evaluate(
				() =>
					new Promise<string[]>((resolve) => {
						const directives: string[] = [];
						// Both refusals are reported as events: done at the second, or after 5 s (a slow
						// machine), with what came, rather than after a fixed wait.
						const done = () => resolve(directives);
						document.addEventListener('securitypolicyviolation', (event) => {
							directives.push(event.effectiveDirective);
							if (directives.length === 2) done();
						});
						const style = document.createElement('style');
						style.textContent = 'main { display: none }';
						document.head.append(style);
						const script = document.createElement('script');
						script.textContent = 'document.title = "injected"';
						document.head.append(script);
						setTimeout(done, 5_000);
					}),
			);
			expect(refused.sort()).toEqual(['script-src-elem', 'style-src-elem']);
			await expect(page.locator('main')).toHaveCSS('display', 'flex');
			expect(await page.title()).not.toBe('injected');
		},
	);

	test('the global error script runs under the policy', smoke, async ({ page }) => {
		await page.goto('/global-error?digest=abc123');
		await expect(page.locator('#digest')).toHaveText('Digest: abc123');
	});
});
