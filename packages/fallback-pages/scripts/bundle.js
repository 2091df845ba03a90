// @ts-check
/**
 * `npm run build` (and `prepack`): bundles what Node loads — the integration, the CLI, the config
 * helper, the verifier and what the Netlify plugin calls — from src/ into dist/, one ES module per
 * entry point, with every dependency left as an import. And, on its own, the Cloudflare Worker
 * (dist/cloudflare-worker.js, self-contained: Cloudflare runs it alone), which the generator
 * writes out after the site's data. The pages stay source (src/routes/): Astro compiles them in the
 * site's own build. Node refuses to strip types under node_modules, hence the bundle.
 *
 * When dist/ already holds exactly this bundle it is left alone, so that a build or test reading it
 * at the same moment (npm test runs several at once; `npm pack` bundles again) never sees it half
 * written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const root = new URL('../', import.meta.url).pathname;
const dist = join(root, 'dist');
const started = performance.now();
const bundle = await rolldown({
	cwd: root,
	input: {
		index: 'src/index.ts',
		config: 'src/config.ts',
		verify: 'src/verify.ts',
		embed: 'src/embed.ts',
		cli: 'src/cli/main.ts',
	},
	platform: 'node',
	// Bare specifiers are dependencies (or Node's own modules): imported, never bundled.
	external: [/^[^./]/],
	logLevel: 'warn',
});
const { output } = await bundle.generate({ format: 'esm', sourcemap: false });
await bundle.close();
const worker = await rolldown({
	cwd: root,
	input: { 'cloudflare-worker': 'src/hosts/cloudflare/entry.ts' },
	platform: 'browser',
	logLevel: 'warn',
});
const { output: workerOutput } = await worker.generate({ format: 'esm', sourcemap: false });
await worker.close();
const files = new Map(
	[...output, ...workerOutput].map((file) => [
		file.fileName,
		file.type === 'chunk' ? file.code : file.source,
	]),
);
const current =
	existsSync(dist) &&
	readdirSync(dist).length === files.size &&
	[...files].every(
		([name, text]) => existsSync(join(dist, name)) && readFileSync(join(dist, name), 'utf8') === text,
	);
if (!current) {
	rmSync(dist, { recursive: true, force: true });
	mkdirSync(dist, { recursive: true });
	for (const [name, text] of files) writeFileSync(join(dist, name), text);
}
console.log(
	`fallback-pages: ${current ? 'dist/ already holds this bundle' : 'bundled src/ into dist/'} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
