/**
 * The verifier's reports, from a result built by hand: the terminal summary a person and a CI parser
 * read, the HTML page (escaped: a live server's answers are hostile input), JUnit XML and JSON.
 * Expected figures are counted from the fixture below, not copied from any output.
 */
import { stripVTControlCharacters } from 'node:util';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditResult } from '../../packages/fallback-pages/src/verify/audits';
import type { CaseResult, VerifyResult } from '../../packages/fallback-pages/src/verify/run';
import {
	htmlReport,
	jsonReport,
	junitReport,
	terminalSummary,
} from '../../packages/fallback-pages/src/verify/report';

const base = 'https://deploy-preview-7--fallback.netlify.app';
const script = '<script>alert(1)</script>';
const hostileHeader = '"><img src=x onerror=alert(2)>';

const passing = (group: string, name: string, extra: Partial<CaseResult> = {}): CaseResult => ({
	group,
	name,
	verdict: 'passed',
	failures: [],
	requests: 1,
	ms: 40,
	...extra,
});

/**
 * Eight cases in five groups, listed out of the contract's group order: 4 passed (one declared),
 * 3 failed (one declared), 1 without a verdict.
 */
const results: CaseResult[] = [
	passing('languages', 'GET /404 with Accept-Language: de answers in de'),
	passing('status pages', 'GET /404'),
	{
		group: 'status pages',
		name: 'GET /503',
		verdict: 'failed',
		requests: 1,
		ms: 250,
		failures: [
			{
				request: 'GET /503',
				what: 'status',
				expected: '503',
				got: '200',
				status: 200,
				headers: { 'content-type': 'text/html', 'x-injected': hostileHeader },
			},
			{
				request: 'GET /503',
				what: 'body (503.html)',
				expected: '1200 characters, from character 0: "<!doctype html>"',
				got: `40 characters, from character 0: "${script} ]]> and ]]> again"`,
				status: 200,
				headers: { 'content-type': 'text/html', 'x-injected': hostileHeader },
			},
		],
	},
	passing('status pages', 'GET /502', { declared: 'Netlify answers a 502 with its own page' }),
	{
		group: 'languages',
		name: 'GET /fr/404 answers in fr',
		verdict: 'error',
		failures: [],
		error: 'the connection was reset (ECONNRESET)',
		requests: 3,
		ms: 1500,
	},
	{
		group: 'methods',
		name: 'POST / answers 405 with its page and Allow',
		declared: 'Netlify answers POST to a static file with 404',
		verdict: 'failed',
		requests: 1,
		ms: 60,
		failures: [
			{
				request: 'POST /',
				what: 'status',
				expected: '404',
				got: '500',
				status: 500,
				headers: { server: 'Netlify' },
			},
		],
	},
	{
		group: "the server's own errors",
		name: 'a malformed request line answers 400 with the 400 page',
		verdict: 'failed',
		requests: 1,
		ms: 30,
		failures: [
			{
				request: 'GET /a b HTTP/1.1 (a space in the target)',
				what: 'status',
				expected: '400',
				got: '505',
				status: 505,
				headers: {},
			},
		],
	},
	passing('hostile input', 'GET /missing?q=<script> reflects nothing'),
];

const result: VerifyResult = {
	base,
	host: 'Netlify',
	startedAt: '2025-01-02T03:04:05.000Z',
	ms: 12_345,
	requests: 12,
	retries: 2,
	notRun: 0,
	results,
};

const unreachable: VerifyResult = {
	base,
	host: 'Netlify',
	startedAt: '2025-01-02T03:04:05.000Z',
	ms: 800,
	requests: 1,
	retries: 0,
	notRun: 0,
	unreachable: { kind: 'dns', message: 'deploy-preview-7--fallback.netlify.app: no such host (ENOTFOUND)' },
	results: [],
};

const audits: AuditResult[] = [
	{
		tool: 'lighthouse',
		url: `${base}/404`,
		passed: true,
		scores: { performance: 97, accessibility: 100, 'best-practices': 72, seo: 41 },
	},
	{
		tool: 'axe',
		url: `${base}/503`,
		passed: false,
		violations: [
			{
				id: 'color-contrast',
				impact: 'serious',
				help: 'Elements must have <enough> contrast',
				nodes: 2,
				place: 'fallback',
			},
			{ id: 'region', impact: 'moderate', help: 'Content is in landmarks', nodes: 1, place: 'site' },
		],
	},
];

const lastLine = (text: string) => text.split('\n').at(-1);

describe('terminal summary', () => {
	const summary = terminalSummary(result, audits, { color: false });

	it('ends with the line CI parsers read: passed, then failed and errored cases', () => {
		expect(lastLine(summary)).toBe('4 passed, 4 failed');
	});

	it('heads with the URL, host, duration, requests and retries', () => {
		const head = summary.split('\n')[0]!;
		for (const part of [base, 'Netlify', '12.3 s', '12 requests', '2 retries']) expect(head).toContain(part);
	});

	it('names each failure: its request as a URL, what was checked, what was expected and what came', () => {
		expect(summary).toContain(`GET ${base}/503\n`);
		expect(summary).toContain(`POST ${base}/\n`);
		expect(summary).toContain(`GET ${base}/a b HTTP/1.1 (a space in the target)`);
		for (const failure of results.flatMap((one) => one.failures)) {
			expect(summary).toContain(`checked:  ${failure.what}`);
			expect(summary).toContain(`expected: ${failure.expected}`);
			expect(summary).toContain(`got:      ${failure.got}`);
		}
		expect(summary).toContain('the connection was reset (ECONNRESET)');
	});

	it('lists the groups that have cases, in the contract order, with their figures', () => {
		const order = ['status pages', 'languages', 'hostile input', 'methods', "the server's own errors"];
		const rows = summary.split('\n').filter((line) => order.some((group) => line.startsWith(`  ${group} `)));
		expect(rows.map((row) => order.find((group) => row.startsWith(`  ${group} `)))).toEqual(order);
		// status pages: 2 passed, 1 failed, 0 without a verdict, 1 declared.
		expect(rows[0]!.trim().split(/\s+/).slice(-4)).toEqual(['2', '1', '0', '1']);
		expect(summary).not.toMatch(/^ {2}galleries /m);
	});

	it('has one line per audit, with its scores or violations and its verdict', () => {
		const lines = summary.split('\n');
		const lighthouse = lines.find((line) => line.includes(`lighthouse ${base}/404`));
		const axe = lines.find((line) => line.includes(`axe ${base}/503`));
		expect(lighthouse).toMatch(/passed.*performance 97, accessibility 100, best-practices 72, seo 41/);
		// A violation of the site's layout says so; Fallback's own says nothing more.
		expect(axe).toMatch(
			/failed.*2 violations: color-contrast \(serious, 2 nodes\), region \(moderate, 1 node, in the site's own layout, not Fallback's screen\)/,
		);
	});

	it('has no escape codes without colour, and the same text with it', () => {
		expect(summary).not.toContain('\u001b');
		const colored = terminalSummary(result, audits, { color: true });
		expect(colored).toContain('\u001b[');
		expect(stripVTControlCharacters(colored)).toBe(summary);
	});

	it("shows a server's control characters as escapes instead of sending them to the terminal", () => {
		const cleared: VerifyResult = {
			...result,
			results: [
				{
					...results[2]!,
					failures: [{ request: 'GET /503', what: 'server', expected: 'nginx', got: 'x\u001b[2Jy' }],
				},
			],
		};
		const text = terminalSummary(cleared, [], { color: false });
		expect(text).not.toContain('\u001b');
		expect(text).toContain('x\\u001b[2Jy');
	});

	it('says how many cases the spent budget left unrun', () => {
		const stopped = (name: string): CaseResult => ({
			group: 'formats',
			name,
			verdict: 'error',
			failures: [],
			error: 'the request budget (12) is spent',
			failure: 'budget',
			requests: 0,
			ms: 0,
		});
		const spent: VerifyResult = { ...result, notRun: 2, results: [...results, stopped('a'), stopped('b')] };
		const text = terminalSummary(spent, [], { color: false });
		expect(text).toMatch(/2 cases were not run: the request budget was spent/);
		// Named once as a number, not listed one by one.
		expect(text).not.toContain('formats: a');
		expect(lastLine(text)).toBe('4 passed, 6 failed');
	});

	it('for an unreachable deploy, says why and that no case ran', () => {
		const text = terminalSummary(unreachable, [], { color: false });
		expect(text).toContain('dns');
		expect(text).toContain(unreachable.unreachable!.message);
		expect(text).toMatch(/no case ran/i);
		expect(lastLine(text)).toBe('0 passed, 1 failed');
	});
});

describe('HTML report', () => {
	const html = htmlReport(result, audits);
	const document = new JSDOM(html).window.document;
	const caseRows = () => [...document.querySelectorAll('table.cases > tbody > tr')];
	const rowOf = (name: string) =>
		caseRows().find((row) => row.querySelector('th[scope="row"]')?.textContent === name)!;

	it('escapes what the server sent', () => {
		expect(html).not.toContain(script);
		expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
		expect(html).not.toContain(hostileHeader);
		expect(document.querySelector('img')).toBeNull();
		expect(html).not.toContain('<enough>');
	});

	it('carries no script and links nowhere but the deploy and its own rows', () => {
		expect(html).not.toMatch(/<script/i);
		expect(html).not.toMatch(/src="http/i);
		const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
		expect(hrefs.length).toBeGreaterThan(0);
		for (const href of hrefs) expect(href.startsWith(`${base}/`) || href.startsWith('#')).toBe(true);
	});

	it('is a whole HTML5 document', () => {
		expect(html.startsWith('<!doctype html>')).toBe(true);
		expect(document.documentElement.lang).toBe('en');
		expect(document.querySelector('meta[charset]')?.getAttribute('charset')).toBe('utf-8');
		expect(document.querySelector('meta[name="viewport"]')).not.toBeNull();
		expect(document.title).toContain('FAILED');
		expect(document.querySelector('style')?.textContent).toContain('prefers-color-scheme: dark');
		for (const head of document.querySelectorAll('thead th')) expect(head.getAttribute('scope')).toBe('col');
	});

	it('has the verdict in its header', () => {
		expect(document.querySelector('h1')?.textContent).toContain('FAILED');
		expect(htmlReport({ ...result, results: [results[0]!] }, [])).toContain('PASSED');
	});

	it('has a row per case, in the order of the result, coloured by group and verdict', () => {
		expect(caseRows().map((row) => row.querySelector('th')?.textContent)).toEqual(
			results.map((one) => one.name),
		);
		const groupClass = (name: string) =>
			[...rowOf(name).querySelector('td.group')!.classList].find((one) => /^g\d+$/.test(one));
		expect(groupClass('GET /404')).toBe(groupClass('GET /503'));
		expect(groupClass('GET /404')).not.toBe(groupClass(results[0]!.name));
		expect(rowOf('GET /404').querySelector('td.verdict.pass')).not.toBeNull();
		expect(rowOf('GET /503').querySelector('td.verdict.fail')).not.toBeNull();
		expect(rowOf('GET /fr/404 answers in fr').querySelector('td.verdict.warn')).not.toBeNull();
	});

	it('has a row per group with its figures', () => {
		const rows = [...document.querySelectorAll('table.groups > tbody > tr')];
		expect(rows).toHaveLength(5);
		const statusPages = rows.find((row) => row.querySelector('th')?.textContent === 'status pages')!;
		expect([...statusPages.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
			'2',
			'1',
			'0',
			'1',
		]);
	});

	it("lists a failed case's failures, the GET request linked, the answer's status and headers folded away", () => {
		const row = rowOf('GET /503');
		const failures = row.querySelectorAll('ol.failures > li');
		expect(failures).toHaveLength(2);
		expect(failures[0]!.querySelector('a')?.getAttribute('href')).toBe(`${base}/503`);
		expect(failures[1]!.textContent).toContain(script);
		const details = failures[0]!.querySelector('details')!;
		expect(details.querySelector('summary')?.textContent).toContain('200');
		expect(details.textContent).toContain('x-injected');
		expect(details.textContent).toContain(hostileHeader);
		// A raw request line and a POST are shown, not linked.
		expect(rowOf(results[6]!.name).querySelector('ol.failures a')).toBeNull();
		expect(rowOf(results[5]!.name).querySelector('ol.failures a')).toBeNull();
		expect(rowOf(results[5]!.name).textContent).toContain(`POST ${base}/`);
	});

	it('shows declared reasons and why a case has no verdict', () => {
		expect(rowOf('GET /502').textContent).toContain('Netlify answers a 502 with its own page');
		expect(rowOf('GET /fr/404 answers in fr').textContent).toContain('the connection was reset (ECONNRESET)');
	});

	it('colours Lighthouse scores by band and lists axe violations', () => {
		const scores = [...document.querySelectorAll('table.lighthouse td.score')];
		const classOf = (text: string) => scores.find((cell) => cell.textContent === text)?.classList;
		expect(classOf('97')?.contains('pass')).toBe(true);
		expect(classOf('72')?.contains('warn')).toBe(true);
		expect(classOf('41')?.contains('fail')).toBe(true);
		expect(document.querySelector('table.axe')?.textContent).toContain(
			'Elements must have <enough> contrast',
		);
	});

	it('for an unreachable deploy, says why and lists no case', () => {
		const page = new JSDOM(htmlReport(unreachable, [])).window.document;
		expect(page.querySelector('h1')?.textContent).toContain('UNREACHABLE');
		expect(page.body.textContent).toContain(unreachable.unreachable!.message);
		expect(page.querySelectorAll('table.cases > tbody > tr')).toHaveLength(0);
	});
});

describe('JUnit report', () => {
	const parse = (xml: string) => new JSDOM(xml, { contentType: 'text/xml' }).window.document;
	const xml = junitReport(result, audits);
	let document: Document;
	// Parsed once for the tests below; a file that does not parse fails them all here.
	beforeAll(() => {
		document = parse(xml);
	});
	const suite = (name: string) => document.querySelector(`testsuite[name="fallback verify: ${name}"]`)!;
	const counts = (element: Element) =>
		['tests', 'failures', 'errors'].map((attribute) => element.getAttribute(attribute));

	it('has a suite per group with cases, and one for the audits, each with its counts', () => {
		expect(document.querySelectorAll('testsuite')).toHaveLength(6);
		expect(counts(suite('status pages'))).toEqual(['3', '1', '0']);
		expect(counts(suite('languages'))).toEqual(['2', '0', '1']);
		expect(counts(suite('methods'))).toEqual(['1', '1', '0']);
		expect(counts(suite("the server's own errors"))).toEqual(['1', '1', '0']);
		expect(counts(suite('hostile input'))).toEqual(['1', '0', '0']);
		expect(counts(suite('audits'))).toEqual(['2', '1', '0']);
		expect(counts(document.documentElement)).toEqual(['10', '4', '1']);
	});

	it('names each case by group and name, with its time in seconds', () => {
		const cases = [...document.querySelectorAll('testsuite:not([name$="audits"]) > testcase')];
		expect(cases).toHaveLength(results.length);
		const failing = cases.find((one) => one.getAttribute('name') === 'GET /503')!;
		expect(failing.getAttribute('classname')).toBe('status pages');
		expect(failing.getAttribute('time')).toBe('0.25');
	});

	it('gives a failed case its failures, each request as a URL, the first as the message', () => {
		const failure = document.querySelector('testcase[name="GET /503"] > failure')!;
		expect(failure.getAttribute('message')).toBe(`GET ${base}/503 → status: expected 503, got 200`);
		expect(failure.textContent).toContain(`GET ${base}/503 → body (503.html)`);
		expect(failure.textContent).toContain(script);
	});

	it('gives a case without a verdict an error', () => {
		const error = document.querySelector('testcase[name="GET /fr/404 answers in fr"] > error')!;
		expect(error.getAttribute('message')).toBe('the connection was reset (ECONNRESET)');
	});

	it("stays well-formed when a server's text closes a CDATA section twice", () => {
		expect(() => parse(xml)).not.toThrow();
		expect(document.querySelector('testcase[name="GET /503"] > failure')?.textContent).toContain('and ]]');
	});

	it('starts afresh on every call', () => {
		expect(junitReport(result, audits)).toBe(xml);
	});

	it('for an unreachable deploy, is one suite with one errored case', () => {
		const page = parse(junitReport(unreachable, []));
		expect(page.querySelectorAll('testsuite')).toHaveLength(1);
		const testCase = page.querySelector('testsuite > testcase')!;
		expect(testCase.getAttribute('name')).toBe(`reach ${base}`);
		expect(testCase.querySelector('error')?.getAttribute('message')).toContain(
			unreachable.unreachable!.message,
		);
	});
});

describe('JSON report', () => {
	it('parses, with its schema, verdict and counts', () => {
		const report = JSON.parse(jsonReport(result, audits));
		expect(report.schema).toBe('fallback-verify/1');
		expect(report.passed).toBe(false);
		expect(report.counts).toEqual({ passed: 4, failed: 3, errors: 1, notRun: 0, declared: 2 });
		expect(report.results).toHaveLength(results.length);
		expect(report.audits).toHaveLength(audits.length);
		expect(report.base).toBe(base);
	});

	it('passes only when every case and every audit passed', () => {
		const clean: VerifyResult = { ...result, results: [results[0]!] };
		expect(JSON.parse(jsonReport(clean, [])).passed).toBe(true);
		expect(JSON.parse(jsonReport(clean, audits)).passed).toBe(false);
		expect(JSON.parse(jsonReport(unreachable, [])).passed).toBe(false);
	});
});
