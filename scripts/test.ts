/**
 * `npm test`: the fast tier, the gates a contributor runs after every change; `npm run test:all`
 * (`node scripts/test.ts --all`): the fast tier, then the full tier, everything else, which is what
 * CI runs (`.ci/run`). Each stops at the first phase that fails, then prints a table of how long
 * each step took and writes it to reports/test-timings.json (CI keeps it). First installs the
 * programs the suites need when they are missing (system-requirements.ts).
 *
 * The fast tier: lint, unit, the built pages and their sizes, the Nu HTML checker on dist/, the
 * route contract on nginx, Caddy, Apache and HAProxy (the tests tagged `fast`), the browser smoke
 * run (`@smoke`) and the packed packages (publint, attw, their files, one fresh install). The full
 * tier: the rest of each suite (the same suites, the other tests: no test runs in both), the
 * contract on netlify-cli and workerd and with all twenty locales, the docs, Lighthouse.
 *
 * The steps of a phase of several run a few at once (one more than the machine has cores: the
 * package tests wait on npm as much as on the CPU), the longest first; each one's output is shown
 * whole as it ends. They read the build and write nothing another step reads; each server they
 * start listens on a port of its own. More at once only adds load: on two cores, all ten at once
 * took longer, and the suites' timeouts began to fire. The browser suite asserts no timing, so it
 * runs with them. Lighthouse runs alone: its performance score must not share the CPU.
 *
 * The steps share what they ask for with the same options (scripts/build-with.ts), in a folder this
 * run removes: the build with every catalogue (build:shared), build B of the contract suite, the
 * packed packages.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sharedBuildsVariable } from './build-with.ts';

interface Step {
	/** The npm script, run as `npm run <script> -- <args>`. */
	script: string;
	/** Arguments after `--`: which of the suite's tests this tier runs. */
	args?: readonly string[];
	env?: Readonly<Record<string, string>>;
	/** Its name in the table, where the script alone does not say which part of a suite it is. */
	part?: string;
	what: string;
}

/** `npm run <script>` steps, phase by phase; a phase needs what earlier phases built. */
const fastTier: readonly (readonly Step[])[] = [
	[{ script: 'requirements', what: 'Chromium, Java, nginx, Caddy, Apache, HAProxy present' }],
	[{ script: 'build:production', what: 'dist/ and hosts/ as production builds them' }],
	// The longest first (their wall time alone, on two cores): the pool ends with the short ones.
	[
		{
			script: 'test:contract',
			args: ['--tags-filter', 'fast'],
			part: 'fast',
			what: 'the route contract on nginx, Caddy, Apache, HAProxy: static (cases grouped), in front of an app, under maintenance',
		},
		{
			script: 'test:package',
			args: ['tests/package/published.test.ts'],
			part: 'fast',
			what: 'the packed packages: their files, publint, Are the Types Wrong, a fresh TypeScript project',
		},
		{
			script: 'test:e2e',
			env: { FALLBACK_E2E_TIER: 'smoke' },
			part: 'smoke',
			what: 'browser smoke run: rendering, no-JS, CSP, keyboard, axe on a few pages, right to left, the preview banner',
		},
		{ script: 'lint', what: 'Prettier, ESLint, astro check, the workflow files' },
		{ script: 'test:unit', what: 'pure unit tests, the golden files' },
		{ script: 'test:html', what: 'the Nu HTML checker on every page of dist/' },
		{
			script: 'test:build',
			args: ['tests/build/built-pages.test.ts'],
			part: 'dist',
			what: 'the built pages in dist/',
		},
		{
			script: 'test:build',
			args: ['tests/build/kit.test.ts'],
			part: 'kit',
			what: "the Netlify plugin's prebuilt pages filled with a site's values equal Astro's build of that site",
		},
		{ script: 'size', what: 'size budgets' },
	],
];

const fullTier: readonly (readonly Step[])[] = [
	[
		{ script: 'build:shared', what: 'the build with every catalogue, which four suites read' },
		{
			script: 'test:package',
			args: ['--exclude', 'tests/package/published.test.ts'],
			part: 'full',
			what: 'the packed packages: in fresh Astro sites, through the CLI, the Netlify plugin through Netlify Build; served by netlify-cli and nginx',
		},
		{
			script: 'test:contract',
			args: ['--tags-filter', '!fast'],
			part: 'full',
			what: 'the route contract on netlify-cli and workerd; on every server the fuzz test, verify, build B, request ID options',
		},
		{
			script: 'test:e2e',
			env: { FALLBACK_E2E_TIER: 'rest' },
			part: 'full',
			what: 'browser: every page rendering, no-JS, axe in three schemes, every catalogue, previews, embedding',
		},
		{
			script: 'test:docs',
			what: 'the docs site: built with its links checked, samples, references, its 404 on netlify-cli, the playground, axe, Lighthouse',
		},
		{
			script: 'test:contract:locales',
			what: 'the route contract on nginx, Caddy, Apache, HAProxy with all 20 catalogued locales',
		},
		{
			script: 'test:build',
			args: ['--exclude', 'tests/build/built-pages.test.ts', '--exclude', 'tests/build/kit.test.ts'],
			part: 'builds',
			what: 'preview and production builds, brands, maintenance, every catalogue, a German default',
		},
		{ script: 'test:html:locales', what: 'the Nu HTML checker on every other catalogue' },
	],
	[
		{
			script: 'test:lighthouse',
			what: 'Lighthouse on the pages as files, at their status, and through verify',
		},
	],
];

const { values } = parseArgs({ options: { all: { type: 'boolean', default: false } } });
const command = values.all ? 'npm run test:all' : 'npm test';
const tiers = [
	{ name: 'fast', phases: fastTier },
	...(values.all ? [{ name: 'full', phases: fullTier }] : []),
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const timings: { step: string; ms: number; ok: boolean }[] = [];
const nameOf = (step: Step) => (step.part ? `${step.script} (${step.part})` : step.script);
const started = Date.now();
/** How many steps of a phase run at once. */
const atOnce = availableParallelism() + 1;
const sharedBuildsParent = join(import.meta.dirname, '../node_modules/.cache/fallback-builds/');
mkdirSync(sharedBuildsParent, { recursive: true });
const sharedBuilds = mkdtempSync(join(sharedBuildsParent, 'shared-'));
process.once('exit', () => rmSync(sharedBuilds, { recursive: true, force: true }));

/**
 * Node's cache of compiled modules, for every process of the run (the suites start netlify-cli,
 * Astro, Vite and the package's command hundreds of times): measured here, a netlify-cli server
 * starts on 5.3 s of CPU instead of 5.9 s, and importing Netlify Build, Astro and Vite takes 1.9 s
 * instead of 2.4 s. A variable of the machine's own wins.
 */
const compileCache = join(import.meta.dirname, '../node_modules/.cache/node-compile-cache');

/** Runs one step; alone, its output streams; among others, it is shown whole when the step ends. */
function runStep(step: Step, alone: boolean): Promise<boolean> {
	const stepStarted = Date.now();
	const args = [step.script, ...(step.args ? ['--', ...step.args] : [])];
	const variables = Object.entries(step.env ?? {}).map(([name, value]) => `${name}=${value} `);
	const shown = `${variables.join('')}npm run ${args.join(' ')}`;
	if (alone) console.log(`\n▶ ${shown} — ${step.what}`);
	return new Promise((resolve) => {
		const child = spawn('npm', ['run', '--silent', ...args], {
			stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
			env: {
				NODE_COMPILE_CACHE: compileCache,
				...process.env,
				...step.env,
				[sharedBuildsVariable]: sharedBuilds,
			},
		});
		const output: Buffer[] = [];
		child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
		child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
		child.once('close', (code) => {
			const ok = code === 0;
			const ms = Date.now() - stepStarted;
			timings.push({ step: nameOf(step), ms, ok });
			if (!alone) {
				console.log(`\n▶ ${shown} — ${step.what} (${ok ? 'passed' : 'failed'}, ${seconds(ms)})`);
				process.stdout.write(Buffer.concat(output));
			}
			resolve(ok);
		});
	});
}

/** Every step of a phase, `atOnce` at a time in their order; true when all passed. */
async function runPhase(phase: readonly Step[]): Promise<boolean> {
	if (phase.length === 1) return runStep(phase[0]!, true);
	console.log(`\n▶ ${atOnce} at a time: ${phase.map(nameOf).join(', ')}`);
	const waiting = [...phase];
	let passed = true;
	const worker = async () => {
		for (let step = waiting.shift(); step; step = waiting.shift())
			passed = (await runStep(step, false)) && passed;
	};
	await Promise.all(Array.from({ length: Math.min(atOnce, phase.length) }, worker));
	return passed;
}

/** Each tier's wall time, for the tiers that ran. */
const tierSeconds: Record<string, number> = {};
run: for (const { name, phases } of tiers) {
	const tierStarted = Date.now();
	for (const phase of phases) {
		if (!(await runPhase(phase))) break run;
	}
	tierSeconds[name] = Math.round((Date.now() - tierStarted) / 1000);
}

const total = Date.now() - started;
console.log(`\n${command}, wall time per step:`);
for (const { step, ms, ok } of timings) {
	console.log(`  ${ok ? '✔' : '✘'} ${step.padEnd(28)} ${seconds(ms).padStart(6)}`);
}
for (const [name, tierTotal] of Object.entries(tierSeconds)) {
	console.log(`  ${''.padEnd(30)} ${`${tierTotal} s`.padStart(6)} the ${name} tier`);
}
console.log(`  ${''.padEnd(30)} ${seconds(total).padStart(6)} in all`);
const reports = join(import.meta.dirname, '../reports');
mkdirSync(reports, { recursive: true });
writeFileSync(
	join(reports, 'test-timings.json'),
	`${JSON.stringify(
		{
			command,
			finished: new Date().toISOString(),
			cores: availableParallelism(),
			seconds: Math.round(total / 1000),
			tiers: tierSeconds,
			steps: timings.map(({ step, ms, ok }) => ({ step, seconds: Math.round(ms / 1000), passed: ok })),
		},
		null,
		'\t',
	)}\n`,
);
const failed = timings.filter((timing) => !timing.ok);
if (failed.length > 0) {
	console.error(`\n${command} failed at ${failed.map((timing) => `\`${timing.step}\``).join(', ')}.`);
	process.exit(1);
}
