/**
 * `fallback-pages embed --into <folder> [--prefix /fallback/] [--config file]`: adds Fallback's
 * pages to an existing site's publish folder (or the folder copied into it, such as `public/`).
 *
 * - The pages, stylesheet and script go under the prefix (`<folder>/fallback/`); the command
 *   refuses to start if that folder exists, and never replaces a file.
 * - Fallback's rules are appended to the end of the site's `_redirects` and `_headers` (created
 *   when absent): every existing line stays as it is, and the site's own rules keep winning.
 * - The pages carry no inline code, so a strict site-wide CSP such as `default-src 'self'` holds.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEFAULT_EMBED_PREFIX, EMBED_MARK, EMBED_PREFIX_VARIABLE, embedPrefixProblem } from '../config/embed';
import { CommandError, readArgs, UsageError } from './args';
import { readConfigFile } from './configFile';
import { astroBuild } from './buildPages';
import { netlifyRuleFiles } from '../contract/fromCatalog';
import { appendBlock } from '../integration/ruleFiles';

export const embedUsage = `Usage: fallback-pages embed --into <folder> [options]

Adds the pages to an existing site's publish folder, under a prefix, and appends Fallback's rules
to the end of its _redirects and _headers (the site's own rules keep winning).

  --into <folder>   the site's publish folder (or the folder copied into it, such as public/)
  --prefix <path>   the pages' folder in the site (default ${DEFAULT_EMBED_PREFIX})
  --config <file>   the options (default fallback.config.mjs; without it, the defaults)
  -h, --help        this text`;

export async function embedCommand(argv: string[]): Promise<number> {
	const { values } = readArgs('embed', argv, {
		into: { type: 'string' },
		prefix: { type: 'string', default: DEFAULT_EMBED_PREFIX },
		config: { type: 'string' },
	});
	if (values.help) {
		console.log(embedUsage);
		return 0;
	}
	if (!values.into)
		throw new UsageError('say where the site is: --into <publish folder> (see fallback-pages embed --help)');
	const target = resolve(values.into);
	const prefix = values.prefix;
	const prefixProblem = embedPrefixProblem(prefix);
	if (prefixProblem) throw new UsageError(`--prefix ${prefixProblem}`);
	if (!existsSync(target) || !statSync(target).isDirectory())
		throw new UsageError(`${values.into} is not a folder`);
	const { options } = await readConfigFile(values.config);

	// Everything is checked before anything is written: a refusal leaves the site as it was.
	const pagesDir = join(target, prefix);
	if (existsSync(pagesDir)) {
		throw new CommandError(
			`${join(values.into, prefix)} already exists; nothing was written. Remove it (and Fallback's block at the end of _redirects and _headers) to embed again.`,
		);
	}
	for (const name of netlifyRuleFiles) {
		const file = join(target, name);
		if (existsSync(file) && readFileSync(file, 'utf8').includes(EMBED_MARK)) {
			throw new CommandError(
				`${name} already holds Fallback's rules; nothing was written. Remove that block to embed again.`,
			);
		}
	}
	const siteRedirects = join(target, '_redirects');
	const catchAll = existsSync(siteRedirects)
		? readFileSync(siteRedirects, 'utf8')
				.split('\n')
				.findIndex((line) => /^\s*\/\*\s/.test(line))
		: -1;

	console.log(`embed: building the pages for ${prefix} …`);
	const started = Date.now();
	process.env[EMBED_PREFIX_VARIABLE] = prefix;
	const { work, outDir: build } = await astroBuild(options);
	console.log(`embed: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	try {
		const pageFiles = readdirSync(build).filter(
			(name) => !(netlifyRuleFiles as readonly string[]).includes(name),
		);
		for (const name of pageFiles) {
			cpSync(join(build, name), join(pagesDir, name), { recursive: true, errorOnExist: true, force: false });
		}
		for (const name of netlifyRuleFiles) {
			const existed = await appendBlock(join(target, name), readFileSync(join(build, name), 'utf8'));
			console.log(`embed: ${existed ? "appended Fallback's rules to" : 'wrote'} ${join(values.into, name)}`);
		}
		console.log(
			`embed: wrote ${pageFiles.length} files and folders to ${join(values.into, prefix)} (gallery: ${prefix})`,
		);
	} finally {
		await rm(work, { recursive: true, force: true });
	}
	if (catchAll >= 0) {
		console.warn(
			`embed: warning: _redirects line ${catchAll + 1} already sends /* somewhere; Fallback's not-found rule comes after it and will not apply to unknown paths.`,
		);
	}
	return 0;
}
