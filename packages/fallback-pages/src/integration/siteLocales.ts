/**
 * An Astro site's own languages (its `i18n` config), as Fallback ships them: each of the site's
 * locales mapped to a catalogue (`pt-BR` → `pt`, `en-US` → `en`, a `{ path, codes }` locale by its
 * codes), the site's default locale as the default, and the site's locale folders with the locale
 * each stands for, so that an error under one that is not Fallback's own folder (`/pt-BR/`, `/en/`
 * where the site prefixes its default locale) is in its locale (siteLocaleAliases). Pure: the
 * integration passes Astro's resolved config.
 */
import { isRegionLocale } from '../contract/contract';
import { isLocale, DEFAULT_LOCALE, type Locale, type Regions } from '../i18n';

/** `i18n` as Astro resolves it (astro/dist/types/public/config.d.ts). */
export interface AstroI18n {
	locales: readonly (string | { path: string; codes: readonly string[] })[];
	/** The default locale's path (Astro checks it is one of `locales`). */
	defaultLocale: string;
	routing?: 'manual' | { prefixDefaultLocale?: boolean } | undefined;
}

export interface SiteLocales {
	/** The locales to ship, the default first, each once. */
	locales: Locale[];
	defaultLocale: Locale;
	/**
	 * The site's locale folders (path segments) under its base, each with the catalogue it maps to
	 * (none: no catalogue); the default's, where the site does not prefix it, is not among them.
	 */
	folders: { path: string; locale: Locale | undefined }[];
	/**
	 * The folders of a language the site has more than one of (`pt-br` and `pt-pt`, or `pt-pt` beside
	 * a default `pt-br`), by folder: each is a locale of Fallback's pages of its own, in its language
	 * tag, so that each keeps its own pages (its 404). The language's own folder (`pt`) is none.
	 */
	regions: Regions;
	/** One line for the build log: what was taken, mapped and left without a catalogue. */
	summary: string;
}

/** Chinese written in Traditional characters: the `zh` catalogue is Simplified Chinese. */
const traditionalChinese = /^zh-(?:hant|tw|hk|mo)\b/i;

/** The catalogue for a BCP 47 code: the code itself, else its language (`pt-BR` → `pt`); none for other scripts of Chinese. */
export function catalogueFor(code: string): Locale | undefined {
	const lower = code.toLowerCase();
	if (isLocale(lower)) return lower;
	if (traditionalChinese.test(lower)) return undefined;
	const language = lower.split('-')[0]!;
	return isLocale(language) ? language : undefined;
}

export function siteLocales(i18n: AstroI18n): SiteLocales {
	const entries = i18n.locales.map((entry) =>
		typeof entry === 'string'
			? { path: entry, codes: [entry] }
			: { path: entry.path, codes: [...entry.codes] },
	);
	const mapped = entries.map((entry) => ({
		...entry,
		locale: entry.codes.map(catalogueFor).find((locale) => locale !== undefined),
	}));
	const siteDefault = mapped.find((entry) => entry.path === i18n.defaultLocale);
	const defaultLocale = siteDefault?.locale ?? DEFAULT_LOCALE;
	const locales = [
		defaultLocale,
		...new Set(
			mapped.flatMap((entry) => (entry.locale && entry.locale !== defaultLocale ? [entry.locale] : [])),
		),
	];
	const prefixesDefault = typeof i18n.routing === 'object' && i18n.routing.prefixDefaultLocale === true;
	// A folder name goes into URL rules and server configs: plain path characters only.
	const plain = (entry: (typeof mapped)[number]) => /^[A-Za-z0-9._~-]+$/.test(entry.path);
	const folders = mapped
		.filter((entry) => plain(entry) && (entry !== siteDefault || prefixesDefault))
		.map(({ path, locale }) => ({ path, locale }));
	// A language the site has two or more locales of: each folder of it named as a region (`pt-br`,
	// not `pt`, `br` or `brasil`) is one. Any other stays an alias of the language's pages.
	const regions: Record<string, { catalogue: Locale; tag: string }> = {};
	for (const entry of mapped) {
		const { locale } = entry;
		if (!locale || !isRegionLocale(entry.path) || !folders.some((folder) => folder.path === entry.path))
			continue;
		if (mapped.filter((other) => other.locale === locale).length > 1) {
			regions[entry.path] = { catalogue: locale, tag: entry.codes[0]! };
		}
	}
	const notes = [
		...mapped
			.filter((entry) => entry.locale !== undefined && entry.path !== entry.locale)
			.map((entry) =>
				Object.hasOwn(regions, entry.path)
					? `${entry.path}: ${entry.locale}'s pages in ${entry.path}/ (${regions[entry.path]!.tag})`
					: `${entry.path} → ${entry.locale}`,
			),
		...mapped
			.filter((entry) => entry.locale === undefined)
			.map(
				(entry) =>
					`no catalogue for ${entry.path} (${entry.codes.join(', ')}): ${defaultLocale}'s pages answer there`,
			),
		...mapped
			.filter((entry) => !plain(entry))
			.map(
				(entry) =>
					`${JSON.stringify(entry.path)} is no plain folder name: the browser's language answers there`,
			),
	];
	return {
		locales,
		defaultLocale,
		folders,
		regions,
		summary: `languages from Astro's i18n: ${locales.join(', ')} (${defaultLocale} the default)${notes.length ? `; ${notes.join('; ')}` : ''}`,
	};
}

/**
 * The site's locale folders that are not Fallback's, as URL folders (`/docs/pt-BR/`), by the locale
 * whose pages answer there: a folder's own catalogue where it ships, else the default. A folder
 * that is Fallback's own folder of that locale (`/de/` beside Fallback's `/de/`) needs none.
 */
export function siteLocaleAliases(
	folders: SiteLocales['folders'],
	{
		siteBase,
		pagesBase,
		locales,
		defaultLocale,
	}: {
		/** Astro's base: `/`, `/docs/`. */
		siteBase: string;
		/** Where Fallback's pages are: `/`, `/docs/errors/`. */
		pagesBase: string;
		locales: readonly Locale[];
		defaultLocale: Locale;
	},
): Record<string, Locale> {
	const fallbackFolder = (locale: Locale) =>
		locale === defaultLocale ? pagesBase : `${pagesBase}${locale}/`;
	const aliases: Record<string, Locale> = {};
	for (const { path, locale } of folders) {
		const answering = locale && locales.includes(locale) ? locale : defaultLocale;
		const folder = `${siteBase}${path}/`;
		if (folder !== fallbackFolder(answering)) aliases[folder] = answering;
	}
	return aliases;
}
