/**
 * Every catalogued locale, for scripts that Node runs directly: each catalogue is a file in the
 * package's src/i18n/locales/ (the i18n module itself needs a bundler).
 */
import { readdirSync } from 'node:fs';

export const cataloguedLocales: readonly string[] = readdirSync(
	new URL('../packages/fallback-pages/src/i18n/locales/', import.meta.url),
)
	.filter((file) => file.endsWith('.ts'))
	.map((file) => file.slice(0, -3))
	.sort();
