/**
 * `npm run verify -- <url> [options]`: checks a live deploy against the contract of the build in
 * this folder (hosts/contract.json and dist/): every status page, unknown and hostile paths, headers,
 * languages, formats, methods. Prints progress and a summary, writes reports/verify/report.html,
 * report.json and junit.xml, and exits 1 when anything fails (2 when it could not run at all).
 */
import { parseArgs } from 'node:util';
import { hostProfiles } from '../packages/fallback-pages/src/verify/hosts.ts';
import { runVerify } from '../packages/fallback-pages/src/verify/main.ts';

const usage = `Usage: npm run verify -- <url> [options]

  --host <kind>         how the deploy is served: ${Object.keys(hostProfiles).join(', ')} (default netlify)
  --dist <folder>       the build's pages (default dist)
  --contract <file>     the build's route contract (default hosts/contract.json; for another
                        --dist <folder>, <folder>-hosts/contract.json, where its build put it)
  --report-dir <folder> where report.html, report.json and junit.xml go (default reports/verify)
  --concurrency <n>     cases in flight at once (default 6)
  --budget <n>          most requests the run may make, retries included (default 2000)
  --timeout <seconds>   per request (default 15)
  --retries <n>         more tries after a network error, never after a wrong answer (default 2)
  --lighthouse          also run Lighthouse on a sample of pages (needs Chromium)
  --axe                 also run axe on a sample of pages (needs Chromium)`;

/** A numeric option, at least `min`; undefined when not given. */
function number(name: string, text: string | undefined, min: number): number | undefined {
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!Number.isFinite(value) || value < min) {
		throw new Error(`--${name} must be a number of at least ${min}, not ${JSON.stringify(text)}`);
	}
	return value;
}

/** Runs the command; resolves to its exit code. */
async function main(): Promise<number> {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: {
			host: { type: 'string' },
			dist: { type: 'string' },
			contract: { type: 'string' },
			'report-dir': { type: 'string' },
			concurrency: { type: 'string' },
			budget: { type: 'string' },
			timeout: { type: 'string' },
			retries: { type: 'string' },
			lighthouse: { type: 'boolean' },
			axe: { type: 'boolean' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	if (values.help) {
		console.log(usage);
		return 0;
	}
	if (positionals.length !== 1) throw new Error(`give one URL to verify\n\n${usage}`);
	const timeout = number('timeout', values.timeout, 1);
	const run = await runVerify({
		url: positionals[0]!,
		host: values.host,
		dist: values.dist,
		contract: values.contract,
		reportDir: values['report-dir'],
		concurrency: number('concurrency', values.concurrency, 1),
		budget: number('budget', values.budget, 1),
		timeoutMs: timeout === undefined ? undefined : timeout * 1000,
		retries: number('retries', values.retries, 0),
		lighthouse: values.lighthouse === true,
		axe: values.axe === true,
	});
	return run.result.unreachable ? 2 : run.passed ? 0 : 1;
}

// exitCode, not exit(): piped to CI's log, the whole summary gets out before the process ends.
process.exitCode = await main().catch((error: unknown) => {
	console.error(`verify: ${error instanceof Error ? error.message : String(error)}`);
	return 2;
});
