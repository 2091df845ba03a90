/**
 * fallback-pages: `integrations: [fallback({ ... })]` in an Astro 7 site's astro.config.mjs.
 * The options are those of `fallback.config.mjs` for the CLI (see ./config).
 */
export { default } from './integration/fallback';
export type { FallbackOptions } from './config/options';
