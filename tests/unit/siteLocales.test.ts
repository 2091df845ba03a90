import { describe, expect, it } from 'vitest';
import {
	catalogueFor,
	defaultLanguagesLine,
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
	it('ships the same languages where the codes are catalogues, the default first, with no folder of its own', () => {
		expect(siteLocales({ locales: ['de', 'en', 'fr'], defaultLocale: 'en' })).toEqual({
			locales: ['en', 'de', 'fr'],
			defaultLocale: 'en',
			aliases: {},
			summary: "languages from Astro's i18n: en, de, fr (en the default)",
		});
	});

	it("keeps the default locale's folder where the site prefixes it", () => {
		const prefixed = siteLocales({
			locales: ['en', 'de'],
			defaultLocale: 'en',
			routing: { prefixDefaultLocale: true },
		});
		expect(prefixed.aliases).toEqual({ en: 'en' });
		expect(siteLocales({ locales: ['en', 'de'], defaultLocale: 'en', routing: 'manual' }).aliases).toEqual(
			{},
		);
	});

	it('maps regional codes and custom paths to catalogues, and names what has none', () => {
		const site = siteLocales({
			locales: ['en-US', 'pt-BR', { path: 'deutsch', codes: ['de', 'de-CH'] }, 'tlh', 'en-GB'],
			defaultLocale: 'en-US',
		});
		expect(site.locales).toEqual(['en', 'pt', 'de']);
		expect(site.defaultLocale).toBe('en');
		expect(site.aliases).toEqual({ 'pt-BR': 'pt', deutsch: 'de', tlh: 'en', 'en-GB': 'en' });
		expect(site.summary).toBe(
			"languages from Astro's i18n: en, pt, de (en the default); en-US → en; pt-BR → pt; deutsch → de; en-GB → en; no catalogue for tlh (tlh): en's pages answer there",
		);
	});

	it("falls back to English as the default when the site's default has no catalogue", () => {
		const site = siteLocales({ locales: ['tlh', 'de'], defaultLocale: 'tlh' });
		expect(site.locales).toEqual(['en', 'de']);
		// Its pages keep the default URLs: no folder of its own.
		expect(site.aliases).toEqual({});
		expect(site.summary).toContain("no catalogue for tlh (tlh): en's pages answer there");
	});
});

describe('defaultLanguagesLine', () => {
	it('says what ships and how to add more', () => {
		expect(defaultLanguagesLine('en')).toMatch(
			/^languages: en only; 19 more are catalogued \(de, fr, .*\): add them with the option locales, e\.g\. locales: \['en', 'de'\], or Astro's i18n$/,
		);
	});
});
