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
import { resolveConfig } from '@netlify/config';
import { netlifyHeaders, netlifyRedirects } from '../../src/hosts/netlify';
import { fixtureContract, fixtureWithExtraPage } from './fixtures/contract';

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

	it('forces each route and its file to its page with its status, hides the rule files, then the catch-all', () => {
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
			'/*': fixtureContract.pageHeaders,
			'/405': { Allow: 'GET, HEAD' },
			'/405.html': { Allow: 'GET, HEAD' },
			'/503': { 'Retry-After': '120' },
			'/503.html': { 'Retry-After': '120' },
		});
	});
});

describe('netlify.toml, read by @netlify/config', () => {
	it('resolves without errors to the build settings Fallback needs', async () => {
		const { config } = await resolveConfig({
			config: join(root, 'netlify.toml'),
			repositoryRoot: root,
			cwd: root,
			offline: true,
			context: 'production',
			buffer: true,
		});
		expect(config.build.command).toBe('npm run build');
		expect(config.build.publish).toBe(join(root, 'dist'));
		expect(config.build.environment?.['NODE_VERSION']).toMatch(/^2[4-9]/);
	});
});
