import { expect, test, type Page } from '@playwright/test';
import { smoke } from './fixtures';

const CLIENT_SIDE = (host: string) =>
	`Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`;
const SERVER_SIDE = (host: string) =>
	`Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`;

/** Opens the global error page with a raw query string; fails on any dialog. */
async function open(page: Page, query: string) {
	const dialogs: string[] = [];
	page.on('dialog', (dialog) => {
		dialogs.push(dialog.message());
		void dialog.dismiss();
	});
	const response = await page.goto(`/global-error${query}`);
	expect(response?.status()).toBe(500);
	return dialogs;
}

test('without a digest: the client-side wording, naming the host the visitor loaded', async ({ page }) => {
	await open(page, '');
	await expect(page.locator('h2')).toHaveText(CLIENT_SIDE('localhost'));
	await expect(page.locator('#digest')).toBeHidden();
});

test('with ?digest=abc123: the server-side wording and the digest', smoke, async ({ page }) => {
	await open(page, '?digest=abc123');
	await expect(page.locator('h2')).toHaveText(SERVER_SIDE('localhost'));
	await expect(page.locator('#digest')).toHaveText('Digest: abc123');
	await expect(page.locator('#digest')).toBeVisible();
});

const hostile: [string, string][] = [
	['markup', `?digest=${encodeURIComponent('<img src=x onerror=alert(1)>')}`],
	['script tag', `?digest=${encodeURIComponent('"><script>alert(1)</script>')}`],
	['quotes and handler', `?digest=${encodeURIComponent(`x' onmouseover='alert(1)`)}`],
	['raw markup, unencoded', '?digest=<svg/onload=alert(1)>'],
	['10 KB', `?digest=${'a'.repeat(10_240)}`],
	['unicode', `?digest=${encodeURIComponent('ａｂｃ\u202Eevil')}`],
	['repeated parameter', '?digest=abc&digest=def'],
	['javascript: URL', '?digest=javascript:alert(1)'],
];

for (const [name, query] of hostile) {
	test(`hostile digest (${name}) is never rendered, no dialog opens`, async ({ page }) => {
		const dialogs = await open(page, query);
		await expect(page.locator('h2')).toHaveText(CLIENT_SIDE('localhost'));
		await expect(page.locator('#digest')).toBeHidden();
		await expect(page.locator('#digest')).toHaveText('');
		expect(await page.locator('img, svg[onload], [onerror], [onmouseover]').count()).toBe(0);
		expect(await page.locator('script').count()).toBe(1);
		expect(dialogs).toEqual([]);
	});
}
