/**
 * The docs site as a visitor gets it, served by netlify-cli with the rules its build wrote: its
 * own error pages (Fallback's), the playground in Chromium, axe on every page and Lighthouse's
 * accessibility and best-practices on the home page and the playground.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
	chromium,
	expect as expectLocator,
	type Browser,
	type BrowserContext,
	type Page,
} from '@playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../packages/fallback-pages/src/verify/chromium.ts';
import {
	auditsBelow,
	formatFinding,
	launchLighthouseBrowser,
} from '../../packages/fallback-pages/src/verify/lighthouse.ts';
import { pathOf, serveDocs, sourceFiles } from './docsSite.ts';
import { axeOn } from '../axe.ts';

let server: Awaited<ReturnType<typeof serveDocs>>;
let browser: Browser;

beforeAll(async () => {
	server = await serveDocs();
	browser = await chromium.launch(chromiumLaunchOptions());
});

afterAll(async () => {
	await browser?.close();
	await server?.stop();
});

/** The contexts a test opened, closed when it ends: fifty pages left open slow the rest. */
const opened: BrowserContext[] = [];
afterEach(() => Promise.all(opened.splice(0).map((context) => context.close())));

async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
	const context = await browser.newContext({ viewport: { width, height: 900 } });
	opened.push(context);
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text());
	});
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(`${server.origin}${path}`);
	// The islands are hydrated once a preview holds its page.
	if (path === '/playground/' || path === '/gallery/')
		await page.locator('iframe[data-src]').first().waitFor();
	return { page, errors };
}

describe("the site's own error pages are Fallback's", () => {
	it('an unknown path answers 404 with the not-found page, in the language the browser asks for', async () => {
		const english = await fetch(`${server.origin}/no-such-page`);
		expect(english.status).toBe(404);
		expect(await english.text()).toContain('<title>404: This page could not be found.</title>');
		const german = await fetch(`${server.origin}/guides/no-such-guide`, {
			headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
		});
		expect(german.status).toBe(404);
		expect(await german.text()).toContain('<html lang="de"');
	});

	it("the docs' pages answer 200 without Fallback's headers; the error pages carry them", async () => {
		// Each body read to its end: undici asserts on a socket that ends under a body left unread.
		const home = await fetch(`${server.origin}/guides/astro/`);
		await home.arrayBuffer();
		expect(home.status).toBe(200);
		expect(home.headers.get('content-security-policy')).toBeNull();
		const unavailable = await fetch(`${server.origin}/503`);
		await unavailable.arrayBuffer();
		expect(unavailable.status).toBe(503);
		expect(unavailable.headers.get('retry-after')).toBe('300');
		expect(unavailable.headers.get('content-security-policy')).toContain("default-src 'none'");
	});
});

const previewColour = (page: Page, scheme: 'light' | 'dark', property: string) =>
	page
		.frameLocator(`iframe[data-scheme="${scheme}"]`)
		.locator('html')
		.evaluate((html, name) => getComputedStyle(html).getPropertyValue(name).trim(), property);

describe('the brand playground', () => {
	it('shows the real page in both schemes, and a colour change at once', async () => {
		const { page, errors } = await open('/playground/');
		const light = page.frameLocator('iframe[data-scheme="light"]');
		await expect.poll(() => light.locator('h1, h2').first().textContent()).toContain('404');
		await page.getByLabel('Accent (buttons, focus ring), light scheme', { exact: true }).fill('#0b5fff');
		await expect.poll(() => previewColour(page, 'light', '--fallback-accent')).toBe('#0b5fff');
		expect(await previewColour(page, 'dark', '--fallback-background')).toBe('#000000');
		// The main button is drawn with it: the built markup, not a drawing of it.
		const button = light.locator('a, button').filter({ hasText: 'Go back home' });
		await expect
			.poll(() => button.evaluate((element) => getComputedStyle(element).backgroundColor))
			.toBe('rgb(11, 95, 255)');
		await page.getByLabel('Status').selectOption('503');
		await page.getByLabel('Language').selectOption('de');
		// The frame fetches the page anew: given time on a loaded machine (the full tier runs suites at once).
		await expect.poll(() => light.locator('html').getAttribute('lang'), { timeout: 15_000 }).toBe('de');
		await expect.poll(() => light.locator('body').textContent(), { timeout: 15_000 }).toContain('503');
		expect(errors).toEqual([]);
	});

	it("a pair below WCAG 2.2 AA shows the build's own message, and the config cannot be copied", async () => {
		const { page } = await open('/playground/');
		await page.getByLabel('Accent (buttons, focus ring), light scheme', { exact: true }).fill('#8fb0ff');
		await expectLocator(page.getByRole('status').filter({ hasText: 'The build stops' })).toContainText(
			'fallback.brand.accent.light + fallback.brand.background.light: buttons, their borders and the focus ring #8fb0ff on #ffffff is 2.13:1 in the light scheme; WCAG 2.2 AA needs 3:1',
		);
		await expectLocator(page.getByRole('button', { name: 'Copy config' })).toBeDisabled();
	});

	it('works with the keyboard alone at 320 px, and its config builds those colours with fallback-pages build', async () => {
		const { page, errors } = await open('/playground/', 320);
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
		const width = await page.evaluate(() => document.documentElement.scrollWidth);
		expect(width, 'no horizontal scrolling at 320 px').toBeLessThanOrEqual(320);
		await page.getByLabel('Site name').focus();
		await page.keyboard.press('ControlOrMeta+a');
		await page.keyboard.type('Acme Shop');
		const fields = [
			['Accent (buttons, focus ring), light scheme', '#0b5fff'],
			['Accent (buttons, focus ring), dark scheme', '#7aa2ff'],
			['Text, light scheme', '#14213d'],
			['Background, dark scheme', '#0d1321'],
		] as const;
		for (const [label, value] of fields) {
			// Tab to each field from the name, as a keyboard user would.
			for (let presses = 0; presses < 20; presses++) {
				if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === label) break;
				await page.keyboard.press('Tab');
			}
			expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(label);
			await page.keyboard.press('ControlOrMeta+a');
			await page.keyboard.type(value);
		}
		await expect.poll(() => previewColour(page, 'dark', '--fallback-background')).toBe('#0d1321');
		await expect
			.poll(() => page.frameLocator('iframe[data-scheme="light"]').locator('header').textContent())
			.toContain('Acme Shop');
		const copy = page.getByRole('button', { name: 'Copy config' });
		await copy.focus();
		await page.keyboard.press('Enter');
		await expectLocator(page.getByText('Copied fallback.config.mjs to the clipboard.')).toBeVisible();
		const config = await page.evaluate(() => navigator.clipboard.readText());
		expect(config).toBe(await page.locator('.playground-config').textContent());
		expect(errors).toEqual([]);

		// The config, as a team would use it: a file beside the project, built by the command.
		const dir = await mkdtemp(join(process.cwd(), '.scratch-docs-'));
		try {
			await writeFile(join(dir, 'fallback.config.mjs'), config);
			await promisify(execFile)(
				process.execPath,
				[
					'packages/fallback-pages/bin/fallback-pages.js',
					'build',
					'--config',
					join(dir, 'fallback.config.mjs'),
					'--out',
					join(dir, 'out'),
				],
				{ env: { ...process.env, CONTEXT: 'production' } },
			);
			const built = await readFile(join(dir, 'out/404.html'), 'utf8');
			expect(built).toContain('Acme Shop');
			for (const colour of [
				'--fallback-accent:#0b5fff',
				'--fallback-accent:#7aa2ff',
				'--fallback-text:#14213d',
				'--fallback-background:#0d1321',
			]) {
				expect(built).toContain(colour);
			}
		} finally {
			await rm(dir, { recursive: true, force: true });
			await rm(`${dir}-hosts`, { recursive: true, force: true });
		}
	});
});

describe('accessibility', () => {
	const pages = sourceFiles.map(pathOf);

	it.each(pages)('axe finds no violation on %s, light and dark', async (path) => {
		const { page } = await open(path);
		// Expressive Code makes a block that scrolls sideways focusable in an idle callback, which
		// races axe on a loaded machine: at this width no block may scroll at all.
		const scrolling = await page.evaluate(() =>
			[...document.querySelectorAll('.expressive-code pre')]
				.filter((pre) => pre.scrollWidth > pre.clientWidth)
				.map((pre) => pre.textContent?.slice(0, 60)),
		);
		expect(scrolling, `${path}: code blocks wider than the page at 1280 px`).toEqual([]);
		for (const scheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme: scheme });
			await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), scheme);
			const results = await axeOn(page).analyze();
			const found = results.violations.map(
				(v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
			);
			expect(found, `${path} (${scheme})`).toEqual([]);
		}
	});

	it.each(['/', '/playground/'])('Lighthouse: accessibility and best practices 100 on %s', async (path) => {
		const lighthouse = await launchLighthouseBrowser();
		try {
			const lhr = await lighthouse.audit(`${server.origin}${path}`);
			for (const category of ['accessibility', 'best-practices']) {
				const findings = auditsBelow(lhr, category, 1).map(formatFinding);
				expect(lhr.categories[category]?.score, `${category}: ${findings.join(', ')}`).toBe(1);
			}
		} finally {
			await lighthouse.close();
		}
	});
});
