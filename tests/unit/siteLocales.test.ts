import { describe, expect, it } from 'vitest';
import {
	defaultLanguagesLine,
	netlifyInputNames,
} from '../../packages/fallback-pages/src/config/optionNames';
import {
	catalogueFor,
	siteLocaleAliases,
	siteLocales,
} from '../../packages/fallback-pages/src/integration/siteLocales';

describe('catalogueFor', () => {
	it('takes the code, else its language, in any case', () => {
		expect(catalogueFor('de')).toBe('de');
		expect(catalogueFor('pt-BR')).toBe('pt');
		expect(catalogueFor('EN-us')).toBe('en');
		expect(catalogueFor('zh-CN')).toBe('zh');
	});

	it('has none for a language without a catalogue, nor for Traditional Chinese (zh is Simplified)', () => {
		expect(catalogueFor('tlh')).toBeUndefined();
		for (const code of ['zh-Hant', 'zh-TW', 'zh-HK', 'zh-Hant-TW'])
			expect(catalogueFor(code), code).toBeUndefined();
	});
});

describe("siteLocales: an Astro site's i18n as Fallback ships it", () => {
	it('ships the same languages where the codes are catalogues, the default first', () => {
		expect(siteLocales({ locales: ['de', 'en', 'fr'], defaultLocale: 'en' })).toEqual({
			locales: ['en', 'de', 'fr'],
			defaultLocale: 'en',
			folders: [
				{ path: 'de', locale: 'de' },
				{ path: 'fr', locale: 'fr' },
			],
			regions: {},
			summary: "languages from Astro's i18n: en, de, fr (en the default)",
		});
	});

	it("lists the default locale's folder where the site prefixes it", () => {
		const folders = (routing: 'manual' | { prefixDefaultLocale: boolean }) =>
			siteLocales({ locales: ['en', 'de'], defaultLocale: 'en', routing }).folders.map(({ path }) => path);
		expect(folders({ prefixDefaultLocale: true })).toEqual(['en', 'de']);
		expect(folders({ prefixDefaultLocale: false })).toEqual(['de']);
		expect(folders('manual')).toEqual(['de']);
	});

	it('maps regional codes and custom paths to catalogues, and names what has none', () => {
		const site = siteLocales({
			locales: ['en-US', 'pt-BR', { path: 'deutsch', codes: ['de', 'de-CH'] }, 'tlh', 'en-GB'],
			defaultLocale: 'en-US',
		});
		expect(site.locales).toEqual(['en', 'pt', 'de']);
		expect(site.defaultLocale).toBe('en');
		expect(site.folders).toEqual([
			{ path: 'pt-BR', locale: 'pt' },
			{ path: 'deutsch', locale: 'de' },
			{ path: 'tlh', locale: undefined },
			{ path: 'en-GB', locale: 'en' },
		]);
		// en-GB is a second English beside the default en-US: a region, with pages of its own.
		expect(site.regions).toEqual({ 'en-GB': { catalogue: 'en', tag: 'en-GB' } });
		expect(site.summary).toBe(
			"languages from Astro's i18n: en, pt, de (en the default); en-US → en; pt-BR → pt; deutsch → de; en-GB: en's pages in en-GB/ (en-GB); no catalogue for tlh (tlh): en's pages answer there",
		);
	});

	it("makes each folder of a language the site has two of a region of its own, not the language's own folder", () => {
		const site = siteLocales({
			locales: [
				'en',
				{ path: 'pt-br', codes: ['pt-BR'] },
				{ path: 'pt-pt', codes: ['pt-PT'] },
				{ path: 'zh-cn', codes: ['zh-CN'] },
				'fr',
				{ path: 'fr-ca', codes: ['fr-CA'] },
				{ path: 'br', codes: ['pt-BR'] },
			],
			defaultLocale: 'en',
		});
		expect(site.locales).toEqual(['en', 'pt', 'zh', 'fr']);
		// zh-cn is Chinese's one folder: an alias of zh, as before. `br` reads as a language: no region.
		expect(site.regions).toEqual({
			'pt-br': { catalogue: 'pt', tag: 'pt-BR' },
			'pt-pt': { catalogue: 'pt', tag: 'pt-PT' },
			'fr-ca': { catalogue: 'fr', tag: 'fr-CA' },
		});
	});

	it("falls back to English as the default when the site's default has no catalogue", () => {
		const site = siteLocales({ locales: ['tlh', 'de'], defaultLocale: 'tlh' });
		expect(site.locales).toEqual(['en', 'de']);
		expect(site.summary).toContain("no catalogue for tlh (tlh): en's pages answer there");
	});

	it('leaves out a folder name that could not go into a rule, saying so', () => {
		const site = siteLocales({ locales: ['en', 'español', 'a b'], defaultLocale: 'en' });
		expect(site.folders).toEqual([]);
		expect(site.summary).toContain('"español" is no plain folder name');
		expect(site.summary).toContain('"a b" is no plain folder name');
	});
});

describe("siteLocaleAliases: the site's folders that are not Fallback's", () => {
	const shipped = { locales: ['en', 'de', 'pt'] as const, defaultLocale: 'en' as const };
	const folders = [
		{ path: 'en', locale: 'en' as const },
		{ path: 'de', locale: 'de' as const },
		{ path: 'pt-BR', locale: 'pt' as const },
		{ path: 'tlh', locale: undefined },
	];

	it("needs none where the folder is Fallback's own, and names every other with its locale", () => {
		expect(
			siteLocaleAliases(folders, {
				siteBase: '/',
				pagesBase: '/',
				...shipped,
				locales: [...shipped.locales],
			}),
		).toEqual({
			'/en/': 'en',
			'/pt-BR/': 'pt',
			'/tlh/': 'en',
		});
	});

	it("keeps the site's own /de/ where Fallback's pages are in a folder of their own, under the site's base", () => {
		expect(
			siteLocaleAliases(folders, {
				siteBase: '/docs/',
				pagesBase: '/docs/errors/',
				...shipped,
				locales: [...shipped.locales],
			}),
		).toEqual({ '/docs/en/': 'en', '/docs/de/': 'de', '/docs/pt-BR/': 'pt', '/docs/tlh/': 'en' });
	});

	it('gives a folder whose locale does not ship (the locales option) the default', () => {
		expect(
			siteLocaleAliases([{ path: 'de', locale: 'de' }], {
				siteBase: '/',
				pagesBase: '/',
				locales: ['en'],
				defaultLocale: 'en',
			}),
		).toEqual({ '/de/': 'en' });
	});
});

describe('defaultLanguagesLine', () => {
	it('says what ships and how to add more', () => {
		expect(defaultLanguagesLine('en')).toMatch(
			/^languages: en only; 19 more are catalogued \(de, fr, .*\): add them with the option locales, e\.g\. locales: \['en', 'de'\], or Astro's i18n$/,
		);
		// In the Netlify plugin's log, as its input in netlify.toml.
		expect(defaultLanguagesLine('en', netlifyInputNames)).toMatch(
			/: add them with the input locales, e\.g\. locales = \["en", "de"\] under \[plugins\.inputs\]$/,
		);
	});
});
