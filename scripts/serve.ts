/**
 * `npm run serve` (and `npm start` after a build): serves dist/ on http://localhost:8888 through
 * Netlify's own rule engine (netlify-cli, offline), so every page answers with its status.
 * Options: `--dir <folder>` (default dist), `--port <n>` (default 8888).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
	options: { dir: { type: 'string', default: 'dist' }, port: { type: 'string', default: '8888' } },
});
const dir = resolve(values.dir);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
	console.error(`serve: --port must be a port number, not ${JSON.stringify(values.port)}`);
	process.exit(1);
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
const netlify = spawn(
	'netlify',
	['dev', '--offline', '--dir', dir, '--port', String(port), '--internal-disable-edge-functions'],
	{
		stdio: 'inherit',
		cwd: workDir,
		env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none' },
	},
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => netlify.kill(signal));
netlify.on('exit', (code, signal) => {
	rmSync(workDir, { recursive: true, force: true });
	process.exit(code ?? (signal ? 1 : 0));
});
