/**
 * `npm test`: every gate, in order, stopping at the first that fails, then a table of how long each
 * took. First installs the programs the suites need when they are missing (system-requirements.ts).
 */
import { spawnSync } from 'node:child_process';

/** `npm run <script>` steps, in the order they run; later steps need what earlier ones built. */
const steps: readonly { script: string; what: string }[] = [
	{ script: 'requirements', what: 'Chromium, Java, nginx, Caddy, Apache, HAProxy present' },
	{ script: 'lint', what: 'Prettier, ESLint, astro check' },
	{ script: 'build:production', what: 'dist/ and hosts/ as production builds them' },
	{ script: 'test:unit', what: 'pure unit tests' },
	{ script: 'test:build', what: 'the built pages, preview and production builds' },
	{ script: 'size', what: 'size budgets' },
	{
		script: 'test:contract',
		what: 'the route contract on netlify-cli, nginx, Caddy, Apache, HAProxy, workerd; npm run verify on each',
	},
	{
		script: 'test:package',
		what: 'the packed package in a fresh Astro site and through its CLI, on netlify-cli and nginx',
	},
	{ script: 'test:e2e', what: 'browser: rendering, no-JS, CSP, keyboard, axe, previews' },
	{ script: 'test:quality', what: 'Lighthouse and the Nu HTML checker' },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const timings: { script: string; what: string; ms: number; ok: boolean }[] = [];
const started = Date.now();

for (const step of steps) {
	console.log(`\n▶ npm run ${step.script} — ${step.what}`);
	const stepStarted = Date.now();
	const result = spawnSync('npm', ['run', '--silent', step.script], { stdio: 'inherit' });
	const ok = result.status === 0;
	timings.push({ ...step, ms: Date.now() - stepStarted, ok });
	if (!ok) break;
}

console.log('\nnpm test, wall time per step:');
for (const { script, ms, ok } of timings) {
	console.log(`  ${ok ? '✔' : '✘'} ${script.padEnd(18)} ${seconds(ms).padStart(6)}`);
}
console.log(`  ${''.padEnd(20)} ${seconds(Date.now() - started).padStart(6)} in all`);
const failed = timings.find((timing) => !timing.ok);
if (failed) {
	console.error(`\nnpm test failed at \`npm run ${failed.script}\`.`);
	process.exit(1);
}
