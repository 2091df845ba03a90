/**
 * `fallback-pages verify <url>`: checks a live deploy against the contract of a build (its
 * contract.json and its pages): every status page, unknown and hostile paths, headers, languages,
 * formats, methods. Prints progress and a summary, writes report.html, report.json and junit.xml,
 * and exits 1 when anything fails (2 when it could not run at all).
 */
import { runVerify } from '../verify/main.ts';
import { embedPrefixProblem } from '../config/embed';
import { numberOption, readArgs } from './args';
import { UsageError } from '../errors';
import { verifyUsage } from './usage';

export async function verifyCommand(argv: string[]): Promise<number> {
	const { values, positionals } = readArgs(
		'verify',
		argv,
		{
			host: { type: 'string' },
			dist: { type: 'string' },
			contract: { type: 'string' },
			base: { type: 'string' },
			'report-dir': { type: 'string' },
			concurrency: { type: 'string' },
			budget: { type: 'string' },
			timeout: { type: 'string' },
			retries: { type: 'string' },
			lighthouse: { type: 'boolean' },
			axe: { type: 'boolean' },
			'site-catch-all': { type: 'boolean' },
			'server-function': { type: 'boolean' },
		},
		true,
	);
	if (values.help) {
		console.log(verifyUsage);
		return 0;
	}
	if (positionals.length !== 1) {
		throw new UsageError(
			`give one URL to verify, e.g. fallback-pages verify https://example.com (see fallback-pages verify --help)`,
		);
	}
	const baseProblem = values.base === undefined ? undefined : embedPrefixProblem(values.base);
	if (baseProblem) throw new UsageError(`--base ${baseProblem}`);
	const timeout = numberOption('timeout', values.timeout, 1);
	const command = {
		url: positionals[0]!,
		host: values.host,
		dist: values.dist,
		contract: values.contract,
		base: values.base,
		reportDir: values['report-dir'],
		concurrency: numberOption('concurrency', values.concurrency, 1),
		budget: numberOption('budget', values.budget, 1),
		timeoutMs: timeout === undefined ? undefined : timeout * 1000,
		retries: numberOption('retries', values.retries, 0),
		lighthouse: values.lighthouse === true,
		axe: values.axe === true,
		siteCatchAll: values['site-catch-all'] === true,
		serverFunction: values['server-function'] === true,
	};
	// A bad URL, host or contract: the run could not start (exit 2, like an unreachable deploy).
	const run = await runVerify(command).catch((error: unknown) => {
		console.error(`fallback-pages verify: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	});
	if (!run) return 2;
	return run.result.unreachable ? 2 : run.passed ? 0 : 1;
}
