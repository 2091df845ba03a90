/**
 * `npm install` of the same dependencies, once per run of the package suite: the first project
 * that asks for a set installs it into a project of its own (beside the test projects in the temp
 * folder, at their depth, so the `file:` paths npm records for the tarballs read the same); every
 * project that asks for that set then gets its node_modules hard-linked (folders made anew, the
 * files linked), its package-lock.json and its package.json's dependency fields. That is what npm
 * writes from the same cache, in a second instead of 20 to 50 s of a loaded two-core machine: the
 * suite installs astro and the tarball alone in three files, the CLI without Astro in three more.
 *
 * Nothing under node_modules is written in place by what the tests run (builds add folders of their
 * own, npm replaces a package's files by new ones); npm's own record of the tree,
 * node_modules/.package-lock.json, which it rewrites, is copied, not linked.
 *
 * The suite's global setup (packed.ts) names the run (`installsRunVariable`) and removes its
 * installs at the end; without it, as in a script of its own, this is a plain `npm install`.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sharedOnce } from '../../scripts/build-with';
import { npmInstall } from '../../scripts/fresh-project';

/** The variable that names this run's installs (`fallback-installs-<run>-…` in the temp folder). */
export const installsRunVariable = 'FALLBACK_INSTALLS_RUN';

/** The fields of package.json npm reads to install, and writes. */
const dependencyFields = [
	'dependencies',
	'devDependencies',
	'optionalDependencies',
	'peerDependencies',
	'overrides',
] as const;

type PackageJson = Record<string, unknown>;

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const writeJson = (file: string, value: unknown) =>
	writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
const pick = (json: PackageJson) =>
	Object.fromEntries(dependencyFields.filter((field) => field in json).map((field) => [field, json[field]]));

/** npm's lock of the shared install, named for the project that takes it. */
function lockFor(lockFile: string, name: unknown): PackageJson {
	const lock = readJson(lockFile);
	const packages = lock['packages'] as Record<string, PackageJson> | undefined;
	return {
		...lock,
		...(name === undefined ? {} : { name }),
		...(packages?.['']
			? { packages: { ...packages, '': { ...packages[''], ...(name === undefined ? {} : { name }) } } }
			: {}),
	};
}

/** `npm install <args>` in the project, from this run's shared install of the same set. */
export async function sharedNpmInstall(project: string, args: readonly string[]): Promise<void> {
	const run = process.env[installsRunVariable];
	if (!run) return npmInstall(project, args);
	// npm makes a package.json where the project has none.
	const ownFile = join(project, 'package.json');
	const own = existsSync(ownFile) ? readJson(ownFile) : {};
	const key = createHash('sha256')
		.update(JSON.stringify({ args, dependencies: pick(own) }))
		.digest('hex')
		.slice(0, 16);
	const { outDir: installed } = await sharedOnce(
		tmpdir(),
		`fallback-installs-${run}-${key}`,
		'npm install',
		async (dir) => {
			const started = performance.now();
			await mkdir(dir, { recursive: true });
			if (existsSync(ownFile)) writeJson(join(dir, 'package.json'), own);
			await npmInstall(dir, args);
			return (performance.now() - started) / 1000;
		},
	);
	await promisify(execFile)('cp', ['-al', join(installed, 'node_modules'), join(project, 'node_modules')]);
	for (const lock of ['node_modules/.package-lock.json', 'package-lock.json']) {
		if (!existsSync(join(installed, lock))) continue;
		// A file of its own, not a link: npm rewrites it in place.
		rmSync(join(project, lock), { force: true });
		writeJson(join(project, lock), lockFor(join(installed, lock), own['name']));
	}
	writeJson(ownFile, { ...own, ...pick(readJson(join(installed, 'package.json'))) });
}

/** Removes this run's shared installs (the suite's global teardown). */
export function removeSharedInstalls(run: string): void {
	for (const entry of readdirSync(tmpdir())) {
		if (entry.startsWith(`fallback-installs-${run}-`))
			rmSync(join(tmpdir(), entry), { recursive: true, force: true, maxRetries: 5 });
	}
}
