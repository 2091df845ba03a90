/**
 * `fallback-pages verify <url>`: checks a live deploy against the contract of a build (its
 * contract.json and its pages): every status page, unknown and hostile paths, headers, languages,
 * formats, methods. Prints progress and a summary, writes report.html, report.json and junit.xml,
 * and exits 1 when anything fails (2 when it could not run at all).
 */
import { hostProfiles } from '../verify/hosts.ts';
import { runVerify } from '../verify/main.ts';
import { embedPrefixProblem } from '../config/embed';
import { numberOption, readArgs, UsageError } from './args';

export const verifyUsage = `Usage: fallback-pages verify <url> [options]

  --host <kind>         how the deploy is served: ${Object.keys(hostProfiles).join(', ')} (default netlify)
  --dist <folder>       the build's pages (default dist, or fallback where \`fallback-pages build\`
                        wrote them: the first that holds a build's contract)
  --contract <file>     the build's route contract (default <folder>-hosts/contract.json, where a
                        build puts it; name it when the hostsDir option put it elsewhere, e.g.
                        hosts/contract.json in the release archive and the starter)
  --base <path>         the pages' folder in the site, for pages embedded in a site (embed, the
                        Netlify plugin) or built with a base: their contract is <dist><path>contract.json;
                        unknown paths are checked at the site's root, nothing else outside the folder
  --site-catch-all      the site answers every path outside the pages' folder itself (an SPA's
                        /* rule): unknown paths are checked inside the folder, the API not at all
  --report-dir <folder> where report.html, report.json and junit.xml go (default reports/verify)
  --concurrency <n>     cases in flight at once (default 6)
  --budget <n>          most requests the run may make, retries included (default 2000)
  --timeout <seconds>   per request (default 15)
  --retries <n>         more tries after a network error, never after a wrong answer (default 2)
  --lighthouse          also run Lighthouse on a sample of pages (needs Chromium, and the
                        lighthouse and chrome-launcher packages)
  --axe                 also run axe on a sample of pages (needs Chromium, @playwright/test and
                        @axe-core/playwright)
  -h, --help            this text`;

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
	};
	// A bad URL, host or contract: the run could not start (exit 2, like an unreachable deploy).
	const run = await runVerify(command).catch((error: unknown) => {
		console.error(`fallback-pages verify: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	});
	if (!run) return 2;
	return run.result.unreachable ? 2 : run.passed ? 0 : 1;
}
