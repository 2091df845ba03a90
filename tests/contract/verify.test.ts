/**
 * `npm run verify` against a deliberately broken host (brokenServer.ts: real nginx behind a proxy
 * that breaks the contract six ways): the command exits non-zero, and each defect is named in the
 * terminal summary, the JSON report and the JUnit XML. And against what the Netlify plugin checks:
 * a deploy-preview build (banner, noindex) on Netlify's engine. The verifier passing against every
 * real server's production build is checked in cases.ts, after each server's static cases.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxStandaloneConfig } from '../../packages/fallback-pages/src/hosts/nginx';
import type { Failure } from '../../packages/fallback-pages/src/verify/checks';
import type { VerifyResult } from '../../packages/fallback-pages/src/verify/run';
import { runVerify } from '../../packages/fallback-pages/src/verify/main';
import { contractFileOf } from '../../packages/fallback-pages/src/verify/site';
import { contract } from './cases';
import { defects, startBrokenProxy } from './brokenServer';
import { freePort, makeWorkDir, removeWorkDir, type RunningServer } from './harness';
import { findServerExecutable, netlify, nginx } from './servers';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run verify against a broken host (nginx behind a proxy that breaks the contract)', () => {
	let nginxServer: RunningServer | undefined;
	let proxy: RunningServer | undefined;
	let work: { dir: string; pagesRoot: string } | undefined;
	let run: { status: number | null; stdout: string; url: string; reportDir: string } | undefined;

	beforeAll(async () => {
		const executable = findServerExecutable(nginx);
		if (!executable) throw new Error(`nginx is not installed (${nginx.install})`);
		work = await makeWorkDir('verify-broken');
		const port = await freePort();
		nginxServer = await nginx.start({
			dir: join(work.dir, 'server'),
			pagesRoot: work.pagesRoot,
			siteConfig: nginxStandaloneConfig(contract, {
				pagesRoot: work.pagesRoot,
				listen: { host: '127.0.0.1', port },
				upstream: '127.0.0.1:1',
				upstreamTimeoutSeconds: 2,
				upstreamConnectTimeoutSeconds: 2,
			}),
			port,
			label: 'nginx behind the broken proxy',
			executable,
		});
		proxy = await startBrokenProxy(await freePort(), port);
		const url = `http://127.0.0.1:${proxy.port}`;
		const reportDir = join(work.dir, 'report');
		// The command itself, as a user runs it: its exit code and what it prints. Not spawnSync: the
		// broken proxy answers from this process, whose event loop must keep running.
		const child = spawn(
			process.execPath,
			[
				'packages/fallback-pages/bin/fallback-pages.js',
				'verify',
				url,
				'--host',
				'nginx',
				// The starter's build writes its contract into its hostsDir, as its npm run verify says.
				'--contract',
				'hosts/contract.json',
				'--report-dir',
				reportDir,
			],
			{
				cwd: root,
				env: { ...process.env, NO_COLOR: '1' },
			},
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
		run = { status, stdout: output, url, reportDir };
	}, 150_000);
	afterAll(async () => {
		await proxy?.stop();
		await nginxServer?.stop();
		if (work) await removeWorkDir(work.dir);
	});

	it('exits 1: the contract is broken', () => {
		expect(run!.status, run!.stdout).toBe(1);
	});

	const report = () =>
		JSON.parse(readFileSync(join(run!.reportDir, 'report.json'), 'utf8')) as VerifyResult & {
			passed: boolean;
		};
	const junit = () =>
		new JSDOM(readFileSync(join(run!.reportDir, 'junit.xml'), 'utf8'), { contentType: 'text/xml' }).window
			.document;

	it('the JSON report says it failed, having run every case', () => {
		const json = report();
		expect(json.passed).toBe(false);
		expect(json.unreachable).toBeUndefined();
		expect(json.notRun).toBe(0);
		expect(json.results.every((result) => result.verdict !== 'error')).toBe(true);
	});

	describe.each(Object.entries(defects))('%s', (_defect, { case: name, what, path }) => {
		const failuresOf = (): Failure[] => {
			const result = report().results.find((one) => one.name === name);
			expect(result, `a case named "${name}"`).toBeDefined();
			expect(result!.verdict).toBe('failed');
			return result!.failures.filter((failure) => failure.what === what);
		};

		it(`the JSON report: "${name}" failed on ${what}`, () => {
			const failures = failuresOf();
			expect(failures.length).toBeGreaterThan(0);
			expect(failures.some((failure) => failure.request.startsWith(`GET ${path}`))).toBe(true);
		});

		it('the JUnit XML: that test case has a failure naming it', () => {
			const testcase = [...junit().querySelectorAll('testcase')].find(
				(one) => one.getAttribute('name') === name,
			);
			expect(testcase, `a testcase named "${name}"`).toBeDefined();
			const failure = testcase!.querySelector('failure');
			expect(failure).not.toBeNull();
			expect(`${failure!.getAttribute('message')}\n${failure!.textContent}`).toContain(what);
		});

		it('the terminal summary: the URL, what was expected and what came back', () => {
			const [failure] = failuresOf();
			// Every request that failed the same way: the summary lists a failure seen on many answers
			// once, naming a few of them.
			const sameFailure = report()
				.results.flatMap((one) => one.failures)
				.filter(
					(other) =>
						other.what === what && other.expected === failure!.expected && other.got === failure!.got,
				);
			const urls = sameFailure.map((other) => `${run!.url}${other.request.split(' ')[1]}`);
			// The summary in blocks: a failed case, or a failure on many answers, with what follows it.
			const blocks = run!.stdout.split(/\n(?= {2}[✘!] )/);
			const shown = blocks.filter(
				(block) =>
					urls.some((url) => block.includes(url)) &&
					block.includes(what) &&
					block.includes(failure!.expected) &&
					block.includes(failure!.got),
			);
			expect(
				shown.length,
				`${what}: expected ${failure!.expected}, got ${failure!.got}, with its URL`,
			).toBeGreaterThan(0);
		});
	});

	it('the reflected digest shows in the failure, escaped in the HTML report', () => {
		const html = readFileSync(join(run!.reportDir, 'report.html'), 'utf8');
		expect(html).not.toContain("<script>alert('x')</script>");
		expect(html).toContain('&lt;script&gt;');
	});

	it('the summary ends with the counts, and they match the JSON', () => {
		const json = report();
		const failed = json.results.filter((result) => result.verdict !== 'passed').length;
		const passed = json.results.length - failed;
		expect(run!.stdout).toMatch(new RegExp(`^${passed} passed, ${failed} failed$`, 'm'));
		expect(failed).toBeGreaterThanOrEqual(Object.keys(defects).length);
	});
});

describe('npm run verify against a deploy-preview build on Netlify’s engine (what the plugin checks)', () => {
	let server: RunningServer | undefined;
	let outDir = '';

	beforeAll(async () => {
		// A build as Netlify makes a deploy preview: banner, noindex, its own CSP hashes; its contract
		// lands beside the folder (<folder>-hosts/), where the verifier looks for it.
		outDir = await mkdtemp(join(tmpdir(), 'fallback-verify-preview-'));
		await promisify(execFile)(join(root, 'node_modules/.bin/astro'), ['build', '--outDir', outDir], {
			cwd: root,
			env: { ...process.env, CONTEXT: 'deploy-preview', BRANCH: 'verify-check', COMMIT_REF: 'a'.repeat(40) },
		});
		const port = await freePort();
		server = await netlify.start({
			dir: `${outDir}-server`,
			pagesRoot: outDir,
			siteConfig: '',
			port,
			label: 'netlify-cli serving a deploy preview',
			executable: findServerExecutable(netlify)!,
		});
	}, 150_000);
	afterAll(async () => {
		await server?.stop();
		for (const folder of ['', '-hosts', '-server', '-report']) await removeWorkDir(`${outDir}${folder}`);
	});

	it('passes, every answer carrying the preview’s noindex', async () => {
		const contract = JSON.parse(readFileSync(contractFileOf(outDir), 'utf8')) as {
			pageHeaders: Record<string, string>;
		};
		expect(contract.pageHeaders['X-Robots-Tag']).toBe('noindex');
		const run = await runVerify({
			url: `http://127.0.0.1:${server!.port}`,
			host: 'netlify-cli',
			dist: outDir,
			reportDir: `${outDir}-report`,
			log: () => {},
			color: false,
		});
		expect(
			run.result.results.filter((result) => result.verdict !== 'passed').map((result) => result.name),
		).toEqual([]);
		expect(run.passed).toBe(true);
	}, 120_000);
});

describe('npm run verify with a contract of another schema version', () => {
	it('refuses it in one line, before any request: the run cannot start (exit 2)', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'fallback-verify-version-'));
		const file = join(dir, 'contract.json');
		const current = JSON.parse(readFileSync(join(root, 'hosts/contract.json'), 'utf8')) as object;
		writeFileSync(file, JSON.stringify({ ...current, schemaVersion: '2.0', fallbackVersion: '2.3.0' }));
		// Nothing listens on port 9 (discard): a request would fail differently.
		const result = await promisify(execFile)(
			process.execPath,
			['packages/fallback-pages/bin/fallback-pages.js', 'verify', 'http://127.0.0.1:9', '--contract', file],
			{ cwd: root, env: { ...process.env, NO_COLOR: '1' } },
		).then(
			() => ({ code: 0, stdout: '', stderr: '' }),
			(error: { code: number; stdout: string; stderr: string }) => error,
		);
		expect(result.code).toBe(2);
		expect(result.stdout).toBe('');
		expect(result.stderr.trimEnd().split('\n')).toEqual([
			expect.stringMatching(
				/^fallback-pages verify: .*contract\.json was written by fallback-pages 2\.3\.0 \(contract schema 2\.0\); this fallback-pages \(\d+\.\d+\.\d+\) reads schema 1\.x: /,
			),
		]);
	});
});
