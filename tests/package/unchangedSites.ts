/**
 * Sites shaped as teams have them, each in a folder of one fresh project, each built without and
 * with Fallback (tests/package/unchanged.test.ts): `FALLBACK_BUILD=without` leaves fallback() out of
 * the config. The sites are written here, after the shapes seen on real ones (none is copied).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { starlightDocsFiles } from '../build/starlightDocs';
import { teamSiteProject } from '../contract/teamSite';

/** A site: its files, and the options of its fallback() (JavaScript source), or its whole config. */
export interface UnchangedSite {
	name: string;
	/** What it is shaped like, for the test's names. */
	what: string;
	files: Readonly<Record<string, string>>;
	/** The config's integrations besides Fallback's, and its other settings (JavaScript source). */
	imports?: readonly string[];
	settings?: readonly string[];
	integrations?: readonly string[];
	fallback: string;
	/** A copy of the contract suite's team site under the files (its layout, script, font, image). */
	teamSite?: boolean;
	/** A git work tree of its own (its .gitignore counts for the tools that read it). */
	git?: boolean;
}

/** The config: fallback() in it unless the build is the one without (FALLBACK_BUILD=without). */
function config(site: UnchangedSite): string {
	return [
		"import { defineConfig } from 'astro/config';",
		"import fallback from 'fallback-pages';",
		...(site.imports ?? []),
		"const withFallback = process.env.FALLBACK_BUILD !== 'without';",
		'export default defineConfig({',
		...(site.settings ?? []).map((line) => `\t${line}`),
		'\tintegrations: [',
		...(site.integrations ?? []).map((line) => `\t\t${line},`),
		`\t\t...(withFallback ? [fallback(${site.fallback})] : []),`,
		'\t],',
		'});',
		'',
	].join('\n');
}

/** Writes the site into `folder`. */
export async function writeUnchangedSite(site: UnchangedSite, folder: string): Promise<void> {
	if (site.teamSite) await teamSiteProject(site.name, folder);
	else await mkdir(folder, { recursive: true });
	for (const [path, text] of Object.entries({ ...site.files, 'astro.config.mjs': config(site) })) {
		await mkdir(dirname(join(folder, path)), { recursive: true });
		await writeFile(join(folder, path), text);
	}
	if (site.git) await promisify(execFile)('git', ['init', '-q'], { cwd: folder });
}

/** Copies a built folder aside (`dist` → `dist-without`). */
export const keepAside = (from: string, to: string) => cp(from, to, { recursive: true });

const starlightLocales: Readonly<Record<string, { label: string; lang: string }>> = {
	root: { label: 'English', lang: 'en' },
	de: { label: 'Deutsch', lang: 'de' },
	fr: { label: 'Français', lang: 'fr' },
	'zh-cn': { label: '简体中文', lang: 'zh-CN' },
	'pt-br': { label: 'Português do Brasil', lang: 'pt-BR' },
	'pt-pt': { label: 'Português de Portugal', lang: 'pt-PT' },
	ja: { label: '日本語', lang: 'ja' },
};

/** Code blocks in several languages: Starlight's highlighting is what changed colour in a shared bundle. */
const codeBlocks = [
	'```js title="theme.js"',
	"export const font = 'Custom Font';",
	'console.log(`${font} loaded`);',
	'```',
	'',
	'```css',
	":root { --sl-font: 'Custom Font'; }",
	'```',
	'',
	'```sh',
	'npm install @fontsource/ibm-plex-serif',
	'```',
	'',
	'```json',
	'{ "name": "docs", "private": true }',
	'```',
].join('\n');

/** A Starlight docs site: seven locales (three region-tagged: zh-cn, and two of Portuguese, pt-br and pt-pt), its own 404.md in each, code blocks. */
export function starlightSite(name: string, fallback: string, locales = starlightLocales): UnchangedSite {
	const files: Record<string, string> = {
		// Starlight's docs collection, as the build suite's Starlight site has it.
		'src/content.config.ts': starlightDocsFiles['src/content.config.ts']!,
		'public/favicon.svg':
			'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#7c3aed"/></svg>\n',
	};
	for (const [folder, { label }] of Object.entries(locales)) {
		const prefix = folder === 'root' ? '' : `${folder}/`;
		files[`src/content/docs/${prefix}index.mdx`] = `---\ntitle: ${label}\n---\n\nThe handbook (${label}).\n`;
		files[`src/content/docs/${prefix}guides/theming.md`] =
			`---\ntitle: Theming (${label})\n---\n\nSet the fonts and colours.\n\n${codeBlocks}\n`;
		files[`src/content/docs/${prefix}guides/setup.md`] = `---\ntitle: Setup (${label})\n---\n\nInstall it.\n`;
		files[`src/content/docs/${prefix}404.md`] =
			`---\ntitle: Lost (${label})\ntemplate: splash\neditUrl: false\nhero:\n  title: 'Page not found'\n  tagline: 'Nothing here (${label}).'\n---\n`;
	}
	return {
		name,
		what: `a Starlight site of ${Object.keys(locales).length} locales with its own 404.md in each`,
		files,
		imports: ["import starlight from '@astrojs/starlight';"],
		settings: ["site: 'https://handbook.example',"],
		integrations: [
			`starlight({ title: 'Handbook', defaultLocale: 'root', locales: ${JSON.stringify(locales)} })`,
		],
		fallback,
	};
}

/** The team site (its layout, script, style, font, image) with Astro's security.csp and its own _headers. */
export const cspSite: UnchangedSite = {
	name: 'csp',
	what: "a site with Astro's security.csp, a script and a style, in its own layout",
	teamSite: true,
	files: { 'public/_headers': '/*\n  X-Team-Header: ours\n' },
	settings: [
		'security: { csp: { directives: ["default-src \'self\'", "img-src \'self\' data:", "object-src \'none\'"] } },',
	],
	fallback: "{ layout: './src/layouts/Site.astro', locales: ['en', 'ar'] }",
};

/** A layout as many teams write one: no <main>, links that load nothing (canonical, og:url, preconnect). */
export const noMainSite: UnchangedSite = {
	name: 'no-main',
	what: 'a site whose layout has no <main>, and canonical, og:url, alternate and preconnect links',
	files: {
		'src/layouts/Plain.astro': [
			'---',
			'const { title } = Astro.props;',
			'const canonical = new URL(Astro.url.pathname, Astro.site);',
			'---',
			'<!doctype html>',
			'<html lang="en">',
			'\t<head>',
			'\t\t<meta charset="utf-8" />',
			'\t\t<title>{title}</title>',
			'\t\t<link rel="canonical" href={canonical} />',
			'\t\t<meta property="og:url" content={canonical} />',
			'\t\t<link rel="alternate" hreflang="de" href="https://plain.example/de/" />',
			'\t\t<link rel="preconnect" href="https://fonts.example" />',
			'\t\t<style>body { font-family: system-ui; color: #1a1a1a; background: #fff } .wrap { max-width: 40rem; margin: auto }</style>',
			'\t</head>',
			'\t<body>',
			'\t\t<header class="wrap"><a href="/">Plain</a></header>',
			'\t\t<div class="wrap"><slot /></div>',
			'\t\t<footer class="wrap">Plain, since 2019</footer>',
			'\t</body>',
			'</html>',
			'',
		].join('\n'),
		'src/pages/index.astro':
			'---\nimport Plain from \'../layouts/Plain.astro\';\n---\n<Plain title="Plain"><h1>Plain</h1><p>Notes.</p></Plain>\n',
		'src/pages/about.astro':
			'---\nimport Plain from \'../layouts/Plain.astro\';\n---\n<Plain title="About"><h1>About</h1></Plain>\n',
	},
	settings: ["site: 'https://plain.example',"],
	// Its own post-build step, as teams have them (a link checker, an llms.txt generator): it fails
	// on a page with no heading, and lists the site's pages in llms.txt. Listed before Fallback, it
	// sees the site's pages alone; it must not run in Fallback's pass, whose site pages are empty.
	imports: [
		"import { readdirSync, readFileSync, writeFileSync } from 'node:fs';",
		"import { fileURLToPath } from 'node:url';",
	],
	integrations: [
		[
			"{ name: 'team-post-build', hooks: { 'astro:build:done': ({ dir }) => {",
			'			const root = fileURLToPath(dir);',
			"			const pages = readdirSync(root, { recursive: true }).filter((file) => String(file).endsWith('.html')).sort();",
			"			for (const page of pages) if (!readFileSync(root + page, 'utf8').includes('<h1')) throw new Error(`team-post-build: ${page} has no heading`);",
			"			writeFileSync(root + 'llms.txt', pages.join('\\n') + '\\n');",
			'		} } }',
		].join('\n'),
	],
	fallback: "{ layout: './src/layouts/Plain.astro' }",
};

/**
 * A Tailwind 4 site (its Vite plugin), in a git work tree that ignores its build output as teams'
 * do: Tailwind writes a rule for each class it finds in the files it scans, every file of the site
 * that git does not ignore. A folder Fallback writes into it (verify's reports once) would add rules.
 */
export const tailwindSite: UnchangedSite = {
	name: 'tailwind',
	what: 'a Tailwind 4 site on which verify runs between two builds',
	files: {
		'.gitignore': 'dist*/\nnode_modules/\n.astro/\n',
		// The site's folder is where Tailwind looks (a team runs its build there; the suite does not).
		'src/styles/site.css': '@import "tailwindcss" source("../..");\n',
		'src/layouts/Site.astro': [
			'---',
			"import '../styles/site.css';",
			'const { title } = Astro.props;',
			'---',
			'<html lang="en" class="bg-stone-50">',
			'\t<head><meta charset="utf-8" /><title>{title}</title></head>',
			'\t<body class="mx-auto max-w-2xl p-6 text-stone-900"><main><slot /></main></body>',
			'</html>',
			'',
		].join('\n'),
		'src/pages/index.astro':
			'---\nimport Site from \'../layouts/Site.astro\';\n---\n<Site title="Notes"><h1 class="text-3xl font-bold text-teal-700">Notes</h1><p class="mt-4">Written weekly.</p></Site>\n',
	},
	imports: ["import tailwindcss from '@tailwindcss/vite';"],
	settings: ['vite: { plugins: [tailwindcss()] },'],
	fallback: '{}',
	git: true,
};

const i18nBase = (depth: string) => `---\nimport Base from '${depth}layouts/Base.astro';\n`;

/** Astro's i18n with its default locale prefixed, a 404 page in some languages and one at the root. */
export const i18nSite: UnchangedSite = {
	name: 'i18n',
	what: 'an Astro i18n site with [lang]/404.astro and a root 404.astro',
	files: {
		'src/layouts/Base.astro':
			'---\nconst { title, lang = \'en\' } = Astro.props;\n---\n<html lang={lang}><head><meta charset="utf-8"><title>{title}</title></head><body><nav><a href="/en/">Home</a></nav><main><slot /></main></body></html>\n',
		'src/pages/index.astro': `${i18nBase('../')}---\n<Base title="Home"><h1>Home</h1></Base>\n`,
		'src/pages/404.astro': `${i18nBase('../')}---\n<Base title="Not found"><h1>Nothing here</h1></Base>\n`,
		'src/pages/[lang]/index.astro': `${i18nBase('../../')}export const getStaticPaths = () => ['en', 'ja', 'zh'].map((lang) => ({ params: { lang } }));\nconst { lang } = Astro.params;\n---\n<Base title={lang} lang={lang}><h1>{lang}</h1></Base>\n`,
		// A 404 page in two of its three languages: Chinese gets Fallback's.
		'src/pages/[lang]/404.astro': `${i18nBase('../../')}export const getStaticPaths = () => ['en', 'ja'].map((lang) => ({ params: { lang } }));\nconst { lang } = Astro.params;\n---\n<Base title={\`404 \${lang}\`} lang={lang}><h1>Not found ({lang})</h1></Base>\n`,
	},
	settings: [
		"i18n: { locales: ['en', 'ja', 'zh'], defaultLocale: 'en', routing: { prefixDefaultLocale: true } },",
	],
	fallback: '{ sitePages: [404] }',
};
