/**
 * Fallback's pages for a site that is not Fallback's, built once and then placed: by `embed` into a
 * publish folder with its rules in the site's rule files, by the Netlify build plugin into the
 * publish folder with its rules in Netlify's config. The pages' folder holds the route contract;
 * the rules are a pure function of it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTRACT_NAME } from '../contract/contract';
import { contractJson, readContractFile } from '../contract/contractFile';
import { netlifyFiles } from '../hosts/netlify';
import { parseOptions, type FallbackOptions } from '../config/options';
import { readDeploy } from '../config/deploy';
import { optionsContract } from '../contract/fromOptions';
import { astroBuild } from './buildPages';
import { CommandError } from './args';

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

/** A folder of the site Fallback may replace: absent, empty, or holding Fallback's contract. */
export function ownsFolder(folder: string): boolean {
	if (!existsSync(folder)) return true;
	if (!statSync(folder).isDirectory()) return false;
	return readdirSync(folder).length === 0 || existsSync(join(folder, CONTRACT_NAME));
}

/** Refuses, before anything is built, a pages' folder that is the site's own. */
export function checkPagesFolder(publish: string, base: string, shown: string): void {
	if (!ownsFolder(join(publish, base))) {
		throw new CommandError(
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

/** Builds the pages for `base` (`/fallback/`) with `options`. */
export async function buildEmbedded(
	options: FallbackOptions,
	base: string,
	notice?: (line: string) => void,
): Promise<EmbeddedPages> {
	const started = performance.now();
	const { work, outDir } = await astroBuild(
		{ ...options, base },
		{ embedded: true, ...(notice ? { notice } : {}) },
	);
	const built = join(outDir, base);
	const contract = readContractFile(join(built, CONTRACT_NAME));
	const [redirects, headers] = netlifyFiles(contract, { everyPath: false });
	return {
		rules: { _redirects: redirects!.content, _headers: headers!.content },
		contract: readFileSync(join(built, CONTRACT_NAME), 'utf8'),
		pages: readdirSync(built, { recursive: true }).filter((name) => String(name).endsWith('.html')).length,
		gallery: contract.galleries !== false,
		seconds: (performance.now() - started) / 1000,
		async place(publish) {
			const target = join(publish, base);
			await rm(target, { recursive: true, force: true });
			await cp(built, target, { recursive: true });
		},
		dispose: () => rm(work, { recursive: true, force: true }),
	};
}

/** The site's own rule that answers every path (an SPA's `/*  /index.html  200`), if any. */
export function siteCatchAll(redirects: string): string | undefined {
	return redirects
		.split('\n')
		.map((line) => line.trim())
		.find((line) => /^\/\*\s/.test(line));
}
