/**
 * A production build of the project with other `fallback({ ... })` options, into a temp folder:
 * what a site with that astro.config.mjs would deploy. Returns the folder and how long it took.
 * Used by the build tests and `npm run size -- --all-locales`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FallbackOptions } from '../packages/fallback-pages/src/config/options.ts';

const root = new URL('../', import.meta.url).pathname;

export async function buildWith(
	name: string,
	options: FallbackOptions,
): Promise<{ outDir: string; seconds: number }> {
	// Astro reads `--config` relative to the project root: the config goes inside it.
	const config = `node_modules/.cache/fallback-tests/${name}.mjs`;
	mkdirSync(join(root, 'node_modules/.cache/fallback-tests/'), { recursive: true });
	writeFileSync(
		join(root, config),
		[
			"import { defineConfig } from 'astro/config';",
			"import fallback from 'fallback-pages';",
			`export default defineConfig({ integrations: [fallback(${JSON.stringify(options)})] });`,
		].join('\n'),
	);
	const outDir = mkdtempSync(join(tmpdir(), `fallback-${name}-`));
	const started = performance.now();
	await promisify(execFile)(
		join(root, 'node_modules/.bin/astro'),
		['build', '--config', config, '--outDir', outDir],
		{ cwd: root, env: { ...process.env, CONTEXT: 'production' } },
	);
	return { outDir, seconds: (performance.now() - started) / 1000 };
}
