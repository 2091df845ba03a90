/**
 * A Starlight site's own content, as a team has it: its docs collection, two pages, and the icon
 * Starlight's frame links (`/favicon.svg`, which Starlight's starter ships).
 */
export const starlightDocsFiles: Readonly<Record<string, string>> = {
	'src/content.config.ts': [
		"import { defineCollection } from 'astro:content';",
		"import { docsLoader } from '@astrojs/starlight/loaders';",
		"import { docsSchema } from '@astrojs/starlight/schema';",
		'export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };',
		'',
	].join('\n'),
	'src/content/docs/index.md': '---\ntitle: Welcome\n---\n\nThe team docs.\n',
	'src/content/docs/guides/start.md': '---\ntitle: Start\n---\n\nHow to start.\n',
	'public/favicon.svg':
		'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#0b7285"/></svg>\n',
};

/**
 * The package.json of such a site built inside this repository (Astro and Fallback resolve from it):
 * Astro compiles the components of the packages a project depends on (Starlight's routes).
 */
export const starlightPackageJson = JSON.stringify({
	name: 'team-docs',
	private: true,
	type: 'module',
	dependencies: { '@astrojs/starlight': '*', astro: '*', 'fallback-pages': '*' },
});
