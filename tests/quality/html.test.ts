/**
 * The Nu HTML Checker on every page of dist/: no error and no warning, except what
 * quality/htmlValidation.ts accepts with a reason. `npm run validate` prints the same per page.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHtmlMessages } from '../../quality/htmlValidation.ts';
import { formatMessage, validateFiles, type PageValidation } from '../../scripts/validate-html.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
// Every locale's pages too (`de/404.html`).
const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
	.filter((file) => file.endsWith('.html'))
	.sort();
let results: PageValidation[] = [];

beforeAll(async () => {
	({ pages: results } = await validateFiles(pages.map((page) => join(dist, page))));
});

describe('Nu HTML Checker on dist/', () => {
	it('has the pages to check (the unit tests check the exact set)', () => {
		expect(pages).toEqual(expect.arrayContaining(['404.html', '500.html', 'index.html']));
	});

	it.each(pages)('%s: no error, no warning', (page) => {
		const result = results.find((r) => r.page === page);
		expect(result, `${page} was checked`).toBeDefined();
		expect([...result!.errors, ...result!.warnings].map(formatMessage)).toEqual([]);
	});

	it('every allow-list entry gives its reason', () => {
		for (const entry of allowedHtmlMessages) expect(entry.reason.trim().length).toBeGreaterThan(10);
	});
});

/** The check itself, on documents made to fail: it must be able to. */
describe('validateFiles', () => {
	const dir = mkdtempSync(join(tmpdir(), 'fallback-vnu-'));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('reports errors, warnings and files it could not check; the allow-list takes out what it accepts', async () => {
		const broken = join(dir, 'broken.html');
		const langless = join(dir, 'langless.html');
		const missing = join(dir, 'missing.html');
		writeFileSync(broken, '<!doctype html><html><head><title>x</title></head><body><p>a<div></p><img src=x>');
		writeFileSync(langless, '<!doctype html><title>x</title><p>a');
		const { pages: checked } = await validateFiles(
			[broken, langless, missing],
			[{ pages: ['langless.html'], message: /lang/, reason: 'a test of the allow-list' }],
		);
		const [brokenResult, langlessResult, missingResult] = checked;
		expect(brokenResult!.errors.length).toBeGreaterThanOrEqual(2);
		expect(brokenResult!.warnings.map((m) => m.message).join('\n')).toMatch(/lang/);
		expect(langlessResult!.errors).toEqual([]);
		expect(langlessResult!.warnings).toEqual([]);
		expect(langlessResult!.allowed.map((a) => a.reason)).toEqual(['a test of the allow-list']);
		expect(missingResult!.errors.length + missingResult!.warnings.length).toBeGreaterThan(0);
	});
});
