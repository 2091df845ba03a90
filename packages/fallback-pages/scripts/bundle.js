// @ts-check
/**
 * `npm run build` (and `prepack`): bundles what Node loads — the integration, the CLI, the config
 * helper, the verifier and what the Netlify plugin calls — from src/ into dist/, one ES module per
 * entry point, with every dependency left as an import, and the declarations of each entry point
 * beside it (`index.d.ts`…), bundled so that no extensionless import is left in them. Then, on
 * their own: the icons the pages draw (dist/icons.js: lucide-react's components for the icons of
 * catalog/icons.ts, inlined, so that lucide-react's 50 MB are never installed with the package),
 * and the Cloudflare Worker (dist/cloudflare-worker.js, self-contained: Cloudflare runs it alone),
 * which the generator writes out after the site's data. The pages stay source (src/routes/): Astro
 * compiles them in the site's own build. Node refuses to strip types under node_modules, hence the
 * bundle. `astro dev` in this workspace draws the icons of the last bundle: `npm run build` makes it.
 *
 * When dist/ already holds exactly this bundle it is left alone, so that a build or test reading it
 * at the same moment (npm test runs several at once; `npm pack` bundles again) never sees it half
 * written.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const root = new URL('../', import.meta.url).pathname;
const dist = join(root, 'dist');
const started = performance.now();
/**
 * Dependencies of the CLI, the verifier and the kit alone (devDependencies: bundled, never
 * installed).
 */
const cliOnly = ['@netlify/redirect-parser', 'ajv', 'ajv-formats', 'html-escaper', 'junit-report-builder'];
/**
 * Declarations of the entry points (the CLI's excepted), with the workspace's compiler settings.
 * Only a package needs them: an install without devDependencies (the starter's deploy on Netlify,
 * `npm install --omit=dev`) has no rolldown-plugin-dts and builds without them; `npm pack` refuses to.
 */
const dts = await import('rolldown-plugin-dts').then(
	(module) => module.dts,
	() => {
		if (process.env['npm_lifecycle_event'] === 'prepack') {
			throw new Error(
				'fallback-pages: rolldown-plugin-dts is not installed; a package needs its declarations',
			);
		}
		console.error(
			'fallback-pages: no declarations (rolldown-plugin-dts is not installed: a build, not a package)',
		);
		return undefined;
	},
);
const declarations = (entry = ['**/*.ts']) =>
	dts
		? [
				dts({
					cwd: root,
					tsconfig: join(root, '../../tsconfig.json'),
					compilerOptions: { noEmit: false },
					entry,
				}),
			]
		: [];
const bundle = await rolldown({
	cwd: root,
	input: {
		index: 'src/index.ts',
		config: 'src/config.ts',
		verify: 'src/verify.ts',
		embed: 'src/embed.ts',
		kit: 'src/kit.ts',
		cli: 'src/cli/main.ts',
	},
	platform: 'node',
	// Bare specifiers are dependencies (or Node's own modules): imported, never bundled; but those
	// only the CLI and the verifier use are inlined in their chunks, so that a site that only uses
	// the integration never installs them (nor what they import in turn: a bare import from inside
	// node_modules is one of theirs, since no other dependency is bundled).
	external: (id, importer) =>
		isBuiltin(id) ||
		(/^[^./]/.test(id) &&
			!cliOnly.some((name) => id === name || id.startsWith(`${name}/`)) &&
			!importer?.includes('/node_modules/')),
	// No dependency is imported for its side effects: an import left unused goes (the declarations
	// of the options would otherwise keep `import "lucide-react"` from a type-only chain).
	treeshake: { moduleSideEffects: (_id, external) => !external },
	plugins: declarations(['src/*.ts']),
	// Declarations take most of the bundle's few seconds: expected, not worth a warning.
	checks: { pluginTimings: false },
	logLevel: 'warn',
});
const { output } = await bundle.generate({ format: 'esm', sourcemap: false });
await bundle.close();
const icons = await rolldown({
	cwd: root,
	input: { icons: 'src/components/iconSvg.ts' },
	platform: 'node',
	// React renders them in the site's build; lucide-react's components are inlined, licence kept.
	external: [/^react(-dom)?(\/|$)/],
	plugins: declarations(),
	checks: { pluginTimings: false },
	logLevel: 'warn',
	// lucide-react marks its modules "use client", which means nothing to a build-time render.
	onLog: (level, log, handler) => log.code !== 'MODULE_LEVEL_DIRECTIVE' && handler(level, log),
});
const { output: iconsOutput } = await icons.generate({
	format: 'esm',
	sourcemap: false,
	comments: { legal: true },
});
await icons.close();
const worker = await rolldown({
	cwd: root,
	input: { 'cloudflare-worker': 'src/hosts/cloudflare/entry.ts' },
	platform: 'browser',
	logLevel: 'warn',
});
const { output: workerOutput } = await worker.generate({ format: 'esm', sourcemap: false });
await worker.close();
const files = new Map(
	[...output, ...iconsOutput, ...workerOutput].map((file) => [
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
// On stderr: `npm pack --json` prints its answer on stdout.
console.error(
	`fallback-pages: ${current ? 'dist/ already holds this bundle' : 'bundled src/ into dist/'} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
