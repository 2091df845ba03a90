// @ts-check
/**
 * Netlify Build plugin `fallback-verify` (manifest.yml): once a deploy is live, checks it against the
 * route contract of this build and reports in the deploy summary. The work is in verifyDeploy.js.
 *
 * How Netlify loads it (Netlify's docs, and @netlify/build 37.3.3 where the docs say less):
 *
 * - netlify.toml declares it as a local plugin, `[[plugins]] package = "./plugins/verify"` with
 *   `[plugins.inputs]`; a local plugin's `package` starts with `.` or `/`, either way a path inside
 *   the build directory (https://docs.netlify.com/extend/develop-and-share/develop-build-plugins/#local-plugins).
 *   Netlify resolves the folder as Node would (no package.json here: index.js) and reads
 *   manifest.yml beside it: `name` and `inputs`, nothing else; it fills in each input's `default`
 *   and stops the build on an input the manifest does not list.
 * - index.js is loaded with `import()`, as an ES module because the project's package.json says
 *   "type": "module" (the nearest package.json counts, this folder has none). An index.ts would go
 *   through ts-node as CommonJS, hence JavaScript checked by tsc through JSDoc.
 * - Every export must be an event handler: any other name makes Netlify refuse the plugin ("Please
 *   use a valid event name", lib/plugins/child/validate.js). Hence onSuccess alone here.
 * - Which Node: local plugins run with the build's own Node (NODE_VERSION in netlify.toml, 24) when
 *   it is at least @netlify/build's minimum, 22.12; below that with Netlify's system Node, with a
 *   warning (lib/plugins/node_version.js). The nearest package.json's `engines.node` (the project's,
 *   >= 22.12) is checked too, and a mismatch stops the build before it starts. The verifier itself
 *   (fallback-pages/verify) is loaded only inside onSuccess, where failing to load it is a failure
 *   of this plugin, not of the build.
 */
import { verifyDeploy } from './verifyDeploy.js';

/** @typedef {import('@netlify/build').OnSuccess} OnSuccess */

/**
 * After the deploy is live (verifyDeploy.js says how Netlify words it). The published folder holds
 * the build's pages the answers are compared with; relative paths are relative to the build
 * directory, the plugin's working directory.
 * @satisfies {OnSuccess}
 */
export const onSuccess = async ({ inputs, utils, constants }) => {
	await verifyDeploy({ inputs, utils, command: { dist: constants.PUBLISH_DIR } });
};
