/**
 * The locale and texts of the page being rendered, from its URL and the build's options: what
 * pages and components use (`pageMessages(Astro.url)`).
 */
import config from 'virtual:fallback/config';
import { localeOf, messagesOf, type Messages } from './index';

/** Where the pages live: `/`, `/errors/`, or the prefix of an embedded build, with `/` around. */
export const base = config.base;

/** Every locale the pages are built in, the default first: the shipped ones, then the regions. */
export const pageLocales: readonly string[] = [...config.locales, ...Object.keys(config.regions)];

export const pageLocale = (url: URL): string => localeOf(url, base, config.defaultLocale, pageLocales);

export const pageMessages = (url: URL): Messages => messagesOf(pageLocale(url), config.regions);

/** Whether the page is in the default locale, the one option texts (`help`) are written in. */
export const inDefaultLocale = (url: URL): boolean => pageLocale(url) === config.defaultLocale;
