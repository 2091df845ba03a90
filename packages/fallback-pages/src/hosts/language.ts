/**
 * Language negotiation for hosts without a negotiation module of their own (nginx, Caddy, Vercel):
 * one regular expression per locale on the `Accept-Language` header. It picks the first language
 * the browser lists that ships here, the default included, comparing primary subtags (`de-CH` is
 * `de`) in any case; q-values are not weighed (browsers list languages in their order of
 * preference). A header that does not parse matches nothing, which is the default locale.
 *
 * No look-around, so the expressions run in Go's RE2 (Caddy) as in PCRE (nginx) and JavaScript.
 * Two spellings of the same expression: `inline-flags` (`(?i)`, `[[:blank:]]`) has no backslash,
 * brace or quote, so nginx and Caddyfile strings carry it as it is; `portable` (letters in both
 * cases, `[ \t]`) is for engines without those, such as a JSON config read by JavaScript.
 */
import {
	isLanguageLocale,
	isRegionLocale,
	negotiatedLocales,
	type RouteContract,
} from '../contract/contract';
import { UnsafeConfigValue } from './format';

export type PatternFlavour = 'inline-flags' | 'portable';

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** A locale is a two-letter ISO 639-1 code, as its folder in dist/ is named. */
function checkedCode(code: string): string {
	if (!/^[a-z]{2}$/.test(code)) {
		throw new UnsafeConfigValue('locale', code, 'is not a two-letter language code');
	}
	return code;
}

/**
 * The locales a host negotiates among (negotiatedLocales: the default first), once every locale of
 * the contract is checked as its folder goes into a config: a two-letter language code (`de`), or a
 * site's region folder (`pt-br`, `pt-BR`), which is matched by its folder alone.
 */
export function hostLocales(contract: RouteContract): string[] {
	for (const locale of [contract.defaultLocale, ...contract.otherLocales]) {
		if (!isLanguageLocale(locale) && !isRegionLocale(locale)) {
			throw new UnsafeConfigValue(
				'locale',
				locale,
				'is neither a two-letter language code nor a region folder such as pt-br',
			);
		}
	}
	return negotiatedLocales(contract);
}

/** Runs of chosen letters as ranges: `a-df-z`. */
function letterRanges(chosen: readonly string[]): string {
	const runs: string[] = [];
	for (let i = 0; i < letters.length; i++) {
		if (!chosen.includes(letters[i]!)) continue;
		let end = i;
		while (end + 1 < letters.length && chosen.includes(letters[end + 1]!)) end++;
		runs.push(end > i + 1 ? `${letters[i]}-${letters[end]}` : letters.slice(i, end + 1));
		i = end;
	}
	return runs.join('');
}

/** How each flavour writes what the expression needs. */
function spelling(flavour: PatternFlavour) {
	const portable = flavour === 'portable';
	const blank = portable ? ' \\t' : '[:blank:]';
	return {
		/** Start of the expression: case-insensitive where the engine takes a flag inline. */
		start: portable ? '^' : '(?i)^',
		/** Optional whitespace (RFC 9110 OWS: spaces and tabs). */
		ows: `[${blank}]*`,
		/** What may follow a primary subtag: more subtags, parameters, the next entry. */
		after: (extra: string) => `[-;${extra}${blank}]`,
		/** A class of these letters, in both cases where the engine has no flag. */
		letters: (chosen: readonly string[]) => {
			const ranges = letterRanges(chosen);
			return `[${ranges}${portable ? ranges.toUpperCase() : ''}]`;
		},
		/** A code as it may be written: `de`, `DE`, `De`. */
		code: (code: string) =>
			portable ? [...code].map((letter) => `[${letter}${letter.toUpperCase()}]`).join('') : code,
	};
}

/**
 * Matches an `Accept-Language` whose first listed language among `shipped` is `locale`: entries
 * of other languages (`xx`, `zh-TW;q=0.8`, `*`) may come before it, one of `shipped` may not.
 */
export function firstListedPattern(
	locale: string,
	shipped: readonly string[],
	flavour: PatternFlavour = 'inline-flags',
): string {
	if (!shipped.map(checkedCode).includes(checkedCode(locale))) {
		throw new Error(`${locale} is not among ${shipped.join(', ')}`);
	}
	return firstListed(shipped, flavour, (code) => code(locale));
}

/**
 * Matches an `Accept-Language` that lists one of `shipped`, capturing (group 1) the first it lists
 * as written (`de`, `DE`): one expression for every locale, so a server that has only one lookup per
 * request can negotiate among any number of them.
 */
export function firstListedCapture(
	shipped: readonly string[],
	flavour: PatternFlavour = 'inline-flags',
): string {
	return firstListed(shipped, flavour, (code) => `(${shipped.map(code).join('|')})`);
}

/** The expression: entries of other languages, then what `listed` writes for the shipped one. */
function firstListed(
	shipped: readonly string[],
	flavour: PatternFlavour,
	listed: (code: (code: string) => string) => string,
): string {
	const codes = shipped.map(checkedCode);
	const s = spelling(flavour);
	const any = s.letters([...letters]);
	// A primary subtag that is none of the codes: one letter, three or more, or two letters that
	// start with a letter no code starts with, or share the first letter but not the second.
	const firsts = [...letters].filter((first) => !codes.some((code) => code[0] === first));
	const sharing = [...new Set(codes.map((code) => code[0]!))].flatMap((first) => {
		const taken = codes.filter((code) => code[0] === first).map((code) => code[1]!);
		const seconds = [...letters].filter((second) => !taken.includes(second));
		return seconds.length > 0 ? [`${s.code(first)}${s.letters(seconds)}`] : [];
	});
	const twoLetters = [...(firsts.length > 0 ? [`${s.letters(firsts)}${any}`] : []), ...sharing];
	const other = `(?:[*]|${any}|${any}${any}${any}+|${twoLetters.join('|')})`;
	const otherEntry = `${s.ows}(?:${other}(?:${s.after('')}[^,]*)?)?,`;
	return `${s.start}(?:${otherEntry})*${s.ows}${listed(s.code)}(?:${s.after(',')}|$)`;
}
