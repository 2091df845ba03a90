import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestDetails } from '@playwright/test';
import { auditedFiles, contractPages, smoke, smokeOf } from './fixtures';
import { axeOn } from '../axe.ts';

/**
 * The three ways a visitor may see a page. Each is set whole (forced colours over the light scheme,
 * as Playwright's default), so that one loaded page is checked in all three in turn: axe is what
 * costs, not the page.
 */
const modes = [
	{ name: 'light', options: { colorScheme: 'light', forcedColors: 'none' } },
	{ name: 'dark', options: { colorScheme: 'dark', forcedColors: 'none' } },
	{ name: 'forced-colors', options: { colorScheme: 'light', forcedColors: 'active' } },
] as const;

const targets: { name: string; open(page: Page): Promise<unknown>; details?: TestDetails }[] = [
	...contractPages.map(({ path }) => ({
		name: path,
		open: (page: Page) => page.goto(path),
		details: smokeOf(path),
	})),
	// Right to left, in the smoke run (every catalogue's 503 is in locales.spec.ts, in the full tier).
	{ name: '/ar/503', open: (page: Page) => page.goto('/ar/503'), details: smoke },
	...auditedFiles.map((file) => ({
		name: `dist/${file}`,
		open: (page: Page) =>
			page.setContent(readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8')),
	})),
];

test.describe('axe in light, dark and forced colours', () => {
	for (const target of targets) {
		test(`${target.name}: 0 violations`, target.details ?? {}, async ({ page }) => {
			await target.open(page);
			for (const mode of modes) {
				await page.emulateMedia(mode.options);
				// Violations in full; of the other results axe keeps one node a rule, which is all the
				// check on passes below reads (axe's documented way to make a run cheaper).
				const results = await axeOn(page).analyze();
				const summary = results.violations.map(
					(v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
				);
				expect.soft(summary, mode.name).toEqual([]);
				// The run really checked the page: colour contrast among the passing rules.
				expect
					.soft(
						results.passes.map((r) => r.id),
						mode.name,
					)
					.toContain('color-contrast');
			}
		});
	}
});
