/**
 * The prebuilt pages with a site's values in place of the kit's stand-ins (standIns.ts): its name,
 * address, folder, languages and deploy. The result is, byte for byte, what Astro builds with the
 * same options (the package tests compare both). Each value is escaped as Astro escapes it where it
 * stands: Astro's own functions, in an element's text or in an attribute.
 */
import { escapeHTML } from 'astro/runtime/server/escape.js';
import { toAttributeString } from 'astro/runtime/server/render/util.js';
import { shortBranch, shortCommit, shownTime, type Deploy } from '../config/deploy';
import { catalogues, DEFAULT_LOCALE, isLocale, locales as allLocales, type Locale } from '../i18n';
import {
	KIT_BASE,
	KIT_BRANCH,
	KIT_COMMIT,
	KIT_CONTEXT,
	KIT_DEPLOY_URL,
	KIT_EPOCH,
	KIT_HOST,
	KIT_NAME,
	KIT_URL,
	STAND_IN_MARK,
	type KitVariant,
} from './standIns';

/** The kit as the plugin ships it: each variant's files, by path inside the pages' folder. */
export interface Kit {
	format: 1;
	/** The fallback-pages version that built it. */
	version: string;
	variants: Record<KitVariant, Record<string, string>>;
}

/** A site's values: what the kit's pages can take without Astro. */
export interface KitValues {
	name: string;
	/** The site's address, or null: the problem documents' `type` is then a path. */
	url: string | null;
	/** The locales that ship, the default (`en`) first. */
	locales: readonly Locale[];
	/** The pages' folder, `/` around. */
	base: string;
	deploy: Pick<Deploy, 'isPreview' | 'context' | 'branch' | 'commit' | 'deployUrl' | 'builtAt'>;
}

const KIT_BUILT_AT = new Date(KIT_EPOCH * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const regExp = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'g');

/** Whether `offset` is inside a tag (an attribute's value), not in an element's text. */
function inTag(text: string, offset: number): boolean {
	return text.lastIndexOf('<', offset) > text.lastIndexOf('>', offset);
}

/** Every `standIn` replaced by `value`, escaped as Astro escapes it where it stands. */
function put(text: string, standIn: string, value: string): string {
	return text.replaceAll(standIn, (_match, offset: number, whole: string) =>
		inTag(whole, offset) ? String(toAttributeString(value)) : escapeHTML(value),
	);
}

/** A language list (LanguageList.astro) with the shipped locales only, in their order. */
const languageList =
	/<nav aria-label="[^"]*"><ul>((?:<li><a href="[^"]*" lang="[^"]*">[^<]*<\/a><\/li>)*)<\/ul><\/nav>/g;
const languageItem = /<li><a href="[^"]*" lang="([^"]*)">[^<]*<\/a><\/li>/g;

function withLanguages(text: string, shipped: readonly Locale[]): string {
	const order = new Map(shipped.map((locale, index) => [catalogues[locale].lang, index]));
	return text
		.replace(languageList, (nav, items: string) => {
			const kept = [...items.matchAll(languageItem)]
				.filter((item) => order.has(item[1]!))
				.sort((a, b) => order.get(a[1]!)! - order.get(b[1]!)!)
				.map((item) => item[0]);
			return kept.length === 0 ? '' : nav.replace(items, kept.join(''));
		})
		.replaceAll('<footer></footer>', '');
}

/**
 * A file's text with the site's values; `locale`, the file's, words what a preview does not know
 * (its branch or commit).
 */
function fill(text: string, values: KitValues, locale: Locale): string {
	const { base, url, name, deploy } = values;
	let out = text.replace(regExp(KIT_BASE), base);
	// A page's address in a problem document: absolute on the site, else the path (problems/build.ts).
	out = out.replace(new RegExp(`${regExp(KIT_URL).source}(/[^"\\s<]*)`, 'g'), (_match, path: string) =>
		url ? new URL(path, url).href : path,
	);
	out = put(out, KIT_HOST, url ? new URL(url).hostname : name);
	out = put(out, KIT_NAME, name);
	if (deploy.isPreview) {
		if (deploy.deployUrl === null) {
			out = out.replace(
				new RegExp(`<dt[^>]*>[^<]*</dt><dd[^>]*>${regExp(KIT_DEPLOY_URL).source}</dd>`, 'g'),
				'',
			);
		}
		out = put(out, KIT_DEPLOY_URL, deploy.deployUrl ?? '');
		out = put(out, KIT_CONTEXT, deploy.context);
		// Without a branch or commit the banner leaves its part out and the gallery says "unknown".
		const unknown = escapeHTML(catalogues[locale].gallery.unknown);
		const commit = shortCommit(KIT_COMMIT)!;
		if (deploy.branch === null) {
			out = out
				.replace(new RegExp(` · [^·<]* <bdi>${KIT_BRANCH}</bdi>`, 'g'), '')
				.replace(new RegExp(`<bdi[^>]*>${KIT_BRANCH}</bdi>`, 'g'), unknown);
		} else {
			// The banner shortens a branch to 40 characters, the gallery to 80.
			out = out.replaceAll(
				`<bdi>${KIT_BRANCH}</bdi>`,
				`<bdi>${escapeHTML(shortBranch(deploy.branch))}</bdi>`,
			);
			out = put(out, KIT_BRANCH, shortBranch(deploy.branch, 80));
		}
		out =
			deploy.commit === null
				? out.replace(new RegExp(` · [^·<]* ${commit}`, 'g'), '').replaceAll(commit, unknown)
				: put(out, commit, shortCommit(deploy.commit)!);
		out = put(out, shownTime(KIT_BUILT_AT), shownTime(deploy.builtAt));
		out = put(out, KIT_BUILT_AT, deploy.builtAt);
	}
	return withLanguages(out, values.locales);
}

/** Why the kit cannot take these values, or undefined: its default locale's pages are English. */
export function kitValuesProblem(values: KitValues): string | undefined {
	return values.locales[0] === DEFAULT_LOCALE
		? undefined
		: `the default locale is ${values.locales[0]}, not ${DEFAULT_LOCALE}`;
}

/**
 * The pages' files (path inside the pages' folder → text), but `contract.json`, which follows from
 * the options (embeddedRules). Throws when a stand-in is left: a kit this code cannot fill.
 */
export function applyKit(kit: Kit, values: KitValues): Map<string, string> {
	const problem = kitValuesProblem(values);
	if (problem) throw new Error(`the prebuilt pages cannot be used: ${problem}`);
	const leftOut = new Set<string>(allLocales.filter((locale) => !values.locales.includes(locale)));
	const files = new Map<string, string>();
	const variant = kit.variants[values.deploy.isPreview ? 'preview' : 'production'];
	for (const [path, text] of Object.entries(variant)) {
		const folder = path.split('/')[0]!;
		if (leftOut.has(folder)) continue;
		const filled = fill(text, values, isLocale(folder) ? folder : DEFAULT_LOCALE);
		if (STAND_IN_MARK.test(filled) || filled.includes(shortCommit(KIT_COMMIT)!)) {
			throw new Error(`the prebuilt pages hold a value this version cannot fill, in ${path}`);
		}
		files.set(path, filled);
	}
	return files;
}
