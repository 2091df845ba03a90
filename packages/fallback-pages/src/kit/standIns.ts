/**
 * The prebuilt pages (the kit): Fallback's embedded pages with the default look, built by Astro once
 * when the Netlify plugin is packed, in every locale, with these stand-ins where a site's own values
 * go. applyKit puts each site's values in their place, so that the plugin needs no Astro to deploy
 * them. Each stand-in is a word no page text holds; the kit's build checks that.
 */
import { locales } from '../i18n';
import type { FallbackOptions } from '../config/options';

/** The pages' folder (`base`). */
export const KIT_BASE = '/zzkitbasezz/';
/** The site's name. */
export const KIT_NAME = 'Zzkitnamezz';
/** The site's address (Netlify's `URL`), and its host. */
export const KIT_HOST = 'zzkithostzz.invalid';
export const KIT_URL = `https://${KIT_HOST}`;
/** A preview's context, branch, commit, deploy address and build time. */
export const KIT_CONTEXT = 'zzkitcontextzz';
export const KIT_BRANCH = 'zzkitbranchzz';
export const KIT_COMMIT = 'fa11bac0ffee0000000000000000000000000000';
export const KIT_DEPLOY_URL = 'https://zzkitdeployzz.invalid';
/** 2001-02-03T04:05:06Z. */
export const KIT_EPOCH = 981173106;

/** The kit's two builds: production (no banner, no gallery) and a preview. */
export type KitVariant = 'production' | 'preview';

/** The options of the kit's builds: every locale, the default one (`en`) first, and the stand-in name. */
export const kitOptions: FallbackOptions = { site: { name: KIT_NAME }, locales: [...locales] };

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

/** What marks a stand-in left unfilled: every one of them but the commit holds it. */
export const STAND_IN_MARK = /zzkit|Zzkit/;
