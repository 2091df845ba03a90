// @ts-check
/**
 * `npm run build` (and `prepack`): what the plugin runs, so that a site installs no Astro for the
 * default look. `--code`: dist/fallback.js alone (the workspace's `npm install` makes it, for the
 * tests that load the plugin from here); the kit takes two Astro builds (~15 s).
 * - dist/fallback.js: the options, the rules, the kit's pages and the verifier (fallback-pages's
 *   src/kit/forPlugin.ts), with every dependency bundled in (its version too, from its
 *   package.json). Only Node's own modules stay imports, and the verifier's browser audits, which
 *   the plugin never runs.
 * - dist/kit.json: the kit, which fallback-pages makes and packs (fallback-pages/kit): its
 *   embedded pages in every locale with stand-ins for a site's values and marks, built by Astro
 *   from this workspace's fallback-pages, once for production and once for a preview, each also
 *   for a shell (a site's own 404.html); each of the four compressed on its own (a deploy reads one).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const root = new URL('../', import.meta.url).pathname;
const pages = join(root, '../fallback-pages');
const dist = join(root, 'dist');
const started = performance.now();

/**
 * Bundles `input` (name → file in fallback-pages) into `dir`; a file that already holds its text is
 * not written again (tests may be reading it).
 * @param {Record<string, string>} input
 * @param {string} dir
 * @param {(id: string) => boolean} external
 */
async function bundle(input, dir, external) {
	const build = await rolldown({
		cwd: pages,
		input,
		platform: 'node',
		external: (id) => isBuiltin(id) || external(id),
		checks: { pluginTimings: false },
		logLevel: 'warn',
	});
	const { output } = await build.generate({
		format: 'esm',
		sourcemap: false,
		comments: { legal: true },
		chunkFileNames: '[name].js',
	});
	await build.close();
	mkdirSync(dir, { recursive: true });
	for (const file of output) {
		const text = file.type === 'chunk' ? file.code : file.source;
		const path = join(dir, file.fileName);
		if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
	}
}

await bundle({ fallback: 'src/kit/forPlugin.ts' }, dist, (id) =>
	/^(lighthouse|chrome-launcher|@axe-core|playwright)(\/|$)/.test(id),
);
if (process.argv.includes('--code')) {
	console.error(
		`netlify-plugin-fallback-pages: bundled dist/fallback.js (${((performance.now() - started) / 1000).toFixed(1)} s)`,
	);
	process.exit(0);
}

// The kit, made by fallback-pages (fallback-pages/kit, this workspace's: Astro builds its pages there).
const { makeKit, packKit } = await import('fallback-pages/kit');
const kit = await makeKit();
const packed = packKit(kit);
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'kit.json'), packed);
// On stderr: `npm pack --json` prints its answer on stdout.
console.error(
	`netlify-plugin-fallback-pages: bundled dist/fallback.js and the kit (${Object.values(kit.variants)
		.map((files) => Object.keys(files).length)
		.join(
			' + ',
		)} files, ${(JSON.stringify(kit).length / 1e6).toFixed(1)} MB → ${(packed.length / 1e6).toFixed(2)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
