/**
 * `npm test`: every gate, stopping at the first phase that fails, then a table of how long each step
 * took. First installs the programs the suites need when they are missing (system-requirements.ts).
 *
 * The steps of a phase of several run a few at once (one more than the machine has cores: the
 * package tests wait on npm as much as on the CPU), the longest first; each one's output is shown
 * whole as it ends. They read the build and write nothing another step reads; each server they
 * start listens on a port of its own. More at once only adds load: on two cores, all ten at once
 * took longer, and the suites' timeouts began to fire. The browser suite asserts no timing, so it
 * runs with them. Lighthouse runs alone: its performance score must not share the CPU.
 * (`npm run test:quality` is test:html and test:lighthouse.)
 *
 * The steps share the builds they ask for with the same options (scripts/build-with.ts): four
 * suites want the build with every catalogue, which is made once (build:shared), in a folder this
 * run removes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sharedBuildsVariable } from './build-with.ts';

interface Step {
	script: string;
	what: string;
}

/** `npm run <script>` steps, phase by phase; a phase needs what earlier phases built. */
const phases: readonly (readonly Step[])[] = [
	[{ script: 'requirements', what: 'Chromium, Java, nginx, Caddy, Apache, HAProxy present' }],
	[{ script: 'build:production', what: 'dist/ and hosts/ as production builds them' }],
	// The longest first (their wall time alone, on two cores): the pool ends with the short ones.
	// build:shared first of all: the suites that read its build wait for it.
	[
		{ script: 'build:shared', what: 'the build with every catalogue, which four suites read' },
		{
			script: 'test:package',
			what: 'the packed packages: in a fresh Astro site, through the CLI, the Netlify plugin through Netlify Build; served by netlify-cli and nginx',
		},
		{
			script: 'test:contract',
			what: 'the route contract on netlify-cli, nginx, Caddy, Apache, HAProxy, workerd; verify on each',
		},
		{ script: 'test:e2e', what: 'browser: rendering, no-JS, CSP, keyboard, axe, previews' },
		{
			script: 'test:docs',
			what: 'the docs site: built with its links checked, samples, references, its 404 on netlify-cli, the playground, axe, Lighthouse',
		},
		{
			script: 'test:contract:locales',
			what: 'the route contract on nginx, Caddy, Apache, HAProxy with all 20 catalogued locales',
		},
		{ script: 'test:build', what: 'the built pages, preview and production builds' },
		{ script: 'test:html', what: 'the Nu HTML checker on every page' },
		{ script: 'lint', what: 'Prettier, ESLint, astro check, the workflow files' },
		{ script: 'test:unit', what: 'pure unit tests' },
		{ script: 'size', what: 'size budgets' },
	],
	[
		{
			script: 'test:lighthouse',
			what: 'Lighthouse on the pages as files, at their status, and through verify',
		},
	],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const timings: { script: string; ms: number; ok: boolean }[] = [];
const started = Date.now();
/** How many steps of a phase run at once. */
const atOnce = availableParallelism() + 1;
const sharedBuildsParent = join(import.meta.dirname, '../node_modules/.cache/fallback-builds/');
mkdirSync(sharedBuildsParent, { recursive: true });
const sharedBuilds = mkdtempSync(join(sharedBuildsParent, 'shared-'));
process.once('exit', () => rmSync(sharedBuilds, { recursive: true, force: true }));

/** Runs one step; alone, its output streams; among others, it is shown whole when the step ends. */
function runStep(step: Step, alone: boolean): Promise<boolean> {
	const stepStarted = Date.now();
	if (alone) console.log(`\n▶ npm run ${step.script} — ${step.what}`);
	return new Promise((resolve) => {
		const child = spawn('npm', ['run', '--silent', step.script], {
			stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, [sharedBuildsVariable]: sharedBuilds },
		});
		const output: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
		child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
		child.once('close', (code) => {
			const ok = code === 0;
			const ms = Date.now() - stepStarted;
			timings.push({ script: step.script, ms, ok });
			if (!alone) {
				console.log(
					`\n▶ npm run ${step.script} — ${step.what} (${ok ? 'passed' : 'failed'}, ${seconds(ms)})`,
				);
				process.stdout.write(Buffer.concat(output));
			}
			resolve(ok);
		});
	});
}

/** Every step of a phase, `atOnce` at a time in their order; true when all passed. */
async function runPhase(phase: readonly Step[]): Promise<boolean> {
	if (phase.length === 1) return runStep(phase[0]!, true);
	console.log(`\n▶ ${atOnce} at a time: ${phase.map((step) => `npm run ${step.script}`).join(', ')}`);
	const waiting = [...phase];
	let passed = true;
	const worker = async () => {
		for (let step = waiting.shift(); step; step = waiting.shift())
			passed = (await runStep(step, false)) && passed;
	};
	await Promise.all(Array.from({ length: Math.min(atOnce, phase.length) }, worker));
	return passed;
}

for (const phase of phases) {
	if (!(await runPhase(phase))) break;
}

console.log('\nnpm test, wall time per step:');
for (const { script, ms, ok } of timings) {
	console.log(`  ${ok ? '✔' : '✘'} ${script.padEnd(18)} ${seconds(ms).padStart(6)}`);
}
console.log(`  ${''.padEnd(20)} ${seconds(Date.now() - started).padStart(6)} in all`);
const failed = timings.filter((timing) => !timing.ok);
if (failed.length > 0) {
	console.error(`\nnpm test failed at ${failed.map((timing) => `\`npm run ${timing.script}\``).join(', ')}.`);
	process.exit(1);
}
