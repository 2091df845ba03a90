/**
 * Adding Fallback's pages to a site's publish folder, and taking them out again: what the command
 * `fallback-pages embed` does, each step told to a reporter (the command prints it). Everything is
 * checked before anything is written, so a refusal leaves the site as it was.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { parseHostOptions } from '../config/hostOptions';
import type { FallbackOptions } from '../config/options';
import { CONTRACT_NAME } from '../contract/contract';
import { holdsContract, mayReplace, readContractFile } from '../contract/contractFile';
import { netlifyRuleFiles } from '../contract/fromCatalog';
import { FallbackError, UsageError } from '../errors';
import { siteModeFiles } from '../hosts/index';
import { headersText, redirectsText } from '../hosts/netlify';
import { writeSiteModeHosts } from '../integration/buildSteps';
import { removeBlock, splitRules, writeBlock } from '../integration/ruleFiles';
import { shown } from './configFile';
import { buildEmbedded } from './pages';
import { siteShell } from './siteShell';
import { ruleLine, siteCatchAll, type RedirectRule } from './siteCatchAll';
import { checkPagesFolder } from './rules';
import { siteNotFoundLines, siteNotFoundPages, type NotFoundChoice } from './siteNotFound';

export interface EmbedRequest {
	/** The publish folder (resolved), and as the user named it, for the lines told. */
	publish: string;
	shownPublish: string;
	/** The pages' folder in the site: `/fallback/`. */
	base: string;
	options: FallbackOptions;
	/** Who answers unknown paths outside `base` where the site has its own 404.html. */
	notFound: NotFoundChoice;
	/** For a site on its own server: where its site-mode files go, instead of the rule blocks. */
	hostsDir?: string | undefined;
}

/** Where the steps are told: `info` and `warn` lines of embed's, `notice` lines of the build's. */
export interface EmbedReporter {
	info(line: string): void;
	warn(line: string): void;
	notice(line: string): void;
}

/** The site's rule files as they are, checked: a block of Fallback's edited by hand stops it. */
async function checkedRuleTexts({ publish, shownPublish, base, hostsDir }: EmbedRequest) {
	checkPagesFolder(publish, base, join(shownPublish, base));
	if (hostsDir) checkHostsFolder(publish, hostsDir);
	const texts = new Map<string, string | undefined>();
	for (const name of netlifyRuleFiles) {
		const file = join(publish, name);
		const text = existsSync(file) ? await readFile(file, 'utf8') : undefined;
		try {
			splitRules(text, join(shownPublish, name));
		} catch (error) {
			throw new FallbackError(`${(error as Error).message} Nothing was written.`);
		}
		texts.set(name, text);
	}
	return texts;
}

/** Builds the pages into `base` of the publish folder, with their rules or the site-mode files. */
export async function embedInto(request: EmbedRequest, report: EmbedReporter): Promise<void> {
	const { publish, shownPublish, base, options, notFound, hostsDir } = request;
	const ruleTexts = await checkedRuleTexts(request);
	const shell = await siteShell(publish, base);
	for (const line of shell?.lines ?? []) {
		if (line.startsWith('warning:')) report.warn(line);
		else report.info(line);
	}
	report.info(`building the pages for ${base} …`);
	const built = await buildEmbedded(options, base, report.notice, undefined, shell);
	try {
		await built.place(publish);
		report.info(
			`${built.pages} pages in ${join(shownPublish, base)} (built in ${built.seconds.toFixed(1)} s; ${built.gallery ? `review gallery: ${base}` : 'no gallery: a production build'})`,
		);
		if (hostsDir) {
			await writeServerFiles(request, hostsDir, report);
			return;
		}
		const sitePages = notFound === 'site' ? siteNotFoundPages(publish, base) : [];
		const rules = {
			_redirects: redirectsText(siteNotFoundLines(built.rules.redirects, sitePages)),
			_headers: headersText(built.rules.headers),
		};
		if (sitePages.length > 0) {
			const where = sitePages.includes('404.html')
				? `its unknown paths outside ${base}`
				: `the unknown paths under ${sitePages.map((file) => `/${dirname(file)}/`).join(', ')}`;
			report.info(
				`the site's own ${sitePages.join(', ')} answer${sitePages.length > 1 ? '' : 's'} ${where}, as before (--not-found fallback puts Fallback's not-found page there instead)`,
			);
		}
		for (const name of netlifyRuleFiles) {
			const { existed, moved } = await writeBlock(join(publish, name), rules[name]);
			report.info(`Fallback's rules ${existed ? 'at the end of' : 'in a new'} ${join(shownPublish, name)}`);
			if (moved.length > 0) {
				report.warn(
					`${name}: ${moved.length} rule(s) of the site's stood after Fallback's block, where they never applied; the block now comes after them: ${moved.join(' | ')}`,
				);
			}
		}
	} finally {
		await built.dispose();
	}
	// The site's rules: before Fallback's block, and those that stood after it (the block now
	// follows them).
	const site = splitRules(ruleTexts.get('_redirects'), '_redirects');
	const catchAll = siteCatchAll(await redirectRules(`${site.before}\n${site.after}`));
	if (catchAll) {
		report.warn(
			`warning: the site's rule "${ruleLine(catchAll)}" answers every path before Fallback's rules: unknown paths get the site's answer, not Fallback's not-found page. Fallback's pages still answer at ${base} with their statuses.`,
		);
	}
}

/** The site's redirect rules (`_redirects` text), as Netlify's parser reads them; the lines it refuses left out. */
async function redirectRules(text: string): Promise<RedirectRule[]> {
	const folder = await mkdtemp(join(tmpdir(), 'fallback-redirects-'));
	try {
		await writeFile(join(folder, '_redirects'), text);
		const { redirects } = await parseAllRedirects({
			redirectsFiles: [join(folder, '_redirects')],
			configRedirects: [],
			minimal: true,
		});
		return redirects as RedirectRule[];
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
}

/**
 * Refuses a hosts folder inside the publish folder (the server would serve its configs as the
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
	{ publish: target, shownPublish: into, base, options }: EmbedRequest,
	hostsDir: string,
	report: EmbedReporter,
): Promise<void> {
	const contract = readContractFile(join(target, base, CONTRACT_NAME));
	await writeSiteModeHosts(hostsDir, contract, parseHostOptions(options.hosts));
	const where = shown(hostsDir);
	report.info(
		`the site-mode files in ${where}/: ${siteModeFiles.map((file) => `${file.path} (${file.where})`).join(', ')}, for the server whose root is ${into}; and the route contract (${CONTRACT_NAME}, for verify)`,
	);
	for (const name of netlifyRuleFiles) {
		if (await removeBlock(join(target, name))) {
			report.info(
				`took Fallback's rules out of ${join(into, name)}: the site's own server does not read them`,
			);
		}
	}
	const sitePages = siteNotFoundPages(target, base);
	if (sitePages.length > 0) {
		report.info(
			`on the server, Fallback's not-found page answers the unknown paths outside ${base}; to keep the site's own ${sitePages.join(', ')} there, keep your block's own directive for 404 (nginx: error_page 404 /404.html; before the include; Apache: ErrorDocument 404 /404.html after the Include; Caddy has none for one status); verify then names it`,
		);
	}
}

/** Takes out the pages' folder (when it is Fallback's), the rule blocks and the hosts folder. */
export async function removeEmbedded(request: EmbedRequest, report: EmbedReporter): Promise<void> {
	await checkedRuleTexts(request);
	const { publish: target, shownPublish: into, base, hostsDir } = request;
	const pagesDir = join(target, base);
	let removed = 0;
	if (existsSync(pagesDir) && mayReplace(pagesDir)) {
		await rm(pagesDir, { recursive: true });
		report.info(`removed ${join(into, base)}`);
		removed += 1;
	}
	for (const name of netlifyRuleFiles) {
		if (await removeBlock(join(target, name))) {
			report.info(`took Fallback's rules out of ${join(into, name)}`);
			removed += 1;
		}
	}
	if (hostsDir && holdsContract(hostsDir)) {
		await rm(hostsDir, { recursive: true });
		report.info(`removed ${shown(hostsDir)}/`);
		removed += 1;
	}
	if (removed === 0) report.info(`nothing of Fallback's in ${into} (base ${base}); nothing was changed`);
}
