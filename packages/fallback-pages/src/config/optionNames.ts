/**
 * How the lines a team reads in its build log name the options that change what they say: as
 * `fallback({…})` and `fallback.config.mjs` write them (JavaScript), or as the Netlify plugin's
 * inputs, in netlify.toml. One place for both, so each log speaks the language of the file the
 * team edits.
 */
import { locales as catalogued, type Locale } from '../i18n';

export interface OptionNames {
	/** How to make a build a preview, where an option can; none where the platform alone decides. */
	preview?: string;
	/** How to ship more languages than the default, with an example pair. */
	moreLanguages(example: readonly [string, string]): string;
	/** What gives the site's public address. */
	address: string;
}

/** `fallback({…})`, `fallback.config.mjs`: JavaScript. */
export const javascriptNames: OptionNames = {
	preview: 'the option preview: true makes it a preview',
	moreLanguages: ([first, second]) =>
		`add them with the option locales, e.g. locales: ['${first}', '${second}'], or Astro's i18n`,
	address: "the option site.url, Astro's site or Netlify's URL",
};

/** The Netlify plugin's inputs, in netlify.toml: Netlify's deploy context says what is a preview. */
export const netlifyInputNames: OptionNames = {
	moreLanguages: ([first, second]) =>
		`add them with the input locales, e.g. locales = ["${first}", "${second}"] under [plugins.inputs]`,
	address: "Netlify's URL, or site.url in the file the input config names",
};

/** The line for a build that names no languages: what ships, and how to add more. */
export function defaultLanguagesLine(defaultLocale: Locale, names: OptionNames = javascriptNames): string {
	const others = catalogued.filter((locale) => locale !== defaultLocale);
	return `languages: ${defaultLocale} only; ${others.length} more are catalogued (${others.join(', ')}): ${names.moreLanguages([defaultLocale, others[0]!])}`;
}
