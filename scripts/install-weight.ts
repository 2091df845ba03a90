/**
 * `npm run weight`: what adding fallback-pages costs a site, and what the starter's deploy installs.
 * Prints figures; checks nothing (the budgets are in the README and the closing notes).
 *
 * 1. A fresh Astro site (one page) with `npm install astro`, and the same with the packed package
 *    too: node_modules on disk (as `du` counts it, and in bytes of the files), packages, install
 *    time (the npm cache warmed first, so both installs read it alike); then `astro build` of the
 *    site with and without `fallback()` (`--builds` runs each, alternating; median).
 * 2. The starter as Netlify builds it (NPM_FLAGS="--omit=dev"): a copy of this repository's
 *    committed files, `npm install --omit=dev`, then `npm run build`, against the full install.
 * 3. The Netlify plugin in a Vite site with the default look: `npm install vite`, and the same with
 *    the packed plugin alone (its prebuilt pages; fallback-pages is only for options beyond the
 *    default look); then `netlify build --offline` of the site without and with the plugin
 *    (alternating; median).
 */
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
	astroVersion,
	makeProject,
	npmInstall,
	packTarball,
	removeProject,
	repositoryRoot,
	runOk,
} from './fresh-project.ts';

const { values } = parseArgs({ options: { builds: { type: 'string', default: '3' } } });
const builds = Math.max(1, Number(values.builds) || 3);

interface Weight {
	/** Bytes on disk, as `du` counts them (whole blocks). */
	disk: number;
	/** Bytes of the files themselves. */
	bytes: number;
	packages: number;
}

async function weigh(folder: string): Promise<Weight> {
	let disk = 0;
	let bytes = 0;
	let packages = 0;
	for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
		const path = join(entry.parentPath, entry.name);
		const stat = await lstat(path);
		disk += stat.blocks * 512;
		if (entry.isFile()) bytes += stat.size;
		if (entry.name === 'package.json' && /node_modules\/(@[^/]+\/)?[^/@]+$/.test(entry.parentPath))
			packages++;
	}
	return { disk, bytes, packages };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
	const started = performance.now();
	await work();
	return performance.now() - started;
}

const sitePage = '<html lang="en"><head><title>Home</title></head><body><h1>Home</h1></body></html>\n';
const siteConfig = (withFallback: boolean) =>
	[
		"import { defineConfig } from 'astro/config';",
		...(withFallback ? ["import fallback from 'fallback-pages';"] : []),
		`export default defineConfig({ ${withFallback ? 'integrations: [fallback()]' : ''} });`,
		'',
	].join('\n');

console.log('weight: packing fallback-pages and the Netlify plugin …');
const tarball = await packTarball();
const pluginTarball = await packTarball('netlify-plugin-fallback-pages');
const astro = `astro@${await astroVersion()}`;
const site = {
	'package.json': '{"name":"site","private":true,"type":"module"}',
	'src/pages/index.astro': sitePage,
};

console.log(`weight: warming the npm cache (${astro} and the tarball) …`);
const warm = await makeProject('weight-warm', site);
await npmInstall(warm, [astro, tarball]);
await removeProject(warm);

const plain = await makeProject('weight-astro', { ...site, 'astro.config.mjs': siteConfig(false) });
const withPackage = await makeProject('weight-fallback', {
	...site,
	'astro.config.mjs': siteConfig(false),
	'astro.fallback.mjs': siteConfig(true),
});
console.log('weight: installing astro alone, then astro and fallback-pages …');
const installPlain = await timed(() => npmInstall(plain, [astro]));
const installPackage = await timed(() => npmInstall(withPackage, [astro, tarball]));
const [weightPlain, weightPackage] = await Promise.all([
	weigh(join(plain, 'node_modules')),
	weigh(join(withPackage, 'node_modules')),
]);

console.log(`weight: building the site ${builds} time(s) without and with fallback() …`);
const without: number[] = [];
const withFallback: number[] = [];
for (let round = 0; round < builds; round++) {
	without.push(await timed(() => runOk(withPackage, 'npx', ['astro', 'build', '--outDir', 'dist-plain'])));
	withFallback.push(
		await timed(() => runOk(withPackage, 'npx', ['astro', 'build', '--config', 'astro.fallback.mjs'])),
	);
}
const pages = (await readdir(join(withPackage, 'dist'), { recursive: true })).filter((name) =>
	name.endsWith('.html'),
).length;

console.log('weight: the starter as Netlify installs it (npm install --omit=dev), then npm run build …');
const starter = await makeProject('weight-starter', {});
await runOk(repositoryRoot, 'sh', ['-c', `git archive HEAD | tar -x -C ${starter}`]);
// The lock is the repository's: the same versions Netlify would install.
const installStarter = await timed(() => npmInstall(starter, ['--omit=dev']));
const weightStarter = await weigh(join(starter, 'node_modules'));
const buildStarter = await timed(() => runOk(starter, 'npm', ['run', 'build']));
const full = await weigh(join(repositoryRoot, 'node_modules'));

console.log('weight: a Vite site with and without the Netlify plugin …');
const viteVersion = (
	JSON.parse(await readFile(join(repositoryRoot, 'node_modules/vite/package.json'), 'utf8')) as {
		version: string;
	}
).version;
const viteSite = (plugin: boolean) => ({
	'package.json': '{"name":"vite-site","private":true,"type":"module"}',
	'index.html': sitePage,
	'netlify.toml': [
		'[build]',
		'  command = "npx vite build"',
		'  publish = "dist"',
		...(plugin ? ['', '[[plugins]]', '  package = "netlify-plugin-fallback-pages"'] : []),
		'',
	].join('\n'),
});
const vitePlain = await makeProject('weight-vite', viteSite(false));
const vitePlugin = await makeProject('weight-vite-plugin', viteSite(true));
const installVite = await timed(() => npmInstall(vitePlain, [`vite@${viteVersion}`]));
const installVitePlugin = await timed(() => npmInstall(vitePlugin, [`vite@${viteVersion}`, pluginTarball]));
const [weightVite, weightVitePlugin] = await Promise.all([
	weigh(join(vitePlain, 'node_modules')),
	weigh(join(vitePlugin, 'node_modules')),
]);
const netlifyCli = join(repositoryRoot, 'node_modules/.bin/netlify');
const netlifyWithout: number[] = [];
const netlifyWith: number[] = [];
for (let round = 0; round < builds; round++) {
	netlifyWithout.push(await timed(() => runOk(vitePlain, netlifyCli, ['build', '--offline'])));
	netlifyWith.push(await timed(() => runOk(vitePlugin, netlifyCli, ['build', '--offline'])));
}

/** A row of the table: a node_modules and its install time (empty when not timed). */
const tableRow = (label: string, weight: Weight, install?: number): string[] => [
	label,
	mb(weight.disk),
	mb(weight.bytes),
	String(weight.packages),
	install === undefined ? '' : seconds(install),
];
/** What the second install added to the first. */
const added = (label: string, [base, more]: [Weight, Weight], [baseInstall, moreInstall]: [number, number]) =>
	tableRow(
		label,
		{ disk: more.disk - base.disk, bytes: more.bytes - base.bytes, packages: more.packages - base.packages },
		moreInstall - baseInstall,
	);
const rows: string[][] = [
	['', 'on disk', 'file bytes', 'packages', 'install'],
	tableRow(`${astro} alone`, weightPlain, installPlain),
	tableRow('astro + fallback-pages', weightPackage, installPackage),
	added('added by fallback-pages', [weightPlain, weightPackage], [installPlain, installPackage]),
	tableRow('starter, --omit=dev (Netlify)', weightStarter, installStarter),
	tableRow('starter, full install (tests)', full),
	tableRow(`vite@${viteVersion} alone`, weightVite, installVite),
	tableRow('vite + the Netlify plugin', weightVitePlugin, installVitePlugin),
	added('added by the Netlify plugin', [weightVite, weightVitePlugin], [installVite, installVitePlugin]),
];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
console.log('\nnode_modules');
for (const row of rows) {
	console.log(
		`  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ')}`,
	);
}
console.log(`\nastro build of a one-page site, median of ${builds}`);
console.log(`  without fallback()  ${seconds(median(without))}`);
console.log(`  with fallback()     ${seconds(median(withFallback))} (${pages} pages)`);
console.log(`  added               ${seconds(median(withFallback) - median(without))}`);
console.log(`\nstarter: npm install --omit=dev && npm run build: built in ${seconds(buildStarter)}`);
console.log(`\nnetlify build --offline of a Vite site, median of ${builds}`);
console.log(`  without the plugin  ${seconds(median(netlifyWithout))}`);
console.log(`  with the plugin     ${seconds(median(netlifyWith))}`);
console.log(`  added               ${seconds(median(netlifyWith) - median(netlifyWithout))}`);

const reports = join(repositoryRoot, 'reports');
await mkdir(reports, { recursive: true });
await writeFile(
	join(reports, 'weight.json'),
	`${JSON.stringify({ weightPlain, weightPackage, weightStarter, full, installPlain, installPackage, installStarter, without, withFallback, buildStarter, pages, weightVite, weightVitePlugin, installVite, installVitePlugin, netlifyWithout, netlifyWith }, null, '\t')}\n`,
);
console.log('\nweight: figures in reports/weight.json');
await Promise.all([plain, withPackage, starter, vitePlain, vitePlugin].map(removeProject));
