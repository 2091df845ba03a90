// @ts-check
/**
 * The work of onPostBuild (index.js): Fallback's pages into the publish folder and their rules into
 * Netlify's config, after the site's own.
 *
 * - Options: the site's config file (fallback.config.mjs, checked as `fallback-pages build` checks
 *   it), then the plugin's inputs for the common ones (name, accent, locales, base); a wrong one
 *   fails the build naming it, before anything is written.
 * - Pages: built from the installed fallback-pages into `<publish>/<base>` (default /fallback/),
 *   which holds their route contract; a folder of the site's own there stops the build. Nothing is
 *   written into the repository, so a version bump is the whole update.
 * - Rules: Fallback's `_redirects` and `_headers` text (a pure function of the contract), read by
 *   Netlify's own parsers and pushed onto `netlifyConfig.redirects` and `netlifyConfig.headers`.
 *   Netlify applies those after the `_redirects` file and netlify.toml's rules, so the site's rules
 *   (and a framework's) answer first and Fallback's catch-all comes last.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';

/** @typedef {import('@netlify/build').NetlifyPluginUtils} NetlifyPluginUtils */
/** @typedef {import('@netlify/build').NetlifyConfig} NetlifyConfig */
/** @typedef {import('fallback-pages/embed').FallbackOptions} FallbackOptions */

/**
 * What placePages needs of Netlify: the config it may change, and the build's failure.
 * @typedef {object} PlaceOptions
 * @property {Record<string, unknown>} inputs
 * @property {string} publishDir constants.PUBLISH_DIR
 * @property {Pick<NetlifyConfig, 'redirects' | 'headers'>} netlifyConfig
 * @property {Pick<NetlifyPluginUtils, 'build'>} utils
 * @property {(line: string) => void} [log]
 */

/**
 * The options with the inputs that set one: the inputs win over the file.
 * @param {FallbackOptions} options
 * @param {Record<string, unknown>} inputs
 * @returns {FallbackOptions}
 */
export function withInputs(options, inputs) {
	const { name, locales } = inputs;
	const colours = Object.fromEntries(
		brandInputs.filter((key) => inputs[key] !== undefined).map((key) => [key, inputs[key]]),
	);
	return /** @type {FallbackOptions} */ ({
		...options,
		...(name !== undefined ? { site: { ...options.site, name } } : {}),
		...(Object.keys(colours).length > 0 ? { brand: { ...options.brand, ...colours } } : {}),
		...(locales !== undefined ? { locales } : {}),
	});
}

/** The inputs that set a colour of the brand (brand.accent, brand.text, brand.background). */
const brandInputs = ['accent', 'text', 'background'];

/** Every input that sets an option. */
const optionInputs = ['name', ...brandInputs, 'locales', 'base'];

/**
 * Rules as Netlify's own parsers read them from a file: netlify.toml's shape (`minimal`), ready for
 * netlifyConfig.
 * @param {string} redirects `_redirects` text
 * @param {string} headers `_headers` text
 */
async function readRules(redirects, headers) {
	const folder = await mkdtemp(join(tmpdir(), 'fallback-rules-'));
	try {
		await writeFile(join(folder, '_redirects'), redirects);
		await writeFile(join(folder, '_headers'), headers);
		const parsedRedirects = await parseAllRedirects({
			redirectsFiles: [join(folder, '_redirects')],
			configRedirects: [],
			minimal: true,
		});
		const parsedHeaders = await parseAllHeaders({
			headersFiles: [join(folder, '_headers')],
			configHeaders: [],
			minimal: true,
		});
		const errors = [...parsedRedirects.errors, ...parsedHeaders.errors];
		if (errors.length > 0)
			throw new Error(`Netlify's parsers refused Fallback's rules: ${errors.join('; ')}`);
		// netlify.toml's shape, which is what `minimal` returns.
		return {
			redirects: /** @type {NetlifyConfig['redirects']} */ (
				/** @type {unknown} */ (parsedRedirects.redirects)
			),
			headers: /** @type {NetlifyConfig['headers']} */ (/** @type {unknown} */ (parsedHeaders.headers)),
		};
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
}

/**
 * The site's own rule that answers every path before Fallback's catch-all (an SPA's `/* /index.html
 * 200`): from the publish folder's `_redirects` and netlify.toml's rules, as Netlify reads them.
 * @param {string} publishDir
 * @param {NetlifyConfig['redirects']} configRedirects
 */
async function siteCatchAll(publishDir, configRedirects) {
	const file = join(publishDir, '_redirects');
	const { redirects } = await parseAllRedirects({
		redirectsFiles: existsSync(file) ? [file] : [],
		// Typed as strings by the parser, read as netlify.toml's objects (normalize.js).
		configRedirects: /** @type {string[]} */ (/** @type {unknown} */ (configRedirects)),
		minimal: true,
	});
	return /** @type {{ from: string, to?: string, status?: number }[]} */ (redirects).find(
		(rule) => rule.from === '/*' && (rule.status ?? 301) >= 200 && (rule.status ?? 301) < 300,
	);
}

/**
 * Places the pages and adds their rules; resolves to the pages' folder (`/fallback/`). A problem
 * with the options or the folder fails the build through utils.build.failBuild.
 * @param {PlaceOptions} options
 * @returns {Promise<string>}
 */
export async function placePages({ inputs, publishDir, netlifyConfig, utils, log = console.log }) {
	// As `astro build` does before it loads anything: React and Vite in their production modes.
	process.env['NODE_ENV'] = 'production';
	/** @type {typeof import('fallback-pages/embed')} */
	let embed;
	try {
		embed = await import('fallback-pages/embed');
	} catch (error) {
		return utils.build.failBuild(
			`Fallback: could not load fallback-pages with Node ${process.versions.node} (it needs Node >= 22.12; set NODE_VERSION): ${error instanceof Error ? error.message : String(error)}`,
		);
	}
	const configFile = typeof inputs['config'] === 'string' ? inputs['config'] : undefined;
	let options;
	let source;
	try {
		const read = await embed.readConfigFile(configFile);
		source = read.source;
		options = withInputs(read.options, inputs);
	} catch (error) {
		return utils.build.failBuild(`Fallback: ${error instanceof Error ? error.message : String(error)}`);
	}
	const problems = embed.optionProblems(options);
	const base = typeof inputs['base'] === 'string' ? inputs['base'] : undefined;
	const baseProblem = base === undefined ? undefined : embed.embedPrefixProblem(base);
	if (baseProblem) problems.push(`input base ${baseProblem}`);
	if (problems.length > 0) {
		return utils.build.failBuild(
			`Fallback: the options (${source} and [plugins.inputs]) are not valid:\n${problems.join('\n')}`,
		);
	}
	const folder = embed.embedBase(base, options.base ?? '/');
	// The publish folder as the build log shows paths: relative to the base directory, when inside it.
	const near = relative(process.cwd(), publishDir);
	const shownFolder = join(near.startsWith('..') ? publishDir : near || '.', folder);
	try {
		embed.checkPagesFolder(publishDir, folder, shownFolder);
	} catch (error) {
		return utils.build.failBuild(`Fallback: ${error instanceof Error ? error.message : String(error)}`);
	}

	const given = optionInputs.filter((name) => inputs[name] !== undefined);
	const sources = [
		...(source === 'defaults' ? [] : [source]),
		...(given.length > 0 ? [`the inputs ${given.join(', ')}`] : []),
	];
	log(`Fallback: building the pages for ${folder} with ${sources.join(' and ') || 'the default options'} …`);
	/** @type {import('fallback-pages/embed').EmbeddedPages} */
	let built;
	try {
		built = await embed.buildEmbedded(options, folder, (line) => log(`Fallback: ${line}`));
	} catch (error) {
		return utils.build.failBuild(
			`Fallback: the pages could not be built: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
	try {
		await built.place(publishDir);
		const catchAll = await siteCatchAll(publishDir, netlifyConfig.redirects);
		const rules = await readRules(built.rules._redirects, built.rules._headers);
		netlifyConfig.redirects.push(...rules.redirects);
		netlifyConfig.headers.push(...rules.headers);
		log(
			`Fallback: ${built.pages} pages in ${shownFolder} (${built.seconds.toFixed(1)} s); ${rules.redirects.length} rules and ${rules.headers.length} header rules added after the site's own`,
		);
		if (catchAll) {
			log(
				`Fallback: note: the site's rule "${catchAll.from} ${catchAll.to ?? ''} ${catchAll.status ?? ''}" answers every path before Fallback's rules, so unknown paths get the site's answer, not Fallback's not-found page. Still Fallback's: its pages at ${folder} with their statuses and languages, and anything the site's rules do not catch.`,
			);
		}
	} finally {
		await built.dispose();
	}
	return folder;
}
