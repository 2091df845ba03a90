// @ts-check
/**
 * netlify-plugin-fallback-pages: Fallback's error pages on every deploy of any site on Netlify.
 *
 * - onPostBuild (before the deploy step): builds the pages from the installed fallback-pages with
 *   the site's options into the publish folder, in a folder of their own (`/fallback/`), and adds
 *   their rules to Netlify's config (`netlifyConfig.redirects` and `.headers`), which Netlify puts
 *   after the site's own `_redirects`, `_headers` and netlify.toml rules. The work is in
 *   placePages.js.
 * - onSuccess (after the deploy is live, which it cannot change): checks the deploy at DEPLOY_URL
 *   against this build's route contract and reports in the deploy summary (verifyDeploy.js).
 *
 * How Netlify loads it (its docs, and @netlify/build 37 where the docs say less): `[[plugins]]
 * package = "netlify-plugin-fallback-pages"` in netlify.toml and the package in the site's
 * package.json; manifest.yml beside this file lists the inputs. Every export must be an event
 * handler: any other name makes Netlify refuse the plugin (lib/plugins/child/validate.js). The
 * plugin runs on the build's Node (NODE_VERSION) when it is at least @netlify/build's minimum, and
 * fallback-pages needs Node >= 22.12: it is loaded inside the handlers, so that an older Node is
 * reported as this plugin's failure with the reason.
 */
import { placePages } from './placePages.js';
import { verifyDeploy } from './verifyDeploy.js';

/** @typedef {import('@netlify/build').OnPostBuild} OnPostBuild */
/** @typedef {import('@netlify/build').OnSuccess} OnSuccess */

/**
 * The pages' folder this build placed them in, for onSuccess: one child process runs every event of
 * a plugin, from the start of the build to its end (@netlify/build, lib/plugins/spawn.js).
 * @type {string | undefined}
 */
let placedBase;

/** @satisfies {OnPostBuild} */
export const onPostBuild = async ({ inputs, constants, netlifyConfig, utils }) => {
	if (inputs['embed'] === false || inputs['embed'] === 'false') return;
	placedBase = await placePages({ inputs, publishDir: constants.PUBLISH_DIR, netlifyConfig, utils });
};

/** @satisfies {OnSuccess} */
export const onSuccess = async ({ inputs, utils, constants }) => {
	if (inputs['verify'] === false || inputs['verify'] === 'false') return;
	await verifyDeploy({ inputs, utils, command: { dist: constants.PUBLISH_DIR, base: placedBase } });
};
