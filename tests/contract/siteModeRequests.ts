/**
 * Random requests against a team's site in site mode, each sent to the same server block with and
 * without Fallback's files and the two answers compared. What must hold whatever the request
 * (methods, conditional and range requests, `Accept`, `Accept-Language`, odd paths):
 * - an answer of the site's own (not an error, or its own 404 page) is the same status, bytes and
 *   headers (all but `Date`) with Fallback as without;
 * - an error of the site's has the same status with Fallback, the same `Allow` when it is a 405,
 *   and one of Fallback's files for that status (or the site's own 404 page it kept) as its body,
 *   never the server's stock page; and none of the headers the block sets for the site's own files;
 * - a path of Fallback's (its statuses' routes, its files) answers its route's status or an
 *   unknown path's 404, with one of Fallback's files;
 * - every answer varies on the request's `Accept`, `Accept-Language` or `Accept-Encoding` alone,
 *   and its `ETag`, if any, is well-formed.
 * A server's answers before any config runs are its declared exceptions (`SiteModeExceptions`).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
	errorRoutes,
	routePaths,
	statusPage,
	type RouteContract,
} from '../../packages/fallback-pages/src/contract/contract';
import { siteChecks } from '../../packages/fallback-pages/src/verify/cases';
import type { Answer } from '../../packages/fallback-pages/src/verify/http';
import { generator } from './fuzz';
import { request } from './harness';
import { teamHeaders } from './servers';

export const SITE_MODE_SEED = 20261127;
export const SITE_MODE_REQUESTS = 400;

export interface SiteModeRequest {
	method: string;
	target: string;
	headers: Record<string, string>;
}

/** What a server answers itself, before any config of Fallback's runs, and why. */
export interface SiteModeException {
	reason: string;
	/** Whether `after` (the answer with Fallback's files) is this exception for the request. */
	covers(request: SiteModeRequest, before: Answer, after: Answer): boolean;
}

/** The site as built: its folder, its own files' URL paths, its contract, its own 404 page if kept. */
export interface SiteUnderTest {
	dist: string;
	/** Under the site's base: `/docs/` for a site served from that folder, else `/`. */
	base: string;
	sitePaths: readonly string[];
	contract: RouteContract;
	ownNotFound?: string | undefined;
	/** The contract's checks of the site on its host, for the files as the host sends them. */
	checks: ReturnType<typeof siteChecks>;
}

const methods = [
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
	'PATCH',
];
const accepts = [
	undefined,
	undefined,
	'text/html,application/xhtml+xml',
	'application/json',
	'*/*',
	'image/*',
];
const languages = [undefined, undefined, 'de-DE,de;q=0.9', 'fr', 'de;q=0, en', '*'];
const conditions: (Record<string, string> | undefined)[] = [
	undefined,
	undefined,
	undefined,
	{ 'If-None-Match': '*' },
	{ 'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' },
	{ 'If-Unmodified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
	{ Range: 'bytes=0-9' },
	{ Range: 'bytes=99999999-' },
	{ Range: 'bytes=5-2' },
];

/** The requests of a seed for a site: its own paths as they are and made odd, Fallback's, unknown ones. */
export function siteModeRequests(
	site: SiteUnderTest,
	seed = SITE_MODE_SEED,
	count = SITE_MODE_REQUESTS,
): SiteModeRequest[] {
	const random = generator(seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
	const own = site.sitePaths.map((path) => path.slice(site.base.length));
	const index = own.filter((path) => path === '' || path.endsWith('/')).map((path) => `${path}index.html`);
	const paths = [
		...own,
		...own,
		...index,
		...own.filter((path) => path.endsWith('/')).map((path) => path.slice(0, -1)),
		'404.html',
		'503',
		'503.html',
		'de/',
		'de/404.html',
		'de/no/such/page',
		'405',
		'de/405.html',
		'418.html',
		'425',
		'de/418.html',
		'contract.json',
		'problem/404.json',
		'no/such/page',
		'_astro/missing.css',
		'api/orders',
		'api/',
		`${'a'.repeat(256)}/x`,
		'about/./',
		'%2e%2e/about/',
		'about/%2e%2e/index.html',
		'x%00',
		'%C3%BC',
		'.htaccess',
	];
	return Array.from({ length: count }, () => {
		const path = pick(paths);
		const query = random() < 0.15 ? '?utm_source=property&x=%3Cb%3E' : '';
		const headers: Record<string, string> = { ...pick(conditions) };
		const accept = pick(accepts);
		if (accept !== undefined) headers['Accept'] = accept;
		const language = pick(languages);
		if (language !== undefined) headers['Accept-Language'] = language;
		return { method: pick(methods), target: `${site.base}${path}${query}`, headers };
	});
}

/** The site's built files as URL paths, and which of them are the site's own (the rest are Fallback's). */
function filesOf(site: SiteUnderTest): { all: Set<string>; own: Set<string> } {
	const all = new Set<string>();
	const walk = (folder: string) => {
		for (const name of readdirSync(folder)) {
			const path = join(folder, name);
			if (statSync(path).isDirectory()) walk(path);
			else all.add(`${site.base}${relative(site.dist, path)}`);
		}
	};
	walk(site.dist);
	const own = new Set(site.sitePaths.map((path) => (path.endsWith('/') ? `${path}index.html` : path)));
	if (site.ownNotFound !== undefined) own.add(`${site.base}404.html`);
	return { all, own };
}

/** The path a server looks a target up at: decoded, dot segments resolved, slashes merged. */
function lookedUp(target: string): string {
	const path = new URL(target.split('?')[0]!, 'http://site.invalid').pathname;
	let decoded = path;
	try {
		decoded = decodeURIComponent(path);
	} catch {
		// Not UTF-8 once decoded: looked up as it is.
	}
	return decoded.replace(/\/{2,}/g, '/');
}

const wellFormedEtag = /^(W\/)?"[^"]*"$/;
const allowedVary = new Set(['accept', 'accept-language', 'accept-encoding']);

/**
 * Every header but the answer's time, as sorted pairs; an `Expires` (mod_expires' "access plus 1
 * year", nginx's `expires`) as its distance from the answer's `Date` in whole minutes, which two
 * answers share even where a server took the two times a second apart.
 */
export const headerPairs = (answer: Answer): [string, string][] =>
	[...answer.headers.entries()]
		.filter(([name]) => name !== 'date')
		.map(([name, value]): [string, string] =>
			name === 'expires' && answer.headers.has('date')
				? [
						name,
						`Date + ${Math.round((Date.parse(value) - Date.parse(answer.headers.get('date')!)) / 60_000)} min`,
					]
				: [name, value],
		)
		.sort(([a], [b]) => a.localeCompare(b));

/** Whether a body is one of Fallback's files for a status (any locale, any format), as the host sends it. */
function isFallbacksFile(site: SiteUnderTest, status: number, answer: Answer, method: string): boolean {
	// HEAD has no body: Fallback's headers (its CSP, a page's or a problem document's type) instead.
	if (method === 'HEAD')
		return (
			answer.body === '' &&
			answer.headers.get('content-security-policy') ===
				site.contract.pageHeaders['Content-Security-Policy'] &&
			/^(text\/html|application\/(problem\+)?json|text\/plain)/.test(answer.headers.get('content-type') ?? '')
		);
	return errorRoutes(site.contract)
		.filter((route) => route.status === status)
		.flatMap((route) => [route.file, route.problemFile, route.problemFile.replace(/\.json$/, '.txt')])
		.some((file) => answer.body === site.checks.sentText(answer, file));
}

/** Everything wrong with one request's two answers, as lines (none: it holds). */
export function siteModeViolations(
	site: SiteUnderTest,
	files: ReturnType<typeof filesOf>,
	request: SiteModeRequest,
	before: Answer,
	after: Answer,
): string[] {
	const problems: string[] = [];
	const what = `${request.method} ${request.target} ${JSON.stringify(request.headers)}: without ${before.status}, with ${after.status}`;
	const path = lookedUp(request.target);
	const named = [path, path.endsWith('/') ? `${path}index.html` : path];
	const route = errorRoutes(site.contract).find((one) =>
		routePaths(site.contract, one).some((candidate) => named.includes(candidate)),
	);
	// A folder of Fallback's files alone (a locale's, `/de/`) is Fallback's too.
	const folder = path.endsWith('/') ? path : `${path}/`;
	const under = (set: Set<string>) => [...set].some((file) => file.startsWith(folder));
	const fallbacks =
		!!route ||
		named.some((one) => files.all.has(one) && !files.own.has(one)) ||
		(folder !== site.base && under(files.all) && !under(files.own));
	// The site's own 404 page it kept: its bytes, or for HEAD an HTML answer without Fallback's CSP.
	const routeAllow = statusPage(site.contract, 405)?.headers['Allow'];
	const keptPage =
		site.ownNotFound !== undefined &&
		after.status === 404 &&
		(request.method === 'HEAD'
			? !after.headers.has('content-security-policy') &&
				/^text\/html/.test(after.headers.get('content-type') ?? '')
			: after.body === site.ownNotFound);
	const etag = after.headers.get('etag');
	if (etag !== null && !wellFormedEtag.test(etag)) problems.push(`${what}: a malformed ETag ${etag}`);
	const vary = (after.headers.get('vary') ?? '')
		.split(',')
		.map((token) => token.trim().toLowerCase())
		.filter((token) => token && !allowedVary.has(token));
	if (vary.length) problems.push(`${what}: varies on ${vary.join(', ')}`);
	if (fallbacks) {
		// A status page's path answers its status (or, where the server cannot send it, 404) for a
		// read; any other method may also get 405.
		const read = request.method === 'GET' || request.method === 'HEAD';
		const statuses = route ? [route.status, 404, ...(read ? [] : [405])] : undefined;
		if (statuses && !statuses.includes(after.status))
			problems.push(`${what}: the path of the ${route!.status} page answered another status`);
		if (after.status >= 400 && !keptPage && !isFallbacksFile(site, after.status, after, request.method))
			problems.push(
				`${what}: a path of Fallback's answered with none of its files: ${after.body.slice(0, 80)}`,
			);
		if (route?.status === 405 && after.status === 405 && after.headers.get('allow') !== routeAllow)
			problems.push(`${what}: Allow ${after.headers.get('allow')} on the 405 page, not ${routeAllow}`);
		return problems;
	}
	if (before.status < 400) {
		if (after.status !== before.status) problems.push(`${what}: the status changed`);
		else if (after.body !== before.body) problems.push(`${what}: the body changed`);
		else if (JSON.stringify(headerPairs(after)) !== JSON.stringify(headerPairs(before)))
			problems.push(
				`${what}: the headers changed: ${JSON.stringify(headerPairs(before))} → ${JSON.stringify(headerPairs(after))}`,
			);
		return problems;
	}
	// A name no file can have (a segment longer than file systems allow, a NUL) is an unknown path:
	// 404, where the server alone answers with the file system's failure (403 or 500).
	const impossible = path
		.split('/')
		.some((segment) => Buffer.byteLength(segment) > 255 || segment.includes('\0'));
	const expected = impossible && [403, 500].includes(before.status) ? 404 : before.status;
	if (after.status !== expected) problems.push(`${what}: the status changed`);
	// The site's own 405 keeps its Allow; where it had none (nginx's), Fallback's page may add its route's.
	const allow = after.headers.get('allow');
	if (
		after.status === 405 &&
		allow !== before.headers.get('allow') &&
		!(before.headers.get('allow') === null && allow === routeAllow)
	)
		problems.push(`${what}: Allow ${before.headers.get('allow')} became ${allow}`);
	if (!keptPage && !isFallbacksFile(site, after.status, after, request.method))
		problems.push(`${what}: none of Fallback's files: ${after.body.slice(0, 80).replace(/\s+/g, ' ')}`);
	if (!keptPage && after.headers.get('cache-control')?.includes(teamHeaders.assets.cacheControl))
		problems.push(`${what}: carries the site's Cache-Control: ${after.headers.get('cache-control')}`);
	return problems;
}

export interface SiteModeRun {
	requests: number;
	held: number;
	/** By server-declared exception: how many requests it covered. */
	excepted: Record<string, number>;
	violations: string[];
}

/**
 * An answer with its server's port written as `PORT` (a redirect's Location, Apache's signature) and
 * `Allow`'s methods in order (Apache lists them in the order of a hash table).
 */
const portless =
	(port: number) =>
	(answer: Answer): Answer => {
		const headers = new Headers();
		for (const [name, value] of answer.headers) {
			const sorted =
				name === 'allow'
					? value
							.split(/\s*,\s*/)
							.sort()
							.join(', ')
					: value;
			headers.append(name, sorted.replaceAll(String(port), 'PORT'));
		}
		return { ...answer, headers, body: answer.body.replaceAll(String(port), 'PORT') };
	};

/** Sends each request to both servers (a few at a time) and collects what is wrong. */
export async function compareSiteMode(
	site: SiteUnderTest,
	ports: { without: number; site: number },
	requests: readonly SiteModeRequest[],
	exceptions: readonly SiteModeException[] = [],
): Promise<SiteModeRun> {
	const files = filesOf(site);
	const found: string[] = [];
	const excepted: Record<string, number> = {};
	let held = 0;
	let next = 0;
	const failed = (error: Error): Answer => ({ status: 0, headers: new Headers(), body: error.message });
	const worker = async () => {
		while (next < requests.length) {
			const one = requests[next++]!;
			const options = {
				method: one.method,
				// A fresh connection each: a server may close one after an error, under the next request.
				headers: { ...one.headers, Connection: 'close' },
				...(['POST', 'PUT', 'PATCH'].includes(one.method) ? { body: Buffer.alloc(0) } : {}),
			};
			const [before, after] = await Promise.all([
				request(ports.without, one.target, options).catch(failed).then(portless(ports.without)),
				request(ports.site, one.target, options).catch(failed).then(portless(ports.site)),
			]);
			const exception = exceptions.find((candidate) => candidate.covers(one, before, after));
			if (exception) {
				excepted[exception.reason] = (excepted[exception.reason] ?? 0) + 1;
				continue;
			}
			const problems = siteModeViolations(site, files, one, before, after);
			if (problems.length) found.push(...problems);
			else held++;
		}
	};
	await Promise.all(Array.from({ length: 4 }, worker));
	return { requests: requests.length, held, excepted, violations: found };
}
