/**
 * `fallback-pages embed --into <folder> [--base /fallback/] [--config file] [--remove]`: adds
 * Fallback's pages to a site's publish folder (or the folder copied into it, such as `public/`),
 * for sites that deploy elsewhere than Netlify or commit their output. On Netlify, the build plugin
 * (netlify-plugin-fallback-pages) does the same on every deploy, with nothing committed.
 *
 * - The pages go in their folder (`<folder>/fallback/`, which holds the route contract); a run
 *   replaces exactly what an earlier run wrote there, and refuses a folder that is the site's.
 * - Fallback's rules go in one block at the end of the site's `_redirects` and `_headers` (created
 *   when absent); a run replaces its block and keeps it last, every line of the site's as it is.
 * - The site's own `404.html` (and `de/404.html`…) keeps answering its unknown paths: Fallback's
 *   catch-all is left out of the block (embed/siteNotFound.ts), and the output says so; `--not-found
 *   fallback` keeps Fallback's not-found page in charge instead.
 * - `--hosts <folder>`, for a site served by its own nginx, Caddy or Apache: the site-mode files
 *   for the pages where they are, and the route contract, go into that folder (outside the publish
 *   folder) instead of the rule blocks, which only Netlify-style hosts read.
 * - `--remove` takes the folder and the blocks (and the `--hosts` folder) out again: the site is as
 *   it was before.
 * - The pages carry no inline code, so a strict site-wide CSP such as `default-src 'self'` holds.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { embedBase, embedPrefixProblem } from '../config/embed';
import { CONTRACT_NAME } from '../contract/contract';
import { holdsContract, mayReplace, readContractFile } from '../contract/contractFile';
import { netlifyRuleFiles } from '../contract/fromCatalog';
import { siteModeFiles } from '../hosts/index';
import { parseHostOptions } from '../config/hostOptions';
import { writeSiteModeHosts } from '../integration/buildSteps';
import { removeBlock, splitRules, writeBlock } from '../integration/ruleFiles';
import { readArgs } from './args';
import { FallbackError, UsageError } from '../errors';
import { readConfigFile, shown } from '../embed/configFile';
import { buildEmbedded, siteCatchAll } from '../embed/pages';
import { checkPagesFolder } from '../embed/rules';
import { notFoundChoices, siteNotFoundPages, siteNotFoundText } from '../embed/siteNotFound';
import { embedUsage } from './usage';

export async function embedCommand(argv: string[]): Promise<number> {
	const { values } = readArgs('embed', argv, {
		into: { type: 'string' },
		base: { type: 'string' },
		config: { type: 'string' },
		remove: { type: 'boolean' },
		'not-found': { type: 'string' },
		hosts: { type: 'string' },
	});
	if (values.help) {
		console.log(embedUsage);
		return 0;
	}
	if (!values.into)
		throw new UsageError('say where the site is: --into <publish folder> (see fallback-pages embed --help)');
	if (values.base !== undefined) {
		const problem = embedPrefixProblem(values.base);
		if (problem) throw new UsageError(`--base ${problem}`);
	}
	if (values.hosts !== undefined && values['not-found'] !== undefined)
		throw new UsageError(
			"--not-found chooses Fallback's rules, which --hosts does not write: on your own server, your block's own directive for 404 decides (see fallback-pages embed --help)",
		);
	const notFound = values['not-found'] ?? 'site';
	if (!notFoundChoices.some((choice) => choice === notFound))
		throw new UsageError(
			`--not-found takes ${notFoundChoices.join(' or ')}, not ${JSON.stringify(notFound)}`,
		);
	const target = resolve(values.into);
	if (!existsSync(target) || !statSync(target).isDirectory())
		throw new UsageError(`${values.into} is not a folder`);
	const { options } = await readConfigFile(values.config);
	const base = embedBase(values.base, options.base ?? '/');
	const shownPages = join(values.into, base);

	const hostsDir = values.hosts === undefined ? undefined : resolve(values.hosts);

	// Everything is checked before anything is written: a refusal leaves the site as it was.
	checkPagesFolder(target, base, shownPages);
	if (hostsDir) checkHostsFolder(target, hostsDir);
	const ruleTexts = new Map<string, string | undefined>();
	for (const name of netlifyRuleFiles) {
		const file = join(target, name);
		const text = existsSync(file) ? await readFile(file, 'utf8') : undefined;
		try {
			splitRules(text, join(values.into, name));
		} catch (error) {
			throw new FallbackError(`${(error as Error).message} Nothing was written.`);
		}
		ruleTexts.set(name, text);
	}

	if (values.remove) return remove(target, values.into, base, hostsDir);

	console.log(`embed: building the pages for ${base} …`);
	const built = await buildEmbedded(options, base, (line) => console.log(`fallback-pages: ${line}`));
	try {
		await built.place(target);
		console.log(
			`embed: ${built.pages} pages in ${shownPages} (built in ${built.seconds.toFixed(1)} s; ${built.gallery ? `review gallery: ${base}` : 'no gallery: a production build'})`,
		);
		if (hostsDir) {
			await writeServerFiles(target, values.into, base, hostsDir, options.hosts);
			return 0;
		}
		const sitePages = notFound === 'site' ? siteNotFoundPages(target, base) : [];
		const rules = { ...built.rules, _redirects: siteNotFoundText(built.rules._redirects, sitePages) };
		if (sitePages.length > 0) {
			const where = sitePages.includes('404.html')
				? `its unknown paths outside ${base}`
				: `the unknown paths under ${sitePages.map((file) => `/${dirname(file)}/`).join(', ')}`;
			console.log(
				`embed: the site's own ${sitePages.join(', ')} answer${sitePages.length > 1 ? '' : 's'} ${where}, as before (--not-found fallback puts Fallback's not-found page there instead)`,
			);
		}
		for (const name of netlifyRuleFiles) {
			const { existed, moved } = await writeBlock(join(target, name), rules[name]);
			console.log(
				`embed: Fallback's rules ${existed ? 'at the end of' : 'in a new'} ${join(values.into, name)}`,
			);
			if (moved.length > 0) {
				console.warn(
					`embed: ${name}: ${moved.length} rule(s) of the site's stood after Fallback's block, where they never applied; the block now comes after them: ${moved.join(' | ')}`,
				);
			}
		}
	} finally {
		await built.dispose();
	}
	const catchAll = siteCatchAll(splitRules(ruleTexts.get('_redirects'), '_redirects').before);
	if (catchAll) {
		console.warn(
			`embed: warning: the site's rule "${catchAll}" answers every path before Fallback's rules: unknown paths get the site's answer, not Fallback's not-found page. Fallback's pages still answer at ${base} with their statuses.`,
		);
	}
	return 0;
}

/**
 * Refuses a `--hosts` folder inside the publish folder (the server would serve its configs as the
 * site's files) or one that is not Fallback's.
 */
function checkHostsFolder(publish: string, hostsDir: string): void {
	const within = (outer: string, inner: string) => {
		const path = relative(outer, inner);
		return path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
	};
	if (within(publish, hostsDir)) {
		throw new UsageError(
			`--hosts ${shown(hostsDir)} is inside the publish folder, where the server would serve the configs as files of the site; choose a folder beside it (fallback-hosts)`,
		);
	}
	if (within(hostsDir, publish)) {
		throw new UsageError(
			`--hosts ${shown(hostsDir)} holds the publish folder, which a later run would replace with the configs; choose a folder beside it (fallback-hosts)`,
		);
	}
	if (!mayReplace(hostsDir)) {
		throw new FallbackError(
			`${shown(hostsDir)} exists and is not Fallback's (no ${CONTRACT_NAME} in it); nothing was written. Choose another folder with --hosts.`,
		);
	}
}

/**
 * `--hosts`: a site served by its own nginx, Caddy or Apache. The site-mode files for the pages
 * where they are (the publish folder being the server's root) and the route contract go into
 * `hostsDir`; an earlier run's rule blocks come out, since such a server reads no `_redirects`
 * and would serve them as files.
 */
async function writeServerFiles(
	target: string,
	into: string,
	base: string,
	hostsDir: string,
	hosts: unknown,
): Promise<void> {
	const contract = readContractFile(join(target, base, CONTRACT_NAME));
	await writeSiteModeHosts(hostsDir, contract, parseHostOptions(hosts));
	const where = shown(hostsDir);
	console.log(
		`embed: the site-mode files in ${where}/: ${siteModeFiles.map((file) => `${file.path} (${file.where})`).join(', ')}, for the server whose root is ${into}; and the route contract (${CONTRACT_NAME}, for verify)`,
	);
	for (const name of netlifyRuleFiles) {
		if (await removeBlock(join(target, name))) {
			console.log(
				`embed: took Fallback's rules out of ${join(into, name)}: the site's own server does not read them`,
			);
		}
	}
	const sitePages = siteNotFoundPages(target, base);
	if (sitePages.length > 0) {
		console.log(
			`embed: on the server, Fallback's not-found page answers the unknown paths outside ${base}; to keep the site's own ${sitePages.join(', ')} there, keep your block's own directive for 404 (nginx: error_page 404 /404.html; before the include; Apache: ErrorDocument 404 /404.html after the Include; Caddy has none for one status); verify then names it`,
		);
	}
}

/** `--remove`: the pages' folder (when it is Fallback's), the rule blocks and the `--hosts` folder. */
async function remove(target: string, into: string, base: string, hostsDir?: string): Promise<number> {
	const pagesDir = join(target, base);
	let removed = 0;
	if (existsSync(pagesDir) && mayReplace(pagesDir)) {
		await rm(pagesDir, { recursive: true });
		console.log(`embed: removed ${join(into, base)}`);
		removed += 1;
	}
	for (const name of netlifyRuleFiles) {
		if (await removeBlock(join(target, name))) {
			console.log(`embed: took Fallback's rules out of ${join(into, name)}`);
			removed += 1;
		}
	}
	if (hostsDir && holdsContract(hostsDir)) {
		await rm(hostsDir, { recursive: true });
		console.log(`embed: removed ${shown(hostsDir)}/`);
		removed += 1;
	}
	if (removed === 0)
		console.log(`embed: nothing of Fallback's in ${into} (base ${base}); nothing was changed`);
	return 0;
}
