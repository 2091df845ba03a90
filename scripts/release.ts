/**
 * `npm run release`: the release archives for teams without Node. Builds the pages in every
 * catalogued locale with the default options (a production build, with the package's own command),
 * then writes release/fallback-<version>.tar.gz and .zip — one folder fallback-<version>/ with
 * dist/ (the pages), hosts/ (every host's configs and contract.json), a README and SHA256SUMS —
 * and release/SHA256SUMS for the two archives (`-- --out <folder>` for another folder than release/). Reproducible: a second run, here or elsewhere,
 * writes the same bytes (scripts/release/archive.ts); every entry is dated by the last commit
 * (SOURCE_DATE_EPOCH when set).
 */
// zip stores local times: UTC, whatever the machine's zone (set before any Date is made).
process.env['TZ'] = 'UTC';

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { cataloguedLocales } from './catalogued-locales.ts';
import { sha256sums, tarGz, zip, type ArchiveFile } from './release/archive.ts';
import { releaseReadme } from './release/readme.ts';

const root = new URL('../', import.meta.url).pathname;
const version = (
	JSON.parse(readFileSync(join(root, 'packages/fallback-pages/package.json'), 'utf8')) as { version: string }
).version;
const name = `fallback-${version}`;
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = values.out ? resolve(values.out) : join(root, 'release');
const started = performance.now();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The time every entry carries: SOURCE_DATE_EPOCH, else the last commit's. */
function releaseTime(): Date {
	const epoch =
		process.env['SOURCE_DATE_EPOCH'] ??
		execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).trim();
	if (!/^\d+$/.test(epoch)) throw new Error(`release: not a time in seconds: ${epoch}`);
	return new Date(Number(epoch) * 1000);
}

/** Every file under `dir`, as archive files under `prefix`. */
function filesOf(dir: string, prefix: string): ArchiveFile[] {
	return (
		readdirSync(dir, { recursive: true, encoding: 'utf8' })
			// Not the .gitignore of a build's hosts folder: a team may commit the archive's files.
			.filter((path) => statSync(join(dir, path)).isFile() && basename(path) !== '.gitignore')
			.map((path) => ({
				path: `${prefix}${path.split(sep).join('/')}`,
				content: readFileSync(join(dir, path)),
			}))
	);
}

const work = mkdtempSync(join(tmpdir(), 'fallback-release-'));
try {
	const mtime = releaseTime();
	// The package's own command, as a team without the starter would run it.
	const config = join(work, 'release.config.mjs');
	// A production build wherever the release is made (a pull request's CI included).
	writeFileSync(
		config,
		// hostsDir: the archive's folders are dist/ and hosts/, which the Docker files name.
		`export default ${JSON.stringify({ locales: cataloguedLocales, preview: false, hostsDir: 'hosts' })};\n`,
	);
	console.log(`release ${name}: building the pages in ${cataloguedLocales.length} locales …`);
	const build = spawnSync(
		join(root, 'node_modules/.bin/fallback-pages'),
		['build', '--config', config, '--out', join(work, 'dist')],
		{ cwd: work, stdio: 'inherit' },
	);
	if (build.status !== 0) throw new Error(`release: fallback-pages build failed (exit ${build.status})`);

	const inside = [
		...filesOf(join(work, 'dist'), `${name}/dist/`),
		...filesOf(join(work, 'hosts'), `${name}/hosts/`),
		{ path: `${name}/README.md`, content: Buffer.from(releaseReadme(version, cataloguedLocales)) },
	];
	const sums = sha256sums(
		inside.map((file) => ({ name: file.path.slice(name.length + 1), sha256: sha256(file.content) })),
	);
	const files = [...inside, { path: `${name}/SHA256SUMS`, content: Buffer.from(sums) }];

	const archives = [
		{ file: `${name}.tar.gz`, bytes: await tarGz(files, mtime) },
		{ file: `${name}.zip`, bytes: await zip(files, mtime) },
	];
	rmSync(out, { recursive: true, force: true });
	mkdirSync(out, { recursive: true });
	for (const archive of archives) writeFileSync(join(out, archive.file), archive.bytes);
	writeFileSync(
		join(out, 'SHA256SUMS'),
		sha256sums(archives.map((archive) => ({ name: archive.file, sha256: sha256(archive.bytes) }))),
	);

	const count = (folder: string) => files.filter((file) => file.path.startsWith(`${name}/${folder}/`)).length;
	const bytes = files.reduce((sum, file) => sum + file.content.length, 0);
	console.log(
		`\n${name}/: ${files.length} files, ${kb(bytes)} (dist/ ${count('dist')}, hosts/ ${count('hosts')}, README.md, SHA256SUMS), dated ${mtime.toISOString()}`,
	);
	for (const archive of archives) {
		console.log(
			`  ${relative(root, join(out, archive.file))}  ${kb(archive.bytes.length)}  sha256 ${sha256(archive.bytes)}`,
		);
	}
	console.log(
		`  ${relative(root, join(out, 'SHA256SUMS'))}  (${((performance.now() - started) / 1000).toFixed(1)} s in all)`,
	);
} finally {
	rmSync(work, { recursive: true, force: true });
}
