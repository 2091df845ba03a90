/**
 * The default backend of ingress-nginx (src/hosts/kubernetes.ts) on real nginx: what ingress-nginx
 * sends it for an app's error (`X-Code`, `X-Format`, the original path) must come back as the page
 * of that status, with the status and its headers. The ingress controller itself does not run here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFoundPage, replacedAppPages, requiredStatusPage } from '../../src/contract/contract';
import { kubernetesBackendNginxConfig } from '../../src/hosts/kubernetes';
import { defaultHostOptions } from '../../src/hosts/options';
import { contract } from './cases';
import { freePort, makeWorkDir, removeWorkDir, request, startServer, type RunningServer } from './harness';
import { findServerExecutable, nginx, nginxMainConfig } from './servers';

describe('ingress-nginx default backend, on nginx', () => {
	let running: RunningServer | undefined;
	let work: { dir: string; pagesRoot: string } | undefined;
	const page = (file: string) => readFileSync(join(work!.pagesRoot, file), 'utf8');
	const get = (headers: Record<string, string>, path = '/orders/42') =>
		request(running!.port, path, { headers });

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

	it.each(replacedAppPages(contract).map((route) => [route.status, route] as const))(
		'X-Code: %i answers that status with its page, its headers and the page headers',
		async (_status, route) => {
			const answer = await get({ 'X-Code': String(route.status), 'X-Format': 'text/html' });
			expect(answer.status).toBe(route.status);
			expect(answer.body).toBe(page(route.file));
			for (const [name, value] of Object.entries({ ...route.headers, ...contract.pageHeaders })) {
				expect(answer.headers.get(name), name).toBe(value);
			}
		},
	);
	it('X-Format: application/json gets the problem document', async () => {
		const route = requiredStatusPage(contract, 503);
		const answer = await get({ 'X-Code': '503', 'X-Format': 'application/json' });
		expect(answer.status).toBe(503);
		expect(answer.body).toBe(page(route.problemFile));
		expect(answer.headers.get('content-type')).toBe('application/problem+json');
	});
	it.each([{}, { 'X-Code': '200' }, { 'X-Code': '<script>' }, { 'X-Code': '404' }])(
		'%j: the not-found page with 404, no other status’s headers',
		async (headers) => {
			const answer = await get(headers);
			expect(answer.status).toBe(404);
			expect(answer.body).toBe(page(notFoundPage(contract).file));
			expect(answer.headers.get('retry-after')).toBeNull();
		},
	);
	it('HEAD: the status and headers, no body', async () => {
		const answer = await request(running!.port, '/', { method: 'HEAD', headers: { 'X-Code': '503' } });
		expect([answer.status, answer.body]).toEqual([503, '']);
		expect(answer.headers.get('retry-after')).toBe(requiredStatusPage(contract, 503).headers['Retry-After']);
	});
	it('the readiness probe answers 204', async () => {
		expect((await request(running!.port, '/__fallback_ready')).status).toBe(204);
	});
});
