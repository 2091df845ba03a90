/**
 * A build with every catalogue (`fallback({ locales })`; the default ships English only): each
 * page of the default locale exists in each other locale, in its language and direction, with its
 * texts and no English left on it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'parse5';
import { catalogues, DEFAULT_LOCALE, locales, statusTexts } from '../../packages/fallback-pages/src/i18n';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';
import { allLocalesBuild, buildTimeoutMs } from '../../scripts/build-with.ts';

const others = locales.filter((locale) => locale !== DEFAULT_LOCALE);
let dist: URL;
let errorPages: string[] = [];
const read = (file: string) => readFileSync(new URL(file, dist), 'utf8');

beforeAll(async () => {
	dist = pathToFileURL(`${(await allLocalesBuild()).outDir}/`);
	errorPages = readdirSync(dist).filter((file) => file.endsWith('.html') && file !== 'index.html');
}, buildTimeoutMs);

/** The text inside a page's first `element` (main, title), whitespace folded. */
function textOf(html: string, element = 'main'): string {
	const texts: string[] = [];
	const walk = (node: { nodeName: string; value?: string; childNodes?: unknown[] }, inMain: boolean) => {
		const here = inMain || node.nodeName === element;
		if (here && node.nodeName === '#text') texts.push(node.value ?? '');
		if (node.nodeName === 'script' || node.nodeName === 'style') return;
		for (const child of (node.childNodes ?? []) as (typeof node)[]) walk(child, here);
	};
	walk(parse(html) as never, false);
	return texts.join(' ').replace(/\s+/g, ' ').trim();
}

describe.each(others)('locale %s', (locale) => {
	const messages = catalogues[locale];

	it('has every error page of the default locale, in its language and direction', () => {
		expect(existsSync(new URL(`${locale}/`, dist)), `dist/${locale}/`).toBe(true);
		for (const page of errorPages) {
			expect(read(`${locale}/${page}`), page).toContain(
				`<html lang="${messages.lang}" dir="${messages.dir}">`,
			);
		}
	});

	it('shows each status with its own texts', () => {
		for (const { code } of statusCatalog) {
			const html = read(`${locale}/${code}.html`);
			const texts = statusTexts(messages, code);
			expect(textOf(html, 'title'), `${code}`).toBe(texts.title);
			expect(textOf(html), `${code}`).toContain(texts.message);
		}
	});

	it('leaves no English sentence on any page', () => {
		for (const page of errorPages) {
			const english = new Set(
				textOf(read(page))
					.split(/(?<=[.!?])\s+/)
					.filter((sentence) => sentence.split(' ').length >= 3),
			);
			const translated = textOf(read(`${locale}/${page}`));
			const leftovers = [...english].filter((sentence) => translated.includes(sentence));
			expect(leftovers, `${locale}/${page}`).toEqual([]);
		}
	});
});

it('the default locale keeps its URLs and says it is English', () => {
	expect(read('404.html')).toContain('<html lang="en" dir="ltr">');
});
