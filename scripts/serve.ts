/**
 * `npm run serve` (and `npm start` after a build): serves dist/ on http://localhost:8888 through
 * Netlify's own rule engine (netlify-cli, offline), so every page answers with its status.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const PORT = 8888;
const dist = new URL('../dist/', import.meta.url);

if (!existsSync(new URL('_redirects', dist))) {
	console.error('serve: dist/_redirects is missing. Run `npm run build` first (or `npm start`).');
	process.exit(1);
}

const base = `http://localhost:${PORT}`;
console.log(`Fallback: serving dist/ as Netlify would, on ${base}`);
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
const netlify = spawn(
	'netlify',
	['dev', '--offline', '--dir', 'dist', '--port', String(PORT), '--internal-disable-edge-functions'],
	{ stdio: 'inherit', env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none' } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => netlify.kill(signal));
netlify.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
