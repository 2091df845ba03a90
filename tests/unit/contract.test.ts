/**
 * The route contract built from the catalogue, and the page headers built from the pages' inline
 * code. Generators and the contract suite both rely on these.
 */
import { describe, expect, it } from 'vitest';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';
import { appErrorPages } from '../../packages/fallback-pages/src/catalog/appErrors';
import {
	errorRoutes,
	headersInFrontOfApp,
	replacedAppPages,
	type RouteContract,
	atServerRoot,
	inPagesFolder,
} from '../../packages/fallback-pages/src/contract/contract';
import { catalogContract } from '../../packages/fallback-pages/src/contract/fromCatalog';
import { optionsContract } from '../../packages/fallback-pages/src/contract/fromOptions';
import { parseOptions } from '../../packages/fallback-pages/src/config/options';
import { netlifyFiles } from '../../packages/fallback-pages/src/hosts/netlify';
import { fallbackGalleries } from '../../packages/fallback-pages/src/hosts/pageTable';
import { expectedStatus, samplePaths } from '../../packages/fallback-pages/src/verify/audits';
import {
	HEADER_POLICY,
	pagePolicy,
	cspHash,
	pageHeaders,
} from '../../packages/fallback-pages/src/contract/pageHeaders';

describe('catalogContract', () => {
	const contract = catalogContract({ 'X-Page': 'yes' });

	it('has one route per catalogued status, /{code} to {code}.html, in code order', () => {
		expect(contract.statusPages.map((route) => [route.path, route.file, route.status])).toEqual(
			statusCatalog.map((entry) => [`/${entry.code}`, `${entry.code}.html`, entry.code]),
		);
	});

	it('answers the app-error screens at their slug, with their status and that status’s headers', () => {
		expect(contract.extraPages.map((route) => [route.path, route.file, route.status])).toEqual(
			appErrorPages.map((page) => [`/${page.slug}`, `${page.slug}.html`, 500]),
		);
		expect(errorRoutes(contract)).toHaveLength(statusCatalog.length + appErrorPages.length);
	});

	it('replaces an app’s server errors only, and leaves Allow to the app', () => {
		expect(replacedAppPages(contract).every((route) => route.status >= 500)).toBe(true);
		expect(replacedAppPages(contract).length).toBe(statusCatalog.filter((entry) => entry.code >= 500).length);
		const methodNotAllowed = contract.statusPages.find((route) => route.status === 405)!;
		expect(methodNotAllowed.headers).toHaveProperty('Allow');
		expect(headersInFrontOfApp(contract, methodNotAllowed)).toEqual({});
		const unavailable = contract.statusPages.find((route) => route.status === 503)!;
		expect(headersInFrontOfApp(contract, unavailable)).toEqual(unavailable.headers);
	});

	it('never serves the Netlify rule files, and carries the page headers it is given', () => {
		expect(contract.hiddenFiles).toEqual(['_redirects', '_headers']);
		expect(contract.pageHeaders).toEqual({ 'X-Page': 'yes' });
	});
});

describe('page headers', () => {
	it('hash inline code as browsers do (sha256, base64)', () => {
		// The CSP3 spec example: sha256 of `alert('Hello, world.');`
		expect(cspHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
	});

	it("a page's own policy allows no inline code but its hashes", () => {
		const csp = pagePolicy({ styles: ['a{}', 'a{}'], scripts: [] });
		expect(csp).toBe(`style-src ${cspHash('a{}')}; script-src 'none'`);
	});

	it('the header policy is the same for every build: no hashes, no framing, no fetching', () => {
		const headers = pageHeaders({ preview: false })['Content-Security-Policy'];
		expect(headers).toBe(HEADER_POLICY);
		expect(HEADER_POLICY).not.toContain('sha256-');
		expect(HEADER_POLICY).toContain("frame-ancestors 'none'");
		expect(HEADER_POLICY).toContain("default-src 'none'");
		expect(HEADER_POLICY).not.toContain('connect-src');
	});

	it('add noindex on previews only', () => {
		expect(pageHeaders({ preview: true })['X-Robots-Tag']).toBe('noindex');
		expect(pageHeaders({ preview: false })).not.toHaveProperty('X-Robots-Tag');
		expect(pageHeaders({ preview: false })['Cache-Control']).toMatch(/max-age=0/);
	});
});

describe('galleries', () => {
	const options = parseOptions({ locales: ['en', 'de'], base: '/fallback/' }, 'the test');
	const headersFor = (contract: RouteContract) => netlifyFiles(contract, { everyPath: false })[1]!.content;

	it('pages added to another site have a gallery on a preview only', () => {
		const production = optionsContract(options, { embedded: true, preview: false });
		const preview = optionsContract(options, { embedded: true, preview: true });
		expect(production.galleries).toBe(false);
		expect(preview).not.toHaveProperty('galleries');
		expect(fallbackGalleries(production)).toEqual([]);
		expect(fallbackGalleries(preview).map((gallery) => gallery.paths)).toEqual([
			['/fallback/', '/fallback/index.html'],
			['/fallback/de/', '/fallback/de/index.html'],
		]);
		// No header block for a gallery that is not there.
		expect(headersFor(production)).not.toMatch(/^\/fallback\/(de\/)?(index\.html)?$/m);
		expect(headersFor(preview)).toMatch(/^\/fallback\/de\/index\.html$/m);
	});

	it('the audits sample a gallery only where there is one, and expect 404 for the folder without', () => {
		const production = optionsContract(options, { embedded: true, preview: false });
		const preview = optionsContract(options, { embedded: true, preview: true });
		expect(samplePaths(production)).not.toContain('/fallback/');
		expect(expectedStatus(production, '/fallback/')).toBe(404);
		expect(samplePaths(preview)[0]).toBe('/fallback/');
		expect(expectedStatus(preview, '/fallback/de/')).toBe(200);
	});

	it("Fallback's own site keeps its galleries in production", () => {
		const own = optionsContract({ ...options, base: '/' }, { embedded: false, preview: false });
		expect(own).not.toHaveProperty('galleries');
		expect(fallbackGalleries(own)).toHaveLength(2);
	});
});

describe('atServerRoot', () => {
	const contractUnder = (siteBase: string, base = '/') =>
		optionsContract(parseOptions({ locales: ['en', 'de'], base }), {
			embedded: false,
			preview: false,
			siteBase,
		});

	it("names every file from the server's root for a site under a base, its paths unchanged", () => {
		const served = contractUnder('/docs/', '/errors/');
		const atRoot = atServerRoot(served);
		expect(atRoot.siteBase).toBeUndefined();
		expect(atRoot.base).toBe('/docs/errors/');
		const notFound = atRoot.statusPages.find((route) => route.status === 404)!;
		expect([notFound.path, notFound.file, notFound.problemFile]).toEqual([
			'/docs/errors/404',
			'docs/errors/404.html',
			'docs/errors/problem/404.json',
		]);
		expect(atRoot.extraPages.find((route) => route.path === '/docs/errors/de/404')?.file).toBe(
			'docs/errors/de/404.html',
		);
		expect(atRoot.hiddenFiles).toEqual(['docs/_redirects', 'docs/_headers', 'docs/errors/contract.json']);
		// Each page's file is then at its path, as at the root.
		for (const route of errorRoutes(atRoot)) expect(`/${route.file}`).toBe(`${route.path}.html`);
		expect(inPagesFolder(atRoot, 'docs/errors/de/404.html')).toBe('de/404.html');
		expect(() => inPagesFolder(atRoot, 'de/404.html')).toThrow("not in the pages' folder /docs/errors/");
	});

	it('leaves a contract served at the root as it is', () => {
		const atRoot = contractUnder('/', '/errors/');
		expect(atServerRoot(atRoot)).toBe(atRoot);
	});
});
