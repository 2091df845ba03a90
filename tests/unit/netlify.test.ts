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
	netlifyEmbedHeaders,
	netlifyEmbedRedirects,
	netlifyHeaders,
	netlifyRedirects,
} from '../../packages/fallback-pages/src/hosts/netlify';
import { embedPrefix, embedPrefixProblem } from '../../packages/fallback-pages/src/config/embed';
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

describe('embed rules after a site’s own, read by Netlify’s own parsers', async () => {
	const siteRules = '/old-shop  /  301\n';
	const { redirects, errors } = await parseAllRedirects({
		redirectsFiles: [tempFile('_redirects', siteRules + netlifyEmbedRedirects(fixtureContract, '/errors/'))],
		configRedirects: [],
		minimal: true,
	});
	const headers = await parseAllHeaders({
		headersFiles: [tempFile('_headers', netlifyEmbedHeaders(fixtureContract, '/errors/'))],
		configHeaders: [],
		minimal: true,
	});

	it('keeps the site’s rule first, forces the prefixed pages, ends with the not-found page', () => {
		expect(errors).toEqual([]);
		const rules = (redirects as ParsedRedirect[]).map(({ from, to, status, force }) => ({
			from,
			to,
			status,
			force,
		}));
		expect(rules[0]).toEqual({ from: '/old-shop', to: '/', status: 301, force: false });
		expect(rules.slice(1, 3)).toEqual([
			{ from: '/errors/404', to: '/errors/404.html', status: 404, force: true },
			{ from: '/errors/404.html', to: '/errors/404.html', status: 404, force: true },
		]);
		expect(rules.at(-1)).toEqual({ from: '/*', to: '/errors/404.html', status: 404, force: false });
	});

	it('adds only the statuses’ own headers, leaving the site’s CSP and security headers in charge', () => {
		expect(headers.errors).toEqual([]);
		const byPath = Object.fromEntries(
			headers.headers.map((h) => [h.for, h.values as Record<string, string>]),
		);
		expect(byPath).toEqual({
			'/errors/405': { Allow: 'GET, HEAD' },
			'/errors/405.html': { Allow: 'GET, HEAD' },
			'/errors/503': { 'Retry-After': '120' },
			'/errors/503.html': { 'Retry-After': '120' },
		});
	});

	it.each(['fallback', '/fallback', '/Fallback/', '/../x/', '/a b/', '/_astro/', '//x/'])(
		'refuses the prefix %j',
		(prefix) => {
			expect(embedPrefixProblem(prefix)).toBeDefined();
			expect(() => embedPrefix({ FALLBACK_EMBED_PREFIX: prefix })).toThrow(/FALLBACK_EMBED_PREFIX: must/);
		},
	);

	it('accepts nested prefixes and means a standalone site without one', () => {
		expect(embedPrefixProblem('/errors/pages/')).toBeUndefined();
		expect(embedPrefix({})).toBeUndefined();
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
