/**
 * The Vite plugin that hands the validated configuration to the pages, as Starlight does:
 * `virtual:fallback/config` (the resolved settings, as data) and `virtual:fallback/theme.css`
 * (the brand's colours and font as CSS custom properties, bundled with the page styles, so it is
 * inlined on a standalone site and a same-origin file in embed mode).
 */
import type { Plugin } from 'vite';
import type { FallbackConfig } from '../config/options';

const modules = ['virtual:fallback/config', 'virtual:fallback/theme.css'] as const;

export function virtualModules(config: FallbackConfig, themeCss: string): Plugin {
	const contents: Record<(typeof modules)[number], string> = {
		'virtual:fallback/config': `export default ${JSON.stringify(config)};`,
		'virtual:fallback/theme.css': themeCss,
	};
	return {
		name: 'fallback:virtual-modules',
		resolveId(id) {
			return (modules as readonly string[]).includes(id) ? `\0${id}` : undefined;
		},
		load(id) {
			const name = id.startsWith('\0') ? id.slice(1) : undefined;
			return name && name in contents ? contents[name as keyof typeof contents] : undefined;
		},
	};
}
