import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AXE_TAGS } from '../../packages/fallback-pages/src/quality/axe.ts';
import { auditedFiles, contractPages } from './fixtures';

const modes = [
	{ name: 'light', options: { colorScheme: 'light' } },
	{ name: 'dark', options: { colorScheme: 'dark' } },
	{ name: 'forced-colors', options: { forcedColors: 'active' } },
] as const;

for (const mode of modes) {
	test.describe(`axe, ${mode.name}`, () => {
		const targets: { name: string; open(page: Page): Promise<unknown> }[] = [
			...contractPages.map(({ path }) => ({ name: path, open: (page: Page) => page.goto(path) })),
			...auditedFiles.map((file) => ({
				name: `dist/${file}`,
				open: (page: Page) =>
					page.setContent(readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8')),
			})),
		];
		for (const target of targets) {
			test(`${target.name}: 0 violations`, async ({ page }) => {
				await page.emulateMedia(mode.options);
				await target.open(page);
				const results = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
				const summary = results.violations.map(
					(v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
				);
				expect(summary).toEqual([]);
				// The run really checked the page: colour contrast among the passing rules.
				expect(results.passes.map((r) => r.id)).toContain('color-contrast');
			});
		}
	});
}
