/**
 * A production build of the project with other `fallback({ ... })` options, into a temp folder:
 * what a site with that astro.config.mjs would deploy. Returns the folder and how long it took.
 * Used by the build tests and `npm run size -- --all-locales`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FallbackOptions } from '../packages/fallback-pages/src/config/options.ts';

const root = new URL('../', import.meta.url).pathname;

/**
 * A new folder for one build's output, inside the project (under node_modules/.cache/). Astro puts
 * the prerendered chunks of a build whose output folder lies outside the working folder into the
 * working folder's `.astro/.prerender/` and removes them when it is done: builds run at once from
 * the project root into temp folders would share that folder and pull each other's chunks away.
 * Inside the project, each build keeps its chunks in its own output folder.
 */
export function buildOutDir(name: string): string {
	const parent = join(root, 'node_modules/.cache/fallback-builds/');
	mkdirSync(parent, { recursive: true });
	return mkdtempSync(join(parent, `${name}-`));
}

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
	const outDir = buildOutDir(name);
	const started = performance.now();
	await promisify(execFile)(
		join(root, 'node_modules/.bin/astro'),
		['build', '--config', config, '--outDir', outDir],
		{ cwd: root, env: { ...process.env, CONTEXT: 'production' } },
	);
	return { outDir, seconds: (performance.now() - started) / 1000 };
}
