/**
 * What embedded pages are, and the part of them known before anything is built: their contract and
 * its Netlify rules, from the options alone. Astro builds the pages (pages.ts), or the kit
 * gives them (kit/prebuilt.ts); either way the pages' folder holds this contract.
 */
import { join } from 'node:path';
import { CONTRACT_NAME } from '../contract/contract';
import { contractJson, mayReplace } from '../contract/contractFile';
import {
	netlifyHeaderLines,
	netlifyRedirectLines,
	type HeaderLine,
	type RedirectLine,
} from '../hosts/netlify';
import type { RouteContract } from '../contract/contract';
import { parseOptions, type FallbackOptions, type ParsedOptions } from '../config/options';
import { readDeploy, type Deploy } from '../config/deploy';
import { optionsContract } from '../contract/fromOptions';
import { FallbackError } from '../errors';

/**
 * Fallback's Netlify rules for embedded pages, as data: the lines of the site's `_redirects` and
 * `_headers` blocks (`embed`), whose rules Netlify's config takes as they are (the plugin).
 */
export interface EmbeddedNetlifyRules {
	redirects: RedirectLine[];
	headers: HeaderLine[];
}

/** The Netlify rules of embedded pages: on their own paths and files only, never the site's. */
export const embeddedNetlifyRules = (contract: RouteContract): EmbeddedNetlifyRules => ({
	redirects: netlifyRedirectLines(contract),
	headers: netlifyHeaderLines(contract, { everyPath: false }),
});

export interface EmbeddedPages {
	/** Fallback's Netlify rules. */
	rules: EmbeddedNetlifyRules;
	/** The route contract the build wrote, as text. */
	contract: string;
	/** Pages (HTML files) built. */
	pages: number;
	/** Whether the review gallery is among them (a preview's; never in production). */
	gallery: boolean;
	seconds: number;
	/** Copies the pages' folder to `<publish>/<base>` (see placePages). */
	place(publish: string): Promise<void>;
	/** Removes the build's temp folder. */
	dispose(): Promise<void>;
}

/** Refuses, before anything is built, a pages' folder that is the site's own. */
export function checkPagesFolder(publish: string, base: string, shown: string): void {
	if (!mayReplace(join(publish, base))) {
		throw new FallbackError(
			`${shown} exists and is not Fallback's (no ${CONTRACT_NAME} in it); nothing was written. Choose another folder for the pages (base).`,
		);
	}
}

/**
 * What embedded pages answer, known before they are built: their contract and its Netlify rules,
 * with the options they follow from, parsed once.
 */
export interface EmbeddedRules {
	/** The route contract, as the build writes it into the pages' folder (`contract.json`). */
	contract: string;
	/** The pages' folder: `/fallback/`. */
	base: string;
	rules: EmbeddedNetlifyRules;
	/** The options as given, and parsed (with `base`). */
	options: FallbackOptions;
	parsed: ParsedOptions;
	/** The deploy the build is for: production, or a preview with its branch and commit. */
	deploy: Deploy;
}

/**
 * The rules of the pages for `base` with `options`, from the options alone (nothing is built):
 * what the Netlify build plugin hands Netlify before the site's build runs. The pages' build
 * (buildEmbedded) writes this same contract.
 */
export function embeddedRules(options: FallbackOptions, base: string): EmbeddedRules {
	const parsed = parseOptions({ ...options, base }, 'the options');
	const deploy = readDeploy(parsed);
	// As the pages' build has it: embedded pages have no page of the site's beside them, so the
	// option sitePages keeps none of their statuses (the site's own 404.html is the notFound choice's).
	const contract = optionsContract(parsed, { embedded: true, preview: deploy.isPreview, sitePaths: [] });
	return {
		contract: contractJson(contract),
		base,
		rules: embeddedNetlifyRules(contract),
		options,
		parsed,
		deploy,
	};
}
