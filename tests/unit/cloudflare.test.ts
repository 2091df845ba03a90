/**
 * Cloudflare Workers static assets: the wrangler config, and the generated Worker run on Node's
 * fetch API against a fake ASSETS binding that answers as Cloudflare's asset server does (measured
 * on workerd: an unknown path gets the nearest 404.html with 404, a matching If-None-Match 304, and
 * the `_headers` rules are added to what it serves) and, in front of an app, a fake `fetch`. Quick
 * checks of the routing on the fixture contract; the Worker on workerd itself, with the real dist/,
 * is the contract suite's (tests/contract/cloudflare.test.ts).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMaintenance, type RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import {
	cloudflareFiles,
	cloudflareWorker,
	workerData,
	cloudflareWranglerConfig,
} from '../../packages/fallback-pages/src/hosts/cloudflare';
import { fixtureContract, fixtureOptions, fixtureWithGerman } from './fixtures/contract';
import { createWorker } from '../../packages/fallback-pages/src/hosts/cloudflare/worker';

/** dist/ as the fixture's build would have it: pages, problem documents, text twins, a rule file. */
const files: Record<string, string> = {
	'/index.html': '<main>gallery</main>',
	'/de/index.html': '<main>Galerie</main>',
	'/healthz': 'ok',
	'/_rules': 'a rule file',
	...Object.fromEntries(
		['', 'de/'].flatMap((folder) =>
			[404, 405, 503].flatMap((status) => [
				[`/${folder}${status}.html`, `<main>${folder || 'en/'}${status}<!--request-id--></main>`],
				[`/${folder}problem/${status}.json`, `{"type":"https://example.com/${status}","status":${status}}`],
				[`/${folder}problem/${status}.txt`, `${folder || 'en/'}${status} as text`],
			]),
		),
	),
};

const etagOf = (path: string) => `"etag${path.replace(/\W/g, '-')}"`;

/** What the ASSETS binding answers, as workerd's asset server does with `not_found_handling = "404-page"`. */
const assets = {
	requests: [] as Request[],
	async fetch(request: Request) {
		this.requests.push(request);
		const path = new URL(request.url).pathname;
		const notFound = path.startsWith('/de/') ? '/de/404.html' : '/404.html';
		const file = Object.hasOwn(files, path) ? path : notFound;
		const status = file === path ? 200 : 404;
		// What `_headers` would add, and the asset server's own validator.
		const headers = { ETag: etagOf(file), 'X-From-Headers-File': 'yes' };
		if (request.headers.get('If-None-Match') === etagOf(file))
			return new Response(null, { status: 304, headers });
		return new Response(request.method === 'HEAD' ? null : files[file], { status, headers });
	},
};

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

async function workerOf(
	contract: RouteContract,
	mode: 'static' | 'proxy' = 'static',
	options = fixtureOptions,
) {
	const source = cloudflareWorker(contract, mode, options);
	const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {
		default: { fetch(request: Request, env: unknown): Promise<Response> };
	};
	const fetch: Fetch = (path, init) =>
		module.default.fetch(new Request(`https://example.com${path}`, init), { ASSETS: assets });
	return fetch;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An error answer: its status, its page (with its own request ID line) and every header it owes. */
async function expectPage(
	answer: Response,
	status: number,
	page: string,
	headers: Record<string, string> = {},
) {
	const id = answer.headers.get('x-request-id')!;
	expect(id).toMatch(uuid);
	expect(answer.status).toBe(status);
	expect(await answer.text()).toBe(`<main>${page}<p>Request ID: <code>${id}</code></p></main>`);
	for (const [name, value] of Object.entries({ ...fixtureContract.pageHeaders, ...headers })) {
		expect(answer.headers.get(name), name).toBe(value);
	}
	// Nothing of the asset it was made from: no validator, no `_headers` rule.
	expect(answer.headers.get('etag')).toBeNull();
	expect(answer.headers.get('x-from-headers-file')).toBeNull();
}

afterEach(() => {
	vi.unstubAllGlobals();
	assets.requests.length = 0;
});

describe('the wrangler config', () => {
	const settingsOf = (config: string) => config.split('\n').filter((line) => line && !line.startsWith('#'));
	it('runs the Worker first on every request, with dist/ as its assets and the not-found page as their fallback', () => {
		for (const [mode, main] of [
			['static', 'worker.js'],
			['proxy', 'worker-proxy.js'],
		] as const) {
			expect(settingsOf(cloudflareWranglerConfig(fixtureContract, mode))).toEqual(
				expect.arrayContaining([
					`main = "${main}"`,
					'[assets]',
					'directory = "./dist/"',
					'binding = "ASSETS"',
					'run_worker_first = true',
					'not_found_handling = "404-page"',
					'html_handling = "none"',
				]),
			);
		}
	});
	it('names a compatibility date the installed workerd accepts', () => {
		const config = cloudflareWranglerConfig(fixtureContract);
		const date = /^compatibility_date = "(\d{4}-\d{2}-\d{2})"$/m.exec(config)?.[1];
		// workerd's version is 1.YYYYMMDD.n: the newest date its binary knows.
		const { version } = JSON.parse(readFileSync('node_modules/workerd/package.json', 'utf8')) as {
			version: string;
		};
		const newest = version.replace(/^1\.(\d{4})(\d{2})(\d{2})\..*$/, '$1-$2-$3');
		expect(newest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(date! <= newest, `${date} after ${newest}`).toBe(true);
	});
	it('refuses a route whose page is not an .html file (the Worker answers `/{folder}{name}.html` for it)', () => {
		const odd: RouteContract = {
			...fixtureContract,
			extraPages: [{ ...fixtureContract.statusPages[0]!, path: '/odd', file: 'odd.htm' }],
		};
		expect(() => cloudflareWorker(odd, 'static', fixtureOptions)).toThrow(/odd\.htm/);
	});
	it('writes a config and a Worker for each mode', () => {
		expect(cloudflareFiles(fixtureContract, fixtureOptions).map((file) => file.path)).toEqual([
			'cloudflare/wrangler.toml',
			'cloudflare/worker.js',
			'cloudflare/wrangler-proxy.toml',
			'cloudflare/worker-proxy.js',
		]);
	});
});

describe('the Worker, static site', () => {
	it('answers each route and its file with its status, headers and page, its own request ID in it', async () => {
		const fetch = await workerOf(fixtureContract);
		for (const [path, status, headers] of [
			['/404', 404, {}],
			['/405.html', 405, { Allow: 'GET, HEAD' }],
			['/503', 503, { 'Retry-After': '120' }],
			['/503.html', 503, { 'Retry-After': '120' }],
		] as const) {
			await expectPage(await fetch(path), status, `en/${status}`, {
				...headers,
				'Content-Language': 'en',
				Vary: 'Accept',
				'Content-Type': 'text/html; charset=utf-8',
			});
		}
		// The pages are read with a plain GET, whatever the client sent.
		expect(
			assets.requests.every((request) => request.method === 'GET' && [...request.headers].length === 0),
		).toBe(true);
	});
	it('makes its own request ID: a new one each time, never the client’s', async () => {
		const fetch = await workerOf(fixtureContract);
		const hostile = '<script>alert(1)</script>';
		const [first, second] = await Promise.all([
			fetch('/404', { headers: { 'X-Request-ID': hostile } }),
			fetch('/404', { headers: { 'X-Request-ID': hostile } }),
		]);
		expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
		expect(first.headers.get('x-request-id')).toMatch(uuid);
		expect(await first.text()).not.toContain(hostile);
	});
	it('answers unknown paths, rule files and the problem folders with the not-found page', async () => {
		const fetch = await workerOf(fixtureContract);
		for (const path of [
			'/nowhere',
			'/_rules',
			'/problem/404.json',
			'/problem/',
			'/404/',
			'/__proto__',
			'/constructor',
		]) {
			await expectPage(await fetch(path), 404, 'en/404');
		}
	});
	it('serves the other files of dist/ as they are, with the page headers', async () => {
		const fetch = await workerOf(fixtureContract);
		const gallery = await fetch('/');
		expect([gallery.status, await gallery.text()]).toEqual([200, '<main>gallery</main>']);
		expect(gallery.headers.get('x-fixture')).toBe('page');
		expect(gallery.headers.get('x-request-id')).toMatch(uuid);
		expect((await fetch('/healthz')).status).toBe(200);
		// A file's own validator works as it should.
		const again = await fetch('/index.html', { headers: { 'If-None-Match': etagOf('/index.html') } });
		expect(again.status).toBe(304);
	});
	it('never lets the not-found page’s ETag turn an unknown path into a 304', async () => {
		const fetch = await workerOf(fixtureContract);
		const answer = await fetch('/nowhere', { headers: { 'If-None-Match': etagOf('/404.html') } });
		await expectPage(answer, 404, 'en/404');
	});
	it('answers conditional and range requests for an error page with the whole page', async () => {
		const fetch = await workerOf(fixtureContract);
		for (const headers of [
			{ 'If-None-Match': '*' },
			{ 'If-None-Match': etagOf('/503.html') },
			{ 'If-Modified-Since': 'Sun, 01 Jan 2090 00:00:00 GMT' },
			{ Range: 'bytes=0-3' },
		]) {
			await expectPage(await fetch('/503', { headers }), 503, 'en/503');
		}
	});
	it('answers other methods with 405 and Allow, and HEAD without a body', async () => {
		const fetch = await workerOf(fixtureContract);
		for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
			await expectPage(await fetch('/index.html', { method }), 405, 'en/405', { Allow: 'GET, HEAD' });
		}
		const head = await fetch('/503', { method: 'HEAD' });
		expect([head.status, head.headers.get('retry-after'), await head.text()]).toEqual([503, '120', '']);
	});
	it('answers an API client with the problem document or the text twin, its request ID as instance', async () => {
		const fetch = await workerOf(fixtureContract);
		const problem = await fetch('/503', { headers: { Accept: 'application/json' } });
		const id = problem.headers.get('x-request-id')!;
		expect([problem.status, problem.headers.get('content-type'), problem.headers.get('retry-after')]).toEqual(
			[503, 'application/problem+json', '120'],
		);
		expect(JSON.parse(await problem.text())).toEqual({
			instance: `#request-${id}`,
			type: 'https://example.com/503',
			status: 503,
		});
		const text = await fetch('/404', { headers: { Accept: 'text/plain' } });
		expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([
			404,
			'text/plain; charset=utf-8',
			'en/404 as text',
		]);
		// A browser names text/html: the page, even where it accepts JSON too.
		const browser = await fetch('/404', {
			headers: { Accept: 'text/html,application/json;q=0.9,*/*;q=0.8' },
		});
		expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
		// Under the API, a missing path is the problem document whatever is accepted.
		const api = await fetch('/api/orders', { headers: { Accept: 'text/html' } });
		expect([api.status, api.headers.get('content-type')]).toEqual([404, 'application/problem+json']);
	});
	it('picks the language by q-values, the default for none that ships; a locale’s own URL keeps it', async () => {
		const fetch = await workerOf(fixtureWithGerman);
		for (const [acceptLanguage, locale] of [
			['de-CH,de;q=0.9,en;q=0.8', 'de'],
			['DE', 'de'],
			['en, de', 'en'],
			['en;q=0.1, de', 'de'],
			['xx, de;q=0.5', 'de'],
			['xx', 'en'],
			['de;q=0', 'en'],
			['', 'en'],
		] as const) {
			const answer = await fetch('/404', { headers: { 'Accept-Language': acceptLanguage } });
			expect([answer.headers.get('content-language'), await answer.text()], acceptLanguage).toEqual([
				locale,
				expect.stringContaining(`<main>${locale}/404`),
			]);
			expect(answer.headers.get('vary')).toBe('Accept-Language, Accept');
		}
		const own = await fetch('/de/503', { headers: { 'Accept-Language': 'en' } });
		expect([own.status, own.headers.get('content-language')]).toEqual([503, 'de']);
		expect(await own.text()).toContain('<main>de/503');
		const problem = await fetch('/503', { headers: { 'Accept-Language': 'de', Accept: 'application/json' } });
		expect(problem.headers.get('content-language')).toBe('de');
	});
	it('takes no inherited name for a language (Accept-Language: constructor, __proto__)', async () => {
		const fetch = await workerOf(fixtureWithGerman);
		const answer = await fetch('/404', { headers: { 'Accept-Language': 'constructor, __proto__;q=0.9' } });
		expect([answer.status, answer.headers.get('content-language')]).toEqual([404, 'en']);
		expect(await answer.text()).toContain('en/404');
	});
	it('carries contract values as data: a hostile header value is sent, never run', async () => {
		const hostile = '\'); globalThis.pwned = 1; ("</script>`${globalThis.pwned = 2}`';
		const fetch = await workerOf({ ...fixtureContract, pageHeaders: { 'X-Fixture': hostile } });
		expect((await fetch('/404')).headers.get('x-fixture')).toBe(hostile);
		expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
	});
});

describe('the Worker under maintenance', () => {
	const maintained = withMaintenance(fixtureWithGerman, {
		retryAfter: '900',
		allowedPaths: ['/healthz', '/status/'],
	});
	it('answers every path but the allowed ones 503 with the maintenance page, whatever the method', async () => {
		const fetch = await workerOf(maintained);
		for (const [path, method] of [
			['/', 'GET'],
			['/nowhere', 'DELETE'],
			['/404', 'GET'],
			['/healthz/more', 'POST'],
			['/status', 'GET'],
		] as const) {
			await expectPage(await fetch(path, { method }), 503, 'en/503', { 'Retry-After': '900' });
		}
		const head = await fetch('/index.html', { method: 'HEAD' });
		expect([head.status, await head.text()]).toEqual([503, '']);
		const german = await fetch('/api/orders', {
			headers: { 'Accept-Language': 'de', Accept: 'application/json' },
		});
		expect([
			german.status,
			german.headers.get('content-type'),
			german.headers.get('content-language'),
		]).toEqual([503, 'application/problem+json', 'de']);
		expect((await fetch('/healthz')).status).toBe(200);
		expect((await fetch('/status/page')).status).toBe(404);
	});
});

describe('the Worker in front of an app', () => {
	/** The app: answers by path; records what it was asked. */
	function app(answers: Record<string, (request: Request) => Response | Promise<Response>>) {
		const asked: Request[] = [];
		vi.stubGlobal('fetch', async (request: Request) => {
			asked.push(request);
			const answer = answers[new URL(request.url).pathname];
			if (!answer) throw new TypeError('fetch failed: connection refused');
			return answer(request);
		});
		return asked;
	}
	const html = { 'Content-Type': 'text/html; charset=utf-8' };

	it('passes the app’s answers through untouched, its 4xx and JSON errors included, with the request ID', async () => {
		const fetch = await workerOf(fixtureContract, 'proxy');
		const asked = app({
			'/ok': () => new Response('fine', { headers: { 'X-App': '1' } }),
			'/missing': () => new Response('<p>app 404</p>', { status: 404, headers: html }),
			'/busy': () =>
				new Response('{"error":"busy"}', { status: 503, headers: { 'Content-Type': 'application/json' } }),
		});
		const ok = await fetch('/ok?x=1', { headers: { 'X-Request-ID': 'client-chosen' } });
		expect([ok.status, ok.headers.get('x-app'), await ok.text()]).toEqual([200, '1', 'fine']);
		expect(asked[0]!.url).toBe('http://10.0.0.7:4321/ok?x=1');
		expect(asked[0]!.headers.get('x-request-id')).toMatch(uuid);
		expect(asked[0]!.redirect).toBe('manual');
		const missing = await fetch('/missing');
		expect([missing.status, await missing.text()]).toEqual([404, '<p>app 404</p>']);
		const busy = await fetch('/busy');
		expect([busy.status, await busy.text()]).toEqual([503, '{"error":"busy"}']);
	});
	it('replaces the app’s HTML or empty server error with the page of its status, status kept', async () => {
		const fetch = await workerOf(fixtureContract, 'proxy');
		app({
			'/html': () => new Response('<h1>stack trace</h1>', { status: 503, headers: html }),
			'/empty': () => new Response(null, { status: 503 }),
		});
		for (const path of ['/html', '/empty']) {
			await expectPage(await fetch(path), 503, 'en/503', { 'Retry-After': '120' });
		}
		const problem = await fetch('/api/html');
		expect([problem.status, problem.headers.get('content-type')]).toEqual([503, 'application/problem+json']);
	});
	it('answers an app it cannot reach, or one too slow to start its answer, with their pages', async () => {
		// The fixture has no 502 or 504 page: both show its 503 page.
		const fetch = await workerOf(fixtureContract, 'proxy', {
			...fixtureOptions,
			upstreamTimeoutSeconds: 0.05,
		});
		let started = false;
		app({
			// Never answers; gives up when the Worker stops waiting.
			'/slow': (request) =>
				new Promise((_, reject) => {
					started = true;
					request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
				}),
		});
		await expectPage(await fetch('/unreachable'), 503, 'en/503');
		const slow = await fetch('/slow', { headers: { Accept: 'application/json' } });
		expect([started, slow.status, slow.headers.get('content-type')]).toEqual([
			true,
			503,
			'application/problem+json',
		]);
	});
	it('sends no header only the app knows (Allow) with its own pages', async () => {
		const contract: RouteContract = { ...fixtureContract, replacedAppStatuses: [405, 503] };
		const fetch = await workerOf(contract, 'proxy');
		app({ '/refused': () => new Response(null, { status: 405 }) });
		const answer = await fetch('/refused');
		expect([answer.status, answer.headers.get('allow')]).toEqual([405, null]);
	});
	it('under maintenance, lets nothing but the allowed paths reach the app', async () => {
		const fetch = await workerOf(
			withMaintenance(fixtureContract, { retryAfter: '900', allowedPaths: ['/healthz'] }),
			'proxy',
		);
		const asked = app({ '/healthz': () => new Response('up'), '/ok': () => new Response('fine') });
		await expectPage(await fetch('/ok', { method: 'POST' }), 503, 'en/503', { 'Retry-After': '900' });
		expect(asked).toHaveLength(0);
		expect(await (await fetch('/healthz')).text()).toBe('up');
		expect(asked).toHaveLength(1);
	});
});

describe('the Worker module (cloudflare/worker.ts), called directly', () => {
	/** An answer with its request ID taken out, to compare two answers to the same request. */
	async function shape(answer: Response) {
		const id = answer.headers.get('x-request-id') ?? '';
		const headers = [...answer.headers].filter(([name]) => name !== 'x-request-id');
		return { status: answer.status, headers, body: (await answer.text()).replaceAll(id, '{id}') };
	}

	it('answers as the generated worker.js does, statically and under maintenance', async () => {
		for (const contract of [
			fixtureWithGerman,
			withMaintenance(fixtureContract, { allowedPaths: ['/healthz'] }),
		]) {
			const generated = await workerOf(contract);
			const direct = createWorker(workerData(contract, 'static', fixtureOptions));
			for (const [path, init] of [
				['/404', {}],
				['/no/such/page', { headers: { 'Accept-Language': 'de-CH, en;q=0.5' } }],
				['/503', { headers: { Accept: 'application/json' } }],
				['/de/404', { headers: { Accept: 'text/plain' } }],
				['/index.html', {}],
				['/healthz', {}],
				['/_rules', {}],
				['/404', { method: 'POST' }],
				['/503', { method: 'HEAD' }],
			] as const) {
				const request = () => new Request(`https://example.com${path}`, init);
				expect(await shape(await direct.fetch(request(), { ASSETS: assets })), path).toEqual(
					await shape(await generated(path, init)),
				);
			}
		}
	});

	it('answers a path the asset server would redirect (it spells it otherwise) as unknown, never with the redirect', async () => {
		const worker = createWorker(workerData(fixtureContract, 'static', fixtureOptions));
		const redirecting = {
			async fetch(request: Request) {
				const url = new URL(request.url);
				if (url.pathname.includes('%2F'))
					return new Response(null, {
						status: 307,
						headers: { Location: url.pathname.replaceAll('%2F', '') },
					});
				return assets.fetch(request);
			},
		};
		const answer = await worker.fetch(new Request('https://example.com/%2F/index.html?q=1'), {
			ASSETS: redirecting,
		});
		expect(answer.status).toBe(404);
		expect(answer.headers.get('location')).toBeNull();
		expect(await answer.text()).toContain('<main>en/404');
	});
});
