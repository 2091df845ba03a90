/**
 * Runs the static contract against a deploy over real HTTP, bounded: a few cases at a time, a
 * budget of requests, a timeout per request, and retries only where the network failed (a wrong
 * answer is a verdict, never retried). Before the cases, one request to `/` tells DNS, TLS, a
 * refused connection or a login in front of the deploy apart from the contract's own failures.
 */
import { runCase, type CaseOutcome, type Target } from './checks.ts';
import { staticCases, type ContractCase, type Site } from './cases.ts';
import type { HostProfile } from './hosts.ts';
import {
	DEFAULT_TIMEOUT_MS,
	NetworkError,
	send,
	sendRaw,
	type Answer,
	type NetworkFailure,
	type RequestOptions,
} from './http.ts';

export interface VerifyOptions {
	/** The deploy's address: only its origin counts (`https://deploy-preview-12--example.netlify.app`). */
	base: URL;
	site: Site;
	host: HostProfile;
	/** Cases in flight at once (default 6). */
	concurrency?: number | undefined;
	/** Requests the whole run may make, retries included (default 2,000). */
	budget?: number | undefined;
	/** Per request (default 15 s). */
	timeoutMs?: number | undefined;
	/** More tries after a network error (default 2). */
	retries?: number | undefined;
	/** After each case, for progress output. */
	onCase?: ((result: CaseResult, done: number, total: number) => void) | undefined;
	/** The site answers every path outside the pages' folder itself (an SPA's catch-all). */
	siteCatchAll?: boolean | undefined;
	/** A server function takes every path no file answers, in the pages' folder too. */
	serverFunction?: boolean | undefined;
}

export interface CaseResult extends CaseOutcome {
	group: string;
	name: string;
	declared?: string;
}

/** Why no case ran: the deploy could not be reached, or does not answer as itself. */
export interface Unreachable {
	kind: NetworkFailure | 'login' | 'redirect';
	message: string;
}

export interface VerifyResult {
	base: string;
	host: string;
	startedAt: string;
	ms: number;
	/** Requests made, retries included. */
	requests: number;
	retries: number;
	/** Cases not run because the budget ran out (a run that did not check everything fails). */
	notRun: number;
	unreachable?: Unreachable;
	results: CaseResult[];
}

/** Whether the run found nothing wrong and checked everything. */
export const passed = (result: VerifyResult) =>
	!result.unreachable && result.notRun === 0 && result.results.every((one) => one.verdict === 'passed');

/** Words in a Location that say a login stands in front of the deploy. */
const loginWords = /log-?in|sign-?in|auth|sso|password|account|session/i;

/**
 * `/` asked once: a network error, a redirect elsewhere (a login), or a demand for credentials
 * ends the run before any case, saying which.
 */
async function preflight(target: Target, base: URL): Promise<Unreachable | undefined> {
	let answer: Answer;
	try {
		answer = await target.send('/');
	} catch (error) {
		if (!(error instanceof NetworkError)) throw error;
		return { kind: error.failure, message: error.message };
	}
	const location = answer.headers.get('location');
	if (answer.status >= 300 && answer.status < 400 && location) {
		const to = new URL(location, base);
		const login = to.origin !== base.origin || loginWords.test(to.pathname + to.search);
		return {
			kind: login ? 'login' : 'redirect',
			message: login
				? `${base.origin}/ redirects to ${to.href}: a login stands in front of the deploy (a password-protected preview?). Verify an address that answers without one, or lift the protection for the run.`
				: `${base.origin}/ redirects to ${to.href} (${answer.status}); Fallback's / answers 200 with the gallery. Is this the deploy's own address?`,
		};
	}
	const challenge = answer.headers.get('www-authenticate');
	if (answer.status === 401 && challenge) {
		return {
			kind: 'login',
			message: `${base.origin}/ asks for credentials (401, WWW-Authenticate: ${challenge}): a password-protected deploy. Verify an address that answers without one.`,
		};
	}
	return undefined;
}

export async function verify(options: VerifyOptions): Promise<VerifyResult> {
	const {
		base,
		site,
		host,
		concurrency = 6,
		budget = 2000,
		timeoutMs = DEFAULT_TIMEOUT_MS,
		retries = 2,
		onCase,
	} = options;
	const started = Date.now();
	let requests = 0;
	let retried = 0;

	/** One request, tried again after a network error (DNS, refused and TLS failures are final). */
	async function withRetries(attempt: () => Promise<Answer>): Promise<Answer> {
		for (let tries = 0; ; tries += 1) {
			if (requests >= budget) throw new NetworkError('budget', `the request budget (${budget}) is spent`);
			requests += 1;
			try {
				return await attempt();
			} catch (error) {
				const final =
					!(error instanceof NetworkError) ||
					error.failure === 'refused' ||
					error.failure === 'tls' ||
					(error.failure === 'dns' && error.code !== 'EAI_AGAIN');
				if (final || tries >= retries) throw error;
				retried += 1;
				await new Promise((resolve) => setTimeout(resolve, 400 * (tries + 1)));
			}
		}
	}
	const target: Target = {
		base,
		send: (path: string, requestOptions?: RequestOptions) =>
			withRetries(() => send(base, path, requestOptions, timeoutMs)),
		sendRaw: (text: string) => withRetries(() => sendRaw(base, text, timeoutMs)),
	};

	const summary = (results: CaseResult[], notRun: number, unreachable?: Unreachable): VerifyResult => ({
		base: base.origin,
		host: host.name,
		startedAt: new Date(started).toISOString(),
		ms: Date.now() - started,
		requests,
		retries: retried,
		notRun,
		...(unreachable ? { unreachable } : {}),
		results,
	});

	const unreachable = await preflight(target, base);
	if (unreachable) return summary([], 0, unreachable);

	const cases = staticCases(site, host, {
		catchAll: options.siteCatchAll === true,
		serverFunction: options.serverFunction === true,
	});
	const results: CaseResult[] = new Array<CaseResult>(cases.length);
	let next = 0;
	let done = 0;
	let notRun = 0;
	async function worker() {
		while (next < cases.length) {
			const index = next++;
			const contractCase: ContractCase = cases[index]!;
			const outcome = await runCase(contractCase.run, target);
			const result: CaseResult = {
				group: contractCase.group,
				name: contractCase.name,
				...(contractCase.declared ? { declared: contractCase.declared } : {}),
				...outcome,
			};
			if (outcome.failure === 'budget') notRun += 1;
			results[index] = result;
			done += 1;
			onCase?.(result, done, cases.length);
		}
	}
	await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, cases.length)) }, worker));
	return summary(results, notRun);
}
