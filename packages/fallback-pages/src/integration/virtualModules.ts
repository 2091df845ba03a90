/**
 * The Vite plugin that hands the validated configuration to the pages, as Starlight does:
 * `virtual:fallback/config` (the resolved settings, as data), `virtual:fallback/theme.css`
 * (the brand's colours and font as CSS custom properties, for Fallback's own page, bundled with
 * the page styles, so it is inlined on a standalone site and a same-origin file in embed mode),
 * `virtual:fallback/layout.css` (the screen's own rules in a layout), `virtual:fallback/schemes.css`
 * (both schemes as classes, for the gallery) and `virtual:fallback/layout` (the layout the error
 * pages are rendered in: the site's, a shell's, else Fallback's own page).
 */
import { sep } from 'node:path';
import type { Plugin } from 'vite';
import type { FallbackConfig } from '../config/options';

const modules = [
	'virtual:fallback/config',
	'virtual:fallback/layout',
	'virtual:fallback/theme.css',
	'virtual:fallback/layout.css',
	'virtual:fallback/schemes.css',
] as const;

export interface ThemeStyles {
	/** Every page: the custom properties of the visitor's scheme, and the font. */
	theme: string;
	/** Error pages in a layout (the site's, a shell's): the banner's colours, the language list; else none. */
	layout: string;
	/** The gallery: both schemes as classes, for its side-by-side miniatures. */
	schemes: string;
}

/**
 * The config as a module. Where Starlight names the site (`nameFrom`), its title is read from
 * Starlight's own virtual module: the title of its default locale (Starlight keeps one per language).
 */
function configModule(config: FallbackConfig): string {
	if (config.site.nameFrom !== 'starlight') return `export default ${JSON.stringify(config)};`;
	return [
		"import starlight from 'virtual:starlight/user-config';",
		`const config = ${JSON.stringify(config)};`,
		'const titles = typeof starlight.title === "string" ? { "": starlight.title } : starlight.title ?? {};',
		'config.site.name = titles[starlight.defaultLocale?.lang ?? ""] ?? Object.values(titles)[0] ?? "";',
		'export default config;',
	].join('\n');
}

/**
 * `config` is read when a page first imports it, after `astro:routes:resolved` has told which
 * paths the site keeps for itself. `layout` is the absolute path of the layout's file.
 */
export function virtualModules(config: () => FallbackConfig, styles: ThemeStyles, layout: string): Plugin {
	const contents: Record<(typeof modules)[number], () => string> = {
		'virtual:fallback/config': () => configModule(config()),
		// A path Vite resolves on any system: forward slashes.
		'virtual:fallback/layout': () =>
			`export { default } from ${JSON.stringify(layout.split(sep).join('/'))};`,
		'virtual:fallback/theme.css': () => styles.theme,
		'virtual:fallback/layout.css': () => styles.layout,
		'virtual:fallback/schemes.css': () => styles.schemes,
	};
	return {
		name: 'fallback:virtual-modules',
		resolveId(id) {
			return (modules as readonly string[]).includes(id) ? `\0${id}` : undefined;
		},
		load(id) {
			const name = id.startsWith('\0') ? id.slice(1) : undefined;
			return name && name in contents ? contents[name as keyof typeof contents]() : undefined;
		},
	};
}
