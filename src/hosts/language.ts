/**
 * Language negotiation for servers without a negotiation module of their own (nginx, Caddy): one
 * regular expression per locale on the `Accept-Language` header. It picks the first language the
 * browser lists that ships here, the default included, comparing primary subtags (`de-CH` is
 * `de`) in any case; q-values are not weighed (browsers list languages in their order of
 * preference). A header that does not parse matches nothing, which is the default locale.
 *
 * The expressions work in Go's RE2 (Caddy) and PCRE (nginx) alike: no look-around, and, so both
 * config formats carry them without escaping, no backslash, brace or quote.
 */
import { UnsafeConfigValue } from './format';

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** Optional whitespace (RFC 9110 OWS: spaces and tabs). */
const ows = '[[:blank:]]*';

/** A locale is a two-letter ISO 639-1 code, as its folder in dist/ is named. */
function checkedCode(code: string): string {
	if (!/^[a-z]{2}$/.test(code)) {
		throw new UnsafeConfigValue('locale', code, 'is not a two-letter language code');
	}
	return code;
}

/** A character class of letters, runs written as ranges: `[a-df-z]`. */
function letterClass(chosen: readonly string[]): string {
	const runs: string[] = [];
	for (let i = 0; i < letters.length; i++) {
		if (!chosen.includes(letters[i]!)) continue;
		let end = i;
		while (end + 1 < letters.length && chosen.includes(letters[end + 1]!)) end++;
		runs.push(end > i + 1 ? `${letters[i]}-${letters[end]}` : letters.slice(i, end + 1));
		i = end;
	}
	return `[${runs.join('')}]`;
}

/** A primary subtag that is none of `codes`: any length but two, or two letters not among them. */
function otherPrimarySubtag(codes: readonly string[]): string {
	const twoLetters = [...letters].flatMap((first) => {
		const taken = new Set(codes.filter((code) => code[0] === first).map((code) => code[1]));
		const rest = [...letters].filter((second) => !taken.has(second));
		return taken.size === 0 ? [] : rest.length ? [`${first}${letterClass(rest)}`] : [];
	});
	// Two letters starting with a letter no code starts with, then those that share a first letter.
	const untaken = [...letters].filter((first) => !codes.some((code) => code[0] === first));
	return `(?:[*]|[a-z]|[a-z][a-z][a-z]+|${letterClass(untaken)}[a-z]|${twoLetters.join('|')})`;
}

/**
 * Matches an `Accept-Language` whose first listed language among `shipped` is `locale`: entries
 * of other languages (`xx`, `zh-TW;q=0.8`, `*`) may come before it, one of `shipped` may not.
 */
export function firstListedPattern(locale: string, shipped: readonly string[]): string {
	const codes = shipped.map(checkedCode);
	if (!codes.includes(checkedCode(locale))) throw new Error(`${locale} is not among ${codes.join(', ')}`);
	// The rest of an entry after its primary subtag: more subtags, parameters.
	const rest = '(?:[-;[:blank:]][^,]*)?';
	const otherEntry = `${ows}(?:${otherPrimarySubtag(codes)}${rest})?,`;
	return `(?i)^(?:${otherEntry})*${ows}${locale}(?:[-;,[:blank:]]|$)`;
}
