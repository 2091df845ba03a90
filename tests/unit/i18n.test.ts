/**
 * The message catalogues: every locale says everything English says, keeps its placeholders, and
 * leaves no English behind; the URL of a page names its locale.
 */
import { describe, expect, it } from 'vitest';
import {
	catalogues,
	DEFAULT_LOCALE,
	localeOf,
	localeParams,
	locales,
	messagesOf,
	statusTexts,
	type Messages,
} from '../../packages/fallback-pages/src/i18n';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses';

const en = catalogues[DEFAULT_LOCALE];

/** Every string of a catalogue by its key path (`statuses.404.help`), metadata aside. */
function strings(messages: Messages): Map<string, string> {
	const found = new Map<string, string>();
	const walk = (value: unknown, path: string) => {
		if (typeof value === 'string') found.set(path, value);
		else if (value && typeof value === 'object')
			for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
	};
	walk({ ...messages, lang: undefined, dir: undefined, endonym: undefined, fullStop: undefined }, '');
	return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/**
 * Strings a language may share with English, word for word: true cognates and technical names
 * its web developers use as they are. Anything else equal to English is a leftover.
 */
const sharedWithEnglish: readonly string[] = [
	// Git's words, which many languages' developers use as they are.
	'branch',
	'Branch',
	'commit',
	'Commit',
	// The framework's own name for the error id, which server logs print as it is.
	'Digest: {digest}',
];

/** Words a language spells exactly as English does, as its own: Dutch *het conflict*, *de context*. */
const cognates: Readonly<Partial<Record<string, readonly string[]>>> = {
	nl: ['Conflict', 'Context', 'Preview'],
};

describe('message catalogues', () => {
	it('English gives the catalogue its exact framework texts', () => {
		expect(statusTexts(en, 404)).toEqual({
			title: '404: This page could not be found.',
			message: 'This page could not be found.',
			help: statusCatalog.find((status) => status.code === 404)!.help,
		});
		expect(statusTexts(en, 400).title).toBe('400: Bad Request');
		expect(statusTexts(en, 418).title).toBe("418: I'm a teapot");
	});

	it.each(locales)('%s has every string English has, with the same placeholders', (locale) => {
		const english = strings(en);
		const translated = strings(catalogues[locale]);
		expect([...translated.keys()].sort()).toEqual(
			[...english.keys()].filter((key) => !/\.message$/.test(key) || translated.has(key)).sort(),
		);
		for (const [key, text] of translated) {
			expect(text.trim(), `${locale} ${key}`).not.toBe('');
			expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key) ?? text));
		}
	});

	it.each(locales.filter((locale) => locale !== DEFAULT_LOCALE))('%s leaves no English behind', (locale) => {
		const english = strings(en);
		const leftovers = [...strings(catalogues[locale])]
			.filter(
				([key, text]) =>
					english.get(key) === text &&
					!sharedWithEnglish.includes(text) &&
					!(cognates[locale] ?? []).includes(text),
			)
			.map(([key]) => key);
		expect(leftovers).toEqual([]);
	});

	it.each(locales)('%s writes the request ID line as plain text, the ID last', (locale) => {
		const { requestId } = catalogues[locale];
		expect(requestId).toMatch(/\{id\}$/);
		expect(requestId).not.toMatch(/[<>&"'$\\]/);
	});

	it.each(locales)('%s names itself and its direction', (locale) => {
		const { lang, dir, endonym } = catalogues[locale];
		expect(lang.split('-')[0]).toBe(locale);
		expect(dir).toBe(['ar', 'he', 'fa'].includes(locale) ? 'rtl' : 'ltr');
		expect(endonym).not.toBe('');
	});
});

describe('locale of a page', () => {
	it.each([
		['https://x.example/404', '/', 'en'],
		['https://x.example/404.html', '/', 'en'],
		['https://x.example/fallback/404', '/fallback/', 'en'],
		['https://x.example/nope/404', '/', 'en'],
		['https://x.example/de/404', '/', 'de'],
		['https://x.example/fallback/ar/503', '/fallback/', 'ar'],
		['https://x.example/pt-br/404', '/', 'pt-br'],
		['https://x.example/ja/404', '/', 'en'],
	] as const)('%s (base %s) is %s', (url, base, locale) => {
		expect(localeOf(new URL(url), base, DEFAULT_LOCALE, ['en', 'de', 'ar', 'pt', 'pt-br'])).toBe(locale);
	});

	it("writes a region's pages from its catalogue, in its language tag", () => {
		const regions = { 'pt-pt': { catalogue: 'pt', tag: 'pt-PT' } } as const;
		expect(messagesOf('pt-pt', regions)).toEqual({ ...catalogues.pt, lang: 'pt-PT' });
		expect(messagesOf('pt', regions)).toBe(catalogues.pt);
		expect(() => messagesOf('pt-br', regions)).toThrow('No catalogue for the locale pt-br');
	});

	it('gives the default locale its URLs and every other its folder', () => {
		expect(localeParams(['en', 'de'], 'en')).toEqual([{ locale: undefined }, { locale: 'de' }]);
		expect(localeParams(['en', 'de'], 'de')).toEqual([{ locale: 'en' }, { locale: undefined }]);
	});
});
