/**
 * The prebuilt pages (the kit): Fallback's embedded pages with the default look, built by Astro once
 * when the Netlify plugin is packed, in every locale, with stand-ins where a site's own values go.
 * This module is the one table of what the kit fills: the options it takes, each value's stand-in
 * and how it is written. The rest of a page that changes with a site's values (a language list,
 * the parts a preview shows only when it knows a value) carries a mark (marks.ts). Each stand-in is
 * a word no page text holds; applyKit refuses a page where one is left.
 */
import { shortBranch, shortCommit, shownTime, type Deploy } from '../config/deploy';
import type { FallbackOptions } from '../config/options';
import { locales, type Locale } from '../i18n';
import type { DeployValue } from './marks';

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

/**
 * The options the kit takes (their paths): any other one set, or set otherwise than its default,
 * needs the pages built by Astro (kitProblem).
 */
export const kitOptionPaths = [
	'site.name',
	'site.url',
	'locales',
	'defaultLocale',
	'base',
	'preview',
	'productionBranch',
] as const;

/** The pages' folder (`base`). */
export const KIT_BASE = '/zzkitbasezz/';
/** The site's name. */
export const KIT_NAME = 'Zzkitnamezz';
/** The site's address (Netlify's `URL`), and its host. */
export const KIT_HOST = 'zzkithostzz.invalid';
export const KIT_URL = `https://${KIT_HOST}`;
/** A preview's context, branch, commit and deploy address. */
export const KIT_CONTEXT = 'zzkitcontextzz';
/** Longer than any page shows it: each length it is cut to is a stand-in of its own. */
export const KIT_BRANCH = `zzkitbranchzz${'-'.repeat(100)}`;
export const KIT_COMMIT = 'fa11bac0ffee0000000000000000000000000000';
export const KIT_DEPLOY_URL = 'https://zzkitdeployzz.invalid';
/** The build time: 2001-02-03T04:05:06Z. */
export const KIT_EPOCH = 981173106;
const KIT_BUILT_AT = new Date(KIT_EPOCH * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A value the kit fills: where the kit's pages hold `standIn`, the site's `text`. */
export interface Fillable {
	standIn: string;
	/** The site's text; null where its deploy has none (the parts marked with it go). */
	text: (values: KitValues) => string | null;
	/**
	 * Escaped as Astro escapes it where it stands (in an element's text or an attribute), or, for a
	 * path or an address, written as is: no markup needs escaping in them, and they stand in the
	 * problem documents too (JSON, plain text).
	 */
	escaped: boolean;
	/** The deploy's value that the marks `if-…` and `…-or-unknown` name. */
	marks?: DeployValue;
}

const deploy = (read: (deploy: KitValues['deploy']) => string | null) => (values: KitValues) =>
	values.deploy.isPreview ? read(values.deploy) : null;

/** Every value the kit fills, in the order it fills them: the address before the host it holds. */
export const fillables: readonly Fillable[] = [
	// A problem document's type: the address's scheme, user and host, then the page's path.
	{ standIn: KIT_URL, text: ({ url }) => (url ? new URL('/', url).href.slice(0, -1) : ''), escaped: false },
	{ standIn: KIT_BASE, text: ({ base }) => base, escaped: false },
	// Where nothing gives an address, the pages that name the host name the site.
	{ standIn: KIT_HOST, text: ({ url, name }) => (url ? new URL(url).hostname : name), escaped: true },
	{ standIn: KIT_NAME, text: ({ name }) => name, escaped: true },
	{ standIn: KIT_CONTEXT, text: deploy((d) => d.context), escaped: true },
	// The banner cuts a branch to 40 characters, the gallery to 80.
	...[40, 80].map((max): Fillable => ({
		standIn: shortBranch(KIT_BRANCH, max),
		text: deploy((d) => d.branch && shortBranch(d.branch, max)),
		escaped: true,
		marks: 'branch',
	})),
	{
		standIn: shortCommit(KIT_COMMIT)!,
		text: deploy((d) => shortCommit(d.commit)),
		escaped: true,
		marks: 'commit',
	},
	{ standIn: KIT_DEPLOY_URL, text: deploy((d) => d.deployUrl), escaped: true, marks: 'deploy-url' },
	{ standIn: KIT_BUILT_AT, text: deploy((d) => d.builtAt), escaped: true },
	{ standIn: shownTime(KIT_BUILT_AT), text: deploy((d) => shownTime(d.builtAt)), escaped: true },
];

/** The kit's two builds: production (no banner, no gallery) and a preview. */
export type KitVariant = 'production' | 'preview';

/** The options of the kit's builds: the stand-in name, and every locale, the default (`en`) first. */
export const kitOptions = (only: readonly Locale[] = locales): FallbackOptions => ({
	site: { name: KIT_NAME },
	locales: [...only],
});

/** The environment of the kit's builds: a Netlify build with every value a stand-in. */
export function kitEnv(variant: KitVariant): Record<string, string> {
	return {
		NETLIFY: 'true',
		CONTEXT: variant === 'production' ? 'production' : KIT_CONTEXT,
		URL: KIT_URL,
		BRANCH: KIT_BRANCH,
		COMMIT_REF: KIT_COMMIT,
		DEPLOY_PRIME_URL: KIT_DEPLOY_URL,
		SOURCE_DATE_EPOCH: String(KIT_EPOCH),
	};
}

/** Whether a text holds a stand-in: every one of them but the commit and the time holds this. */
export const holdsStandIn = (text: string): boolean =>
	/zzkit|Zzkit/.test(text) || fillables.some((fillable) => text.includes(fillable.standIn));
