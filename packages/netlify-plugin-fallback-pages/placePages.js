// @ts-check
/**
 * The plugin's work (index.js): Fallback's rules into Netlify's config in onPreBuild, its pages into
 * the publish folder in onPostBuild.
 *
 * - Options: the site's config file (fallback.config.mjs, checked as `fallback-pages build` checks
 *   it), then the plugin's inputs for the common ones (name, accent, locales, base); a wrong one
 *   fails the build naming it, before anything is written.
 * - Rules (onPreBuild): Fallback's redirect and header rules (a pure function of the contract,
 *   which follows from the options), as data in netlify.toml's shape, written to the
 *   Frameworks API file `.netlify/v1/config.json`, which Netlify reads after the build command
 *   without listing every rule in the log. The rules of Fallback's own folder go under
 *   `redirects!`, before the site's (they touch nothing of the site's, and an SPA's `/*` must not
 *   hide them); the catch-all, the API's and the rule files' after the site's `_redirects` and
 *   netlify.toml, so the site's rules keep winning everywhere else.
 * - Pages (onPostBuild): into `<publish>/<base>` (default /fallback/), which holds their route
 *   contract, the same contract the rules came from; a folder of the site's own there stops the
 *   build. With the default look (any name, address, folder and languages) they come from the kit
 *   the plugin ships, prebuilt by Astro when it was packed (dist/kit.json); other options (a
 *   brand, a logo, links…) need Astro to build them, from fallback-pages, which the site then
 *   installs beside the plugin. Nothing is written into the repository, so a version bump is the
 *   whole update.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';

/** @typedef {import('@netlify/build').NetlifyPluginUtils} NetlifyPluginUtils */
/** @typedef {import('@netlify/build').NetlifyConfig} NetlifyConfig */
/** @typedef {import('fallback-pages/embed').FallbackOptions} FallbackOptions */
/** @typedef {import('fallback-pages/embed').EmbeddedPages} EmbeddedPages */
/**
 * dist/fallback.js, bundled from fallback-pages's src/kit/forPlugin.ts (scripts/bundle.js).
 * @typedef {typeof import('../fallback-pages/src/kit/forPlugin')} Bundled
 */

/** The fallback-pages that builds pages the kit cannot make: the plugin's peer dependency. */
const PAGES_RANGE = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
	.peerDependencies['fallback-pages'];

/** The kit: Fallback's pages prebuilt with stand-ins for a site's values (scripts/bundle.js). */
const KIT_FILE = fileURLToPath(new URL('./dist/kit.json', import.meta.url));

/**
 * What placePages needs of Netlify: the config it may change, and the build's failure.
 * @typedef {object} PlaceOptions
 * @property {string} publishDir constants.PUBLISH_DIR
 * @property {string} buildDir the package's folder in the base directory: the Frameworks API
 *   file's, and where a framework's runtime keeps its own (`.netlify/static`)
 * @property {string} [functionsDir] constants.FUNCTIONS_DIST: where the build's functions and their
 *   manifest are
 * @property {Pick<NetlifyConfig, 'redirects' | 'headers'> & { plugins?: readonly { package: string }[] }} netlifyConfig
 * @property {Pick<NetlifyPluginUtils, 'build'>} utils
 * @property {(line: string) => void} [log]
 */

/**
 * The options with the inputs that set one: the inputs win over the file. Where neither names the
 * site, the pages take its name on Netlify (SITE_NAME), never Fallback's.
 * @param {FallbackOptions} options
 * @param {Record<string, unknown>} inputs
 * @param {string | undefined} [siteName] Netlify's SITE_NAME
 * @returns {FallbackOptions}
 */
export function withInputs(options, inputs, siteName = process.env['SITE_NAME']) {
	const { locales } = inputs;
	// The name: the input, else the options', else the site's name on Netlify (SITE_NAME).
	const name = inputs['name'] ?? (options.site?.name === undefined && siteName ? siteName : undefined);
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
 * The site's own rules, as Netlify reads them: the publish folder's `_redirects`, then netlify.toml's
 * and the build's (netlifyConfig.redirects), without Fallback's.
 * @param {string} publishDir
 * @param {NetlifyConfig['redirects']} configRedirects
 * @param {(rule: Record<string, unknown>) => boolean} isOurs
 */
async function siteRedirects(publishDir, configRedirects, isOurs) {
	const file = join(publishDir, '_redirects');
	const { redirects } = await parseAllRedirects({
		redirectsFiles: existsSync(file) ? [file] : [],
		// Typed as strings by the parser, read as netlify.toml's objects (normalize.js).
		configRedirects: /** @type {string[]} */ (/** @type {unknown} */ (configRedirects)),
		minimal: true,
	});
	return /** @type {Record<string, unknown>[]} */ (redirects).filter((rule) => !isOurs(rule));
}

/**
 * The build's server functions that take the paths no file answers, in Fallback's folder too: a
 * route of theirs (the `path` in their source) matches an unknown path there, and no path they
 * exclude does. Read from the manifest Netlify's functions step writes in onBuild, before
 * onPostBuild (@netlify/build's bundleFunctions, zip-it-and-ship-it's `manifest.json`). A framework
 * that renders on the server has one, with `path: '/*'` and static files first: SvelteKit's
 * `sveltekit-render`, Nuxt's `server`, Astro's, Next.js's runtime's.
 * @param {string | undefined} functionsDir constants.FUNCTIONS_DIST
 * @param {string} folder Fallback's folder, `/fallback/`
 * @returns {{ name: string, patterns: string[] }[]}
 */
export function serverFunctions(functionsDir, folder) {
	const file = functionsDir === undefined ? undefined : join(functionsDir, 'manifest.json');
	if (file === undefined || !existsSync(file)) return [];
	/** @typedef {{ pattern?: string, expression?: string, methods?: string[] }} Route */
	/** @type {{ functions?: { name: string, routes?: Route[], excludedRoutes?: Route[] }[] }} */
	let manifest;
	try {
		manifest = JSON.parse(readFileSync(file, 'utf8'));
	} catch {
		return [];
	}
	const unknown = `${folder}no-such-page`;
	const matches = (/** @type {Route} */ route) => {
		try {
			return route.expression !== undefined && new RegExp(route.expression).test(unknown);
		} catch {
			return false;
		}
	};
	// A route for some methods only (a form's POST) leaves a visitor's GET to the rules.
	const takes = (/** @type {Route} */ route) =>
		matches(route) && (!route.methods?.length || route.methods.includes('GET'));
	return (manifest.functions ?? [])
		.filter((fn) => (fn.routes ?? []).some(takes) && !(fn.excludedRoutes ?? []).some(matches))
		.map((fn) => ({
			name: fn.name,
			patterns: (fn.routes ?? []).filter(takes).map((route) => route.pattern ?? route.expression ?? ''),
		}));
}

/** Next.js's runtime on Netlify, which Netlify installs for a Next.js site. */
const NEXT_RUNTIME = '@netlify/plugin-nextjs';

/**
 * Where the deploy takes the site's files from, and what to say of it. Netlify deploys the publish
 * folder, but Next.js's runtime (@netlify/plugin-nextjs 5) builds the site into `.netlify/static/`,
 * swaps it in for the publish folder in its own onPostBuild (the publish folder waits in
 * `.netlify/.next/`) and swaps them back in onEnd, after the deploy (its build/content/static.js).
 * Before its swap the pages go into `.netlify/static/`; after it into the publish folder, which is
 * `.netlify/static/` again once the build has ended.
 * @param {string} publishDir
 * @param {string} buildDir
 * @param {readonly { package: string }[]} [plugins] the build's plugins (netlifyConfig.plugins): the runtime
 *   among them, or a folder left by an earlier build counts for nothing
 * @returns {{ dir: string, note?: string }}
 */
export function deployedFolder(publishDir, buildDir, plugins = []) {
	if (!plugins.some((plugin) => plugin.package === NEXT_RUNTIME)) return { dir: publishDir };
	const staticDir = join(buildDir, '.netlify/static');
	if (existsSync(join(buildDir, '.netlify/.next')))
		return {
			dir: publishDir,
			note: "Next.js's runtime has put its static files here for the deploy and moves them back to .netlify/static/ once the build ends",
		};
	if (existsSync(staticDir))
		return {
			dir: staticDir,
			note: "Next.js's runtime deploys .netlify/static/ in place of the publish folder",
		};
	return { dir: publishDir };
}

/** The Frameworks API's file, which Netlify reads after the build command (relative to the base directory). */
export const FRAMEWORKS_CONFIG = '.netlify/v1/config.json';

/**
 * The options and the pages' folder, from the config file and the inputs; a wrong one fails the
 * build naming it, before anything is written.
 * @param {Bundled} embed
 * @param {Record<string, unknown>} inputs
 * @param {Pick<NetlifyPluginUtils, 'build'>} utils
 */
async function readOptions(embed, inputs, utils) {
	const configFile = typeof inputs['config'] === 'string' ? inputs['config'] : undefined;
	let options;
	let source;
	let namedByNetlify = false;
	try {
		const read = await embed.readConfigFile(configFile);
		source = read.source;
		options = withInputs(read.options, inputs);
		namedByNetlify =
			read.options.site?.name === undefined && inputs['name'] === undefined && !!options.site?.name;
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		// `import { defineConfig } from 'fallback-pages/config'` in a site with the plugin alone.
		const hint = /Cannot find package 'fallback-pages'/.test(message)
			? ' (the file imports fallback-pages, which the default look does not need: write it as `export default { … }` without the import, or install fallback-pages beside the plugin)'
			: '';
		return utils.build.failBuild(`Fallback: ${message}${hint}`);
	}
	let problems = embed.optionProblems(options);
	let unusedSiteName = '';
	if (namedByNetlify && problems.length > 0) {
		// A name nobody wrote never fails the build: the pages go without it.
		const unnamed = { ...options, site: { ...options.site, name: undefined } };
		const left = embed.optionProblems(unnamed);
		if (left.length < problems.length) {
			unusedSiteName = `; the site's name on Netlify is not used (${problems.filter((problem) => !left.includes(problem)).join('; ')})`;
			options = unnamed;
			problems = left;
			namedByNetlify = false;
		}
	}
	const base = typeof inputs['base'] === 'string' ? inputs['base'] : undefined;
	const baseProblem = base === undefined ? undefined : embed.embedPrefixProblem(base);
	if (baseProblem) problems.push(`input base ${baseProblem}`);
	if (problems.length > 0) {
		return utils.build.failBuild(
			`Fallback: the options (${source} and [plugins.inputs]) are not valid:\n${problems.join('\n')}`,
		);
	}
	const given = optionInputs.filter((name) => inputs[name] !== undefined);
	const sources = [
		...(source === 'defaults' ? [] : [source]),
		...(given.length > 0 ? [`the inputs ${given.join(', ')}`] : []),
		...(namedByNetlify ? [`the site's name on Netlify (SITE_NAME=${options.site?.name})`] : []),
	];
	return {
		options,
		folder: embed.embedBase(base, options.base ?? '/'),
		from: `${sources.join(' and ') || 'the default options'}${unusedSiteName}`,
	};
}

/**
 * Loads what the plugin runs (dist/fallback.js), or fails the build saying why (Node too old).
 * @param {Pick<NetlifyPluginUtils, 'build'>} utils
 * @returns {Promise<Bundled>}
 */
async function loadEmbed(utils) {
	try {
		// The bundle is plain JS; its types are those of its source.
		return /** @type {Bundled} */ (/** @type {unknown} */ (await import('./dist/fallback.js')));
	} catch (error) {
		return utils.build.failBuild(
			`Fallback: could not load the plugin's code with Node ${process.versions.node} (it needs Node >= 22.12; set NODE_VERSION): ${error instanceof Error ? error.message : String(error)}`,
		);
	}
}

/**
 * Builds the pages with Astro, from the site's fallback-pages: for options the kit cannot take.
 * Fails the build, saying what to install, when the site has no fallback-pages.
 * @param {string} why what the kit cannot take: `these options (…)` (kitProblem)
 * @param {Pick<NetlifyPluginUtils, 'build'>} utils
 * @returns {Promise<typeof import('fallback-pages/embed')>}
 */
async function loadAstroBuild(why, utils) {
	// As `astro build` does before it loads anything: React and Vite in their production modes.
	process.env['NODE_ENV'] = 'production';
	try {
		return await import('fallback-pages/embed');
	} catch (error) {
		// Node's words for a package that is not installed, as against one that fails to load.
		const missing = error instanceof Error && /Cannot find package 'fallback-pages'/.test(error.message);
		return utils.build.failBuild(
			missing
				? `Fallback: the plugin's prebuilt pages cannot take ${why}: Astro builds the pages, from the package fallback-pages. Add it to the site's devDependencies: npm install --save-dev ./vendor/fallback-pages-${PAGES_RANGE}.tgz, its tarball copied into the site's vendor/ and committed, until it is on npm; then npm install --save-dev fallback-pages@${PAGES_RANGE}`
				: `Fallback: could not load fallback-pages with Node ${process.versions.node} (it needs Node >= 22.12; set NODE_VERSION): ${error instanceof Error ? error.message : String(error)}`,
		);
	}
}

/**
 * Fallback's rules as Netlify's config takes them: those of its own folder first (`redirects!`,
 * before the site's: they answer nothing of the site's, and an SPA's catch-all must not hide
 * them), the rest (unknown paths, the API, the rule files) after the site's own. The rules are
 * data already, in the shape Netlify's parsers give (fallback-pages's tests compare them).
 * @param {EmbeddedPages['rules']} lines
 * @param {string} folder
 * @param {Bundled} embed
 */
function placedRules(lines, folder, embed) {
	const redirects = /** @type {NetlifyConfig['redirects']} */ (
		/** @type {unknown} */ (embed.redirectRules(lines.redirects))
	);
	const ownFolder = (/** @type {{ from: string }} */ rule) => rule.from.startsWith(folder);
	return {
		first: redirects.filter(ownFolder),
		last: redirects.filter((rule) => !ownFolder(rule)),
		headers: /** @type {NetlifyConfig['headers']} */ (embed.headerRules(lines.headers)),
	};
}

/**
 * The folders whose `_headers` a build copies into the publish folder as it is: Vite's and Astro's
 * `public/`, Hugo's and SvelteKit's `static/`.
 */
const STATIC_FOLDERS = ['public', 'static'];

/**
 * The site's own header rules that Netlify reads after the build command but a plugin cannot see
 * before it: the `_headers` files of the folders a build copies as they are (STATIC_FOLDERS).
 * @param {string} buildDir
 * @returns {Promise<NetlifyConfig['headers']>}
 */
export async function staticHeaderRules(buildDir) {
	const files = STATIC_FOLDERS.map((folder) => join(buildDir, folder, '_headers')).filter((file) =>
		existsSync(file),
	);
	if (files.length === 0) return [];
	const parsed = await parseAllHeaders({ headersFiles: files, configHeaders: [], minimal: true });
	return /** @type {NetlifyConfig['headers']} */ (/** @type {unknown} */ (parsed.headers));
}

/**
 * Whether the site at `buildDir` is a Next.js site (`next` among the dependencies of its
 * package.json), whose Netlify runtime writes its header rules in the case Fallback writes its own.
 * @param {string} buildDir
 */
export function dependsOnNext(buildDir) {
	const file = join(buildDir, 'package.json');
	if (!existsSync(file)) return false;
	try {
		const json = JSON.parse(readFileSync(file, 'utf8'));
		return ['dependencies', 'devDependencies'].some((field) => json?.[field]?.['next'] !== undefined);
	} catch {
		return false;
	}
}

/**
 * Fallback's header rules with the site's casing of each header name: as a rule the site has when
 * the build starts writes it (netlify.toml, a `_headers` already in the publish folder or in a
 * folder the build copies, staticHeaderRules), else as the site's framework writes the rules of
 * its build: in lower case (SvelteKit's, Nuxt's `_headers`), or as Fallback writes them for
 * Next.js, whose Netlify runtime writes `Cache-Control` (`unknown: 'as written'`). Netlify warns
 * about a header set in two cases anywhere in a site's rules, and reads the build's `_headers` with
 * Fallback's rules before any later step of a plugin's could follow it.
 * @param {NetlifyConfig['headers']} headers
 * @param {readonly { values?: Record<string, unknown> }[]} siteHeaders netlifyConfig.headers
 * @param {'lower case' | 'as written'} [unknown] the case of a name the site's rules do not have
 * @returns {NetlifyConfig['headers']}
 */
export function inSiteCasing(headers, siteHeaders, unknown = 'lower case') {
	/** @type {Map<string, string>} */
	const site = new Map();
	for (const name of siteHeaders.flatMap((rule) => Object.keys(rule.values ?? {}))) {
		if (!site.has(name.toLowerCase())) site.set(name.toLowerCase(), name);
	}
	return headers.map((rule) => ({
		...rule,
		values: Object.fromEntries(
			Object.entries(rule.values).map(([name, value]) => [
				site.get(name.toLowerCase()) ?? (unknown === 'as written' ? name : name.toLowerCase()),
				value,
			]),
		),
	}));
}

/**
 * What onPreBuild planned, for onPostBuild: the options read once, the rules Netlify was given and
 * the contract they are the rules of.
 * @typedef {object} Planned
 * @property {FallbackOptions} options
 * @property {string} folder
 * @property {string} contract
 * @property {ReturnType<typeof placedRules>} rules
 * @property {string} notFound the input notFound: `site` (its own 404.html wins) or `fallback`
 * @property {string | undefined} astro why Astro builds the pages (the options the kit cannot
 *   take), or undefined: the kit gives them
 * @property {ReturnType<Bundled['embeddedRules']>} embedded the options parsed once, the deploy,
 *   the contract and its rules, which the kit's pages are filled from
 */

/**
 * Rewrites the Frameworks API file (`.netlify/v1/config.json`) of the build folder; another step's
 * content in it stays. Without `create`, a file that is not there stays absent.
 * @param {string} buildDir
 * @param {(config: Record<string, any>) => Record<string, any>} change
 * @param {{ create?: boolean }} [options]
 */
async function updateFrameworksFile(buildDir, change, { create = false } = {}) {
	const file = join(buildDir, FRAMEWORKS_CONFIG);
	if (!create && !existsSync(file)) return;
	const current = existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : {};
	await mkdir(dirname(file), { recursive: true });
	await writeFile(file, `${JSON.stringify(change(current))}\n`);
}

/**
 * onPreBuild: Fallback's rules into Netlify's config through the Frameworks API file
 * (`.netlify/v1/config.json`, read after the build command, quietly): its folder's rules before
 * the site's, the rest after. They follow from the options alone; the pages come in onPostBuild.
 * @param {{ inputs: Record<string, unknown>, buildDir: string, siteHeaders?: readonly { values?: Record<string, unknown> }[], utils: Pick<NetlifyPluginUtils, 'build'>, log?: (line: string) => void }} options
 *   siteHeaders: the site's header rules when the build starts (netlifyConfig.headers), whose
 *   names Fallback's follow in their casing
 * @returns {Promise<Planned>}
 */
export async function planRules({ inputs, buildDir, siteHeaders = [], utils, log = console.log }) {
	const embed = await loadEmbed(utils);
	const notFound = inputs['notFound'] ?? 'site';
	if (typeof notFound !== 'string' || !embed.notFoundChoices.some((choice) => choice === notFound)) {
		return utils.build.failBuild(
			`Fallback: the input notFound is ${JSON.stringify(notFound)}; it takes ${embed.notFoundChoices.map((choice) => `"${choice}"`).join(' or ')}`,
		);
	}
	const { options, folder, from } = await readOptions(embed, inputs, utils);
	let embedded;
	try {
		embedded = embed.embeddedRules(options, folder);
	} catch (error) {
		return utils.build.failBuild(`Fallback: ${error instanceof Error ? error.message : String(error)}`);
	}
	const astro = embed.kitProblem(embedded);
	// Said, and fallback-pages loaded, before the site's build: a missing package fails at once.
	if (astro) await loadAstroBuild(`these options (${astro})`, utils);
	const split = placedRules(embedded.rules, folder, embed);
	const rules = {
		...split,
		headers: inSiteCasing(
			split.headers,
			[...siteHeaders, ...(await staticHeaderRules(buildDir))],
			dependsOnNext(buildDir) ? 'as written' : 'lower case',
		),
	};
	// Another step's content (a framework's) stays; Fallback's rules join it.
	await updateFrameworksFile(
		buildDir,
		(current) => ({
			...current,
			'redirects!': [...(current['redirects!'] ?? []), ...rules.first],
			redirects: [...(current['redirects'] ?? []), ...rules.last],
			headers: [...(current['headers'] ?? []), ...rules.headers],
		}),
		{ create: true },
	);
	log(
		`Fallback: ${rules.first.length} rules for ${folder} before the site's, ${rules.last.length} after them and ${rules.headers.length} header rules, with ${from}, through ${FRAMEWORKS_CONFIG}`,
	);
	log(
		astro
			? `Fallback: the pages will be built by Astro (fallback-pages): ${astro}`
			: "Fallback: the pages come prebuilt with the default look (the options: name, address, folder and languages), in the site's own 404.html where its build marks an element data-fallback",
	);
	return { options, folder, contract: embedded.contract, rules, notFound, astro, embedded };
}

/** A rule's identity, to find it in Netlify's resolved config. */
const ruleKey = (/** @type {Record<string, unknown>} */ rule) =>
	JSON.stringify([
		rule['from'],
		rule['to'],
		rule['status'],
		rule['force'] ?? false,
		rule['conditions'] ?? {},
	]);

/**
 * onPostBuild: the pages into the publish folder, with the options and under the folder planned
 * (read once, in onPreBuild). Checks that the
 * rules planned reached Netlify's config (a framework that writes the Frameworks API file in its
 * own build replaces it) and adds them to netlifyConfig otherwise; resolves to a summary.
 * @param {PlaceOptions & { planned: Planned }} options
 * @returns {Promise<{ folder: string, summary: string, siteCatchAll: boolean, serverFunction: boolean }>}
 *   siteCatchAll: the site answers unknown paths outside the folder (its `/*` rule or its own 404
 *   pages), so verify checks them under the folder alone; serverFunction: a server function of the
 *   site's takes unknown paths, under the folder too, so verify checks the status pages alone
 */
export async function placePages({
	publishDir: publishFolder,
	buildDir,
	functionsDir,
	netlifyConfig,
	utils,
	log = console.log,
	planned,
}) {
	const embed = await loadEmbed(utils);
	const { options, folder } = planned;
	const deployed = deployedFolder(publishFolder, buildDir, netlifyConfig.plugins);
	const publishDir = deployed.dir;
	// The publish folder as the build log shows paths: relative to the base directory, when inside it.
	const near = relative(process.cwd(), publishDir);
	const shownFolder = join(near.startsWith('..') ? publishDir : near || '.', folder);
	try {
		embed.checkPagesFolder(publishDir, folder, shownFolder);
	} catch (error) {
		return utils.build.failBuild(`Fallback: ${error instanceof Error ? error.message : String(error)}`);
	}
	// Your look: the site's own 404.html, where an element of it is marked for the pages' screen.
	const shell = await embed.siteShell(publishDir, folder);
	for (const line of shell?.lines ?? []) log(`Fallback: ${line}`);
	// The kit holds the pages for a shell too: only options it cannot take need Astro.
	const astro = planned.astro && `these options (${planned.astro})`;
	// Loaded before the build, whose failure is worded otherwise: a missing package says what to install.
	const astroBuild = astro ? await loadAstroBuild(astro, utils) : undefined;
	/** @type {EmbeddedPages} */
	let built;
	try {
		built = astroBuild
			? await astroBuild.buildEmbedded(
					options,
					folder,
					(line) => log(`Fallback: ${line}`),
					embed.netlifyInputNames,
					shell,
				)
			: await embed.kitPages(
					embed.readKit(KIT_FILE),
					planned.embedded,
					(line) => log(`Fallback: ${line}`),
					embed.netlifyInputNames,
					shell,
				);
	} catch (error) {
		return utils.build.failBuild(
			`Fallback: the pages could not be built: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
	try {
		// Astro reads the deploy again in onPostBuild; the kit's pages come from onPreBuild's plan,
		// whose contract they carry, deploy and build time included.
		if (built.contract !== planned.contract) {
			return utils.build.failBuild(
				`Fallback: the pages built in onPostBuild answer another contract than the rules given to Netlify in onPreBuild (${folder}); did the build's environment change during the build?`,
			);
		}
		await built.place(publishDir);
		const resolved = new Set(netlifyConfig.redirects.map((rule) => ruleKey(/** @type {never} */ (rule))));
		const resolvedHeaders = new Set(netlifyConfig.headers.map((rule) => JSON.stringify(rule)));
		const absent = (/** @type {Record<string, unknown>} */ rule) => !resolved.has(ruleKey(rule));
		const { first, last, headers } = planned.rules;
		const missing = {
			first: first.filter((rule) => absent(/** @type {never} */ (rule))),
			last: last.filter((rule) => absent(/** @type {never} */ (rule))),
			headers: headers.filter((rule) => !resolvedHeaders.has(JSON.stringify(rule))),
		};
		const count = missing.first.length + missing.last.length;
		if (count > 0) {
			// Netlify lists every rule a plugin adds this way in the build log.
			log(
				`Fallback: ${count} of its rules are not in Netlify's config (the build replaced ${FRAMEWORKS_CONFIG}): adding them to netlifyConfig, which Netlify lists below`,
			);
			netlifyConfig.redirects.unshift(...missing.first);
			netlifyConfig.redirects.push(...missing.last);
			netlifyConfig.headers.push(...missing.headers);
		}
		const sitePages = planned.notFound === 'site' ? embed.siteNotFoundPages(publishDir, folder) : [];
		const siteRoot = sitePages.includes('404.html');
		if (sitePages.length > 0) {
			const ours = new Set(
				last.filter(embed.isPageCatchAll).map((rule) => ruleKey(/** @type {never} */ (rule))),
			);
			const isOurs = (/** @type {Record<string, unknown>} */ rule) => ours.has(ruleKey(rule));
			netlifyConfig.redirects.splice(
				0,
				netlifyConfig.redirects.length,
				.../** @type {NetlifyConfig['redirects']} */ (
					embed.withSiteNotFound(/** @type {never} */ (netlifyConfig.redirects), sitePages, isOurs)
				),
			);
			// The same in the Frameworks API file, which Netlify has read by now: for what reads it
			// later (`netlify serve`, `netlify dev`).
			await updateFrameworksFile(buildDir, (config) => ({
				...config,
				redirects: embed.withSiteNotFound(config['redirects'] ?? [], sitePages, isOurs),
			}));
		}
		const fallbackRules = new Set([...first, ...last].map((rule) => ruleKey(/** @type {never} */ (rule))));
		const catchAll = embed.siteCatchAll(
			/** @type {never} */ (
				await siteRedirects(publishDir, netlifyConfig.redirects, (rule) => fallbackRules.has(ruleKey(rule)))
			),
		);
		const functions = serverFunctions(functionsDir, folder);
		const lines = [
			`${built.pages} pages in ${shownFolder} (${astro ? 'built by Astro in' : 'prebuilt, placed in'} ${built.seconds.toFixed(1)} s${deployed.note ? `; ${deployed.note}` : ''}${built.gallery ? `; a preview: the review gallery at ${folder}` : ''}): ${first.length} rules answer ${folder} with its statuses, languages and problem documents before the site's rules; ${last.length} after them answer unknown paths and the API`,
			...(siteRoot
				? [
						`The site's own ${sitePages.join(', ')} answer${sitePages.length > 1 ? '' : 's'} its unknown paths outside ${folder} (Fallback's not-found pages there are taken out of Netlify's config, which Netlify lists below; the input notFound = "fallback" keeps Fallback's); verify checks unknown paths under ${folder}.`,
					]
				: sitePages.length > 0
					? [
							`The site's own ${sitePages.join(', ')} answer${sitePages.length > 1 ? '' : 's'} the unknown paths under ${sitePages.map((file) => `/${dirname(file)}/`).join(', ')}, Fallback's not-found page the others (Netlify lists its rules below; the input notFound = "fallback" keeps Fallback's everywhere).`,
						]
					: []),
			...(options.site?.name === undefined
				? [
						'No site name (the input name, or the site\'s name on Netlify, SITE_NAME, which a local build has not): the pages read "Fallback".',
					]
				: []),
			...(functions.length > 0
				? [
						`The site's server function ${functions.map((fn) => `${fn.name} (${fn.patterns.join(', ')})`).join(', ')} takes every path no file answers: Fallback's status pages (${folder}503 and the others, in every language) answer before it, their rules forced; unknown paths, under ${folder} too, and the API get its answer (the framework's own 404 page where no route of the site's matches), not Fallback's. verify checks the status pages alone.`,
					]
				: []),
			...(catchAll && functions.length === 0
				? [
						`The site's rule "${embed.ruleLine(catchAll)}" answers every other path: unknown paths outside ${folder} and the API get the site's answer, not Fallback's not-found page or problem document; verify checks ${folder} alone.`,
					]
				: []),
		];
		for (const line of lines) log(`Fallback: ${line}`);
		return {
			folder,
			summary: lines.join('\n'),
			siteCatchAll: catchAll !== undefined || siteRoot,
			serverFunction: functions.length > 0,
		};
	} finally {
		await built.dispose();
	}
}
