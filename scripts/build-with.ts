/**
 * A production build of the project with other `fallback({ ... })` options, into a temp folder:
 * what a site with that astro.config.mjs would deploy. Returns the folder and how long it took.
 * Used by the build tests and `npm run size -- --all-locales`.
 *
 * Within one `npm test` (which sets FALLBACK_SHARED_BUILDS to a folder of its own), a build with
 * the same options is made once and read by every suite that asks for it: the suites run at once,
 * and four of them want the build with every catalogue (so does `npm run size -- --all-locales`). The first to ask builds; the others wait
 * for it. Such a build is read, never changed or removed (`shared` says so). Run alone, a suite
 * builds its own.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FallbackOptions } from '../packages/fallback-pages/src/config/options.ts';
import { cataloguedLocales } from './catalogued-locales.ts';
import { alive } from './alive.ts';

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

/** The folder `npm test` shares builds in (inside the project, for buildOutDir's reason), if any. */
export const sharedBuildsVariable = 'FALLBACK_SHARED_BUILDS';

export interface Build {
	outDir: string;
	seconds: number;
	/** Another suite's build too: read it, never change or remove it. */
	shared: boolean;
}

async function astroBuild(name: string, options: FallbackOptions, outDir: string): Promise<number> {
	// Astro reads `--config` relative to the project root: the config goes inside it.
	const config = `node_modules/.cache/fallback-tests/${name}-${process.pid}.mjs`;
	mkdirSync(join(root, 'node_modules/.cache/fallback-tests/'), { recursive: true });
	writeFileSync(
		join(root, config),
		[
			"import { defineConfig } from 'astro/config';",
			"import fallback from 'fallback-pages';",
			`export default defineConfig({ integrations: [fallback(${JSON.stringify(options)})] });`,
		].join('\n'),
	);
	const started = performance.now();
	await promisify(execFile)(
		join(root, 'node_modules/.bin/astro'),
		['build', '--config', config, '--outDir', outDir],
		{ cwd: root, env: { ...process.env, CONTEXT: 'production' } },
	);
	return (performance.now() - started) / 1000;
}

/**
 * `<shared>/<key>`, made once by `make` for every process of the run: here when no one has started
 * it (the folder `<key>.lock/`, made atomically, holds the maker's pid), else waited for. Ends with
 * `<key>.done` (the seconds it took) or `<key>.failed` (what went wrong). `name` is for messages.
 */
export async function sharedOnce(
	shared: string,
	key: string,
	name: string,
	make: (outDir: string) => Promise<number>,
): Promise<Build> {
	const outDir = join(shared, key);
	const [lock, done, failed] = ['lock', 'done', 'failed'].map((end) => `${outDir}.${end}`) as [
		string,
		string,
		string,
	];
	mkdirSync(shared, { recursive: true });
	let mine = false;
	try {
		mkdirSync(lock);
		writeFileSync(join(lock, 'pid'), String(process.pid));
		mine = true;
	} catch {
		// Another process makes it.
	}
	if (mine) {
		try {
			const seconds = await make(outDir);
			writeFileSync(done, String(seconds));
			return { outDir, seconds, shared: true };
		} catch (error) {
			writeFileSync(failed, String(error));
			throw error;
		}
	}
	for (;;) {
		if (existsSync(done)) return { outDir, seconds: Number(readFileSync(done, 'utf8')), shared: true };
		if (existsSync(failed)) throw new Error(`the shared ${name} failed:\n${readFileSync(failed, 'utf8')}`);
		const pid = Number(existsSync(join(lock, 'pid')) ? readFileSync(join(lock, 'pid'), 'utf8') : 0);
		if (pid > 0 && !alive(pid) && !existsSync(done)) {
			throw new Error(`the shared ${name} was left unfinished: process ${pid} is gone`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** The build with these options in the shared folder, made once (sharedOnce). */
function sharedBuild(shared: string, name: string, options: FallbackOptions): Promise<Build> {
	const key = createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 16);
	return sharedOnce(shared, key, `build ${name}`, (outDir) => astroBuild(name, options, outDir));
}

/**
 * How long a test may wait for a build of its own or a shared one: minutes, as on a loaded
 * two-core machine with the other suites running (a build alone takes 5 to 40 s).
 */
export const buildTimeoutMs = 600_000;

export async function buildWith(name: string, options: FallbackOptions): Promise<Build> {
	// The locales in the catalogue's order, whatever order a suite lists them in: the same set is
	// the same build (and the same shared one).
	const normalized = options.locales ? { ...options, locales: [...options.locales].sort() } : options;
	const shared = process.env[sharedBuildsVariable];
	if (shared) return sharedBuild(shared, name, normalized);
	const outDir = buildOutDir(name);
	return { outDir, seconds: await astroBuild(name, normalized, outDir), shared: false };
}

/** The build with every catalogue, which five suites read. */
export const allLocalesBuild = () =>
	buildWith('all-locales', { locales: [...cataloguedLocales] as NonNullable<FallbackOptions['locales']> });

// `npm run build:shared` (the first step of npm test's parallel phase): the shared build, begun
// before the suites that read it start, and one fewer step among them that waits for it.
if (import.meta.main) {
	if (!process.env[sharedBuildsVariable]) {
		console.error(`build:shared: ${sharedBuildsVariable} names no folder (npm test sets it)`);
		process.exit(2);
	}
	const { outDir, seconds } = await allLocalesBuild();
	console.log(`every catalogue built in ${seconds.toFixed(1)} s: ${outDir}`);
}
