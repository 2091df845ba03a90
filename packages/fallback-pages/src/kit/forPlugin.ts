/**
 * What the Netlify build plugin (netlify-plugin-fallback-pages) runs, bundled into the plugin with
 * everything it imports when the plugin is packed: the options, the rules, the kit's pages and the
 * verifier, without Astro. Pages the kit cannot make come from fallback-pages/embed, when installed.
 */
export { readConfigFile } from '../embed/configFile';
export { optionProblems, type FallbackOptions } from '../config/options';
export { embedBase, embedPrefixProblem } from '../config/embed';
export { netlifyInputNames } from '../config/optionNames';
export { checkPagesFolder, embeddedRules, type EmbeddedPages } from '../embed/rules';
export { headerRules, redirectRules } from '../hosts/netlify';
export { kitPages, kitProblem, readKit } from './prebuilt';
export { isPageCatchAll, notFoundChoices, siteNotFoundPages, withSiteNotFound } from '../embed/siteNotFound';
export { ruleLine, siteCatchAll } from '../embed/siteCatchAll';
export { siteShell } from '../embed/siteShell';
export { runVerify, type VerifyCommand, type VerifyRun } from '../verify/main';
export type { Unreachable } from '../verify/run';
