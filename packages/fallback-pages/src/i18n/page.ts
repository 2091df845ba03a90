/**
 * The locale and texts of the page being rendered, from its URL and the build's options: what
 * pages and components use (`pageMessages(Astro.url)`).
 */
import config from 'virtual:fallback/config';
import { catalogues, localeOf, type Locale, type Messages } from './index';

/** Where the pages live: `/`, `/errors/`, or the prefix of an embedded build, with `/` around. */
export const base = config.base;

export const pageLocale = (url: URL): Locale => localeOf(url, base, config.defaultLocale);

export const pageMessages = (url: URL): Messages => catalogues[pageLocale(url)];

/** Whether the page is in the default locale, the one option texts (`help`) are written in. */
export const inDefaultLocale = (url: URL): boolean => pageLocale(url) === config.defaultLocale;
