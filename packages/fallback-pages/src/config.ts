/**
 * `fallback-pages/config`: typed options for a `fallback.config.mjs`, the file the CLI reads
 * (`npx fallback-pages build`) and an Astro site may pass to `fallback()` as well:
 *
 * ```js
 * import { defineConfig } from 'fallback-pages/config';
 * export default defineConfig({ site: { name: 'Acme' }, locales: ['en', 'de'] });
 * ```
 */
import type { FallbackOptions } from './config/options';

export type { FallbackOptions };

/** The options as given: only there for the editor's types and completions. */
export function defineConfig(options: FallbackOptions): FallbackOptions {
	return options;
}
