/**
 * Random requests from a fixed seed (targets sent exactly as generated: encoded NULs, dot segments,
 * encoded slashes, markup), and what must hold for every answer of a static site whatever the
 * request: no server error or 403 but at a route of that status, every error answered with one of
 * the site's own files for its status (never a server's stock page), 200 only for a file that is
 * there, a redirect only to add a folder's slash (its short body is the server's own), nothing of
 * the request in the answer (but a redirect's Location, which keeps the query), and the server
 * still up at the end. Which servers keep them yet: `fuzzed` in cases.ts.
 */
import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import {
	errorRoutes,
	routePaths,
	type PageRoute,
	type RouteContract,
} from '../../packages/fallback-pages/src/contract/contract';
import { siteChecks, type Site } from '../../packages/fallback-pages/src/verify/cases';
import type { HostProfile } from '../../packages/fallback-pages/src/verify/hosts';
import type { Answer } from '../../packages/fallback-pages/src/verify/http';

/** The checks of one site on one host, made once for a whole run. */
type SiteChecks = ReturnType<typeof siteChecks>;
import { request as send } from './harness';

export const FUZZ_SEED = 20261123;
export const FUZZ_REQUESTS = 2000;

/** mulberry32: a small, well-known 32-bit generator; the same seed gives the same requests. */
export function generator(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export interface FuzzRequest {
	method: string;
	/** The request target as sent (percent-encoded where the generator chose to). */
	target: string;
	headers: Record<string, string>;
	/** A string of this request only, in its path or query: it must never come back. */
	token: string;
}

const segments = [
	'api',
	'404',
	'503',
	'503.html',
	'global-error',
	'application-error',
	'de',
	'fr',
	'problem',
	'404.json',
	'index.html',
	'_redirects',
	'__fallback',
	'.',
	'..',
	'%2e%2e',
	'%00',
	'%0d%0a',
	'%ff',
	'%2F',
	'%C3%BC',
	'~user',
	'a'.repeat(300),
	'<script>',
	'%3Cimg%20src%3Dx%3E',
];
const accepts = [
	undefined,
	'text/html',
	'application/json',
	'application/problem+json',
	'text/plain',
	'*/*',
	'application/xml',
	'image/png',
	'text/html;q=0, application/json',
	'x/y;q=abc',
	'',
	// Each excludes the formats of one prefix: a page path's HTML, or an API path's problem
	// documents (JSON and text); the answer must still be one of the site's files, never the
	// server's own page.
	'application/json;q=0, application/problem+json;q=0, text/plain;q=0, text/html',
	'text/html;q=0, application/xhtml+xml;q=0, text/plain;q=0, application/json',
	'text/*;q=0, application/*',
	'application/xhtml+xml',
	'image/*',
	'*/*;q=0',
];
const languages = [undefined, 'de', 'fr-CH, fr;q=0.9', 'zz', '*', 'de;q=0', 'ar, ja;q=0.5', ';;;', ''];
const methods = [
	'GET',
	'GET',
	'GET',
	'GET',
	'GET',
	'GET',
	'HEAD',
	'HEAD',
	'POST',
	'PUT',
	'DELETE',
	'OPTIONS',
];

/** The requests of a seed. */
export function fuzzRequests(seed = FUZZ_SEED, count = FUZZ_REQUESTS): FuzzRequest[] {
	const random = generator(seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
	return Array.from({ length: count }, (_, index) => {
		const token = `zq${index}x${Math.floor(random() * 1e6)}`;
		const parts = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
			random() < 0.2 ? token : pick(segments),
		);
		// A third of the paths under the API prefix (sometimes written with a doubled slash).
		const api = random() < 0.33 ? pick(['/api', '/api', '//api']) : '';
		const path = `${api}/${parts.join('/')}${random() < 0.2 ? '/' : ''}`;
		const query = random() < 0.3 ? `?q=${token}&digest=${encodeURIComponent('<b>x</b>')}` : '';
		const headers: Record<string, string> = {};
		const accept = pick(accepts);
		if (accept !== undefined) headers['Accept'] = accept;
		const language = pick(languages);
		if (language !== undefined) headers['Accept-Language'] = language;
		// The token must be somewhere: in the path or the query, or else in a path of its own.
		const target =
			path.includes(token) || query ? `${path}${query}` : `${path}${path.endsWith('/') ? '' : '/'}${token}`;
		return { method: pick(methods), target, headers, token };
	});
}

/**
 * The paths a server may look up for a target: dot segments resolved, then percent-decoded (and
 * slashes merged); or decoded first, then resolved, as nginx and Caddy do with an encoded slash
 * (`/a/%2F/../503` is `/503` to them).
 */
function lookedUp(target: string): string[] {
	const raw = target.split('?')[0]!;
	const decode = (path: string) => {
		try {
			return decodeURIComponent(path);
		} catch {
			return path; // Not UTF-8 once decoded (%ff): looked up as it is.
		}
	};
	const resolved = (path: string) => new URL(path, 'http://fuzz.invalid').pathname;
	const merged = (path: string) => path.replace(/\/{2,}/g, '/');
	return [
		...new Set([
			merged(decode(resolved(raw))),
			// Dot segments of the decoded path, resolved as path segments (no URL parsing of bytes
			// a URL cannot hold); the trailing slash kept.
			posix.resolve('/', decode(raw)) + (/\/\.{0,2}$/.test(decode(raw)) && decode(raw) !== '/' ? '/' : ''),
		]),
	];
}

/** The route a target names exactly (by path or file), if any. */
function routeAt(contract: RouteContract, target: string): PageRoute | undefined {
	// Netlify matches a rule with or without a trailing slash.
	const paths = lookedUp(target).flatMap((path) => [path, path.replace(/(.)\/$/, '$1')]);
	return errorRoutes(contract).find((route) =>
		routePaths(contract, route).some((one) => paths.includes(one)),
	);
}

/** Everything wrong with one answer, as lines (none: it holds). */
export function violations(
	site: Site,
	check: SiteChecks,
	pagesRoot: string,
	request: FuzzRequest,
	answer: Answer,
): string[] {
	const { contract } = site;
	const problems: string[] = [];
	const route = routeAt(contract, request.target);
	const { status } = answer;
	const what = `${request.method} ${request.target} (${JSON.stringify(request.headers)}) → ${status}`;
	if ((status >= 500 || status === 403) && status !== route?.status)
		problems.push(`${what}: a server error or 403`);
	if (status === 0) problems.push(`${what}: no HTTP answer`);
	const redirect = status >= 300 && status < 400;
	for (const [name, value] of [['body', answer.body], ...answer.headers.entries()] as const) {
		// A redirect keeps the query in its Location: a URL, not markup.
		if (redirect && name === 'location') continue;
		if (value.includes(request.token)) problems.push(`${what}: ${name} reflects the request`);
	}
	if (redirect) {
		// Only the slash of a folder (`/de` → `/de/`), which servers add themselves.
		const location = new URL(answer.headers.get('location') ?? '', 'http://fuzz.invalid').pathname;
		const isFolder = (path: string) =>
			existsSync(join(pagesRoot, path)) && statSync(join(pagesRoot, path)).isDirectory();
		if (!location.endsWith('/') || !lookedUp(request.target).some(isFolder))
			problems.push(`${what}: a redirect to ${answer.headers.get('location')}`);
		return problems;
	}
	if (request.method !== 'GET') return problems;
	if (status === 200) {
		const served = lookedUp(request.target).some((path) => {
			const file = join(pagesRoot, path);
			return existsSync(file) && (statSync(file).isFile() || existsSync(join(file, contract.indexFile)));
		});
		if (!served) problems.push(`${what}: 200 for a path that is no file`);
	} else if (status >= 400) {
		// One of the site's files for this status (any locale, any format), as the host sends it.
		const candidates = errorRoutes(contract)
			.filter((candidate) => candidate.status === status)
			.flatMap((candidate) => [
				candidate.file,
				candidate.problemFile,
				candidate.problemFile.replace(/\.json$/, '.txt'),
			]);
		if (!candidates.some((file) => answer.body === check.sentText(answer, file))) {
			problems.push(
				`${what}: the body is none of the site's files for ${status}: ${answer.body.slice(0, 120)}`,
			);
		}
	}
	return problems;
}

export interface FuzzRun {
	requests: number;
	statuses: Record<number, number>;
	violations: string[];
	seconds: number;
}

/** Sends every request (a few at a time) and collects what is wrong. */
export async function fuzz(
	site: Site,
	host: HostProfile,
	pagesRoot: string,
	port: number,
	requests = fuzzRequests(),
): Promise<FuzzRun> {
	const started = performance.now();
	const check = siteChecks(site, host);
	const statuses: Record<number, number> = {};
	const found: string[] = [];
	let next = 0;
	const worker = async () => {
		while (next < requests.length) {
			const request = requests[next++]!;
			const answer = await send(port, request.target, {
				method: request.method,
				headers: request.headers,
				...(request.method === 'POST' || request.method === 'PUT' ? { body: Buffer.alloc(0) } : {}),
			}).catch((error: Error): Answer => ({
				status: 0,
				headers: new Headers(),
				body: error.message,
			}));
			statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
			found.push(...violations(site, check, pagesRoot, request, answer));
		}
	};
	await Promise.all(Array.from({ length: 6 }, worker));
	return {
		requests: requests.length,
		statuses,
		violations: found,
		seconds: (performance.now() - started) / 1000,
	};
}
