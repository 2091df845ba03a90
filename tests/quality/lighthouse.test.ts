/**
 * Lighthouse (default mobile settings, system Chromium) on the seed pages of dist/, served as files
 * with status 200: every category at 100. A failure names the audits that cost points.
 * `npm run lighthouse` does the same for every page and writes reports/lighthouse.md.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	LOCALE_SAMPLE_PAGES,
	SEED_PAGES,
	auditPage,
	launchLighthouseBrowser,
	pageUrl,
	problemsOf,
	serveDist,
	type LighthouseBrowser,
	type PageReport,
	type StaticServer,
} from '../../scripts/lighthouse.ts';

let server: StaticServer | undefined;
let browser: LighthouseBrowser | undefined;

beforeAll(async () => {
	server = await serveDist();
	browser = await launchLighthouseBrowser();
});

afterAll(async () => {
	await browser?.close();
	await server?.close();
});

describe('Lighthouse, pages served with 200', () => {
	it.each([...SEED_PAGES, ...LOCALE_SAMPLE_PAGES])('%s scores 100 in every category', async (page) => {
		expect(existsSync(new URL(`../../dist/${page}.html`, import.meta.url)), `dist/${page}.html`).toBe(true);
		const report = await auditPage(browser!, pageUrl(server!.origin, page), page);
		expect(Object.keys(report.scores)).toEqual(
			expect.arrayContaining(['performance', 'accessibility', 'best-practices', 'seo']),
		);
		expect(problemsOf(report), `${page}: ${JSON.stringify(report.scores)}`).toEqual([]);
	});
});

/** The check itself, on made-up reports: it must be able to fail. */
describe('problemsOf', () => {
	const base: PageReport = {
		page: 'x',
		url: 'http://x/',
		scores: { performance: 100, accessibility: 100 },
		findings: [],
		runWarnings: [],
		seconds: 1,
		runs: 1,
		performanceByRun: [100],
		lighthouseVersion: '13',
		hostUserAgent: '',
		benchmarkIndex: 1000,
		mainThreadMs: 300,
		styleLayoutMs: 80,
		blockingMs: 0,
	};

	it('passes a perfect report', () => {
		expect(problemsOf(base)).toEqual([]);
	});

	it('names the failing audits of a category below 100, and unscored categories', () => {
		const problems = problemsOf({
			...base,
			scores: { performance: 100, accessibility: 92, seo: null },
			findings: [{ category: 'accessibility', id: 'color-contrast', title: 'Contrast', score: 0, weight: 7 }],
		});
		expect(problems).toHaveLength(2);
		expect(problems[0]).toMatch(/accessibility 92.*color-contrast/);
		expect(problems[1]).toMatch(/seo not scored/);
	});

	it('fails a run that Lighthouse could not complete', () => {
		expect(problemsOf({ ...base, scores: {}, runtimeError: 'ERRORED_DOCUMENT_REQUEST: …' })).toHaveLength(2);
	});
});
