/**
 * One contract case, run: the requests it makes and every check that failed, each with the request,
 * what was expected, what came back and the answer's headers. Checks never throw: a case reports
 * all its failures at once, and the verifier and the contract suite read the same list.
 */
import { NetworkError, type Answer, type NetworkFailure, type RequestOptions } from './http.ts';

/** Where a case sends its requests: the verifier's bounded client, or a server on loopback. */
export interface Target {
	/** The deploy's origin, for messages and the raw request's Host. */
	base: URL;
	send(path: string, options?: RequestOptions): Promise<Answer>;
	sendRaw(text: string): Promise<Answer>;
}

export interface Failure {
	/** `GET /404 (Accept-Language: de)`. */
	request: string;
	/** What was checked: `status`, `body`, a header's name. */
	what: string;
	expected: string;
	got: string;
	/** The answer's status and headers, to show beside the failure. */
	status?: number;
	headers?: Readonly<Record<string, string>>;
}

/** How many characters of a body a failure shows around the first difference. */
const CONTEXT = 70;

const quote = (text: string) => JSON.stringify(text);

/** Two bodies, told apart where they first differ (a whole page is too long to read in a report). */
export function bodyDifference(expected: string, got: string): { expected: string; got: string } {
	let at = 0;
	while (at < expected.length && at < got.length && expected[at] === got[at]) at += 1;
	const from = Math.max(0, at - 20);
	const excerpt = (text: string) =>
		text.length === 0
			? '(empty)'
			: `${text.length} characters, from character ${at}: ${from > 0 ? '…' : ''}${quote(text.slice(from, from + CONTEXT))}${text.length > from + CONTEXT ? '…' : ''}`;
	return { expected: excerpt(expected), got: excerpt(got) };
}

export function headerRecord(headers: Headers): Record<string, string> {
	return Object.fromEntries(headers.entries());
}

function describeRequest(path: string, options: RequestOptions = {}): string {
	const shown = path.length > 80 ? `${path.slice(0, 60)}… (${path.length} characters)` : path;
	const headers = Object.entries(options.headers ?? {}).map(
		([name, value]) =>
			`${name}: ${value.length > 60 ? `${value.slice(0, 20)}… (${value.length} characters)` : value}`,
	);
	const body = options.body ? [`${options.body.length} B body`] : [];
	const extras = [...headers, ...body];
	return `${options.method ?? 'GET'} ${shown}${extras.length > 0 ? ` (${extras.join('; ')})` : ''}`;
}

export class CaseRun {
	readonly failures: Failure[] = [];
	/** How many requests the case made. */
	requests = 0;
	private readonly labels = new WeakMap<Answer, string>();

	readonly target: Target;

	constructor(target: Target) {
		this.target = target;
	}

	async get(path: string, options?: RequestOptions): Promise<Answer> {
		this.requests += 1;
		const answer = await this.target.send(path, options);
		this.labels.set(answer, describeRequest(path, options));
		return answer;
	}

	/**
	 * A request with a body a server may answer before reading it all: a reset of the connection
	 * before any answer (what a client still uploading may get) comes back as an answer with
	 * status 0 and no headers, for the case to judge, instead of ending the case without a verdict.
	 */
	async upload(path: string, options: RequestOptions): Promise<Answer> {
		try {
			return await this.get(path, options);
		} catch (error) {
			if (!(error instanceof NetworkError) || error.failure !== 'reset') throw error;
			const answer: Answer = { status: 0, headers: new Headers(), body: '' };
			this.labels.set(answer, `${describeRequest(path, options)}: connection reset before an answer`);
			return answer;
		}
	}

	/** Bytes as they are; `label` names the request in a failure. */
	async raw(text: string, label: string): Promise<Answer> {
		this.requests += 1;
		const answer = await this.target.sendRaw(text);
		this.labels.set(answer, label);
		return answer;
	}

	/** Records a failure unless `ok`. Returns `ok`, so a case can stop checking what follows. */
	check(answer: Answer, what: string, ok: boolean, expected: string, got: string): boolean {
		if (!ok) {
			this.failures.push({
				request: this.labels.get(answer) ?? '(request)',
				what,
				expected,
				got,
				status: answer.status,
				headers: headerRecord(answer.headers),
			});
		}
		return ok;
	}

	status(answer: Answer, expected: number | readonly number[]): boolean {
		const allowed = typeof expected === 'number' ? [expected] : expected;
		return this.check(
			answer,
			'status',
			allowed.includes(answer.status),
			allowed.join(' or '),
			String(answer.status),
		);
	}

	/** A header's value (`null`: absent). */
	header(answer: Answer, name: string, expected: string | null): boolean {
		const got = answer.headers.get(name);
		return this.check(answer, name, got === expected, expected ?? '(absent)', got ?? '(absent)');
	}

	/** One of a list header's values (Vary), case-insensitive. */
	listHeaderHas(answer: Answer, name: string, value: string): boolean {
		const got = answer.headers.get(name) ?? '';
		const values = got.split(',').map((one) => one.trim().toLowerCase());
		return this.check(
			answer,
			name,
			values.includes(value.toLowerCase()),
			`a list with ${value}`,
			got || '(absent)',
		);
	}

	body(answer: Answer, expected: string, what = 'body'): boolean {
		if (answer.body === expected) return true;
		const difference = bodyDifference(expected, answer.body);
		return this.check(answer, what, false, difference.expected, difference.got);
	}

	/** A failure of the case itself (a precondition), not tied to an answer. */
	fail(request: string, what: string, expected: string, got: string): void {
		this.failures.push({ request, what, expected, got });
	}
}

/** A case's outcome: passed, failed (with its failures), or no verdict (the network failed). */
export type Verdict = 'passed' | 'failed' | 'error';

export interface CaseOutcome {
	verdict: Verdict;
	failures: Failure[];
	/** The network error that left the case without a verdict. */
	error?: string;
	/** What kind of failure that was (`budget`: the run's request budget was spent). */
	failure?: NetworkFailure;
	requests: number;
	ms: number;
}

/** Runs a case's checks; a network error ends it without a verdict, anything else is a bug here. */
export async function runCase(
	run: (caseRun: CaseRun) => Promise<void>,
	target: Target,
): Promise<CaseOutcome> {
	const started = Date.now();
	const caseRun = new CaseRun(target);
	try {
		await run(caseRun);
	} catch (error) {
		if (!(error instanceof NetworkError)) throw error;
		return {
			verdict: 'error',
			failures: caseRun.failures,
			error: error.message,
			failure: error.failure,
			requests: caseRun.requests,
			ms: Date.now() - started,
		};
	}
	return {
		verdict: caseRun.failures.length > 0 ? 'failed' : 'passed',
		failures: caseRun.failures,
		requests: caseRun.requests,
		ms: Date.now() - started,
	};
}

/** A failure on one line for a terminal or a test message. */
export function failureLine(failure: Failure): string {
	return `${failure.request} → ${failure.what}: expected ${failure.expected}, got ${failure.got}`;
}
