/**
 * `fallback-pages/kit`: the prebuilt pages the Netlify plugin (netlify-plugin-fallback-pages) ships
 * so that a site with the default look deploys them without Astro. Its bundle makes the kit with
 * `makeKit` and writes `packKit`'s bytes; the plugin reads them with `readKit` and fills them with a
 * site's values (kitPages).
 */
export { makeKit, packKit } from './kit/makeKit';
export { readKit } from './kit/prebuilt';
export { KIT_FORMAT, type Kit } from './kit/applyKit';
