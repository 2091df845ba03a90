import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { parseAllHeaders } from '@netlify/headers-parser';
import { resolveConfig } from '@netlify/config';
import { errorRoutes } from '../../src/cdn/routes';
import { renderRedirects } from '../../src/cdn/netlifyRedirects';
import { renderHeaders } from '../../src/cdn/netlifyHeaders';
import { contentSecurityPolicy, cspHash, securityHeaders } from '../../src/cdn/securityHeaders';
import { statusCatalog } from '../../src/catalog/statuses';

const routes = errorRoutes;
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
		redirectsFiles: [tempFile('_redirects', renderRedirects(routes))],
		configRedirects: [],
		minimal: true,
	});
	const parsed = redirects as ParsedRedirect[];

	it('parses without errors', () => {
		expect(errors).toEqual([]);
	});

	it('gives every catalogued code exactly one forced rule to its page, with its status', () => {
		for (const status of statusCatalog) {
			const rules = parsed.filter((r) => r.from === `/${status.code}`);
			expect(rules, `/${status.code}`).toEqual([
				expect.objectContaining({ to: `/${status.code}.html`, status: status.code, force: true }),
			]);
		}
	});

	it('serves the two app-error pages with 500', () => {
		for (const slug of ['application-error', 'global-error']) {
			expect(parsed.filter((r) => r.from === `/${slug}`)).toEqual([
				expect.objectContaining({ to: `/${slug}.html`, status: 500, force: true }),
			]);
		}
	});

	it('ends with an unforced catch-all to the not-found page with 404', () => {
		expect(parsed.at(-1)).toEqual(
			expect.objectContaining({ from: '/*', to: '/404.html', status: 404, force: false }),
		);
		expect(parsed).toHaveLength(statusCatalog.length + 3);
	});

	it('writes the status-400 rule like every other, although the local engine answers it as a redirect', () => {
		// netlify-cli treats statuses 300–400 as redirects and adds Location; the rule is still a
		// forced rewrite with 400, which is what production reads. See README.
		expect(parsed.find((r) => r.from === '/400')).toEqual(
			expect.objectContaining({ to: '/400.html', status: 400, force: true }),
		);
	});
});

describe('_headers, read by Netlify’s own parser', async () => {
	const csp = contentSecurityPolicy({ styles: ['body{}'], scripts: ['void 0'] });
	const { headers, errors } = await parseAllHeaders({
		headersFiles: [tempFile('_headers', renderHeaders(routes, securityHeaders(csp)))],
		configHeaders: [],
		minimal: true,
	});
	const byPath = new Map(headers.map((h) => [h.for, h.values as Record<string, string>]));

	it('parses without errors', () => {
		expect(errors).toEqual([]);
	});

	it('puts the security and cache headers on every path', () => {
		expect(byPath.get('/*')).toMatchObject({
			'Content-Security-Policy': csp,
			'X-Content-Type-Options': 'nosniff',
			'Referrer-Policy': 'no-referrer',
			'Cache-Control': expect.stringContaining('max-age=0'),
		});
		expect(byPath.get('/*')?.['Permissions-Policy']).toMatch(/camera=\(\)/);
	});

	it('puts each status’s own headers on its path and its file', () => {
		for (const status of statusCatalog.filter((s) => Object.keys(s.headers).length > 0)) {
			expect(byPath.get(`/${status.code}`)).toEqual(status.headers);
			expect(byPath.get(`/${status.code}.html`)).toEqual(status.headers);
		}
		expect(byPath.get('/503')).toHaveProperty('Retry-After');
		expect(byPath.get('/405')).toEqual({ Allow: 'GET, HEAD' });
	});

	it('refuses a header value that would break the file', () => {
		expect(() =>
			renderHeaders([{ path: '/x', file: 'x.html', status: 500, headers: { 'X-Y': 'a\nb' } }], {}),
		).toThrow(/line break/);
	});
});

describe('Content-Security-Policy', () => {
	it('hashes inline code as browsers do (sha256, base64)', () => {
		// The CSP3 spec example: sha256 of `alert('Hello, world.');`
		expect(cspHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
	});

	it('allows no unsafe-inline, no framing, and nothing by default', () => {
		const csp = contentSecurityPolicy({ styles: ['a{}', 'a{}'], scripts: [] });
		expect(csp).toContain("default-src 'none'");
		expect(csp).toContain("frame-ancestors 'none'");
		expect(csp).toContain("script-src 'none'");
		expect(csp).not.toContain('unsafe');
		expect(csp.match(/sha256-/g)).toHaveLength(1);
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

	it('the built dist/_redirects and dist/_headers parse cleanly too', async () => {
		const redirectsFile = join(root, 'dist/_redirects');
		const headersFile = join(root, 'dist/_headers');
		const redirects = await parseAllRedirects({
			redirectsFiles: [redirectsFile],
			configRedirects: [],
			minimal: true,
		});
		const headers = await parseAllHeaders({ headersFiles: [headersFile], configHeaders: [], minimal: true });
		expect(redirects.errors).toEqual([]);
		expect(headers.errors).toEqual([]);
		expect(readFileSync(headersFile, 'utf8')).toMatch(/style-src 'sha256-/);
	});
});
