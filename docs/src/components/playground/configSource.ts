/**
 * The `fallback.config.mjs` the playground offers: the options a visitor chose, as a module that
 * `npx fallback-pages build` reads. Values are written with JSON.stringify, so no input can break
 * out of its string.
 */
import type { BrandColors } from '../../../../packages/fallback-pages/src/brand/theme.ts';

export interface PlaygroundChoice {
	name: string;
	colors: BrandColors;
	/** The locale shown; the config ships it beside the default. */
	locale: string;
	defaultLocale: string;
}

const pair = ({ light, dark }: { light: string; dark: string }) =>
	`{ light: ${JSON.stringify(light)}, dark: ${JSON.stringify(dark)} }`;

export function configSource({ name, colors, locale, defaultLocale }: PlaygroundChoice): string {
	const locales = locale === defaultLocale ? [] : [`\tlocales: ${JSON.stringify([defaultLocale, locale])},`];
	return [
		'// fallback.config.mjs: npx fallback-pages build --config fallback.config.mjs',
		"import { defineConfig } from 'fallback-pages/config';",
		'',
		'export default defineConfig({',
		`\tsite: { name: ${JSON.stringify(name)} },`,
		'\tbrand: {',
		`\t\taccent: ${pair(colors.accent)},`,
		`\t\ttext: ${pair(colors.text)},`,
		`\t\tbackground: ${pair(colors.background)},`,
		'\t},',
		...locales,
		'});',
		'',
	].join('\n');
}
