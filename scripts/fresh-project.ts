/**
 * Fresh projects outside this repository, as a team makes them: a temp folder, its own
 * package.json, the packed fallback-pages tarball and the rest from the registry. Commands run on
 * the Node this suite runs on (24, from the project's devDependencies), as they would on a machine
 * that has it.
 */
import { execFile, spawn } from 'node:child_process';
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';

export const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));

/**
 * The variables by which a build tells its platform (ci-info's list, which fallback-pages reads,
 * and Netlify's CONTEXT and URL): a fresh project builds as on a laptop, whatever CI runs this.
 */
const platformVariables = new Set([
	'CONTEXT',
	'URL',
	...(
		JSON.parse(readFileSync(join(repositoryRoot, 'node_modules/ci-info/vendors.json'), 'utf8')) as {
			env: string | Record<string, unknown> | (string | Record<string, unknown>)[];
		}[]
	).flatMap(({ env }) =>
		(Array.isArray(env) ? env : [env]).flatMap((one) =>
			typeof one === 'string'
				? [one]
				: typeof one['env'] === 'string'
					? [one['env']]
					: Array.isArray(one['any'])
						? (one['any'] as string[])
						: Object.keys(one),
		),
	),
]);

/**
 * PATH with this Node first: `npx astro` and the package's bin run on it, not on the machine's
 * Node 20; no platform's variables (`CI` alone names none): the default a team gets, production.
 */
export const environment: NodeJS.ProcessEnv = {
	...Object.fromEntries(Object.entries(process.env).filter(([name]) => !platformVariables.has(name))),
	PATH: `${dirname(process.execPath)}:${process.env['PATH']}`,
	ASTRO_TELEMETRY_DISABLED: '1',
	NETLIFY_TELEMETRY_DISABLED: '1',
};

export interface Result {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs a command to its end; never throws on a non-zero exit. */
export function run(
	cwd: string,
	command: string,
	args: readonly string[],
	env = environment,
): Promise<Result> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.once('error', reject);
		child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
	});
}

/** Like run, but a failure throws with everything the command printed. */
export async function runOk(cwd: string, command: string, args: readonly string[]): Promise<Result> {
	const result = await run(cwd, command, args);
	if (result.code !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} exited ${result.code} in ${cwd}:\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result;
}

/**
 * A package as npm would publish it: `npm pack` of the workspace, into `folder` (default a new temp
 * folder). The package tests pack each package once for all of them (tests/package/packed.ts).
 */
export async function packTarball(workspace = 'fallback-pages', folder?: string): Promise<string> {
	const destination = folder ?? (await mkdtemp(join(tmpdir(), 'fallback-pack-')));
	const { stdout } = await promisify(execFile)(
		'npm',
		['pack', '--json', '--workspace', workspace, '--pack-destination', destination],
		{ cwd: repositoryRoot, env: environment, maxBuffer: 16 * 1024 * 1024 },
	);
	// npm prints the JSON after what the package's prepack script printed.
	const [packed] = JSON.parse(stdout.slice(stdout.indexOf('[\n'))) as { filename: string }[];
	if (!packed) throw new Error(`npm pack wrote no tarball into ${destination}`);
	return join(destination, packed.filename);
}

/** The files a package tarball holds, as npm lists them: relative to the package, sorted. */
export async function tarballFiles(tarball: string): Promise<string[]> {
	const files: string[] = [];
	const reading = extract();
	reading.on('entry', (header, stream, next) => {
		if (header.type === 'file') files.push(header.name.replace(/^package\//, ''));
		stream.on('end', next);
		stream.resume();
	});
	await pipeline(createReadStream(tarball), createGunzip(), reading);
	return files.sort();
}

/** The astro version this repository builds with, for the fresh sites (the registry serves it). */
export async function astroVersion(): Promise<string> {
	return installedVersion(repositoryRoot, 'astro');
}

/** The version of a package installed in a project (`node_modules/<name>`), the workspace's by default. */
export function installedVersion(project: string, name: string): string {
	const json = readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8');
	return (JSON.parse(json) as { version: string }).version;
}

/**
 * A new project folder with these files, readable by a server's unprivileged workers (nginx drops
 * to www-data when started as root).
 */
export async function makeProject(name: string, files: Readonly<Record<string, string>>): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), `fallback-${name}-`));
	await chmod(dir, 0o755);
	for (const [path, content] of Object.entries(files)) {
		await mkdir(dirname(join(dir, path)), { recursive: true });
		await writeFile(join(dir, path), content);
	}
	return dir;
}

/**
 * `npm install` in a fresh project. `--prefer-offline`: what npm's cache holds (the workspace's own
 * install has just put astro and the rest there) is taken without asking the registry again; only
 * what is missing is fetched. On a loaded two-core machine that took a fresh install of astro from
 * 75 s to 47 s.
 */
export async function npmInstall(dir: string, args: readonly string[]): Promise<void> {
	await runOk(dir, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args]);
}

export const removeProject = (dir: string | undefined) =>
	dir ? rm(dir, { recursive: true, force: true, maxRetries: 5 }) : Promise.resolve();

/**
 * `astro build` in a project with one of its configs (`astro.<name>.mjs`) into `dist-<name>`;
 * throws with the build's log when it fails.
 */
export async function astroBuildWith(project: string, name: string, env = environment): Promise<Result> {
	const result = await run(
		project,
		'npx',
		['astro', 'build', '--config', `astro.${name}.mjs`, '--outDir', `dist-${name}`],
		env,
	);
	if (result.code !== 0)
		throw new Error(`astro build (${name}) exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
	return result;
}

/** The package's own command, as installed in a project. */
export const fallbackPages = (dir: string, args: readonly string[]) =>
	run(dir, join(dir, 'node_modules/.bin/fallback-pages'), args);

/** Every file under a folder (a build's output), as paths relative to it, sorted. */
export const filesOf = (dir: string): string[] =>
	readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
		.sort();
