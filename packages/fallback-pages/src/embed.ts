/**
 * `fallback-pages/embed`: the pages for a site that is not Fallback's, built and placed as the
 * Netlify build plugin (netlify-plugin-fallback-pages) does on every deploy, and as
 * `fallback-pages embed` does into a folder.
 */
export { buildEmbedded } from './embed/pages';
export { siteShell, type SiteShell } from './embed/siteShell';
export { checkPagesFolder, embeddedRules, type EmbeddedPages, type EmbeddedRules } from './embed/rules';
export { embedBase, embedPrefixProblem } from './config/embed';
export { netlifyInputNames } from './config/optionNames';
export { readConfigFile } from './embed/configFile';
export { optionProblems, type FallbackOptions } from './config/options';
