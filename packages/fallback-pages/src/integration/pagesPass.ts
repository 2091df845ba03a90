/**
 * Fallback's pages in a pass of their own, so that nothing of the site's build changes: the site's
 * `astro build` runs without Fallback's routes (its bundle, its chunks' names, its CSS, Astro's
 * policy on its pages are as without Fallback), and when it is done Fallback runs Astro once more
 * on the same project and config, into a folder of its own, with its routes in and every route of
 * the site's in it replaced by a stand-in that builds nothing (stubbed in the page modules Astro
 * makes, so none of the site's pages is rendered twice). Its pages and the files they load that the
 * site's build does not have are then copied into the site's build; nothing there is overwritten.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { Plugin } from 'vite';
import { packageRoot } from '../packageRoot';

/** What the site's build hands the pages' pass, and what the pass hands back. */
export interface PagesPass {
	/** Filled by the pass's own integration: the files each of Fallback's routes wrote. */
	written: URL[];
}

const key = Symbol.for('fallback-pages:pages-pass');
type WithPass = typeof globalThis & { [key]?: PagesPass | undefined };

/** The pass under way, when this integration is the pages' pass of a site's build. */
export const pagesPass = (): PagesPass | undefined => (globalThis as WithPass)[key];

/**
 * Whether a build of the site's gets a pass of Fallback's own: a site build (not `astro dev`, whose
 * pages are served from the routes), static (an adapter's build writes a server beside the output,
 * which a second build would write again) and with pages of the site's (the starter is Fallback's
 * pages alone).
 */
export const wantsPagesPass = ({
	command,
	adapter,
	sitePages,
}: {
	command: string;
	adapter: boolean;
	sitePages: boolean;
}): boolean => command === 'build' && !adapter && sitePages;

/** A route of the site's, as the stand-ins need it. */
export interface StubbedRoute {
	/** As Astro names its component: relative to the root (`src/pages/about.astro`) or a package path. */
	entrypoint: string;
	type: string;
	dynamic: boolean;
}

/** The stand-in of a route of the site's: a page or an endpoint, static or with parameters. */
function standIn(route: StubbedRoute): string {
	const file =
		route.type === 'endpoint'
			? route.dynamic
				? 'stubs/noEndpoints.ts'
				: 'stubs/emptyEndpoint.ts'
			: route.dynamic
				? 'noPages.astro'
				: 'stubs/emptyPage.astro';
	return join(packageRoot, 'src/routes', file);
}

/**
 * The Vite plugin of the pages' pass: Astro's page module of each route of the site's (Astro 5's
 * `\0@astro-page:…`, 6 and 7's `\0virtual:astro:page:…`) imports a stand-in instead of the route's
 * file, so the site's pages are neither bundled nor rendered again.
 */
export function siteRoutesStubbed(routes: () => readonly StubbedRoute[]): Plugin {
	let byEntrypoint: Map<string, string> | undefined;
	return {
		name: 'fallback-pages:site-routes-stubbed',
		enforce: 'pre',
		resolveId(source, importer) {
			if (!importer || !/^\0(?:@astro-page:|virtual:astro:page:)/.test(importer)) return null;
			byEntrypoint ??= new Map(
				routes().map((route) => [route.entrypoint.replace(/^\/+/, ''), standIn(route)]),
			);
			return byEntrypoint.get(source.replace(/^\/+/, '')) ?? null;
		},
	};
}

/**
 * The pass runs the site's integrations, which Fallback's pages may need (Starlight's frame, a
 * renderer, Tailwind), but not what they do with a finished build (`astro:build:done`: a link
 * validator, a search index, a sitemap, a compressor): that is for the site's build, and in the
 * pass, whose site pages are stand-ins, a link validator would fail on every link. Their hooks
 * are wrapped to do nothing while a pass is under way.
 */
export function quietAfterBuild(integrations: readonly AstroIntegration[], own: string): void {
	for (const integration of integrations) {
		const done = integration.hooks['astro:build:done'];
		if (integration.name === own || !done) continue;
		integration.hooks['astro:build:done'] = (params) => (pagesPass() ? undefined : done(params));
	}
}

/** The folder the pass builds into: inside the site's node_modules/, which no tool of the site's reads. */
export const passFolder = (root: string): string =>
	join(root, 'node_modules', '.cache', 'fallback-pages', `pages-${process.pid}`);

/** The config file the site's build was started with (`--config`), else Astro finds it. */
function configFileOf(argv: readonly string[]): string | undefined {
	const at = argv.findIndex((arg) => arg === '--config' || arg.startsWith('--config='));
	if (at < 0) return undefined;
	return argv[at]!.includes('=') ? argv[at]!.slice('--config='.length) : argv[at + 1];
}

/**
 * Runs Astro on the site's project into the pass's folder, with this pass marked for Fallback's
 * integration in it; resolves to the folder and the files Fallback's routes wrote there, relative
 * to it. The caller removes the folder.
 */
export async function runPagesPass(
	root: string,
	logger: AstroIntegrationLogger,
): Promise<{
	folder: string;
	written: string[];
	seconds: number;
}> {
	const started = performance.now();
	const folder = passFolder(root);
	const outDir = join(folder, 'dist');
	const publicDir = join(folder, 'public');
	await rm(folder, { recursive: true, force: true });
	await mkdir(publicDir, { recursive: true });
	const pass: PagesPass = { written: [] };
	const global = globalThis as WithPass;
	global[key] = pass;
	logger.info("building Fallback's pages in a pass of their own");
	try {
		const { build } = await import('astro');
		const configFile = configFileOf(process.argv);
		await build({
			root,
			...(configFile ? { configFile } : {}),
			outDir,
			publicDir,
			logLevel: 'error',
			devToolbar: { enabled: false },
		});
	} finally {
		global[key] = undefined;
	}
	const written = pass.written.map((url) => relative(outDir, fileURLToPath(url)).split(sep).join('/'));
	return { folder: outDir, written, seconds: (performance.now() - started) / 1000 };
}

/** Every file under `folder`, relative to it, `/`-separated. */
async function filesUnder(folder: string): Promise<string[]> {
	if (!existsSync(folder)) return [];
	const entries = await readdir(folder, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Fallback's pages, and the files in the assets folder they may load, copied from the pass into
 * the site's build where the site's build has no file of that name: the site's files stay its
 * own. Resolves to the pages and the asset files copied, relative to `dist`; those of the assets
 * the settled pages do not load go again (withoutUnusedAssets).
 */
export async function copyPassPages(
	pass: { folder: string; written: readonly string[] },
	dist: string,
	assetsDir: string,
): Promise<{ pages: string[]; assets: string[] }> {
	const assets = (await filesUnder(join(pass.folder, assetsDir))).map((file) => `${assetsDir}/${file}`);
	const copied = { pages: [] as string[], assets: [] as string[] };
	for (const file of [...pass.written, ...assets]) {
		const to = join(dist, file);
		if (existsSync(to)) continue;
		await mkdir(dirname(to), { recursive: true });
		await copyFile(join(pass.folder, file), to);
		(file.startsWith(`${assetsDir}/`) ? copied.assets : copied.pages).push(file);
	}
	return copied;
}

/**
 * Removes the asset files copied from the pass that Fallback's settled pages do not load, nor any
 * file they load in turn (a script's chunks, a stylesheet's font): the pass built what the site's
 * integrations add to every build (a renderer's client script), which no page of Fallback's needs.
 * Asset names carry their content's hash, so a name found in a page or a loaded file is a use.
 * Resolves to the files removed.
 */
export async function withoutUnusedAssets(
	dist: string,
	copied: readonly string[],
	pages: Iterable<string>,
): Promise<string[]> {
	const name = (file: string) => file.slice(file.lastIndexOf('/') + 1);
	const used = new Set<string>();
	let texts = [...pages];
	while (texts.length > 0) {
		const found = copied.filter((file) => !used.has(file) && texts.some((text) => text.includes(name(file))));
		for (const file of found) used.add(file);
		texts = await Promise.all(
			found.filter((file) => /\.(m?js|css)$/.test(file)).map((file) => readFile(join(dist, file), 'utf8')),
		);
	}
	const unused = copied.filter((file) => !used.has(file));
	await Promise.all(unused.map((file) => rm(join(dist, file))));
	return unused;
}
