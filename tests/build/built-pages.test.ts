/**
 * Checks on dist/ as `npm run build` left it (npm test builds first). A missing dist/ fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';
import { iconSvg } from '../../packages/fallback-pages/src/components/iconSvg';
import { isLocale } from '../../packages/fallback-pages/src/i18n';
import {
	appErrorPages,
	applicationError,
	globalError,
} from '../../packages/fallback-pages/src/catalog/appErrors';
import {
	analysePage,
	parseHtml,
	textContent,
	walkElements,
	type HtmlNode,
} from '../../packages/fallback-pages/src/html/pageAnalysis';
import { cspHash } from '../../packages/fallback-pages/src/contract/pageHeaders';
import { budgets, median } from '../../quality/budgets';

const dist = new URL('../../dist/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, dist), 'utf8');

/** The text of the first element with this tag, whitespace folded. */
function textOf(html: string, tag: string): string | undefined {
	const found: HtmlNode[] = [];
	walkElements(parseHtml(html), (element) => {
		if (element.tagName === tag) found.push(element);
	});
	return found[0] && textContent(found[0]).replace(/\s+/g, ' ').trim();
}

const expectedPages = [
	...statusCatalog.map((s) => `${s.code}.html`),
	...appErrorPages.map((p) => `${p.slug}.html`),
	'index.html',
];

describe('dist/', () => {
	it('exists (run `npm run build` first)', () => {
		expect(existsSync(dist)).toBe(true);
	});

	it('holds exactly one page per catalogued code, the two app-error pages and the gallery', () => {
		const built = readdirSync(dist).filter((f) => f.endsWith('.html'));
		expect(built.sort()).toEqual([...expectedPages].sort());
	});

	it('ships nothing but the pages, their problem documents and their locale folders (no JavaScript bundle, no asset folder)', () => {
		const other = readdirSync(dist).filter(
			(f) => !f.endsWith('.html') && !f.startsWith('_') && f !== 'problem',
		);
		for (const folder of other) {
			expect(isLocale(folder), `${folder} is a locale`).toBe(true);
			expect(readdirSync(new URL(`${folder}/`, dist)).sort(), folder).toEqual(
				[...expectedPages, 'problem'].sort(),
			);
		}
		expect(existsSync(new URL('_astro', dist))).toBe(false);
	});

	it.each(statusCatalog)('$code.html has the catalogue title, h1, message and inline icon', (status) => {
		const html = read(`${status.code}.html`);
		expect(textOf(html, 'title')).toBe(status.title);
		expect(textOf(html, 'h1')).toBe(String(status.code));
		expect(textOf(html, 'h2')).toBe(status.message);
		expect(html).toContain(iconSvg(status.icon, 40));
		expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
	});

	it('application-error.html carries the exact framework texts', () => {
		const html = read('application-error.html');
		expect(textOf(html, 'title')).toBe(applicationError.title);
		expect(textOf(html, 'h2')).toBe(applicationError.message);
	});

	it('global-error.html reads sensibly without JavaScript, naming the configured host', () => {
		const html = read('global-error.html');
		expect(textOf(html, 'title')).toBe(globalError.title);
		expect(textOf(html, 'h2')).toBe(
			'Application error: a client-side exception has occurred while loading Fallback (see the browser console for more information).',
		);
	});

	it.each(expectedPages)('%s references nothing outside itself', (page) => {
		expect(analysePage(read(page)).externalReferences).toEqual([]);
	});

	it.each(expectedPages)('%s: script only on the app-error pages, within budget', (page) => {
		const { inlineScripts, jsBytes } = analysePage(read(page));
		if (budgets.scriptPages.includes(page)) {
			expect(jsBytes).toBeLessThanOrEqual(budgets.maxScriptBytes);
			for (const script of inlineScripts)
				expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
		} else {
			expect(inlineScripts).toEqual([]);
			expect(read(page)).not.toMatch(/<script/i);
		}
	});

	it('global-error.html has its digest script inline', () => {
		expect(analysePage(read('global-error.html')).inlineScripts).toHaveLength(1);
	});

	it.each(expectedPages)('%s: lang set, one main landmark, no noindex meta', (page) => {
		const html = read(page);
		expect(html).toMatch(/<html lang="en"/);
		expect(html.match(/<main[\s>]/g)).toHaveLength(1);
		expect(html).not.toMatch(/noindex/i);
	});

	it.each(expectedPages)(
		'%s: its own policy, before any of its code, allows exactly its inline style and script',
		(page) => {
			const html = read(page);
			const order: string[] = [];
			let policy = '';
			walkElements(parseHtml(html), (element) => {
				const attr = (name: string) => element.attrs?.find((a) => a.name === name)?.value;
				if (attr('http-equiv') === 'Content-Security-Policy') {
					order.push('policy');
					policy = attr('content') ?? '';
				} else if (['style', 'script'].includes(element.tagName)) order.push(element.tagName);
			});
			expect(order[0]).toBe('policy');
			expect(order.filter((what) => what === 'policy')).toHaveLength(1);
			const { styles, inlineScripts } = analysePage(html);
			const hashes = (directive: string) =>
				policy
					.match(new RegExp(`(?:^|; )${directive} ([^;]*)`))![1]!
					.split(' ')
					.sort();
			const expected = (texts: string[]) =>
				texts.length === 0 ? ["'none'"] : [...new Set(texts.map(cspHash))].sort();
			expect(hashes('style-src')).toEqual(expected(styles));
			expect(hashes('script-src')).toEqual(expected(inlineScripts));
		},
	);

	it('meets the size budgets', () => {
		const gzips = expectedPages.filter((p) => p !== 'index.html').map((p) => analysePage(read(p)).gzip);
		expect(Math.max(...gzips)).toBeLessThanOrEqual(budgets.maxGzip);
		expect(median(gzips)).toBeLessThanOrEqual(budgets.medianGzip);
	});

	it('the gallery links every page', () => {
		const html = read('index.html');
		for (const status of statusCatalog) expect(html).toContain(`href="/${status.code}"`);
		for (const page of appErrorPages) expect(html).toContain(`href="/${page.slug}"`);
	});
});
