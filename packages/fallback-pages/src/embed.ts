/**
 * `fallback-pages/embed`: the pages for a site that is not Fallback's, built and placed as the
 * Netlify build plugin (netlify-plugin-fallback-pages) does on every deploy, and as
 * `fallback-pages embed` does into a folder.
 */
export { buildEmbedded } from './cli/embedPages';
export { checkPagesFolder, embeddedRules, type EmbeddedPages, type EmbeddedRules } from './cli/embedRules';
export { embedBase, embedPrefixProblem } from './config/embed';
export { netlifyInputNames } from './config/optionNames';
export { readConfigFile } from './cli/configFile';
export { optionProblems, type FallbackOptions } from './config/options';
