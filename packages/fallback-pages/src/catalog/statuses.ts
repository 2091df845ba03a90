/**
 * The status catalogue: every 4xx and 5xx code of the IANA HTTP Status Code Registry, once.
 * Pages, the gallery, CDN rules and host configs are all derived from this list.
 */
import en from '../i18n/locales/en';
import { statusTexts } from '../i18n/messages';
import { seeds, type StatusCode, type StatusSeed } from './seeds';

export { ALLOWED_METHODS, type StatusCode } from './seeds';

/** A status with its English texts. */
export interface StatusEntry extends Required<StatusSeed> {
	/** `<title>` of the page, in English: `{code}: {name}`, or `{code}: {message}` where it has its own. */
	title: string;
	/** The page's message (its h2), in English: `{name}.` unless it has its own. */
	message: string;
	/** One plain sentence: what happened and what the visitor can do (English). */
	help: string;
}

/** A catalogued status: its code is one of the catalogue's, which a locale's texts are keyed by. */
export type CatalogEntry = StatusEntry & { code: StatusCode };

function complete(seed: (typeof seeds)[number]): CatalogEntry {
	return { transient: false, headers: {}, ...seed, ...statusTexts(en, seed.code) };
}

/** Every catalogued status, in code order. */
export const statusCatalog: readonly CatalogEntry[] = seeds.map(complete);

const byCode = new Map<number, CatalogEntry>(statusCatalog.map((entry) => [entry.code, entry]));

export function isCatalogued(code: number): boolean {
	return byCode.has(code);
}

export function statusByCode(code: number): StatusEntry {
	const entry = byCode.get(code);
	if (!entry) throw new Error(`HTTP status ${code} is not in the catalogue`);
	return entry;
}
