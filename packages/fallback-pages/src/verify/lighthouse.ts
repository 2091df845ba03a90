/**
 * Running Lighthouse the project's way and judging a run, shared by the quality gates
 * (scripts/lighthouse.ts, tests/quality/) and `fallback-pages verify --lighthouse` (src/verify/audits.ts):
 * one headless system Chromium with the project's flags, Lighthouse's default config, and the check
 * that a page served at an error status loses only the audits that status must fail.
 *
 * It loads lighthouse and chrome-launcher at once, so the verifier imports it only when asked to
 * audit. Relative imports carry `.ts`: plain Node loads it.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { Util } from 'lighthouse/shared/util.js';
import { CHROMIUM_FLAGS, chromiumLaunchOptions } from './chromium.ts';

/** One audit that kept a category from a perfect score (or, at an error status, one that failed). */
export interface AuditFinding {
	category: string;
	id: string;
	title: string;
	/** 0–1 as Lighthouse scores it. */
	score: number;
	/** The audit's weight in that category (0: shown, not scored). */
	weight: number;
	/** Lighthouse's short value and explanation, when it gives them. */
	detail?: string;
}

export interface LighthouseBrowser {
	/**
	 * Runs Lighthouse with its default config (mobile emulation, simulated throttling), without the
	 * whole page's screenshot (the HTML report's, no audit's).
	 */
	audit(url: string, options?: { ignoreStatusCode?: boolean }): Promise<Result>;
	close(): Promise<void>;
}

/**
 * One headless system Chromium, reused for every audit (Lighthouse resets storage between runs).
 * `cpuSlowdownMultiplier`: Lighthouse's simulated CPU throttling (its mobile default is 4; 8 is a
 * machine twice as slow).
 */
export async function launchLighthouseBrowser({
	cpuSlowdownMultiplier,
}: { cpuSlowdownMultiplier?: number } = {}): Promise<LighthouseBrowser> {
	const { executablePath } = chromiumLaunchOptions();
	const chrome = await launch({
		chromePath: executablePath,
		chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
		logLevel: 'error',
	});
	return {
		async audit(url, options = {}) {
			const result = await lighthouse(url, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				ignoreStatusCode: options.ignoreStatusCode ?? false,
				// The screenshot of the whole page is for Lighthouse's HTML report, which nobody here
				// writes; no audit scores it. Without it a run takes 5.3 s instead of 6.4 s.
				disableFullPageScreenshot: true,
				// Merged into the default throttling: only the CPU's changes.
				...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
			});
			if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
			return result.lhr;
		},
		async close() {
			chrome.kill();
		},
	};
}

/** A category score as Lighthouse shows it (0–100, rounded), or null when it could not score. */
export const percent = (score: number | null) => (score === null ? null : Math.round(score * 100));

function auditDetail(audit: Result['audits'][string]): string | undefined {
	const parts = [audit.displayValue, audit.explanation, audit.errorMessage].filter(
		(part): part is string => !!part,
	);
	return parts.length > 0 ? parts.join(' — ') : undefined;
}

/** The audits of `category` scored below `threshold` (0–1), weighted ones first. */
export function auditsBelow(lhr: Result, categoryId: string, threshold: number): AuditFinding[] {
	const category = lhr.categories[categoryId];
	if (!category) return [];
	return category.auditRefs
		.flatMap((ref) => {
			const audit = lhr.audits[ref.id];
			if (!audit || audit.score === null || audit.score >= threshold) return [];
			const detail = auditDetail(audit);
			return [
				{
					category: categoryId,
					id: audit.id,
					title: audit.title,
					score: audit.score,
					weight: ref.weight,
					...(detail ? { detail } : {}),
				},
			];
		})
		.sort((a, b) => b.weight - a.weight);
}

export function formatFinding(finding: AuditFinding): string {
	const weight = finding.weight > 0 ? '' : ', unweighted';
	const detail = finding.detail ? `: ${finding.detail}` : '';
	return `${finding.category}/${finding.id} (score ${finding.score}${weight}) "${finding.title}"${detail}`;
}

/**
 * The audits that must fail when a page is served with a 4xx/5xx status: the SEO audit of the
 * status itself, and the console error Chromium logs for the document's own failed request.
 */
export const STATUS_AUDITS = ['http-status-code', 'errors-in-console'] as const;

/**
 * Audits whose file Lighthouse fetches from inside the audited page (over the DevTools protocol,
 * but subject to the page's policy): the shipped Content-Security-Policy, which lets the pages
 * fetch nothing, refuses them.
 */
export const IN_PAGE_FETCH_AUDITS = ['robots-txt', 'llms-txt'] as const;

/**
 * The IN_PAGE_FETCH_AUDITS of a run that failed only because the page's policy refused Lighthouse's
 * fetch (Chromium reports a "CSP violation"): on a deploy with the shipped policy they measure the
 * policy, not the file. A file that was fetched and found wanting is not among them.
 */
export function refusedByPolicy(lhr: Result): string[] {
	return IN_PAGE_FETCH_AUDITS.filter((id) => {
		const audit = lhr.audits[id];
		if (!audit || audit.score === null || audit.score >= Util.PASS_THRESHOLD) return false;
		return /\bCSP violation\b/.test(`${audit.explanation ?? ''} ${audit.errorMessage ?? ''}`);
	});
}

/**
 * The weighted audits of a run that Lighthouse would not list as passed (score below its pass
 * threshold, 0.9), by id.
 */
export function failingAudits(lhr: Result): Map<string, AuditFinding> {
	const failing = new Map<string, AuditFinding>();
	for (const id of Object.keys(lhr.categories)) {
		for (const finding of auditsBelow(lhr, id, Util.PASS_THRESHOLD)) {
			if (finding.weight > 0) failing.set(finding.id, finding);
		}
	}
	return failing;
}

/**
 * Checks a run made with `ignoreStatusCode` on a page served at `status`: at 2xx nothing fails; at
 * 4xx/5xx exactly STATUS_AUDITS fail (errors-in-console only for the document itself), every
 * other scored audit passes, and categories holding neither audit stay at 100. An audit fails when
 * Lighthouse would not list it as passed (score below Lighthouse's pass threshold, 0.9); unweighted
 * audits are not considered. `excused` audits may fail too (a category holding one need not stay at
 * 100): failures the caller knows to be by design where it measures. Returns the problems; empty
 * means the claim holds.
 */
export function checkAtStatus(lhr: Result, status: number, excused: readonly string[] = []): string[] {
	const problems: string[] = [];
	if (lhr.runtimeError) return [`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`];
	const expected: readonly string[] = status >= 400 ? STATUS_AUDITS : [];
	const mayFail = [...expected, ...excused];
	const failing = failingAudits(lhr);
	for (const [id, finding] of failing) {
		if (!mayFail.includes(id)) problems.push(`unexpected failure ${formatFinding(finding)}`);
	}
	for (const id of expected) {
		if (!failing.has(id)) problems.push(`${id} passed, but must fail for a page served with ${status}`);
	}
	const consoleAudit = lhr.audits['errors-in-console'];
	const items =
		consoleAudit?.details && 'items' in consoleAudit.details
			? (consoleAudit.details.items as {
					source?: string;
					description?: string;
					sourceLocation?: { url?: string };
				}[])
			: [];
	for (const item of items) {
		if (item.source !== 'network' || item.sourceLocation?.url !== lhr.mainDocumentUrl) {
			problems.push(
				`errors-in-console logged something other than the document's own request: ${item.source} ${item.sourceLocation?.url ?? ''} ${item.description ?? ''}`,
			);
		}
	}
	for (const [id, category] of Object.entries(lhr.categories)) {
		const holdsExcused = category.auditRefs.some((ref) => mayFail.includes(ref.id));
		if (!holdsExcused && percent(category.score) !== 100) {
			problems.push(`${id} ${percent(category.score) ?? 'not scored'}, must stay at 100`);
		}
	}
	return problems;
}

/**
 * Runs per page at most. Performance is the one category that depends on timing: on a busy machine a
 * static page can lose a point of Total Blocking Time (observed here: TBT 110 ms, benchmark index
 * 396). So a page whose performance is below 100 is run again, up to this many times, and each
 * category keeps its best run: Lighthouse CI's default assertion aggregation ("optimistic"). Other
 * categories never cause a retry; a page that stays below 100 fails.
 */
export const MAX_RUNS = 3;

export const performanceBelow100 = (score: number | null | undefined) =>
	typeof score === 'number' && score < 100;

export interface StatusRun {
	lhr: Result;
	/** What `checkAtStatus` found in the kept run; empty when the claim holds. */
	problems: string[];
	runs: number;
}

/**
 * Audits `url` as served (with `ignoreStatusCode`) and checks it with `checkAtStatus`, passing it
 * what `excuse` says of each run. A run whose performance is below 100 is repeated (`maxRuns`, by
 * default MAX_RUNS, at most) and the run with the fewest problems kept.
 */
export async function auditAtStatus(
	browser: LighthouseBrowser,
	url: string,
	status: number,
	options: { maxRuns?: number; excuse?: (lhr: Result) => readonly string[] } = {},
): Promise<StatusRun> {
	const { maxRuns = MAX_RUNS, excuse } = options;
	let kept: StatusRun | undefined;
	for (let run = 1; run <= maxRuns; run++) {
		const lhr = await browser.audit(url, { ignoreStatusCode: true });
		const problems = checkAtStatus(lhr, status, excuse?.(lhr));
		if (!kept || problems.length < kept.problems.length) kept = { lhr, problems, runs: run };
		kept.runs = run;
		if (!performanceBelow100(percent(lhr.categories['performance']?.score ?? null))) break;
	}
	return kept!;
}
