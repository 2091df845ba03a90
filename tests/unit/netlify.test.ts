/**
 * Netlify's rule files on the fixture contract, read by Netlify's own parsers, and netlify.toml read
 * by @netlify/config. How netlify-cli serves them is the contract suite's job.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { parseAllHeaders } from '@netlify/headers-parser';
import { projectNetlifyConfig } from '../netlifyConfig';
import {
	headerRules,
	headersText,
	netlifyFiles,
	netlifyHeaderLines,
	netlifyHeaders,
	netlifyRedirectLines,
	netlifyRedirects,
	redirectRules,
	redirectsText,
} from '../../packages/fallback-pages/src/hosts/netlify';
import { optionsContract } from '../../packages/fallback-pages/src/contract/fromOptions';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import { embedPrefixProblem } from '../../packages/fallback-pages/src/config/embed';
import { catalogContract } from '../../packages/fallback-pages/src/contract/fromCatalog';
import { CACHE_CONTROL, embeddedPageHeaders } from '../../packages/fallback-pages/src/contract/pageHeaders';
import { parseOptions } from '../../packages/fallback-pages/src/config/options';
import { fixtureContract, fixtureWithExtraPage, fixtureWithGerman } from './fixtures/contract';

const root = new URL('../../', import.meta.url).pathname;

/** Writes text to a temp file and returns its path, for the parsers that read files. */
function tempFile(name: string, text: string): string {
	const path = join(mkdtempSync(join(tmpdir(), 'fallback-')), name);
	writeFileSync(path, text);
	return path;
}

interface ParsedRedirect {
	from: string;
	to: string;
	status: number;
	force: boolean;
	conditions?: { Language?: string[] };
}

describe('_redirects, read by Netlify’s own parser', async () => {
	const { redirects, errors } = await parseAllRedirects({
		redirectsFiles: [tempFile('_redirects', netlifyRedirects(fixtureWithExtraPage))],
		configRedirects: [],
		minimal: true,
	});
	const rules = (redirects as ParsedRedirect[]).map(({ from, to, status, force }) => ({
		from,
		to,
		status,
		force,
	}));

	it('parses without errors', () => {
		expect(errors).toEqual([]);
	});

	it('forces each route and its file to its page with its status, hides the rule files and the problem documents, answers the API with the problem document, then the catch-all', () => {
		expect(rules).toEqual([
			{ from: '/404', to: '/404.html', status: 404, force: true },
			{ from: '/404.html', to: '/404.html', status: 404, force: true },
			{ from: '/405', to: '/405.html', status: 405, force: true },
			{ from: '/405.html', to: '/405.html', status: 405, force: true },
			{ from: '/503', to: '/503.html', status: 503, force: true },
			{ from: '/503.html', to: '/503.html', status: 503, force: true },
			{ from: '/maintenance', to: '/maintenance.html', status: 503, force: true },
			{ from: '/maintenance.html', to: '/maintenance.html', status: 503, force: true },
			{ from: '/_rules', to: '/404.html', status: 404, force: true },
			{ from: '/problem/*', to: '/404.html', status: 404, force: true },
			{ from: '/api/*', to: '/problem/404.json', status: 404, force: false },
			{ from: '/*', to: '/404.html', status: 404, force: false },
		]);
	});
});

describe('_headers, read by Netlify’s own parser', async () => {
	const { headers, errors } = await parseAllHeaders({
		headersFiles: [tempFile('_headers', netlifyHeaders(fixtureContract))],
		configHeaders: [],
		minimal: true,
	});
	const byPath = Object.fromEntries(headers.map((h) => [h.for, h.values as Record<string, string>]));

	it('parses without errors', () => {
		expect(errors).toEqual([]);
	});

	it('puts the page headers on every path and each status’s own on its path and file', () => {
		expect(byPath).toEqual({
			'/*': { ...fixtureContract.pageHeaders, 'Content-Language': 'en' },
			'/405': { Allow: 'GET, HEAD' },
			'/405.html': { Allow: 'GET, HEAD' },
			'/503': { 'Retry-After': '120' },
			'/503.html': { 'Retry-After': '120' },
		});
	});
});

describe('language negotiation in _redirects, read by Netlify’s own parser', async () => {
	const { redirects, errors } = await parseAllRedirects({
		redirectsFiles: [tempFile('_redirects', netlifyRedirects(fixtureWithGerman))],
		configRedirects: [],
		minimal: true,
	});
	const rules = (redirects as (ParsedRedirect & { conditions: Record<string, string[]> })[]).map(
		({ from, to, status, force, conditions }) => ({
			from,
			to,
			status,
			force,
			language: conditions['Language'],
		}),
	);

	it('parses without errors', () => {
		expect(errors).toEqual([]);
	});

	it('answers a default URL in the language asked for first, then in the default', () => {
		const forNotFound = rules.filter((rule) => rule.from === '/404');
		expect(forNotFound).toEqual([
			{ from: '/404', to: '/de/404.html', status: 404, force: true, language: ['de'] },
			{ from: '/404', to: '/404.html', status: 404, force: true, language: undefined },
		]);
	});

	it('answers a locale’s own URL with its page and status, whatever the browser asks for', () => {
		expect(rules.filter((rule) => rule.from === '/de/503')).toEqual([
			{ from: '/de/503', to: '/de/503.html', status: 503, force: true, language: undefined },
		]);
	});

	it('gives an unknown path the not-found page in the language asked for, not forced', () => {
		expect(rules.slice(-2)).toEqual([
			{ from: '/*', to: '/de/404.html', status: 404, force: false, language: ['de'] },
			{ from: '/*', to: '/404.html', status: 404, force: false, language: undefined },
		]);
	});

	it('says each page’s language on its file (Netlify matches headers on the page served) and varies everywhere', async () => {
		const parsed = await parseAllHeaders({
			headersFiles: [tempFile('_headers', netlifyHeaders(fixtureWithGerman))],
			configHeaders: [],
			minimal: true,
		});
		expect(parsed.errors).toEqual([]);
		const byPath = Object.fromEntries(parsed.headers.map((h) => [h.for, h.values as Record<string, string>]));
		expect(byPath['/*']).toEqual({ ...fixtureContract.pageHeaders, Vary: 'Accept-Language' });
		expect(byPath['/de/*']).toEqual({ 'Content-Language': 'de' });
		expect(byPath['/404.html']).toEqual({ 'Content-Language': 'en' });
		expect(byPath['/404']).toBeUndefined();
		expect(byPath['/503.html']).toEqual({ 'Retry-After': '120', 'Content-Language': 'en' });
		expect(byPath['/de/503.html']).toEqual({ 'Retry-After': '120' });
	});
});

describe('pages in a folder of a site (base), after the site’s own rules, read by Netlify’s own parsers', async () => {
	const contract = catalogContract(embeddedPageHeaders({ preview: false }), ['de'], 'en', ['/api/'], {
		base: '/errors/',
	});
	const siteRules = '/old-shop  /  301\n';
	const [redirectsFile, headersFile] = netlifyFiles(contract, { everyPath: false });
	const { redirects, errors } = await parseAllRedirects({
		redirectsFiles: [tempFile('_redirects', siteRules + redirectsFile!.content)],
		configRedirects: [],
		minimal: true,
	});
	const headers = await parseAllHeaders({
		headersFiles: [tempFile('_headers', headersFile!.content)],
		configHeaders: [],
		minimal: true,
	});
	const rules = (redirects as ParsedRedirect[]).map(({ from, to, status, force, conditions }) => ({
		from,
		to,
		status,
		force,
		...(conditions?.Language ? { language: conditions.Language } : {}),
	}));

	it('keeps the site’s rule first and every page in the folder, negotiated, at its status', () => {
		expect(errors).toEqual([]);
		expect(rules[0]).toEqual({ from: '/old-shop', to: '/', status: 301, force: false });
		expect(rules).toContainEqual({
			from: '/errors/404',
			to: '/errors/de/404.html',
			status: 404,
			force: true,
			language: ['de'],
		});
		expect(rules).toContainEqual({ from: '/errors/404', to: '/errors/404.html', status: 404, force: true });
		expect(rules).toContainEqual({
			from: '/errors/de/503',
			to: '/errors/de/503.html',
			status: 503,
			force: true,
		});
	});

	it('hides the problem folders and the contract, answers the API with problem documents, ends with the not-found page', () => {
		for (const from of ['/errors/problem/*', '/errors/contract.json'])
			expect(rules).toContainEqual({ from, to: '/errors/404.html', status: 404, force: true });
		// In a locale's folder, that locale's page.
		expect(rules).toContainEqual({
			from: '/errors/de/problem/*',
			to: '/errors/de/404.html',
			status: 404,
			force: true,
		});
		expect(rules).toContainEqual({
			from: '/errors/de/*',
			to: '/errors/de/404.html',
			status: 404,
			force: false,
		});
		expect(rules).toContainEqual({
			from: '/api/*',
			to: '/errors/de/problem/404.json',
			status: 404,
			force: false,
			language: ['de'],
		});
		expect(rules.slice(-2)).toEqual([
			{ from: '/*', to: '/errors/de/404.html', status: 404, force: false, language: ['de'] },
			{ from: '/*', to: '/errors/404.html', status: 404, force: false },
		]);
	});

	it('puts headers on Fallback’s paths only: status headers, language, cache; no CSP of its own', () => {
		expect(headers.errors).toEqual([]);
		const byPath = Object.fromEntries(
			headers.headers.map((h) => [h.for, h.values as Record<string, string>]),
		);
		expect(Object.keys(byPath).every((path) => path.startsWith('/errors/'))).toBe(true);
		const retryAfter = contract.statusPages.find((route) => route.status === 503)!.headers['Retry-After'];
		expect(retryAfter).toMatch(/^\d+$/);
		expect(byPath['/errors/503']).toMatchObject({ 'Retry-After': retryAfter, Vary: 'Accept-Language' });
		expect(byPath['/errors/de/405.html']).toMatchObject({ Allow: 'GET, HEAD', 'Content-Language': 'de' });
		expect(byPath['/errors/']).toMatchObject({ 'Content-Language': 'en', 'Cache-Control': CACHE_CONTROL });
		expect(Object.values(byPath).some((values) => 'Content-Security-Policy' in values)).toBe(false);
	});

	it.each(['fallback', '/fallback', '/Fallback/', '/../x/', '/a b/', '/_astro/', '//x/'])(
		'refuses the folder %j',
		(prefix) => {
			expect(embedPrefixProblem(prefix)).toBeDefined();
			expect(() => parseOptions({ base: prefix })).toThrow(/fallback\.base: must/);
		},
	);

	it('accepts nested folders', () => {
		expect(embedPrefixProblem('/errors/pages/')).toBeUndefined();
	});
});

describe('netlify.toml, read by @netlify/config', () => {
	it('resolves without errors to the build settings Fallback needs', async () => {
		const { config } = await projectNetlifyConfig();
		expect(config.build.command).toBe('npm run build');
		expect(config.build.publish).toBe(join(root, 'dist'));
		expect(config.build.environment?.['NODE_VERSION']).toMatch(/^2[4-9]/);
	});
});

describe('the rules as data are what Netlify’s parsers read from the files written from them', () => {
	const contracts: [string, RouteContract][] = [
		['one locale, every path', optionsContract(parseOptions({}), { embedded: false, preview: false })],
		[
			'three locales, an API, under maintenance',
			optionsContract(
				parseOptions({
					locales: ['en', 'de', 'ar'],
					api: { prefixes: ['/api/', '/v2/'] },
					maintenance: { enabled: true, allow: ['/healthz', '/status/'] },
				}),
				{ embedded: false, preview: true },
			),
		],
		[
			'embedded under a folder, a preview',
			optionsContract(parseOptions({ locales: ['en', 'fr'], base: '/errors/site/' }), {
				embedded: true,
				preview: true,
			}),
		],
	];
	for (const [name, contract] of contracts) {
		it(name, async () => {
			for (const everyPath of [true, false]) {
				const redirectLines = netlifyRedirectLines(contract);
				const headerLines = netlifyHeaderLines(contract, { everyPath });
				const redirects = await parseAllRedirects({
					redirectsFiles: [tempFile('_redirects', redirectsText(redirectLines))],
					configRedirects: [],
					minimal: true,
				});
				const headers = await parseAllHeaders({
					headersFiles: [tempFile('_headers', headersText(headerLines))],
					configHeaders: [],
					minimal: true,
				});
				expect([...redirects.errors, ...headers.errors]).toEqual([]);
				expect(redirects.redirects).toEqual(redirectRules(redirectLines));
				expect(headers.headers).toEqual(headerRules(headerLines));
				expect(redirectRules(redirectLines).length).toBeGreaterThan(10);
			}
		});
	}
});
