/**
 * Served at its real status (Netlify's rule engine on dist/, with its _headers; see realServer.ts for
 * the one thing the audit adds to the policy), a page
 * loses only the audits that must fail for an error status: `http-status-code` and
 * `errors-in-console` for the document's own request. Everything else passes; the gallery, at 200,
 * loses nothing. Lighthouse runs with `ignoreStatusCode`, without which it refuses an error page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from 'lighthouse';
import {
	auditAtStatus,
	checkAtStatus,
	launchLighthouseBrowser,
	type LighthouseBrowser,
} from '../../scripts/lighthouse.ts';
import { REAL_SERVER, startRealServer, type RunningServer } from './realServer.ts';

let server: RunningServer | undefined;
let browser: LighthouseBrowser | undefined;

beforeAll(async () => {
	server = await startRealServer();
	browser = await launchLighthouseBrowser();
});

afterAll(async () => {
	await browser?.close();
	await server?.stop();
});

describe(`Lighthouse at the real status (${REAL_SERVER})`, () => {
	it.each([
		{ path: '/404', status: 404 },
		{ path: '/500', status: 500 },
		{ path: '/503', status: 503 },
		{ path: '/', status: 200 },
	])('$path ($status) loses only the audits its status must fail', async ({ path, status }) => {
		const response = await fetch(REAL_SERVER + path, { redirect: 'manual' });
		// Read to the end: an unread body left paused when the server closes crashes undici
		// (nodejs/undici#5360), and the gallery is large enough to pause it.
		await response.arrayBuffer();
		expect(response.status, `${path} is served with ${status}`).toBe(status);
		const { problems } = await auditAtStatus(browser!, REAL_SERVER + path, status);
		// Preview builds send X-Robots-Tag: noindex on purpose, which fails is-crawlable: say so.
		const robots = response.headers.get('x-robots-tag');
		const hint = robots ? ` (served with X-Robots-Tag: ${robots}; measure \`npm run build:production\`)` : '';
		expect(problems, path + hint).toEqual([]);
	});
});

/** The check itself, on made-up results: it must be able to fail. */
describe('checkAtStatus', () => {
	const url = 'http://localhost:8888/404';
	const audit = (id: string, score: number | null, items: unknown[] = []) => ({
		id,
		title: id,
		description: '',
		score,
		scoreDisplayMode: score === null ? 'notApplicable' : 'binary',
		details: { type: 'table', headings: [], items },
	});
	const documentError = {
		source: 'network',
		description: 'Failed to load resource: the server responded with a status of 404 (Not Found)',
		sourceLocation: { type: 'source-location', url, urlProvider: 'network', line: 0, column: 0 },
	};
	const lhr = (audits: ReturnType<typeof audit>[], scores: Record<string, number>) =>
		({
			mainDocumentUrl: url,
			audits: Object.fromEntries(audits.map((a) => [a.id, a])),
			categories: {
				'best-practices': {
					id: 'best-practices',
					score: scores['best-practices'],
					auditRefs: [
						{ id: 'errors-in-console', weight: 1 },
						{ id: 'doctype', weight: 1 },
					],
				},
				seo: {
					id: 'seo',
					score: scores['seo'],
					auditRefs: [
						{ id: 'http-status-code', weight: 1 },
						{ id: 'robots-txt', weight: 1 },
					],
				},
				accessibility: {
					id: 'accessibility',
					score: scores['accessibility'],
					auditRefs: [{ id: 'image-alt', weight: 10 }],
				},
			},
		}) as unknown as Result;

	const expectedFailures = [
		audit('errors-in-console', 0, [documentError]),
		audit('http-status-code', 0),
		audit('doctype', 1),
		audit('robots-txt', 1),
		audit('image-alt', null),
	];

	it('accepts exactly the two status audits failing at 404', () => {
		expect(
			checkAtStatus(lhr(expectedFailures, { 'best-practices': 0.96, seo: 0.9, accessibility: 1 }), 404),
		).toEqual([]);
	});

	it('rejects any other failing audit, and a category without them below 100', () => {
		const audits = expectedFailures.map((a) => (a.id === 'robots-txt' ? audit('robots-txt', 0) : a));
		const problems = checkAtStatus(
			lhr(audits, { 'best-practices': 0.96, seo: 0.8, accessibility: 0.9 }),
			404,
		);
		expect(problems.join('\n')).toMatch(/unexpected failure seo\/robots-txt/);
		expect(problems.join('\n')).toMatch(/accessibility 90, must stay at 100/);
	});

	it('rejects console errors other than the document request', () => {
		const audits = expectedFailures.map((a) =>
			a.id === 'errors-in-console'
				? audit('errors-in-console', 0, [documentError, { source: 'javascript', description: 'boom' }])
				: a,
		);
		expect(
			checkAtStatus(lhr(audits, { 'best-practices': 0.96, seo: 0.9, accessibility: 1 }), 404),
		).toHaveLength(1);
	});

	it('notices a page that was not really served with its error status', () => {
		const audits = expectedFailures.map((a) =>
			a.id === 'http-status-code' ? audit('http-status-code', 1) : a,
		);
		expect(
			checkAtStatus(lhr(audits, { 'best-practices': 0.96, seo: 1, accessibility: 1 }), 404).join('\n'),
		).toMatch(/http-status-code passed, but must fail/);
	});

	it('expects nothing to fail at 200', () => {
		const problems = checkAtStatus(
			lhr(expectedFailures, { 'best-practices': 0.96, seo: 0.9, accessibility: 1 }),
			200,
		).join('\n');
		expect(problems).toMatch(/unexpected failure seo\/http-status-code/);
		expect(problems).toMatch(/unexpected failure best-practices\/errors-in-console/);
		expect(problems).toMatch(/seo 90, must stay at 100/);
	});
});
