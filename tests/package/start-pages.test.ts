/**
 * The Start pages as a new team follows them: each page's commands, as the page shows them
 * (docs/src/start/quickStarts.ts, which the pages render), run in a fresh project of the kind the
 * page is for, one line at a time in bash. "Today"'s install takes the tarballs from
 * `~/fallback/packs/`: HOME is a folder whose `fallback/packs/` holds this run's tarballs, so the
 * line runs as written. The local check's server (netlify-cli, fetched by npx) must answer each
 * path the page lists with its status, and the page's verify command must pass against it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
	clone,
	localOrigin,
	packsFolder,
	quickStarts,
	type QuickStart,
	type Way,
} from '../../docs/src/start/quickStarts';
import { astroVersion, environment, makeProject, removeProject, run } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';

/** The sites each page is for, before the page's commands run. */
const sites: Record<Way, Record<string, string>> = {
	astro: {
		'package.json': JSON.stringify({ name: 'acme-astro', private: true, type: 'module' }),
		'src/pages/index.astro':
			'<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1></body></html>\n',
	},
	netlify: {
		'package.json': JSON.stringify({
			name: 'acme-html',
			private: true,
			scripts: { build: 'mkdir -p dist && cp index.html dist/' },
		}),
		'index.html': '<!doctype html><html lang="en"><title>Acme</title><h1>Acme</h1></html>\n',
	},
	cli: { 'package.json': JSON.stringify({ name: 'acme-any', private: true }) },
};

let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
	const cache = (await run(process.cwd(), 'npm', ['config', 'get', 'cache'])).stdout.trim();
	home = await mkdtemp(join(tmpdir(), 'fallback-home-'));
	const packs = join(home, clone.replace(/^~\//, ''), packsFolder);
	mkdirSync(packs, { recursive: true });
	for (const tarball of Object.values(inject('tarballs')))
		symlinkSync(tarball, join(packs, basename(tarball)));
	// npm's cache stays the machine's: what the workspace's install fetched is not fetched again.
	env = { ...environment, HOME: home, npm_config_cache: cache };
});

afterAll(() => rm(home, { recursive: true, force: true }));

/** One line of a page, in bash as a reader's terminal runs it; fails with everything it printed. */
async function runLine(project: string, line: string) {
	const result = await run(project, 'bash', ['-c', line], env);
	expect(result.code, `${line}\n${result.stdout}\n${result.stderr}`).toBe(0);
	return result;
}

/** Whether a server answers on localhost:8888. */
const answers = () =>
	fetch(localOrigin, { redirect: 'manual' }).then(
		async (response) => (await response.arrayBuffer(), true),
		() => false,
	);

/** The page's server, started as written; resolves once localhost:8888 answers. */
async function startServer(
	project: string,
	command: string,
): Promise<{ server: ChildProcess; log: () => string }> {
	if (await answers())
		throw new Error(
			`${localOrigin} is taken by another server (npm start?): the page's command listens there, as written; stop it first`,
		);
	let log = '';
	const server = spawn('bash', ['-c', `exec ${command}`], {
		cwd: project,
		env: { ...env, BROWSER: 'none' },
		detached: true,
	});
	server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
	server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
	const deadline = Date.now() + 240_000;
	while (Date.now() < deadline) {
		if (server.exitCode !== null) throw new Error(`${command} exited ${server.exitCode}:\n${log}`);
		if (await answers()) return { server, log: () => log };
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	throw new Error(`${command} did not answer on ${localOrigin} within 240 s:\n${log}`);
}

/** Stops the server and what it started (npx, netlify-cli, its file server), once they have exited. */
async function stopServer(server: ChildProcess | undefined) {
	if (!server?.pid || server.exitCode !== null) return;
	const exited = new Promise((resolve) => server.once('exit', resolve));
	process.kill(-server.pid, 'SIGTERM');
	await exited;
	// netlify-cli's children write their state into .netlify/ until they are gone.
	await new Promise((resolve) => setTimeout(resolve, 1000));
}

describe.each(Object.entries(quickStarts) as [Way, QuickStart][])(
	'the Start page %s, as written',
	(way, start) => {
		let project: string;
		let server: ChildProcess | undefined;

		beforeAll(async () => {
			project = await makeProject(`start-${way}`, sites[way]);
			if (way === 'astro') await sharedNpmInstall(project, [`astro@${await astroVersion()}`]);
		});

		afterAll(async () => {
			await stopServer(server);
			await removeProject(project);
		});

		it(`installs with "${start.today.join('; ')}", recording a path inside the project`, async () => {
			for (const line of start.today) await runLine(project, line);
			const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
				dependencies?: Record<string, string>;
				devDependencies?: Record<string, string>;
			};
			const { name, spec } = start.installs;
			expect({ ...manifest.dependencies, ...manifest.devDependencies }[name]).toBe(spec);
			// Nothing in the lock points outside the project: a clean clone has no ~/fallback.
			expect(readFileSync(join(project, 'package-lock.json'), 'utf8')).not.toContain(
				`${clone.replace(/^~\//, '')}/${packsFolder}/`,
			);
		});

		it(`builds with its files${start.build ? ` and "${start.build.join('; ')}"` : ''}`, async () => {
			for (const file of start.files) {
				mkdirSync(dirname(join(project, file.file!)), { recursive: true });
				writeFileSync(join(project, file.file!), `${file.code}\n`);
			}
			for (const line of start.build ?? []) await runLine(project, line);
		});

		it(`serves it with "${start.serve}", each path with the status the page gives`, async () => {
			const started = await startServer(project, start.serve);
			server = started.server;
			for (const [path, status] of Object.entries(start.answers)) {
				const response = await fetch(`${localOrigin}${path}`, { redirect: 'manual' });
				await response.arrayBuffer();
				expect(response.status, `${path}\n${started.log()}`).toBe(status);
			}
		});

		if (start.check.length > 0) {
			it(`passes "${start.check.join('; ')}"`, async () => {
				for (const line of start.check) await runLine(project, line);
			});
		}

		it('installs and builds in a clean clone of the site, with an empty npm cache and no clone of Fallback', async () => {
			// What a repository holds: the site's files, vendor/ and the lock; no install, no build.
			const clean = await mkdtemp(join(tmpdir(), `fallback-clean-${way}-`));
			try {
				await cp(project, clean, {
					recursive: true,
					filter: (source) =>
						!/\/(?:node_modules|dist|dist-hosts|fallback|fallback-hosts|\.netlify|\.astro|reports)$/.test(
							source,
						),
				});
				const empty = await mkdtemp(join(tmpdir(), 'fallback-empty-home-'));
				const cleanEnv = { ...env, HOME: empty, npm_config_cache: join(empty, '.npm') };
				try {
					for (const line of ['npm install --no-audit --no-fund', ...(start.build ?? [])]) {
						const result = await run(clean, 'bash', ['-c', line], cleanEnv);
						expect(result.code, `${line}\n${result.stdout}\n${result.stderr}`).toBe(0);
					}
				} finally {
					await rm(empty, { recursive: true, force: true });
				}
			} finally {
				await rm(clean, { recursive: true, force: true });
			}
		});
	},
);
