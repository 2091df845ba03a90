// @ts-check
/**
 * `npm run build` (and `prepack`): bundles what Node loads — the integration, the CLI, the config
 * helper and the verifier — from src/ into dist/, one ES module per entry point, with every
 * dependency left as an import. The pages stay source (src/routes/): Astro compiles them in the
 * site's own build. Node refuses to strip types under node_modules, hence the bundle.
 */
import { rmSync } from 'node:fs';
import { build } from 'rolldown';

const root = new URL('../', import.meta.url).pathname;
const started = performance.now();
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
	cwd: root,
	input: {
		index: 'src/index.ts',
		config: 'src/config.ts',
		verify: 'src/verify.ts',
		cli: 'src/cli/main.ts',
	},
	platform: 'node',
	// Bare specifiers are dependencies (or Node's own modules): imported, never bundled.
	external: [/^[^./]/],
	output: { dir: `${root}dist`, format: 'esm', sourcemap: false },
	logLevel: 'warn',
});
console.log(
	`fallback-pages: bundled src/ into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
