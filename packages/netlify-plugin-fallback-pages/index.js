// @ts-check
/**
 * netlify-plugin-fallback-pages: Fallback's error pages on every deploy of any site on Netlify.
 *
 * - onPreBuild: Fallback's rules, which follow from the site's options, go to Netlify through its
 *   Frameworks API file (`.netlify/v1/config.json`): those of Fallback's own folder (`/fallback/`)
 *   before the site's rules, the catch-all after them (placePages.js, planRules).
 * - onPostBuild (before the deploy step): puts the pages, with the same options, into their folder
 *   of the publish folder (prebuilt with the default look; built by Astro from the site's
 *   fallback-pages for any other), and says in the log and the deploy summary what it added and
 *   what the site's rules keep (placePages.js).
 * - onSuccess (after the deploy is live, which it cannot change): checks the deploy at DEPLOY_URL
 *   against this build's route contract and reports in the deploy summary (verifyDeploy.js).
 *
 * How Netlify loads it (its docs, and @netlify/build 37 where the docs say less): `[[plugins]]
 * package = "netlify-plugin-fallback-pages"` in netlify.toml and the package in the site's
 * package.json; manifest.yml beside this file lists the inputs. Every export must be an event
 * handler: any other name makes Netlify refuse the plugin (lib/plugins/child/validate.js). The
 * plugin runs on the build's Node (NODE_VERSION) when it is at least @netlify/build's minimum, and
 * its code (dist/fallback.js, bundled from fallback-pages) needs Node >= 22.12: it is loaded inside
 * the handlers, so that an older Node is reported as this plugin's failure with the reason.
 */
import { join, resolve } from 'node:path';
import { placePages, planRules } from './placePages.js';
import { verifyDeploy } from './verifyDeploy.js';

/** @typedef {import('@netlify/build').OnPreBuild} OnPreBuild */
/** @typedef {import('@netlify/build').OnPostBuild} OnPostBuild */
/** @typedef {import('@netlify/build').OnSuccess} OnSuccess */

/**
 * What one event leaves for the next: one child process runs every event of a plugin, from the
 * start of the build to its end (@netlify/build, lib/plugins/spawn.js).
 * @type {{ planned?: Awaited<ReturnType<typeof planRules>>, placed?: Awaited<ReturnType<typeof placePages>> }}
 */
const build = {};

const off = (/** @type {unknown} */ value) => value === false || value === 'false';

/** @satisfies {OnPreBuild} */
export const onPreBuild = async ({ inputs, constants, netlifyConfig, utils }) => {
	if (off(inputs['embed'])) return;
	// Netlify reads the Frameworks API file in the package's folder of the base directory (the cwd).
	build.planned = await planRules({
		inputs,
		buildDir: join(process.cwd(), constants.PACKAGE_PATH ?? ''),
		siteHeaders: netlifyConfig.headers,
		utils,
	});
};

/** @satisfies {OnPostBuild} */
export const onPostBuild = async ({ inputs, constants, netlifyConfig, utils }) => {
	if (off(inputs['embed']) || !build.planned) return;
	build.placed = await placePages({
		publishDir: constants.PUBLISH_DIR,
		buildDir: join(process.cwd(), constants.PACKAGE_PATH ?? ''),
		functionsDir: constants.FUNCTIONS_DIST && resolve(constants.FUNCTIONS_DIST),
		netlifyConfig,
		utils,
		planned: build.planned,
	});
	utils.status.show({
		title: 'Fallback: pages added',
		summary: build.placed.summary.split('\n')[0] ?? '',
		text: build.placed.summary,
	});
};

/** @satisfies {OnSuccess} */
export const onSuccess = async ({ inputs, utils, constants }) => {
	if (off(inputs['verify'])) return;
	await verifyDeploy({
		inputs,
		utils,
		command: {
			dist: constants.PUBLISH_DIR,
			base: build.placed?.folder,
			siteCatchAll: build.placed?.siteCatchAll,
			serverFunction: build.placed?.serverFunction,
		},
		...(build.placed ? { placed: build.placed.summary } : {}),
	});
};
