/**
 * The locales in the browser: the language a browser asks for on the default URLs (Netlify's
 * engine: the first language it lists), each locale's own URLs, the list of other languages, the
 * mirrored layout right to left, and axe on one page of every catalogue in both schemes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { allLocalesBuild, buildTimeoutMs } from '../../scripts/build-with.ts';
import { catalogues, locales, statusTexts } from '../../packages/fallback-pages/src/i18n';
import { smoke } from './fixtures';
import { axeOn } from '../axe.ts';

const german = catalogues.de;
const arabic = catalogues.ar;

test.describe('the language the browser asks for', () => {
	test.use({ locale: 'de-DE' });

	test('a German browser gets /404 and an unknown path in German, with 404', async ({ page }) => {
		for (const path of ['/404', '/no/such/page']) {
			const response = await page.goto(path);
			expect(response?.status()).toBe(404);
			await expect(page.locator('html')).toHaveAttribute('lang', 'de');
			await expect(page.locator('h2')).toHaveText(statusTexts(german, 404).message);
		}
	});

	test('its own URL keeps a locale whatever the browser asks for: /ar/503 in Arabic, with 503', async ({
		page,
	}) => {
		const response = await page.goto('/ar/503');
		expect(response?.status()).toBe(503);
		await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
		await expect(page.locator('h2')).toHaveText(statusTexts(arabic, 503).message);
	});

	test('the list of other languages leads to the same page in that language, same status', async ({
		page,
	}) => {
		await page.goto('/de/404');
		const languages = page.getByRole('navigation', { name: german.languages });
		await expect(languages.getByRole('link')).toHaveText(['English', 'Français', 'العربية', '日本語']);
		const [response] = await Promise.all([
			page.waitForResponse((answer) => answer.url().endsWith('/ar/404')),
			languages.getByRole('link', { name: 'العربية' }).click(),
		]);
		expect(response.status()).toBe(404);
		await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
	});
});

/** Where an element's box starts and ends across the page. */
async function box(page: Page, selector: string) {
	const found = await page.locator(selector).first().boundingBox();
	if (!found) throw new Error(`${selector} has no box`);
	return { left: found.x, right: found.x + found.width };
}

test.describe('right to left', () => {
	test(
		'mirrors /ar/503: the code right of the message, the divider between, the main action first from the right',
		smoke,
		async ({ page }) => {
			await page.setViewportSize({ width: 800, height: 600 });
			for (const [path, rtl] of [
				['/503', false],
				['/ar/503', true],
			] as const) {
				await page.goto(path);
				const code = await box(page, 'h1');
				const message = await box(page, 'h2');
				const home = await box(page, 'main nav li:first-child a');
				const retry = await box(page, 'main nav li:nth-child(2) a');
				expect(rtl ? code.left > message.right : code.right < message.left, `${path}: code and message`).toBe(
					true,
				);
				expect(rtl ? home.left > retry.right : home.right < retry.left, `${path}: actions`).toBe(true);
				const divider = await page
					.locator('h1')
					.evaluate((h1) => [getComputedStyle(h1).borderLeftWidth, getComputedStyle(h1).borderRightWidth]);
				expect(divider, `${path}: divider after the code`).toEqual(rtl ? ['1px', '0px'] : ['0px', '1px']);
			}
		},
	);
});

test.describe('axe on every catalogue', () => {
	// One build with every catalogue, for all the tests below: they run one after another.
	test.describe.configure({ mode: 'serial' });
	let dist = '';
	test.beforeAll(async () => {
		test.setTimeout(buildTimeoutMs);
		({ outDir: dist } = await allLocalesBuild());
	});

	for (const locale of locales) {
		// 503: the longest page (two actions, a transient status), in the locale's folder; loaded
		// once and checked in both schemes.
		test(`${locale}/503, light and dark: 0 violations`, async ({ page }) => {
			const file = locale === 'en' ? '503.html' : `${locale}/503.html`;
			await page.setContent(readFileSync(join(dist, file), 'utf8'));
			await expect(page.locator('html')).toHaveAttribute('dir', catalogues[locale].dir);
			for (const colorScheme of ['light', 'dark'] as const) {
				await page.emulateMedia({ colorScheme });
				const results = await axeOn(page).analyze();
				expect
					.soft(
						results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
						colorScheme,
					)
					.toEqual([]);
				expect
					.soft(
						results.passes.map((r) => r.id),
						colorScheme,
					)
					.toContain('color-contrast');
			}
		});
	}
});
