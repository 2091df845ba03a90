/** The built docs site, its pages and sources, and a netlify-cli serving it, for the docs tests. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';
import { freePort, makeWorkDir, removeWorkDir, type RunningServer } from '../contract/harness.ts';
import { findServerExecutable, netlify } from '../contract/servers.ts';

export const docsRoot = fileURLToPath(new URL('../../docs/', import.meta.url));
export const docsDist = join(docsRoot, 'dist');
export const contentDir = join(docsRoot, 'src/content/docs');

if (!existsSync(join(docsDist, 'index.html'))) {
	throw new Error('docs/dist/ holds no build: run `npm run docs` first (npm run test:docs does)');
}

/** Every docs page's source, relative to the content folder: `guides/astro.md`. */
export const sourceFiles = (readdirSync(contentDir, { recursive: true }) as string[])
	.filter((file) => /\.mdx?$/.test(file))
	.sort();

export const sourceOf = (file: string) => readFileSync(join(contentDir, file), 'utf8');

/** A fenced code block of a Markdown source: its language, the rest of its info line, its text. */
export interface CodeBlock {
	lang: string;
	meta: string;
	code: string;
}

/** Every fenced code block of a Markdown (or MDX) source, in order. */
export function markdownCodeBlocks(markdown: string): CodeBlock[] {
	const found: CodeBlock[] = [];
	visit(fromMarkdown(markdown), 'code', (node) => {
		found.push({ lang: node.lang ?? '', meta: node.meta ?? '', code: node.value });
	});
	return found;
}

/** A source file's address in the site: `guides/astro.md` → `/guides/astro/`, `index.mdx` → `/`. */
export const pathOf = (file: string) =>
	`/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}/`.replace(/^\/\/$/, '/');

/** A page's built HTML, by its address. */
export const builtPage = (path: string) => readFileSync(join(docsDist, path, 'index.html'), 'utf8');

export const relativeToRoot = (path: string) => relative(docsRoot, path);

/** netlify-cli, offline, serving docs/dist with the rules the build wrote. */
export async function serveDocs(): Promise<RunningServer & { origin: string; dir: string }> {
	const { dir, pagesRoot } = await makeWorkDir('docs', docsDist);
	const port = await freePort();
	const executable = findServerExecutable(netlify);
	if (!executable) throw new Error(`netlify-cli is missing: ${netlify.install}`);
	const server = await netlify.start({
		dir,
		pagesRoot,
		port,
		label: 'netlify-cli docs',
		executable,
		siteConfig: '',
	});
	return {
		...server,
		origin: `http://localhost:${port}`,
		dir,
		async stop() {
			await server.stop();
			await removeWorkDir(dir);
		},
	};
}
