/**
 * The default backend of ingress-nginx (src/hosts/kubernetes.ts) on real nginx: what ingress-nginx
 * sends it for an app's error (`/` with `X-Code`, `X-Format`, `X-Request-ID` and the client's own
 * headers, from the `@custom_…` locations of its nginx.tmpl) must come back as the page of that
 * status, with the status, its headers, the language asked for and the request ID; and what
 * Traefik's errors middleware sends it (`GET /{status}` with the client's headers) the same. The
 * ingress controller and Traefik themselves do not run here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	contentLanguage,
	headersInFrontOfApp,
	notFoundPage,
	replacedAppPages,
	requestIdMarkup,
	requiredStatusPage,
	type PageRoute,
} from '../../packages/fallback-pages/src/contract/contract';
import { kubernetesBackendNginxConfig } from '../../packages/fallback-pages/src/hosts/kubernetes';
import { defaultHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { contract } from './cases';
import {
	freePort,
	makeWorkDir,
	removeWorkDir,
	request,
	startServer,
	type Answer,
	type RunningServer,
} from './harness';
import { findServerExecutable, nginx, nginxMainConfig } from './servers';

/** A request ID as ingress-nginx makes them (nginx's $request_id): 32 hexadecimal digits. */
const ingressRequestId = '0123456789abcdef0123456789abcdef';

describe('ingress-nginx default backend, on nginx', () => {
	let running: RunningServer | undefined;
	let work: { dir: string; pagesRoot: string } | undefined;
	const get = (headers: Record<string, string>, path = '/') => request(running!.port, path, { headers });
	/** What ingress-nginx sends for an app's error of `status` on `/orders/42`. */
	const fromIngress = (status: number, headers: Record<string, string> = {}) =>
		get({
			'X-Code': String(status),
			'X-Format': 'text/html,application/xhtml+xml',
			'X-Original-URI': '/orders/42',
			'X-Namespace': 'shop',
			'X-Ingress-Name': 'app',
			'X-Service-Name': 'app',
			'X-Service-Port': '3000',
			'X-Request-ID': ingressRequestId,
			...headers,
		});

	/** A file of dist/ as the backend sends it: with the answer's request ID in it. */
	function sent(answer: Answer, file: string, locale = contract.defaultLocale): string {
		const text = readFileSync(join(work!.pagesRoot, file), 'utf8');
		const id = answer.headers.get(contract.requestIdHeader)!;
		const { pageAnchor, page, problemAnchor, problem } = requestIdMarkup;
		if (file.endsWith('.json')) return text.replace(problemAnchor, problem(id));
		if (file.endsWith('.html')) return text.replace(pageAnchor, page(contract.requestIdLines[locale]!, id));
		return text;
	}
	function expectPage(answer: Answer, route: PageRoute, file = route.file, locale = contract.defaultLocale) {
		expect(answer.status).toBe(route.status);
		expect(answer.body).toBe(sent(answer, file, locale));
		for (const [name, value] of Object.entries({
			...headersInFrontOfApp(contract, route),
			...contract.pageHeaders,
		})) {
			expect(answer.headers.get(name), name).toBe(value);
		}
		expect(answer.headers.get('content-language')).toBe(contentLanguage(contract, locale));
		expect(answer.headers.get('vary')).toBe('Accept-Language, Accept');
	}

	beforeAll(async () => {
		const executable = findServerExecutable(nginx);
		if (!executable) throw new Error(`nginx is not installed (${nginx.install})`);
		work = await makeWorkDir('kubernetes-backend');
		const port = await freePort();
		const config = kubernetesBackendNginxConfig(contract, {
			...defaultHostOptions,
			pagesRoot: work.pagesRoot,
			listen: { port },
		}).replace(`listen ${port};`, `listen 127.0.0.1:${port};`);
		running = await startServer({
			label: 'ingress-nginx backend',
			command: executable,
			args: [...(await nginxMainConfig(join(work.dir, 'server'), config)), '-g', 'daemon off;'],
			port,
			logs: [join(work.dir, 'server', 'error.log')],
		});
	});
	afterAll(async () => {
		await running?.stop();
		if (work) await removeWorkDir(work.dir);
	});

	describe('as ingress-nginx asks', () => {
		it.each(replacedAppPages(contract).map((route) => [route.status, route] as const))(
			'X-Code: %i answers that status with its page, its headers and the request ID',
			async (_status, route) => {
				const answer = await fromIngress(route.status);
				expectPage(answer, route);
				expect(answer.headers.get(contract.requestIdHeader)).toBe(ingressRequestId);
				expect(answer.body).toContain(`<code>${ingressRequestId}</code>`);
			},
		);
		it('X-Format: application/json gets the problem document, with the request ID as instance', async () => {
			const route = requiredStatusPage(contract, 503);
			const answer = await fromIngress(503, { 'X-Format': 'application/json' });
			expectPage(answer, route, route.problemFile);
			expect(answer.headers.get('content-type')).toBe('application/problem+json');
			expect(JSON.parse(answer.body)).toMatchObject({
				instance: `#request-${ingressRequestId}`,
				status: 503,
			});
		});
		it('X-Format: text/plain gets the text twin', async () => {
			const route = requiredStatusPage(contract, 503);
			const answer = await fromIngress(503, { 'X-Format': 'text/plain' });
			expectPage(answer, route, route.problemFile.replace(/\.json$/, '.txt'));
			expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
		});
		it('the client’s Accept-Language (passed on by ingress-nginx) picks the page’s language', async () => {
			const route = requiredStatusPage(contract, 503);
			const answer = await fromIngress(503, { 'Accept-Language': 'de-CH,de;q=0.9,en;q=0.5' });
			expectPage(answer, route, `de/${route.file}`, 'de');
		});
		it('a language that does not ship gets the default locale', async () => {
			const answer = await fromIngress(503, { 'Accept-Language': 'xx' });
			expectPage(answer, requiredStatusPage(contract, 503));
		});
		it('the problem document in the language asked for', async () => {
			const route = requiredStatusPage(contract, 503);
			const answer = await fromIngress(503, {
				'X-Format': 'application/problem+json',
				'Accept-Language': 'fr',
			});
			expectPage(answer, route, `fr/${route.problemFile}`, 'fr');
		});
		it('a POST whose app answered 503 still gets the page (the backend keeps the method)', async () => {
			const answer = await request(running!.port, '/', {
				method: 'POST',
				headers: { 'X-Code': '503', 'X-Request-ID': ingressRequestId, 'Content-Type': 'text/plain' },
				body: Buffer.from('order=42'),
			});
			expectPage(answer, requiredStatusPage(contract, 503));
		});
		it('HEAD: the status and headers, no body', async () => {
			const answer = await request(running!.port, '/', { method: 'HEAD', headers: { 'X-Code': '503' } });
			expect([answer.status, answer.body]).toEqual([503, '']);
			expect(answer.headers.get('retry-after')).toBe(
				requiredStatusPage(contract, 503).headers['Retry-After'],
			);
		});
		it('the app has no ready endpoints: the request itself, X-Code: 503, gets the 503 page', async () => {
			const answer = await request(running!.port, '/orders/42?page=2', {
				method: 'PUT',
				headers: { 'X-Code': '503', 'X-Format': 'application/json', 'X-Request-ID': ingressRequestId },
				body: Buffer.from('{"quantity":2}'),
			});
			const route = requiredStatusPage(contract, 503);
			expectPage(answer, route, route.problemFile);
		});
		it('X-Code wins over the path', async () => {
			expectPage(await get({ 'X-Code': '503' }, '/404'), requiredStatusPage(contract, 503));
		});
	});

	describe('request IDs', () => {
		it.each(['<script>alert(1)</script>', `${ingressRequestId}0`, ingressRequestId.toUpperCase(), ''])(
			'X-Request-ID %j is not used: the backend’s own ID, never the header’s text, in header and page',
			async (id) => {
				const answer = await fromIngress(503, { 'X-Request-ID': id });
				const own = answer.headers.get(contract.requestIdHeader)!;
				expect(own).toMatch(/^[0-9a-f]{32}$/);
				expect(own).not.toBe(id);
				if (id) expect(answer.body).not.toContain(id);
				expectPage(answer, requiredStatusPage(contract, 503));
			},
		);
	});

	describe('as Traefik’s errors middleware asks (GET /{status}, the client’s headers)', () => {
		it.each(replacedAppPages(contract).map((route) => [route.status, route] as const))(
			'GET /%i answers that status with its page',
			async (_status, route) => {
				expectPage(await get({ Accept: 'text/html' }, `/${route.status}`), route);
			},
		);
		it('Accept: application/json gets the problem document, Accept-Language its language', async () => {
			const route = requiredStatusPage(contract, 503);
			const answer = await get({ Accept: 'application/json', 'Accept-Language': 'ar' }, '/503');
			expectPage(answer, route, `ar/${route.problemFile}`, 'ar');
		});
	});

	describe('anything else', () => {
		it.each([
			[{}, '/'],
			[{ 'X-Code': '200' }, '/'],
			[{ 'X-Code': '<script>' }, '/'],
			[{ 'X-Code': '404' }, '/'],
			[{ 'X-Code': '5030' }, '/'],
			[{}, '/503/x'],
			[{}, '/200'],
			[{ 'X-Code': '200' }, '/503'],
		])('%j on %s: the not-found page with 404, no other status’s headers', async (headers, path) => {
			const answer = await get(headers, path);
			expectPage(answer, notFoundPage(contract));
			expect(answer.headers.get('retry-after')).toBeNull();
		});
		it('the readiness probe answers 204', async () => {
			expect((await request(running!.port, '/__fallback_ready')).status).toBe(204);
		});
		it('the pages’ own prefix is not served directly', async () => {
			const answer = await get({}, `${contract.internalPrefix}503.html`);
			expectPage(answer, notFoundPage(contract));
		});
	});
});
