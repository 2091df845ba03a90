/**
 * What a verify run leaves behind, written from its result: a summary for the terminal, a page a
 * person opens from the CI artifacts, JSON for scripts and JUnit XML for CI test views. Every
 * expected and got, header and error message in a result came from a live server, so none of them
 * is trusted: the page escapes each, the terminal shows control characters as escapes, and the XML
 * survives what its library lets through.
 */
import { styleText } from 'node:util';
import { escape } from 'html-escaper';
import junit from 'junit-report-builder';
import { placeWords, type AuditResult } from './audits.ts';
import { caseGroups } from './cases.ts';
import { failureLine, type Failure } from './checks.ts';
import { passed, type CaseResult, type VerifyResult } from './run.ts';

// ---------------------------------------------------------------------------------------------
// Figures shared by every report.

export interface Counts {
	passed: number;
	failed: number;
	/** Cases left without a verdict by a network error; those the spent budget stopped included. */
	errors: number;
	/** Cases not run because the request budget was spent (counted among `errors` as well). */
	notRun: number;
	/** Cases that checked a host's declared difference, whatever their verdict. */
	declared: number;
}

export function countsOf(results: readonly CaseResult[], notRun = 0): Counts {
	return {
		passed: results.filter((one) => one.verdict === 'passed').length,
		failed: results.filter((one) => one.verdict === 'failed').length,
		errors: results.filter((one) => one.verdict === 'error').length,
		notRun,
		declared: results.filter((one) => one.declared !== undefined).length,
	};
}

/** The run's verdict, audits included: what the command's exit status says. */
const overallPassed = (result: VerifyResult, audits: readonly AuditResult[]) =>
	passed(result) && audits.every((audit) => audit.passed);

/**
 * The groups that have cases, in the contract's order; a group the contract does not list (the
 * contract suite may add its own) follows in the order it first appears, rather than vanishing.
 */
function groupsOf(results: readonly CaseResult[]): string[] {
	const present = new Set(results.map((one) => one.group));
	const known: readonly string[] = caseGroups;
	return [
		...known.filter((group) => present.has(group)),
		...[...present].filter((group) => !known.includes(group)),
	];
}

function groupSummaries(results: readonly CaseResult[]): { group: string; counts: Counts }[] {
	return groupsOf(results).map((group) => ({
		group,
		counts: countsOf(results.filter((one) => one.group === group)),
	}));
}

/**
 * A case the spent budget stopped before it found anything: a report names them once, as a number,
 * instead of listing hundreds of them.
 */
const stoppedByBudget = (one: CaseResult) =>
	one.verdict === 'error' && one.failures.length === 0 && one.failure === 'budget';

/** Cases a reader has to look at: failed, or left without a verdict. */
const troubled = (results: readonly CaseResult[]) =>
	results.filter((one) => one.verdict !== 'passed' && !stoppedByBudget(one));

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function duration(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
	const seconds = Math.round(ms / 1000);
	return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** `GET /404 (Accept-Language: de)`: the method, a path, and whatever follows the path. */
const requestPattern = /^([A-Z]+) (\/\S*)(.*)$/s;

const origin = (base: string) => base.replace(/\/+$/, '');

/**
 * A failure's request as a URL: `GET https://example.org/404 (Accept-Language: de)`. A request
 * that names no path (a precondition's own words) stays as it is.
 */
function absoluteRequest(base: string, request: string): string {
	const match = requestPattern.exec(request);
	if (!match) return request;
	const [, method, path, rest] = match;
	return `${method} ${origin(base)}${path}${rest}`;
}

/**
 * The address to open for a failure: only a GET whose path is shown whole. A path cut short (`…`)
 * or a raw request line (`GET /a b HTTP/1.1`: text after the path that is not a note in brackets)
 * would open another page than the one that failed.
 */
function requestLink(base: string, request: string): string | undefined {
	const match = requestPattern.exec(request);
	if (!match) return undefined;
	const [, method, path = '', rest = ''] = match;
	if (method !== 'GET' || path.includes('…') || (rest !== '' && !rest.startsWith(' ('))) return undefined;
	return `${origin(base)}${path}`;
}

/** A failure line as the terminal and JUnit show it: the request as a URL. */
const absoluteFailureLine = (base: string, failure: Failure) =>
	failureLine({ ...failure, request: absoluteRequest(base, failure.request) });

function auditFigures(audit: AuditResult): string {
	if (audit.error !== undefined) return `could not run: ${audit.error}`;
	if (audit.tool === 'lighthouse') {
		const scores = Object.entries(audit.scores ?? {});
		return scores.length === 0
			? 'no scores'
			: scores.map(([category, score]) => `${category} ${Math.round(score)}`).join(', ');
	}
	const violations = audit.violations ?? [];
	if (violations.length === 0) return 'no violations';
	const listed = violations.map(
		(one) =>
			`${one.id} (${one.impact}, ${plural(one.nodes, 'node')}${placeWords(one.place) ? `, ${placeWords(one.place)}` : ''})`,
	);
	return `${plural(violations.length, 'violation')}: ${listed.join(', ')}`;
}

// ---------------------------------------------------------------------------------------------
// The terminal.

type Style = Parameters<typeof styleText>[0];
type Paint = (style: Style, text: string) => string;

/**
 * Colours when asked for. The caller already decided whether the output is a terminal, so
 * styleText must not second-guess it from process.stdout (it would drop colours in a pipe to a
 * pager that shows them, or when the log goes elsewhere).
 */
const painter = (color: boolean): Paint =>
	color ? (style, text) => styleText(style, text, { validateStream: false }) : (_style, text) => text;

/**
 * Text from a server, safe to print: a control character (an escape sequence could clear the
 * screen or retitle the window) shows as its `\u` escape instead of acting.
 */
const printable = (text: string) =>
	text.replace(
		/[\u0000-\u001f\u007f-\u009f]/g,
		(char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);

function headerLine(result: VerifyResult): string {
	return `${printable(result.base)} (${printable(result.host)}): ${duration(result.ms)}, ${plural(result.requests, 'request')}, ${plural(result.retries, 'retry', 'retries')}`;
}

function groupTableLines(results: readonly CaseResult[], paint: Paint): string[] {
	const rows = groupSummaries(results);
	const width = Math.max('group'.length, ...rows.map((row) => row.group.length));
	const columns = [
		{ title: 'passed', count: (counts: Counts) => counts.passed, style: 'green' as const },
		{ title: 'failed', count: (counts: Counts) => counts.failed, style: 'red' as const },
		{ title: 'no answer', count: (counts: Counts) => counts.errors, style: 'yellow' as const },
		{ title: 'known difference', count: (counts: Counts) => counts.declared, style: undefined },
	];
	const head = `  ${'group'.padEnd(width)}${columns.map((column) => `  ${column.title}`).join('')}`;
	// Padded before painting: escape codes count as characters to padStart.
	const line = ({ group, counts }: (typeof rows)[number]) =>
		`  ${printable(group).padEnd(width)}${columns
			.map((column) => {
				const count = column.count(counts);
				const cell = String(count).padStart(column.title.length);
				return `  ${count > 0 && column.style ? paint(column.style, cell) : cell}`;
			})
			.join('')}`;
	return [paint('bold', head), ...rows.map(line)];
}

function failureLines(base: string, failure: Failure): string[] {
	return [
		`      ${printable(absoluteRequest(base, failure.request))}`,
		`        checked:  ${printable(failure.what)}`,
		`        expected: ${printable(failure.expected)}`,
		`        got:      ${printable(failure.got)}`,
	];
}

/** Cases with the same failure from which on the summary lists it once, with a count. */
const REPEATED_FROM = 4;

/** What a failure says, whatever request it came from. */
const failureKey = (failure: Failure) => `${failure.what}\n${failure.expected}\n${failure.got}`;

/**
 * Failures that the same defect causes on many answers (a header missing everywhere), each with
 * the requests it was seen on; the summary lists them once instead of once per case.
 */
function repeatedFailures(
	cases: readonly CaseResult[],
): Map<string, { failure: Failure; requests: string[] }> {
	const seen = new Map<string, { failure: Failure; requests: string[] }>();
	for (const one of cases) {
		for (const failure of one.failures) {
			const entry = seen.get(failureKey(failure)) ?? { failure, requests: [] };
			entry.requests.push(failure.request);
			seen.set(failureKey(failure), entry);
		}
	}
	return new Map([...seen].filter(([, entry]) => entry.requests.length >= REPEATED_FROM));
}

function troubledLines(result: VerifyResult, paint: Paint): string[] {
	const cases = troubled(result.results);
	if (cases.length === 0) return [];
	const repeated = repeatedFailures(cases);
	const own = (one: CaseResult) => one.failures.filter((failure) => !repeated.has(failureKey(failure)));
	const listed = cases.filter((one) => one.verdict === 'error' || own(one).length > 0);
	const unlisted = cases.length - listed.length;
	return [
		...(repeated.size === 0
			? []
			: [
					'',
					paint('bold', 'Failures on many answers (each listed once):'),
					...[...repeated.values()].flatMap(({ failure, requests }) => [
						`  ${paint('red', '✘')} ${printable(failure.what)} on ${plural(requests.length, 'answer')}, among them:`,
						...requests
							.slice(0, 3)
							.map((request) => `      ${printable(absoluteRequest(result.base, request))}`),
						`        expected: ${printable(failure.expected)}`,
						`        got:      ${printable(failure.got)}`,
					]),
				]),
		'',
		paint('bold', 'Failed cases:'),
		...listed.flatMap((one) => [
			one.verdict === 'error'
				? `  ${paint('yellow', '!')} ${printable(one.group)}: ${printable(one.name)}: ${paint('yellow', `no answer: ${printable(one.error ?? 'the request failed')}`)}`
				: `  ${paint('red', '✘')} ${printable(one.group)}: ${printable(one.name)}`,
			...(one.declared !== undefined ? [`      known difference: ${printable(one.declared)}`] : []),
			...own(one).flatMap((failure) => failureLines(result.base, failure)),
		]),
		...(unlisted > 0
			? [
					`  … and ${plural(unlisted, 'case')} more whose failures are all among those on many answers (every case in the HTML and JSON reports)`,
				]
			: []),
	];
}

function auditLines(audits: readonly AuditResult[], paint: Paint): string[] {
	if (audits.length === 0) return [];
	return [
		'',
		paint('bold', 'Audits:'),
		...audits.map(
			(audit) =>
				`  ${audit.passed ? paint('green', 'passed') : paint('red', 'failed')}  ${audit.tool} ${printable(audit.url)}: ${printable(auditFigures(audit))}`,
		),
	];
}

/**
 * Failed and errored cases; an unreachable deploy counts as one, as the JUnit report's errored
 * `reach` case does, so that no parser reads `0 failed` from a run that checked nothing.
 */
function failedCount(result: VerifyResult): number {
	if (result.unreachable) return 1;
	const counts = countsOf(result.results);
	return counts.failed + counts.errors;
}

export function terminalSummary(
	result: VerifyResult,
	audits: readonly AuditResult[],
	options: { color: boolean },
): string {
	const paint = painter(options.color);
	const counts = countsOf(result.results, result.notRun);
	const lines = [paint('bold', headerLine(result))];
	if (result.unreachable) {
		const { kind, message } = result.unreachable;
		lines.push(
			paint('red', `Unreachable (${kind}): ${printable(message)}`),
			'No case ran: reaching the deploy counts as the one failure.',
		);
	} else {
		lines.push('', ...groupTableLines(result.results, paint), ...troubledLines(result, paint));
		if (result.notRun > 0) {
			lines.push(
				'',
				paint(
					'yellow',
					`${plural(result.notRun, 'case was', 'cases were')} not run: the request budget was spent (--budget).`,
				),
			);
		}
	}
	lines.push(...auditLines(audits, paint), '');
	const last = `${counts.passed} passed, ${failedCount(result)} failed`;
	lines.push(paint(overallPassed(result, audits) ? 'green' : 'red', last));
	return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The page.

/** Text from a result, escaped: every value goes through this before it reaches the page. */
const h = (text: string | number) => escape(String(text));

/** One colour per group, each readable as a border on both the light and the dark background. */
const groupColors = [
	'#2f6fde',
	'#8a4fd8',
	'#c0379a',
	'#138a8a',
	'#d0661b',
	'#7c8a1a',
	'#4b55c9',
	'#9a6a3a',
	'#1f93c1',
	'#d1497a',
	'#5d6b82',
	'#2e8b57',
];

/** A group's colour class, fixed by its place in the contract so that it stays the same across runs. */
function groupClass(group: string, results: readonly CaseResult[]): string {
	const known: readonly string[] = caseGroups;
	const index = known.includes(group)
		? known.indexOf(group)
		: known.length +
			groupsOf(results)
				.filter((one) => !known.includes(one))
				.indexOf(group);
	return `g${index % groupColors.length}`;
}

const verdictClass = { passed: 'pass', failed: 'fail', error: 'warn' } as const;
const verdictWord = { passed: 'passed', failed: 'failed', error: 'no answer' } as const;

const style = `
:root {
	color-scheme: light dark;
	--bg: #ffffff; --fg: #1f2328; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa; --link: #0550ae;
	--pass: #116329; --pass-bg: #dafbe1; --fail: #a40e26; --fail-bg: #ffebe9; --warn: #7d4e00; --warn-bg: #fff8c5;
}
@media (prefers-color-scheme: dark) {
	:root {
		--bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --line: #30363d; --panel: #161b22; --link: #79c0ff;
		--pass: #7ee787; --pass-bg: #12261e; --fail: #ffa198; --fail-bg: #2d1214; --warn: #f2cc60; --warn-bg: #2e2408;
	}
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, sans-serif; }
a { color: var(--link); }
header, main, footer { max-width: 80rem; margin: 0 auto; padding: 1rem 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.75rem; }
.banner { border-inline-start: 0.5rem solid; padding: 0.25rem 1rem; background: var(--panel); }
.banner-pass { border-color: var(--pass); } .banner-fail { border-color: var(--fail); } .banner-warn { border-color: var(--warn); }
.word { display: inline-block; padding: 0 0.5rem; border-radius: 0.25rem; margin-inline-end: 0.5rem; }
.figures { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; margin: 0; }
.figures div { display: flex; gap: 0.4rem; }
.figures dt { color: var(--muted); }
.figures dd { margin: 0; font-weight: 600; }
.note { padding: 0.5rem 1rem; border-radius: 0.25rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: start; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--panel); position: sticky; top: 0; }
td.num, th.num { text-align: end; font-variant-numeric: tabular-nums; white-space: nowrap; }
.pass { color: var(--pass); background: var(--pass-bg); }
.fail { color: var(--fail); background: var(--fail-bg); }
.warn { color: var(--warn); background: var(--warn-bg); }
td.verdict, td.score { font-weight: 600; white-space: nowrap; }
.group { border-inline-start: 0.4rem solid var(--group); white-space: nowrap; }
${groupColors.map((color, index) => `.g${index} { --group: ${color}; }`).join('\n')}
.cases { table-layout: fixed; min-width: 56rem; }
.cases .c-group { width: 9rem; } .cases .c-case { width: 20%; } .cases .c-verdict { width: 6rem; } .cases .c-num { width: 4.5rem; }
.cases th[scope='row'] { font-weight: 500; overflow-wrap: anywhere; }
main { overflow-x: auto; }
.failures { margin: 0; padding-inline-start: 1.25rem; }
.failures li + li { margin-top: 0.75rem; }
.failure { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.1rem 0.75rem; margin: 0; }
.failure dt, .headers dt { color: var(--muted); }
.failure dd, .headers dd { margin: 0; }
code { font-family: ui-monospace, monospace; font-size: 0.9em; white-space: pre-wrap; overflow-wrap: anywhere; }
details { margin-top: 0.4rem; }
summary { cursor: pointer; color: var(--muted); }
.headers { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 0.75rem; margin: 0.25rem 0 0; }
.headers div { display: contents; }
.reason, .error { margin: 0 0 0.4rem; }
footer { color: var(--muted); font-size: 0.9rem; }
`;

function figuresList(result: VerifyResult, counts: Counts): string {
	const figures: [string, string | number][] = [
		['Host', result.host],
		['Started', result.startedAt],
		['Duration', duration(result.ms)],
		['Requests', result.requests],
		['Retries', result.retries],
	];
	if (!result.unreachable) {
		figures.push(
			['Cases', result.results.length],
			['Passed', counts.passed],
			['Failed', counts.failed],
			['No answer', counts.errors],
			['Not run', counts.notRun],
			['Known differences', counts.declared],
		);
	}
	return `<dl class="figures">${figures.map(([term, value]) => `<div><dt>${h(term)}</dt><dd>${h(value)}</dd></div>`).join('')}</dl>`;
}

function banner(result: VerifyResult, audits: readonly AuditResult[], counts: Counts): string {
	const [word, tone] = result.unreachable
		? ['UNREACHABLE', 'warn']
		: overallPassed(result, audits)
			? ['PASSED', 'pass']
			: ['FAILED', 'fail'];
	const base = origin(result.base);
	return `<header class="banner banner-${tone}">
<h1><span class="word ${tone}">${word}</span> Fallback verify of <a href="${h(base)}/">${h(base)}</a></h1>
${figuresList(result, counts)}
</header>`;
}

function groupsSection(results: readonly CaseResult[]): string {
	const rows = groupSummaries(results).map(
		({ group, counts }) => `<tr>
<th scope="row" class="group ${groupClass(group, results)}">${h(group)}</th>
<td class="num${counts.passed > 0 ? ' pass' : ''}">${counts.passed}</td>
<td class="num${counts.failed > 0 ? ' fail' : ''}">${counts.failed}</td>
<td class="num${counts.errors > 0 ? ' warn' : ''}">${counts.errors}</td>
<td class="num">${counts.declared}</td>
</tr>`,
	);
	return `<section aria-labelledby="groups">
<h2 id="groups">Groups</h2>
<table class="groups">
<thead><tr><th scope="col">Group</th><th scope="col" class="num">Passed</th><th scope="col" class="num">Failed</th><th scope="col" class="num">No verdict</th><th scope="col" class="num">Declared</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</section>`;
}

/** Links to the rows a reader came for, ahead of the long table. */
function troubledNav(results: readonly CaseResult[]): string {
	const cases = troubled(results);
	if (cases.length === 0) return '';
	const items = cases.map(
		(one) =>
			`<li><a href="#case-${results.indexOf(one) + 1}">${h(one.group)}: ${h(one.name)}</a> (${verdictWord[one.verdict]})</li>`,
	);
	return `<nav aria-labelledby="troubled">
<h2 id="troubled">Failed cases</h2>
<ol>
${items.join('\n')}
</ol>
</nav>`;
}

function responseDetails(failure: Failure): string {
	if (failure.status === undefined && failure.headers === undefined) return '';
	const headers = Object.entries(failure.headers ?? {});
	const what = [
		failure.status !== undefined ? `status ${failure.status}` : undefined,
		plural(headers.length, 'header'),
	].filter((part) => part !== undefined);
	const list = headers.map(
		([name, value]) => `<div><dt>${h(name)}</dt><dd><code>${h(value)}</code></dd></div>`,
	);
	return `<details><summary>The answer: ${h(what.join(', '))}</summary>
<dl class="headers">${list.join('')}</dl>
</details>`;
}

function failureItem(base: string, failure: Failure): string {
	const request = h(absoluteRequest(base, failure.request));
	const link = requestLink(base, failure.request);
	return `<li>
<dl class="failure">
<dt>Request</dt><dd>${link ? `<a href="${h(link)}">${request}</a>` : request}</dd>
<dt>Checked</dt><dd><code>${h(failure.what)}</code></dd>
<dt>Expected</dt><dd><code>${h(failure.expected)}</code></dd>
<dt>Got</dt><dd><code>${h(failure.got)}</code></dd>
</dl>
${responseDetails(failure)}
</li>`;
}

function caseDetails(base: string, one: CaseResult): string {
	const parts = [
		one.declared !== undefined ? `<p class="reason">Declared difference: ${h(one.declared)}</p>` : '',
		one.verdict === 'error' ? `<p class="error">No verdict: ${h(one.error ?? 'no answer')}</p>` : '',
		one.failures.length > 0
			? `<ol class="failures">${one.failures.map((failure) => failureItem(base, failure)).join('\n')}</ol>`
			: '',
	];
	return parts.join('');
}

function caseRow(base: string, results: readonly CaseResult[], one: CaseResult, index: number): string {
	return `<tr id="case-${index + 1}">
<td class="group ${groupClass(one.group, results)}">${h(one.group)}</td>
<th scope="row">${h(one.name)}</th>
<td class="verdict ${verdictClass[one.verdict]}">${verdictWord[one.verdict]}${one.declared !== undefined ? ' (declared)' : ''}</td>
<td>${caseDetails(base, one)}</td>
<td class="num">${one.requests}</td>
<td class="num">${h(duration(one.ms))}</td>
</tr>`;
}

function casesSection(result: VerifyResult): string {
	const rows = result.results.map((one, index) => caseRow(result.base, result.results, one, index));
	return `<section aria-labelledby="cases">
<h2 id="cases">Cases</h2>
<table class="cases">
<colgroup><col class="c-group"><col class="c-case"><col class="c-verdict"><col><col class="c-num"><col class="c-num"></colgroup>
<thead><tr><th scope="col">Group</th><th scope="col">Case</th><th scope="col">Verdict</th><th scope="col">Details</th><th scope="col" class="num">Requests</th><th scope="col" class="num">Time</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</section>`;
}

/** An audited page, linked only when it is a page of the deploy: the report links nowhere else. */
function auditedPage(base: string, url: string): string {
	const own = url === origin(base) || url.startsWith(`${origin(base)}/`);
	return own ? `<a href="${h(url)}">${h(url)}</a>` : h(url);
}

/** Lighthouse's own bands: 90 and above good, 50 and above needs work, below that poor. */
const scoreClass = (score: number) => (score >= 90 ? 'pass' : score >= 50 ? 'warn' : 'fail');

const auditVerdict = (audit: AuditResult) =>
	`<td class="verdict ${audit.passed ? 'pass' : 'fail'}">${audit.passed ? 'passed' : 'failed'}</td>`;

function lighthouseTable(base: string, audits: readonly AuditResult[]): string {
	const categories = [...new Set(audits.flatMap((audit) => Object.keys(audit.scores ?? {})))];
	const rows = audits.map((audit) => {
		const cells =
			audit.error !== undefined
				? `<td colspan="${Math.max(1, categories.length)}">Could not run: ${h(audit.error)}</td>`
				: categories
						.map((category) => {
							const score = audit.scores?.[category];
							return score === undefined
								? '<td class="num">–</td>'
								: `<td class="num score ${scoreClass(score)}">${Math.round(score)}</td>`;
						})
						.join('') || '<td>no scores</td>';
		return `<tr><th scope="row">${auditedPage(base, audit.url)}</th>${cells}${auditVerdict(audit)}</tr>`;
	});
	const heads = (categories.length > 0 ? categories : ['Scores'])
		.map((category) => `<th scope="col" class="num">${h(category)}</th>`)
		.join('');
	return `<h3>Lighthouse</h3>
<table class="lighthouse">
<thead><tr><th scope="col">Page</th>${heads}<th scope="col">Verdict</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function axeTable(base: string, audits: readonly AuditResult[]): string {
	const rows = audits.map((audit) => {
		const violations = audit.violations ?? [];
		const found =
			audit.error !== undefined
				? `Could not run: ${h(audit.error)}`
				: violations.length === 0
					? 'none'
					: `<ul>${violations
							.map(
								(one) =>
									`<li><code>${h(one.id)}</code> (${h(one.impact)}, ${h(plural(one.nodes, 'node'))}${placeWords(one.place) ? `, ${h(placeWords(one.place))}` : ''}): ${h(one.help)}</li>`,
							)
							.join('')}</ul>`;
		return `<tr><th scope="row">${auditedPage(base, audit.url)}</th><td class="num">${violations.length}</td><td>${found}</td>${auditVerdict(audit)}</tr>`;
	});
	return `<h3>axe</h3>
<table class="axe">
<thead><tr><th scope="col">Page</th><th scope="col" class="num">Violations</th><th scope="col">Found</th><th scope="col">Verdict</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function auditsSection(base: string, audits: readonly AuditResult[]): string {
	const lighthouse = audits.filter((audit) => audit.tool === 'lighthouse');
	const axe = audits.filter((audit) => audit.tool === 'axe');
	const body =
		audits.length === 0
			? '<p>No audits ran (they run with --lighthouse or --axe).</p>'
			: [
					lighthouse.length > 0 ? lighthouseTable(base, lighthouse) : '',
					axe.length > 0 ? axeTable(base, axe) : '',
				]
					.filter((part) => part !== '')
					.join('\n');
	return `<section aria-labelledby="audits">
<h2 id="audits">Audits</h2>
${body}
</section>`;
}

export function htmlReport(result: VerifyResult, audits: readonly AuditResult[]): string {
	const counts = countsOf(result.results, result.notRun);
	const verdict = result.unreachable ? 'UNREACHABLE' : overallPassed(result, audits) ? 'PASSED' : 'FAILED';
	const content = result.unreachable
		? `<section aria-labelledby="unreachable">
<h2 id="unreachable">Unreachable</h2>
<p class="note warn"><strong>${h(result.unreachable.kind)}</strong>: ${h(result.unreachable.message)}</p>
<p>No case ran.</p>
</section>`
		: [
				result.notRun > 0
					? `<p class="note warn">${h(plural(result.notRun, 'case was', 'cases were'))} not run: the request budget was spent (raise it with --budget).</p>`
					: '',
				groupsSection(result.results),
				troubledNav(result.results),
				casesSection(result),
			]
				.filter((part) => part !== '')
				.join('\n');
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${verdict}: Fallback verify of ${h(origin(result.base))}</title>
<style>${style}</style>
</head>
<body>
${banner(result, audits, counts)}
<main>
${content}
${auditsSection(result.base, audits)}
</main>
<footer>Written by fallback-pages verify (report schema fallback-verify/1) for a run started at ${h(result.startedAt)}.</footer>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// JSON and JUnit XML.

export function jsonReport(result: VerifyResult, audits: readonly AuditResult[]): string {
	return JSON.stringify(
		{
			schema: 'fallback-verify/1',
			passed: overallPassed(result, audits),
			counts: countsOf(result.results, result.notRun),
			...result,
			audits,
		},
		null,
		2,
	);
}

/**
 * Text for a CDATA section. xmlbuilder splits only the first `]]>` of a text (String.replace with a
 * string), so a second one from a server's answer would end the section early and break the file.
 */
const cdataSafe = (text: string) => text.replaceAll(']]>', ']] >');

/** Whole milliseconds, so that a sum of them reads 0.33, never 0.33000000000000002. */
const seconds = (ms: number) => Math.round(ms) / 1000;

export function junitReport(result: VerifyResult, audits: readonly AuditResult[]): string {
	// A builder of its own: the package's default export is one shared report that would
	// collect every call's suites.
	const report = junit.newBuilder().name('fallback verify');
	const suiteName = (name: string) => `fallback verify: ${name}`;
	if (result.unreachable) {
		const { kind, message } = result.unreachable;
		report
			.testSuite()
			.name(suiteName('reach'))
			.timestamp(result.startedAt)
			.time(seconds(result.ms))
			.testCase()
			.className('reach')
			.name(`reach ${origin(result.base)}`)
			.time(seconds(result.ms))
			.error(`${kind}: ${message}`, kind);
	}
	for (const group of groupsOf(result.results)) {
		const cases = result.results.filter((one) => one.group === group);
		const suite = report
			.testSuite()
			.name(suiteName(group))
			.timestamp(result.startedAt)
			.time(seconds(cases.reduce((sum, one) => sum + one.ms, 0)));
		for (const one of cases) {
			const testCase = suite.testCase().className(group).name(one.name).time(seconds(one.ms));
			if (one.declared !== undefined) testCase.property('declared', one.declared);
			const lines = one.failures.map((failure) => absoluteFailureLine(result.base, failure));
			if (one.verdict === 'failed') {
				testCase.failure(lines[0] ?? 'failed').stacktrace(cdataSafe(lines.join('\n')));
			} else if (one.verdict === 'error') {
				// The failures found before the network failed, if any, go with the error.
				testCase.error(one.error ?? 'no verdict', 'network', cdataSafe(lines.join('\n')));
			}
		}
	}
	if (audits.length > 0) {
		const suite = report.testSuite().name(suiteName('audits')).timestamp(result.startedAt);
		for (const audit of audits) {
			const testCase = suite.testCase().className(audit.tool).name(`${audit.tool} ${audit.url}`);
			if (audit.error !== undefined) testCase.error(audit.error);
			else if (!audit.passed) testCase.failure(auditFigures(audit));
		}
	}
	return report.build();
}
