/**
 * The marks the kit's build puts on the parts of a page that change with a site's values by more
 * than a word (the words are stand-ins, fillables.ts): a language list and its items, the parts a
 * preview shows only when its deploy knows a branch, a commit or an address. Only the kit's build
 * renders them (`config.kit`); applyKit finds them with an HTML parser and takes them off, so that
 * a filled page is, byte for byte, what Astro builds for the site.
 */
import type { Locale } from '../i18n';

/**
 * The attribute that holds a mark, as the components write it (`data-kit={marked(…)}`: a spread
 * would give a component's element its scoped class in every build).
 */
export const MARK = 'data-kit';

/**
 * The element around a part that has none of its own in the page (a few words of the preview
 * banner): the filling takes it out and keeps what it holds, or takes both out.
 */
export const PART = 'kit-part';

/** What a preview's deploy may not know; a page then shows less, or "unknown". */
export const deployValues = ['branch', 'commit', 'deploy-url'] as const;
export type DeployValue = (typeof deployValues)[number];

export type Mark =
	/** A language list: it keeps the items of the site's locales, in their order, or goes. */
	| 'languages'
	/** One item of a language list: the page in this locale. */
	| `language ${Locale}`
	/** An element that goes when no element is left in it (the footer around the language list). */
	| 'if-content'
	/** A part that goes when the deploy does not know the value. */
	| `if-${DeployValue}`
	/** An element that holds the page's word for "unknown" when the deploy does not know the value. */
	| `${DeployValue}-or-unknown`;

/** An element's mark in the kit's build (`kit`: `config.kit`); in any other, no attribute. */
export const marked = (kit: boolean, mark: Mark): Mark | undefined => (kit ? mark : undefined);

/** Whether `text` is a mark this version knows; `locales`: those a language item may name. */
export function isMark(text: string, locales: readonly Locale[]): text is Mark {
	const [word, locale, ...more] = text.split(' ');
	if (more.length > 0) return false;
	if (locale !== undefined) return word === 'language' && locales.includes(locale as Locale);
	return (
		word === 'languages' ||
		word === 'if-content' ||
		deployValues.some((value) => word === `if-${value}` || word === `${value}-or-unknown`)
	);
}
