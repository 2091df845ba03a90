/**
 * The locales Fallback ships, and which one a page is in: the default locale's pages keep their
 * URLs (`/404`), the others live under their locale (`/de/404`), so the path says the locale.
 * Pages read theirs through `page.ts`, which knows the build's default locale.
 */
import en from './locales/en';
import de from './locales/de';
import fr from './locales/fr';
import es from './locales/es';
import it from './locales/it';
import pt from './locales/pt';
import nl from './locales/nl';
import pl from './locales/pl';
import uk from './locales/uk';
import ru from './locales/ru';
import tr from './locales/tr';
import ja from './locales/ja';
import zh from './locales/zh';
import ko from './locales/ko';
import hi from './locales/hi';
import id from './locales/id';
import vi from './locales/vi';
import ar from './locales/ar';
import he from './locales/he';
import fa from './locales/fa';
import type { Messages } from './messages';

export { fill, statusTexts, type Messages } from './messages';

const modules = {
	en,
	de,
	fr,
	es,
	it,
	pt,
	nl,
	pl,
	uk,
	ru,
	tr,
	ja,
	zh,
	ko,
	hi,
	id,
	vi,
	ar,
	he,
	fa,
} as const satisfies Record<string, Messages>;

export type Locale = keyof typeof modules;

/** Every catalogue by its locale, which is also its folder in dist/ (`de/404.html`). */
export const catalogues: Readonly<Record<Locale, Messages>> = modules;

/** The default of the `defaultLocale` option, and the catalogue the others are checked against. */
export const DEFAULT_LOCALE: Locale = 'en';

export const locales = Object.keys(modules) as Locale[];

export function isLocale(value: string): value is Locale {
	return Object.hasOwn(catalogues, value);
}

/**
 * A site's region folder that Fallback's pages live in too, where the site has two of one language
 * (`pt-br` and `pt-pt`, each with its own 404): the catalogue its pages are written from, and its
 * language tag (`pt-BR`).
 */
export interface Region {
	catalogue: Locale;
	tag: string;
}

/** The regions of a build, by their folder (a page locale of its own: `pt-br`). */
export type Regions = Readonly<Record<string, Region>>;

/** The texts of a page locale: its catalogue's, or a region's (its catalogue's, in its language tag). */
export function messagesOf(locale: string, regions: Regions): Messages {
	const region = Object.hasOwn(regions, locale) ? regions[locale] : undefined;
	if (region) return { ...catalogues[region.catalogue], lang: region.tag };
	if (!isLocale(locale)) throw new Error(`No catalogue for the locale ${locale}`);
	return catalogues[locale];
}

/**
 * The locale of a page from its URL: its first path segment after `base` where that is one of
 * `locales` (the shipped ones and the regions), else the default.
 */
export function localeOf(url: URL, base: string, defaultLocale: string, locales: readonly string[]): string {
	const prefix = base.endsWith('/') ? base : `${base}/`;
	const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname.slice(1);
	const first = rest.split('/')[0] ?? '';
	return locales.includes(first) ? first : defaultLocale;
}

/** The route parameter of a page in each locale: none for the default locale's, which keep their URLs. */
export function localeParams(
	shipped: readonly string[],
	defaultLocale: string,
): { locale: string | undefined }[] {
	return shipped.map((locale) => ({ locale: locale === defaultLocale ? undefined : locale }));
}
