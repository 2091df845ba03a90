/**
 * What embedded pages are, and the part of them known before anything is built: their contract and
 * its Netlify rules, from the options alone. Astro builds the pages (pages.ts), or the kit
 * gives them (kit/prebuilt.ts); either way the pages' folder holds this contract.
 */
import { join } from 'node:path';
import { CONTRACT_NAME } from '../contract/contract';
import { contractJson, mayReplace } from '../contract/contractFile';
import { netlifyFiles } from '../hosts/netlify';
import { parseOptions, type FallbackOptions } from '../config/options';
import { readDeploy } from '../config/deploy';
import { optionsContract } from '../contract/fromOptions';
import { FallbackError } from '../errors';

export interface EmbeddedPages {
	/** Fallback's rules for the site's `_redirects` and `_headers`, by file name. */
	rules: { _redirects: string; _headers: string };
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

/** What embedded pages answer, known before they are built: their contract and its Netlify rules. */
export interface EmbeddedRules {
	/** The route contract, as the build writes it into the pages' folder (`contract.json`). */
	contract: string;
	/** The pages' folder: `/fallback/`. */
	base: string;
	rules: { _redirects: string; _headers: string };
}

/**
 * The rules of the pages for `base` with `options`, from the options alone (nothing is built):
 * what the Netlify build plugin hands Netlify before the site's build runs. The pages' build
 * (buildEmbedded) writes this same contract.
 */
export function embeddedRules(options: FallbackOptions, base: string): EmbeddedRules {
	const parsed = parseOptions({ ...options, base }, 'the options');
	const contract = optionsContract(parsed, { embedded: true, preview: readDeploy(parsed).isPreview });
	const [redirects, headers] = netlifyFiles(contract, { everyPath: false });
	return {
		contract: contractJson(contract),
		base,
		rules: { _redirects: redirects!.content, _headers: headers!.content },
	};
}
