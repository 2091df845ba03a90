/**
 * The problem documents in dist/ (`problem/404.json`, `de/problem/404.json`, and their `.txt`
 * twins): one per error page and locale, valid RFC 9457 members, pointing at their page, in their
 * page's language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appErrorPages } from '../../packages/fallback-pages/src/catalog/appErrors';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';
import { catalogues, DEFAULT_LOCALE, isLocale, type Locale } from '../../packages/fallback-pages/src/i18n';
import { problemDetailsErrors } from '../../packages/fallback-pages/src/verify/problemSchema';

const dist = new URL('../../dist/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, dist), 'utf8');
const folders: [Locale, string][] = [
	[DEFAULT_LOCALE, ''],
	...readdirSync(dist)
		.filter(isLocale)
		.map((locale): [Locale, string] => [locale, `${locale}/`]),
];
const names = [
	...statusCatalog.map((status) => String(status.code)),
	...appErrorPages.map((page) => page.slug),
];

describe.each(folders)('problem documents in %s', (locale, folder) => {
	const messages = catalogues[locale];

	it('has one JSON document and one text twin per page, nothing else', () => {
		expect(readdirSync(new URL(`${folder}problem/`, dist)).sort()).toEqual(
			names.flatMap((name) => [`${name}.json`, `${name}.txt`]).sort(),
		);
	});

	it.each(names)('%s: RFC 9457 members, its page as type, its texts, small', (name) => {
		const json = read(`${folder}problem/${name}.json`);
		const document = JSON.parse(json) as Record<string, unknown>;
		expect(problemDetailsErrors(document)).toEqual([]);
		expect(Object.keys(document)).toEqual(['type', 'title', 'status', 'detail']);
		// The starter names no site address: `type` is the page's path, a relative reference.
		expect(document['type']).toBe(`/${folder}${name}`);
		const status = statusCatalog.find((entry) => String(entry.code) === name);
		if (status) {
			expect(document['status']).toBe(status.code);
			expect(document['title']).toBe(messages.statuses[status.code].name);
		} else {
			expect(document['status']).toBe(500);
		}
		expect(Buffer.byteLength(json)).toBeLessThan(1024);
		const text = read(`${folder}problem/${name}.txt`);
		expect(text).toBe(
			`${document['status']} ${document['title']}\n\n${document['detail']}\n\n${document['type']}\n`,
		);
	});
});
