/** Each page's own Content-Security-Policy, in a meta element before any of its code. */
import { describe, expect, it } from 'vitest';
import { cspHash } from '../../packages/fallback-pages/src/contract/pageHeaders';
import { withPagePolicy } from '../../packages/fallback-pages/src/integration/pagePolicy';
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
