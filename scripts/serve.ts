/**
 * `npm run serve` (and `npm start`, which builds first: `--build`): serves dist/ on
 * http://localhost:8888 through Netlify's own rule engine (netlify-cli, offline), so every page
 * answers with its status. Options: `--dir <folder>` (default dist), `--port <n>` (default 8888).
 *
 * A rebuild while it runs restarts netlify-cli, so the rules and headers it serves always belong to
 * the pages it serves. netlify-cli's own reload does not survive a build: Astro empties the folder
 * first, netlify-cli then reloads with no _headers and no _redirects, and never notices them
 * written again (no headers, status pages 200). netlify-cli also stops on a malformed request
 * (`GET /%ff`: netlify/cli#6448); a server that had been up is then started again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, watchFile } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { unusedPort } from './ports.ts';

function usageError(message: string): never {
	console.error(`serve: ${message} (usage: npm start -- [--port <n>] [--dir <folder>])`);
	process.exit(2);
}

const { values } = (() => {
	try {
		return parseArgs({
			options: {
				dir: { type: 'string', default: 'dist' },
				port: { type: 'string', default: '8888' },
				// `npm start`: build first, then serve what was built.
				build: { type: 'boolean', default: false },
				help: { type: 'boolean', short: 'h', default: false },
			},
		});
	} catch (error) {
		return usageError((error as Error).message.split('\n')[0]!);
	}
})();
const dir = resolve(values.dir);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
	usageError(`--port must be a port number, not ${JSON.stringify(values.port)}`);
}
if (values.help) {
	console.log(
		'Usage: npm start -- [--port <n>] [--dir <folder>]   (npm run serve -- … serves without building)\n\n  --port <n>       where to listen (default 8888)\n  --dir <folder>   the build to serve (default dist)',
	);
	process.exit(0);
}
if (values.build) {
	const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(join(dir, '_redirects'))) {
	console.error(
		`serve: ${values.dir}/_redirects is missing. Run \`npm run build\` first (or \`npm start\`).`,
	);
	process.exit(1);
}

const base = `http://localhost:${port}`;
console.log(`Fallback: serving ${values.dir}/ as Netlify would, on ${base}`);
for (const [path, what] of [
	['/', 'the gallery (200)'],
	['/404', 'not found (404)'],
	['/503', 'maintenance (503, Retry-After)'],
	['/global-error?digest=abc123', 'global error with a digest (500)'],
	['/anything-missing', 'any unknown path (404)'],
]) {
	console.log(`  ${`${base}${path}`.padEnd(52)} ${what}`);
}
console.log('Press Ctrl+C to stop.\n');

// --offline: no Netlify account or network. --internal-disable-edge-functions: without it the CLI
// tries to download Deno for Edge Functions (which Fallback does not use) and crashes offline.
// Started from an empty folder: run from the repository, netlify-cli reads the rule files of
// netlify.toml's publish folder (dist/) whatever --dir says, so another folder would be served
// with dist/'s headers.
const workDir = mkdtempSync(join(tmpdir(), 'fallback-serve-'));

/**
 * A free loopback port for the file server behind the rules: netlify-cli takes 3999 when it looks
 * free, so two servers starting at once (the browser suite starts three) could both take it.
 */
const staticServerPort = await unusedPort();
let netlify: ChildProcess;
let restarting = false;
let stopping = false;
/**
 * A server that stops this soon after its start is broken, not crashed by a request: no restart.
 * FALLBACK_SERVE_CRASH_GRACE_MS sets another (the test of the restart waits one second, not ten).
 */
const CRASH_RESTART_AFTER_MS = Number(process.env['FALLBACK_SERVE_CRASH_GRACE_MS'] ?? 10_000);

function startNetlify() {
	const started = Date.now();
	netlify = spawn(
		'netlify',
		[
			'dev',
			'--offline',
			'--dir',
			dir,
			'--port',
			String(port),
			'--internal-disable-edge-functions',
			// Hidden in `netlify dev --help`, but an option of it all the same.
			'--staticServerPort',
			String(staticServerPort),
		],
		{
			stdio: 'inherit',
			cwd: workDir,
			env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none' },
		},
	);
	netlify.on('exit', (code, signal) => {
		if (restarting) {
			// Started only once the old one has exited: its port is free again.
			restarting = false;
			startNetlify();
			return;
		}
		if (!stopping && code !== 0 && Date.now() - started > CRASH_RESTART_AFTER_MS) {
			console.log(
				`\nnetlify-cli stopped (${signal ?? `exit ${code}`}), most likely on a request it cannot parse: starting it again\n`,
			);
			startNetlify();
			return;
		}
		rmSync(workDir, { recursive: true, force: true });
		process.exit(code ?? (signal ? 1 : 0));
	});
}

// Which rule files the server was started with: a build deletes and writes them again (a new inode),
// an edit changes their mtime. undefined while one is missing: a build has emptied the folder.
const ruleFiles = ['_redirects', '_headers'].map((name) => join(dir, name));
function ruleFilesVersion(): string | undefined {
	try {
		return ruleFiles
			.map((file) => statSync(file))
			.map((stat) => `${stat.ino}:${stat.mtimeMs}:${stat.size}`)
			.join(' ');
	} catch {
		return undefined;
	}
}
let served = ruleFilesVersion();
let settle: NodeJS.Timeout | undefined;
function restartIfRebuilt() {
	const version = ruleFilesVersion();
	if (version === undefined || version === served) return;
	served = version;
	if (restarting) return; // the coming server reads the files as they are now
	console.log(`\n${values.dir}/ was rebuilt: restarting the server so headers match the new pages\n`);
	restarting = true;
	netlify.kill('SIGTERM');
}
// Polled (a stat every 250 ms) rather than fs.watch, which stops when the folder is removed and
// created again. Settled for 300 ms, so a build that writes both files restarts the server once.
for (const file of ruleFiles) {
	watchFile(file, { interval: 250 }, () => {
		clearTimeout(settle);
		settle = setTimeout(restartIfRebuilt, 300);
	});
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		restarting = false;
		stopping = true;
		netlify.kill(signal);
	});
}
startNetlify();
