/** Each page's own Content-Security-Policy, in a meta element before any of its code. */
import { describe, expect, it } from 'vitest';
import { cspHash } from '../../packages/fallback-pages/src/contract/pageHeaders';
import { siteDirectivesOf, withPagePolicy } from '../../packages/fallback-pages/src/integration/pagePolicy';
import { sitePolicyLines } from '../../packages/fallback-pages/src/integration/siteLayout';
import { parseHtml, walkElements } from '../../packages/fallback-pages/src/html/pageAnalysis';

const page = (head: string, body = '') =>
	`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

/** The elements of a page in document order: `meta[http-equiv]`, `style`, … */
function order(html: string): string[] {
	const names: string[] = [];
	walkElements(parseHtml(html), (element) => {
		const equiv = element.attrs?.find((attr) => attr.name === 'http-equiv');
		names.push(equiv ? `meta[${equiv.value}]` : element.tagName);
	});
	return names;
}

function policyOf(html: string): string {
	let policy = '';
	walkElements(parseHtml(html), (element) => {
		if (
			element.attrs?.some((attr) => attr.name === 'http-equiv' && attr.value === 'Content-Security-Policy')
		) {
			policy = element.attrs.find((attr) => attr.name === 'content')!.value;
		}
	});
	return policy;
}

describe('withPagePolicy', () => {
	it('puts the policy right after <meta charset>, before the first style', () => {
		const html = withPagePolicy(page('<meta charset="utf-8"><title>x</title><style>a{color:red}</style>'));
		expect(order(html).slice(0, 6)).toEqual([
			'html',
			'head',
			'meta',
			'meta[Content-Security-Policy]',
			'title',
			'style',
		]);
	});

	it("allows exactly the page's own inline style and script, by hash", () => {
		const html = withPagePolicy(
			page('<meta charset="utf-8"><style>a{color:red}</style>', '<script>history.back()</script>'),
		);
		const policy = policyOf(html);
		expect(policy).toBe(`style-src ${cspHash('a{color:red}')}; script-src ${cspHash('history.back()')}`);
	});

	it('trims the end of its styles, and hashes them as trimmed (as the Nu HTML checker does too)', () => {
		const html = withPagePolicy(page('<meta charset="utf-8"><style>a{color:red}\n</style>'));
		expect(html).toContain('<style>a{color:red}</style>');
		expect(policyOf(html)).toBe(`style-src ${cspHash('a{color:red}')}; script-src 'none'`);
	});

	it('forbids scripts on a page that has none', () => {
		expect(policyOf(withPagePolicy(page('<meta charset="utf-8">')))).toContain("script-src 'none'");
	});

	it('refuses a page without <meta charset>, or with code before it', () => {
		expect(() => withPagePolicy(page('<title>x</title>'))).toThrow('has no <meta charset>');
		expect(() => withPagePolicy(page('<style>a{}</style><meta charset="utf-8">'))).toThrow(
			'a style or script before its <meta charset>',
		);
	});
});

describe("the site's own policy (Astro's security.csp) in a page of its layout", () => {
	const astroPolicy = (content: string) =>
		page(
			`<meta charset="utf-8"><meta http-equiv="content-security-policy" content="${content}"><style>p{}</style>`,
		);

	it("keeps the site's directives, each once, in place of its style-src and script-src", () => {
		const html = astroPolicy(
			"default-src 'self';img-src 'self'   data:; script-src 'self' 'sha256-abc'; style-src 'self'; DEFAULT-SRC 'none'; object-src 'none'",
		);
		expect(siteDirectivesOf(html)).toEqual({
			found: true,
			kept: ["default-src 'self'", "img-src 'self' data:", "object-src 'none'"],
			left: [],
		});
	});

	it("leaves out the site's narrower style and script directives, and what a policy in a page cannot carry", () => {
		const html = astroPolicy(
			"script-src-elem 'self'; style-src-attr 'none'; frame-ancestors 'none'; report-uri /csp; sandbox; form-action 'self'",
		);
		expect(siteDirectivesOf(html)).toEqual({
			found: true,
			kept: ["form-action 'self'"],
			left: ['script-src-elem', 'style-src-attr', 'frame-ancestors', 'report-uri', 'sandbox'],
		});
		expect(siteDirectivesOf(page('<meta charset="utf-8">'))).toEqual({ found: false, kept: [], left: [] });
	});

	it("puts the site's directives after the page's own, in the one policy it carries", () => {
		const html = withPagePolicy(page('<meta charset="utf-8"><style>p{}</style>'), {
			siteDirectives: ["default-src 'self'", "object-src 'none'"],
		});
		expect(policyOf(html)).toBe(
			`style-src ${cspHash('p{}')}; script-src 'none'; default-src 'self'; object-src 'none'`,
		);
	});

	it("writes a site's directive with a character an attribute escapes as the browser reads it back", () => {
		const html = withPagePolicy(page('<meta charset="utf-8"><style>p{}</style>'), {
			siteDirectives: ['img-src https://cdn.example/a&b/'],
		});
		expect(html).toContain('img-src https://cdn.example/a&amp;b/"');
		expect(policyOf(html)).toBe(
			`style-src ${cspHash('p{}')}; script-src 'none'; img-src https://cdn.example/a&b/`,
		);
	});

	it('says in the build what the pages keep and what they leave out', () => {
		expect(sitePolicyLines({ found: false, kept: new Set(), left: new Set() })).toEqual([]);
		expect(
			sitePolicyLines({
				found: true,
				kept: new Set(["default-src 'self'"]),
				left: new Set(['frame-ancestors', 'script-src-elem']),
			}),
		).toEqual([
			"layout: the error pages keep the site's own Content-Security-Policy from Astro's security.csp (default-src 'self'), with their own style-src and script-src: the exact hashes of each page's inline code",
			"layout: the site's directive script-src-elem is left out of the error pages: their own style-src and script-src allow exactly their code",
			"warning: layout: the site's directive frame-ancestors is left out of the error pages: browsers ignore it in a policy in the page; send it in a header",
		]);
	});
});
