/**
 * `npm run verify --lighthouse --axe` (src/verify/audits.ts) on a live site of this build: a
 * node:http server on loopback answers as a deploy does, each page at its real status and with the
 * shipped headers (hosts/contract.json's pageHeaders, the strict policy included). The build's pages
 * pass both tools; a page broken on purpose fails axe by the rule it breaks, a page that does not
 * load fails without stopping the others, and without Chromium every audit fails saying why.
 * Lighthouse takes seconds per page, so each case audits two or three pages, not the full sample.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract.ts';
import {
	auditPages,
	expectedStatus,
	samplePaths,
	UNKNOWN_PATH,
} from '../../packages/fallback-pages/src/verify/audits.ts';
import { readContractFile } from '../../packages/fallback-pages/src/contract/contractFile.ts';

const dist = new URL('../../dist/', import.meta.url);
const contractFile = fileURLToPath(new URL('../../hosts/contract.json', import.meta.url));

/** A path the test server hangs up on: a navigation that fails. */
const HANG_UP_PATH = '/verify-hang-up';

/** An image with no text alternative, where axe's image-alt rule must find it. */
const UNLABELLED_IMAGE = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1">';

interface Pages {
	index: string;
	unavailable: string;
	notFound: string;
}

interface TestSite {
	base: URL;
	/** Every path asked for, in order. */
	requests: string[];
	close(): Promise<void>;
}

/**
 * The three pages a deploy answers in this test, read once: a rebuild of dist/ by someone else
 * while the test runs cannot change them under it.
 */
function readPages(): Pages {
	const read = (file: string) => {
		const url = new URL(file, dist);
		if (!existsSync(url)) {
			throw new Error(`dist/${file} is missing: run \`npm run build:production\` before this test.`);
		}
		return readFileSync(url, 'utf8');
	};
	return { notFound: read('404.html'), index: read('index.html'), unavailable: read('503.html') };
}

/** `/` → the gallery (200), `/503` → its page (503), anything else → the not-found page (404). */
async function serve(pages: Pages, headers: Readonly<Record<string, string>>): Promise<TestSite> {
	const requests: string[] = [];
	const server = createServer((request, response) => {
		const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
		requests.push(path);
		if (path === HANG_UP_PATH) {
			request.socket.destroy();
			return;
		}
		const [status, body] =
			path === '/' ? [200, pages.index] : path === '/503' ? [503, pages.unavailable] : [404, pages.notFound];
		response.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
		response.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		base: new URL(`http://127.0.0.1:${port}/`),
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

let contract: RouteContract;
let pages: Pages;
let site: TestSite | undefined;
let broken: TestSite | undefined;

beforeAll(async () => {
	pages = readPages();
	contract = readContractFile(contractFile);
	site = await serve(pages, contract.pageHeaders);
	broken = await serve(
		{ ...pages, notFound: pages.notFound.replace('</main>', `${UNLABELLED_IMAGE}</main>`) },
		contract.pageHeaders,
	);
});

afterAll(async () => {
	await site?.close();
	await broken?.close();
});

describe('the sample', () => {
	it('is the gallery, an unknown path, 503 and the first other locale’s not-found page', () => {
		const [locale] = contract.otherLocales;
		expect(samplePaths(contract)).toEqual(['/', UNKNOWN_PATH, '/503', ...(locale ? [`/${locale}/404`] : [])]);
		expect(samplePaths(contract).map((path) => expectedStatus(contract, path))).toEqual([
			200,
			404,
			503,
			...(locale ? [404] : []),
		]);
	});
});

describe('auditPages on a live site of this build', () => {
	it('passes Lighthouse and axe on the gallery, an unknown path and 503', async () => {
		const lines: string[] = [];
		const paths = ['/', UNKNOWN_PATH, '/503'];
		const results = await auditPages(site!.base, contract, {
			lighthouse: true,
			axe: true,
			log: (line) => lines.push(line),
			paths,
		});
		const urls = paths.map((path) => new URL(path, site!.base).href);
		expect(results.map((r) => [r.tool, r.url])).toEqual([
			...urls.map((url) => ['lighthouse', url]),
			...urls.map((url) => ['axe', url]),
		]);
		for (const result of results) {
			expect(result, `${result.tool} ${result.url}:\n${lines.join('\n')}`).toMatchObject({ passed: true });
			expect(result.error).toBeUndefined();
		}
		for (const result of results.filter((r) => r.tool === 'lighthouse')) {
			const scores = result.scores ?? {};
			expect(Object.keys(scores)).toEqual(
				expect.arrayContaining(['performance', 'accessibility', 'best-practices', 'seo']),
			);
			for (const score of Object.values(scores)) {
				expect(score).toBeGreaterThanOrEqual(0);
				expect(score).toBeLessThanOrEqual(100);
			}
		}
		for (const result of results.filter((r) => r.tool === 'axe')) expect(result.violations).toEqual([]);
		expect(lines).toContain(`  lighthouse 2/3 ${urls[1]} …`);
		// The audits reached the test server for every page they name.
		for (const path of paths) expect(site!.requests).toContain(path);
	});

	it('fails both tools on a page broken for axe, naming the rule, and on a page that does not load', async () => {
		const lines: string[] = [];
		// The page that does not load comes first: the audits after it must still run.
		const results = await auditPages(broken!.base, contract, {
			lighthouse: true,
			axe: true,
			log: (line) => lines.push(line),
			paths: [HANG_UP_PATH, UNKNOWN_PATH],
		});
		const hungUpUrl = new URL(HANG_UP_PATH, broken!.base).href;
		const brokenUrl = new URL(UNKNOWN_PATH, broken!.base).href;
		expect(results.map((r) => [r.tool, r.url])).toEqual([
			['lighthouse', hungUpUrl],
			['lighthouse', brokenUrl],
			['axe', hungUpUrl],
			['axe', brokenUrl],
		]);
		const [lighthouseHungUp, lighthouseBroken, axeHungUp, axeBroken] = results;

		// Lighthouse could not load the page: failed with its reason and no scores.
		expect(lighthouseHungUp).toMatchObject({ passed: false, error: expect.any(String) });
		expect(lighthouseHungUp!.scores).toBeUndefined();
		// Loaded, but below the budget: scored, failed, and the log names the audit.
		expect(lighthouseBroken).toMatchObject({ passed: false });
		expect(lighthouseBroken!.error).toBeUndefined();
		expect(lighthouseBroken!.scores?.['accessibility']).toBeLessThan(100);
		expect(lines.join('\n')).toMatch(/unexpected failure \w+\/image-alt/);

		expect(axeHungUp).toMatchObject({ passed: false });
		expect(axeHungUp!.error).toMatch(/ERR_EMPTY_RESPONSE|ERR_CONNECTION/);
		expect(axeBroken).toMatchObject({ passed: false });
		expect(axeBroken!.error).toBeUndefined();
		expect(axeBroken!.violations?.map((v) => v.id)).toEqual(['image-alt']);
		expect(axeBroken!.violations?.[0]).toMatchObject({ nodes: 1, impact: 'critical' });
		expect(lines.join('\n')).toMatch(/✘ image-alt/);
	});

	it('fails every requested audit, saying how to fix it, when there is no Chromium', async () => {
		const previous = process.env['CHROME_PATH'];
		process.env['CHROME_PATH'] = '/nonexistent/chromium';
		try {
			// The Chromium path is read when src/verify/chromium.ts loads: load the modules afresh.
			vi.resetModules();
			const fresh = await import('../../packages/fallback-pages/src/verify/audits.ts');
			const lines: string[] = [];
			const results = await fresh.auditPages(site!.base, contract, {
				lighthouse: true,
				axe: true,
				log: (line) => lines.push(line),
			});
			const paths = samplePaths(contract);
			expect(results).toHaveLength(paths.length * 2);
			for (const result of results) {
				expect(result.passed).toBe(false);
				expect(result.error).toBe(
					'Chromium not found at /nonexistent/chromium: install it (apt-get install chromium) or run without --lighthouse/--axe',
				);
			}
		} finally {
			if (previous === undefined) delete process.env['CHROME_PATH'];
			else process.env['CHROME_PATH'] = previous;
			vi.resetModules();
		}
	});
});
