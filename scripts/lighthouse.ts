/**
 * Lighthouse on the built pages, with the system Chromium and Lighthouse's default (mobile) settings.
 *
 * As a module: serve dist/ with status 200 (`serveDist`, Astro's own static preview server), start one
 * Chromium for many runs (`launchLighthouseBrowser`), audit and summarise pages, and check a page
 * served at its real error status (`checkAtStatus`). Those two live in src/verify/lighthouse.ts,
 * which the verifier shares, and are re-exported here.
 *
 * As a script (`node scripts/lighthouse.ts [--pages 404,500,index]`): audits every page in dist/
 * (or the listed ones), prints progress and a page × category table, writes reports/lighthouse.md
 * and reports/lighthouse.json, and exits 1 when any category of any page scores below 100.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { preview } from 'astro';
import type { Result } from 'lighthouse';
import { CHROMIUM_PATH } from '../packages/fallback-pages/src/verify/chromium.ts';
import {
	MAX_RUNS,
	auditsBelow,
	formatFinding,
	launchLighthouseBrowser,
	percent,
	performanceBelow100,
	type AuditFinding,
	type LighthouseBrowser,
} from '../packages/fallback-pages/src/verify/lighthouse.ts';

// Launching Lighthouse and judging a run live in src/verify/lighthouse.ts, which the verifier
// shares; this script's module keeps exporting them, so its importers need not know.
export {
	MAX_RUNS,
	STATUS_AUDITS,
	auditAtStatus,
	checkAtStatus,
	launchLighthouseBrowser,
	type AuditFinding,
	type LighthouseBrowser,
	type StatusRun,
} from '../packages/fallback-pages/src/verify/lighthouse.ts';

const root = new URL('../', import.meta.url);
const dist = new URL('dist/', root);
const reports = new URL('reports/', root);

export interface PageReport {
	/** The page's name in dist/ without `.html` (`404`, `index`), or the audited URL's path. */
	page: string;
	url: string;
	/** Category id → score 0–100 as Lighthouse shows it (rounded), or null when it could not score. */
	scores: Record<string, number | null>;
	/** Audits scored below 1 in a category that scored below 100. */
	findings: AuditFinding[];
	runWarnings: string[];
	runtimeError?: string;
	/** Wall-clock seconds of the Lighthouse run(s). */
	seconds: number;
	/** Lighthouse runs made (more than 1 only when performance scored below 100, see `auditPage`). */
	runs: number;
	/** The performance score of each run. */
	performanceByRun: (number | null)[];
	lighthouseVersion: string;
	/** The browser as Lighthouse saw it (HeadlessChrome/…). */
	hostUserAgent: string;
	/** Lighthouse's CPU benchmark of the machine (simulated throttling is calibrated against it). */
	benchmarkIndex: number;
	/** Main-thread time of the (first) run and its style-and-layout share, in ms: what a page costs the CPU. */
	mainThreadMs: number;
	styleLayoutMs: number;
	/** Total blocking time of the (first) run, ms. */
	blockingMs: number;
}

/** The main thread's time, its style-and-layout part, and the total blocking time of a run. */
function cpuCost(lhr: Result): Pick<PageReport, 'mainThreadMs' | 'styleLayoutMs' | 'blockingMs'> {
	const breakdown = lhr.audits['mainthread-work-breakdown'];
	const items =
		(breakdown?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
	return {
		mainThreadMs: Math.round(breakdown?.numericValue ?? 0),
		styleLayoutMs: Math.round(items.find((item) => item.group === 'styleLayout')?.duration ?? 0),
		blockingMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
	};
}

/** The pages the tests audit on every `npm test`: the framework's own screens and the gallery. */
export const SEED_PAGES = [
	'404',
	'400',
	'401',
	'403',
	'405',
	'500',
	'application-error',
	'global-error',
	'index',
] as const;

/**
 * A sample of the other locales' pages the tests audit too: right-to-left, CJK, a scripted page
 * and a gallery (in the locales the project's own build ships).
 */
export const LOCALE_SAMPLE_PAGES = ['ar/404', 'ja/503', 'de/global-error', 'ar/index'] as const;

/** Every page in dist/, its locales' folders included, by name without `.html`, sorted. */
export async function listBuiltPages(): Promise<string[]> {
	const files = await readdir(dist, { recursive: true }).catch(() => [] as string[]);
	return files
		.filter((file) => file.endsWith('.html'))
		.map((file) => file.slice(0, -'.html'.length))
		.sort();
}

export interface StaticServer {
	origin: string;
	close(): Promise<void>;
}

/**
 * Serves dist/ as plain files with status 200 (`astro preview`, the project's own static server),
 * on a free loopback port. This is how Lighthouse CI's `staticDistDir` measures full scores: no
 * error status and no CDN headers. `project`: another Astro project's build (a site's look).
 */
export async function serveDist(project = fileURLToPath(root)): Promise<StaticServer> {
	const server = await preview({
		root: project,
		logLevel: 'warn',
		server: { host: '127.0.0.1', port: 0 },
	});
	return { origin: `http://127.0.0.1:${server.port}`, close: () => server.stop() };
}

export function pageUrl(origin: string, page: string): string {
	return `${origin}/${page}.html`;
}

/** Scores per category and, for every category below 100, the audits that cost points. */
export function summarise(lhr: Result, page: string, seconds: number): PageReport {
	const scores: Record<string, number | null> = {};
	const findings: AuditFinding[] = [];
	for (const [id, category] of Object.entries(lhr.categories)) {
		scores[id] = percent(category.score);
		if (scores[id] !== 100) findings.push(...auditsBelow(lhr, id, 1));
	}
	return {
		page,
		url: lhr.finalDisplayedUrl,
		scores,
		findings,
		runWarnings: lhr.runWarnings,
		...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
		seconds,
		runs: 1,
		performanceByRun: [scores['performance'] ?? null],
		lighthouseVersion: lhr.lighthouseVersion,
		hostUserAgent: lhr.environment.hostUserAgent,
		benchmarkIndex: lhr.environment.benchmarkIndex,
		...cpuCost(lhr),
	};
}

/** Why a page is not at 100 in every category; empty when it is. */
export function problemsOf(report: PageReport): string[] {
	const problems: string[] = [];
	if (report.runtimeError) problems.push(`runtime error ${report.runtimeError}`);
	if (Object.keys(report.scores).length === 0) problems.push('no category was scored');
	for (const [category, score] of Object.entries(report.scores)) {
		if (score === 100) continue;
		const audits = report.findings.filter((f) => f.category === category).map(formatFinding);
		problems.push(
			`${category} ${score ?? 'not scored'}${audits.length ? `; below 1: ${audits.join('; ')}` : ''}`,
		);
	}
	return problems;
}

/** Each category's best score over `runs` of one page, with the audits of that best run. */
export function bestOf(runs: readonly PageReport[]): PageReport {
	const first = runs[0]!;
	const scores: Record<string, number | null> = {};
	const findings: AuditFinding[] = [];
	for (const category of Object.keys(first.scores)) {
		const best = runs.reduce((a, b) => ((b.scores[category] ?? -1) > (a.scores[category] ?? -1) ? b : a));
		scores[category] = best.scores[category] ?? null;
		findings.push(...best.findings.filter((f) => f.category === category));
	}
	return {
		...first,
		scores,
		findings,
		runWarnings: [...new Set(runs.flatMap((r) => r.runWarnings))],
		seconds: runs.reduce((sum, r) => sum + r.seconds, 0),
		runs: runs.length,
		performanceByRun: runs.flatMap((r) => r.performanceByRun),
		benchmarkIndex: Math.min(...runs.map((r) => r.benchmarkIndex)),
	};
}

/** Audits one page (served at 200); see MAX_RUNS for when it is run more than once. */
export async function auditPage(
	browser: LighthouseBrowser,
	url: string,
	page: string,
	maxRuns = MAX_RUNS,
): Promise<PageReport> {
	const runs: PageReport[] = [];
	do {
		const started = performance.now();
		const lhr = await browser.audit(url);
		runs.push(summarise(lhr, page, (performance.now() - started) / 1000));
	} while (runs.length < maxRuns && performanceBelow100(bestOf(runs).scores['performance']));
	return bestOf(runs);
}

/**
 * Serves dist/ with status 200, starts one Chromium and audits `pages` in order. `onPage` is called
 * after each page (progress output).
 */
export async function auditPages(
	pages: readonly string[],
	onPage?: (report: PageReport, index: number) => void,
	{ cpuSlowdownMultiplier }: { cpuSlowdownMultiplier?: number } = {},
): Promise<PageReport[]> {
	const server = await serveDist();
	try {
		const browser = await launchLighthouseBrowser({
			...(cpuSlowdownMultiplier ? { cpuSlowdownMultiplier } : {}),
		});
		try {
			const results: PageReport[] = [];
			for (const [index, page] of pages.entries()) {
				const report = await auditPage(browser, pageUrl(server.origin, page), page);
				results.push(report);
				onPage?.(report, index);
			}
			return results;
		} finally {
			await browser.close();
		}
	} finally {
		await server.close();
	}
}

/** Category ids in Lighthouse's order, over all reports. */
export function categoriesOf(results: readonly PageReport[]): string[] {
	return [...new Set(results.flatMap((r) => Object.keys(r.scores)))];
}

/** Lowest score per category over `results` (null when some page could not be scored). */
export function lowestScores(results: readonly PageReport[]): Record<string, number | null> {
	const lowest: Record<string, number | null> = {};
	for (const category of categoriesOf(results)) {
		const scores = results.map((r) => r.scores[category] ?? null);
		lowest[category] = scores.includes(null) ? null : Math.min(...(scores as number[]));
	}
	return lowest;
}

export function renderMarkdown(
	results: readonly PageReport[],
	meta: { lighthouse: string; browser: string },
) {
	const categories = categoriesOf(results);
	const cell = (score: number | null | undefined) =>
		score === null || score === undefined ? '—' : String(score);
	const lowest = lowestScores(results);
	const lines = [
		'# Lighthouse',
		'',
		`Lighthouse ${meta.lighthouse}, ${meta.browser}, default settings (mobile emulation, simulated throttling; no full-page screenshot); ` +
			`dist/ served as files with status 200. ${results.length} pages, ${new Date().toISOString()}, ` +
			`CPU benchmark index ${Math.min(...results.map((r) => r.benchmarkIndex))}–${Math.max(...results.map((r) => r.benchmarkIndex))}. ` +
			`A page whose performance is below 100 is run again (${MAX_RUNS} runs at most) and each category keeps its best run ` +
			`(Lighthouse CI's default "optimistic" aggregation).`,
		'',
		`| page | ${categories.join(' | ')} |`,
		`|---|${categories.map(() => '---:').join('|')}|`,
		...results.map((r) => `| ${r.page} | ${categories.map((c) => cell(r.scores[c])).join(' | ')} |`),
		`| **lowest** | ${categories.map((c) => `**${cell(lowest[c])}**`).join(' | ')} |`,
		'',
	];
	const failing = results.filter((r) => problemsOf(r).length > 0);
	lines.push('## Below 100', '');
	if (failing.length === 0) lines.push('None: every page scores 100 in every category.', '');
	for (const report of failing) {
		lines.push(`- **${report.page}**`, ...problemsOf(report).map((p) => `  - ${p}`));
	}
	const rerun = results.filter((r) => r.runs > 1);
	if (rerun.length > 0) {
		lines.push('', '## Pages run more than once', '', '| page | performance per run |', '|---|---|');
		for (const r of rerun) lines.push(`| ${r.page} | ${r.performanceByRun.map(cell).join(' / ')} |`);
	}
	const warned = results.filter((r) => r.runWarnings.length > 0);
	if (warned.length > 0) {
		lines.push('', '## Run warnings', '');
		for (const r of warned) lines.push(`- **${r.page}**: ${r.runWarnings.join(' / ')}`);
	}
	return `${lines.join('\n')}\n`;
}

async function main() {
	// --cpu-slowdown 8: Lighthouse's simulated CPU twice as slow as its mobile default (4), for a
	// margin on slower machines than this one.
	const { values } = parseArgs({
		options: { pages: { type: 'string' }, 'cpu-slowdown': { type: 'string' } },
	});
	const cpuSlowdownMultiplier = values['cpu-slowdown'] ? Number(values['cpu-slowdown']) : undefined;
	if (cpuSlowdownMultiplier !== undefined && !(cpuSlowdownMultiplier >= 1)) {
		console.error(`lighthouse: --cpu-slowdown takes a number of at least 1, not ${values['cpu-slowdown']}`);
		process.exit(1);
	}
	const built = await listBuiltPages();
	if (built.length === 0) {
		console.error('lighthouse: dist/ has no pages. Run `npm run build` first.');
		process.exit(1);
	}
	const pages = values.pages
		? values.pages
				.split(',')
				.map((p) => p.trim().replace(/\.html$/, ''))
				.filter(Boolean)
		: built;
	const unknown = pages.filter((p) => !built.includes(p));
	if (unknown.length > 0) {
		console.error(`lighthouse: not in dist/: ${unknown.join(', ')}`);
		process.exit(1);
	}

	const started = performance.now();
	const pad = String(pages.length).length;
	const results = await auditPages(
		pages,
		(report, index) => {
			const scores = Object.entries(report.scores)
				.map(([category, score]) => `${category} ${score ?? '—'}`)
				.join(' · ');
			const mark = problemsOf(report).length === 0 ? 'ok ' : 'LOW';
			console.log(
				`[${String(index + 1).padStart(pad)}/${pages.length}] ${mark} ${report.page.padEnd(17)} ${scores}  ` +
					`(main thread ${report.mainThreadMs} ms, style and layout ${report.styleLayoutMs} ms, TBT ${report.blockingMs} ms; ` +
					`${report.seconds.toFixed(1)} s${report.runs > 1 ? `, ${report.runs} runs, performance ${report.performanceByRun.join('/')}` : ''})`,
			);
		},
		cpuSlowdownMultiplier ? { cpuSlowdownMultiplier } : {},
	);
	const browser = results[0]!.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
	const meta = { lighthouse: results[0]!.lighthouseVersion, browser: `${browser} (${CHROMIUM_PATH})` };

	const categories = categoriesOf(results);
	console.table(
		Object.fromEntries([
			...results.map((r) => [r.page, Object.fromEntries(categories.map((c) => [c, r.scores[c]]))]),
			['LOWEST', lowestScores(results)],
		]),
	);
	await mkdir(reports, { recursive: true });
	await writeFile(new URL('lighthouse.md', reports), renderMarkdown(results, meta));
	await writeFile(
		new URL('lighthouse.json', reports),
		`${JSON.stringify({ ...meta, lowest: lowestScores(results), pages: results }, null, '\t')}\n`,
	);
	const failing = results.filter((r) => problemsOf(r).length > 0);
	const total = ((performance.now() - started) / 1000).toFixed(0);
	console.log(
		`Wrote reports/lighthouse.md and reports/lighthouse.json (${results.length} pages, ${total} s).`,
	);
	if (failing.length > 0) {
		console.error(`Below 100 on ${failing.length} page(s):`);
		for (const r of failing) console.error(`  ${r.page}: ${problemsOf(r).join('\n    ')}`);
		process.exit(1);
	}
	console.log('Every page scores 100 in every category.');
}

if (import.meta.main) await main();
