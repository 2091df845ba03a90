/**
 * Fallback's pages for a site that is not Fallback's, built once and then placed: by `embed` into a
 * publish folder with its rules in the site's rule files, by the Netlify build plugin into the
 * publish folder with its rules in Netlify's config. The pages' folder holds the route contract;
 * the rules are a pure function of it.
 */
import type { OptionNames } from '../config/optionNames';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTRACT_NAME } from '../contract/contract';
import { readContractFile } from '../contract/contractFile';
import type { FallbackOptions } from '../config/options';
import { astroBuild } from './build';
import { embeddedNetlifyRules, type EmbeddedPages } from './rules';
import { checkShells, intoShells, type Shells } from './siteShell';

/**
 * Builds the pages for `base` (`/fallback/`) with `options`; with `shell` (the site's own 404.html,
 * an element of it marked data-fallback, and those of its language folders), each error page in
 * the shell of its language (html/shell.ts).
 */
export async function buildEmbedded(
	options: FallbackOptions,
	base: string,
	notice?: (line: string) => void,
	names?: OptionNames,
	shell?: Shells,
): Promise<EmbeddedPages> {
	if (shell) checkShells(shell);
	const started = performance.now();
	const { work, outDir } = await astroBuild(
		{ ...options, base },
		{ embedded: true, ...(notice ? { notice } : {}), names, shell: shell !== undefined },
	);
	const built = join(outDir, base);
	const contract = readContractFile(join(built, CONTRACT_NAME));
	if (shell !== undefined) {
		await intoShells(
			contract,
			shell,
			(file) => readFile(join(outDir, file), 'utf8'),
			(file, text) => writeFile(join(outDir, file), text),
		);
	}
	return {
		rules: embeddedNetlifyRules(contract),
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
