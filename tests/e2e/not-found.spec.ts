import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { statusByCode } from '../../src/catalog/statuses';

const notFound = statusByCode(404);
const MARKER = 'fallbackprobe';

const unknownPaths = [
	'/does-not-exist',
	'/a/b/c/d/e/f',
	`/missing?q=<script>alert('${MARKER}')</script>`,
	`/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E${MARKER}`,
	`/ünïcödé/页面/${MARKER}`,
	`/${MARKER}${'a'.repeat(1800)}`,
	`/missing/${MARKER}.html`,
	'/404/extra',
];

test.describe('unknown paths answer 404 with the not-found page and reflect nothing', () => {
	for (const path of unknownPaths) {
		test(`GET ${path.slice(0, 60)}`, async ({ page }) => {
			const dialogs: string[] = [];
			page.on('dialog', (dialog) => {
				dialogs.push(dialog.message());
				void dialog.dismiss();
			});
			const response = await page.goto(path);
			expect(response?.status()).toBe(404);
			await expect(page).toHaveTitle(notFound.title);
			await expect(page.locator('h2')).toHaveText(notFound.message);
			const body = await response!.text();
			expect(body).not.toContain(MARKER);
			expect(body).not.toMatch(/<script|onerror/i);
			expect(dialogs).toEqual([]);
		});
	}

	test('a dot-dot path sent raw, as a browser never would, gets the not-found page too', async ({
		baseURL,
	}) => {
		const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
			const req = httpRequest(`${baseURL}/../../etc/passwd`, { path: '/../../etc/passwd' }, (res) => {
				let data = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => (data += chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
			});
			req.on('error', reject);
			req.end();
		});
		expect(status).toBe(404);
		expect(body).toContain(`<title>${notFound.title}</title>`);
		expect(body).not.toContain('root:');
	});
});
