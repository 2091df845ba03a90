/**
 * The cases every real server runs, static and in front of an app. Expectations come from the
 * catalogue and from the pages in dist/, never from the generated configs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_METHODS, statusByCode, statusCatalog, type StatusEntry } from '../../src/catalog/statuses';
import { appErrorPages } from '../../src/catalog/appErrors';
import type { HostOptions } from '../../src/hosts/common';
import { hostConfigFiles } from '../../src/hosts/index';
import {
	freePort,
	makeWorkDir,
	removeWorkDir,
	request,
	skipMissingHosts,
	startUpstream,
	testUpstreamTimeoutSeconds,
	upstreamBodies,
	upstreamChallenge,
	upstreamMarker,
	type Answer,
	type RunningServer,
} from './harness';
import { findHostExecutable, type HostUnderTest } from './servers';

const entities: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&#39;': "'",
};

/** The document's `<title>`, entities decoded. */
function titleOf(html: string): string | undefined {
	const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
	return raw?.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);
}

/** The answer is this page: its exact file, and the title the catalogue gives it. */
function expectPage(answer: Answer, pagesRoot: string, file: string, title: string) {
	expect(titleOf(answer.body)).toBe(title);
	expect(answer.body).toBe(readFileSync(join(pagesRoot, file), 'utf8'));
}

/** The catalogue's headers for this status are on the answer. */
function expectStatusHeaders(answer: Answer, entry: StatusEntry) {
	for (const [name, value] of Object.entries(entry.headers)) {
		expect(answer.headers.get(name), `${name} on ${entry.code}`).toBe(value);
	}
}

const notFound = statusByCode(404);
const methodNotAllowed = statusByCode(405);

function options(pagesRoot: string, port: number, upstreamPort: number): HostOptions {
	return {
		pagesRoot,
		listen: { host: '127.0.0.1', port },
		upstream: `127.0.0.1:${upstreamPort}`,
		upstreamTimeoutSeconds: testUpstreamTimeoutSeconds,
	};
}

/** The files as npm run build writes them (default settings) pass the server's own config check. */
function describeShipped(host: HostUnderTest, executable: string) {
	describe(`${host.name}, files under hosts/`, () => {
		let dir: string | undefined;
		beforeAll(async () => {
			dir = (await makeWorkDir(`${host.name}-check`)).dir;
		});
		afterAll(async () => {
			if (dir) await removeWorkDir(dir);
		});

		const files = hostConfigFiles();
		it.each(host.shippedFiles)('hosts/%s passes the config check', async (path) => {
			const file = files.find((candidate) => candidate.path === path);
			expect(file, `hostConfigFiles() writes ${path}`).toBeDefined();
			await host.check(join(dir!, path.replace(/\W/g, '-')), file!.content, executable);
		});
	});
}

function describeStatic(host: HostUnderTest, executable: string) {
	describe(`${host.name}, static site`, () => {
		let server: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const pagesRoot = () => work!.pagesRoot;
		const get = (path: string, method?: string) => request(server!.port, path, method);

		beforeAll(async () => {
			work = await makeWorkDir(`${host.name}-static`);
			const port = await freePort();
			server = await host.start({
				dir: join(work.dir, 'server'),
				siteConfig: host.staticConfig(options(work.pagesRoot, port, await freePort())),
				port,
				label: `${host.name} static`,
				executable,
			});
		});
		afterAll(async () => {
			await server?.stop();
			if (work) await removeWorkDir(work.dir);
		});

		const answerable = statusCatalog.filter((entry) => !host.unsupportedStatuses.has(entry.code));
		it.each(answerable)('GET /$code answers $code with its page and headers', async (entry) => {
			const answer = await get(`/${entry.code}`);
			expect(answer.status).toBe(entry.code);
			expectPage(answer, pagesRoot(), `${entry.code}.html`, entry.title);
			expectStatusHeaders(answer, entry);
		});

		const unanswerable = statusCatalog.filter((entry) => host.unsupportedStatuses.has(entry.code));
		it.each(unanswerable)(
			`GET /$code: ${host.name} cannot answer $code, so the path is unknown there (404, not-found page)`,
			async (entry) => {
				const answer = await get(`/${entry.code}`);
				expect(answer.status).toBe(404);
				expectPage(answer, pagesRoot(), '404.html', notFound.title);
			},
		);

		it.each(appErrorPages.map((page) => ({ ...page, path: `/${page.slug}` })))(
			'GET $path answers $status with its own page',
			async (page) => {
				const answer = await get(page.slug === 'global-error' ? `${page.path}?digest=abc123` : page.path);
				expect(answer.status).toBe(page.status);
				expectPage(answer, pagesRoot(), `${page.slug}.html`, page.title);
			},
		);

		it.each(['/no-such-page', '/deeply/nested/no-such-page?with=query', '/503/not-a-page'])(
			'GET %s (unknown) answers 404 with the not-found page',
			async (path) => {
				const answer = await get(path);
				expect(answer.status).toBe(404);
				expectPage(answer, pagesRoot(), '404.html', notFound.title);
			},
		);

		it('GET / answers 200 with the gallery', async () => {
			const answer = await get('/');
			expect(answer.status).toBe(200);
			expect(answer.body).toBe(readFileSync(join(pagesRoot(), 'index.html'), 'utf8'));
		});

		it.each([
			['POST', '/'],
			['POST', '/global-error'],
			['DELETE', '/503'],
		])('%s %s answers 405 with its page and Allow', async (method, path) => {
			const answer = await get(path, method);
			expect(answer.status).toBe(405);
			expect(answer.headers.get('allow')).toBe(ALLOWED_METHODS);
			expectPage(answer, pagesRoot(), '405.html', methodNotAllowed.title);
		});
	});
}

function describeProxy(host: HostUnderTest, executable: string) {
	describe(`${host.name} in front of an app`, () => {
		let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
		let server: RunningServer | undefined;
		let serverWithoutApp: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const pagesRoot = () => work!.pagesRoot;

		beforeAll(async () => {
			upstream = await startUpstream();
			work = await makeWorkDir(`${host.name}-proxy`);
			const port = await freePort();
			server = await host.start({
				dir: join(work.dir, 'server'),
				siteConfig: host.proxyConfig(options(work.pagesRoot, port, upstream.port)),
				port,
				label: `${host.name} proxy`,
				executable,
			});
			// The same config in front of a port nothing listens on: an app that is down.
			const portWithoutApp = await freePort();
			serverWithoutApp = await host.start({
				dir: join(work.dir, 'server-without-app'),
				siteConfig: host.proxyConfig(options(work.pagesRoot, portWithoutApp, await freePort())),
				port: portWithoutApp,
				label: `${host.name} proxy without app`,
				executable,
			});
		});
		afterAll(async () => {
			await server?.stop();
			await serverWithoutApp?.stop();
			await upstream?.stop();
			if (work) await removeWorkDir(work.dir);
		});

		const fromApp = (answer: Answer) => answer.headers.get(upstreamMarker.name) === upstreamMarker.value;

		it.each(['GET', 'POST'])("passes the app's 200 to %s through untouched", async (method) => {
			const answer = await request(server!.port, '/ok?x=1', method);
			expect(answer.status).toBe(200);
			expect(answer.body).toBe(upstreamBodies.ok);
			expect(fromApp(answer)).toBe(true);
		});

		it("passes the app's own 404 through untouched (4xx are the app's to answer)", async () => {
			const answer = await request(server!.port, '/missing');
			expect(answer.status).toBe(404);
			expect(answer.body).toBe(upstreamBodies.notFound);
			expect(fromApp(answer)).toBe(true);
		});

		it("passes the app's 401 through with the app's body and challenge", async () => {
			const answer = await request(server!.port, '/fail401');
			expect(answer.status).toBe(401);
			expect(answer.body).toBe(upstreamBodies.failed(401));
			expect(answer.headers.get('www-authenticate')).toBe(upstreamChallenge);
			expect(fromApp(answer)).toBe(true);
		});

		it.each([500, 502, 503].map((code) => statusByCode(code)))(
			"replaces the app's $code with its page, keeping the status",
			async (entry) => {
				const answer = await request(server!.port, `/fail${entry.code}`);
				expect(answer.status).toBe(entry.code);
				expectPage(answer, pagesRoot(), `${entry.code}.html`, entry.title);
				expectStatusHeaders(answer, entry);
				expect(fromApp(answer)).toBe(false);
			},
		);

		const { unreachable, timeout } = host.proxyFailureStatuses;
		it(`an app that cannot be reached gets the ${unreachable} page with ${unreachable}`, async () => {
			const answer = await request(serverWithoutApp!.port, '/ok');
			expect(answer.status).toBe(unreachable);
			expectPage(answer, pagesRoot(), `${unreachable}.html`, statusByCode(unreachable).title);
		});

		it(`an app slower than the timeout gets the ${timeout} page with ${timeout}`, async () => {
			const started = Date.now();
			const answer = await request(server!.port, '/slow');
			const waitedSeconds = (Date.now() - started) / 1000;
			expect(answer.status).toBe(timeout);
			expectPage(answer, pagesRoot(), `${timeout}.html`, statusByCode(timeout).title);
			// The server gave up at its timeout, not when the app finally answered.
			expect(waitedSeconds).toBeGreaterThanOrEqual(testUpstreamTimeoutSeconds - 0.5);
			expect(waitedSeconds).toBeLessThan(testUpstreamTimeoutSeconds + 2.5);
		});
	});
}

/** Both suites for a host; a missing server fails, or is skipped loudly when asked to. */
export function describeHost(host: HostUnderTest) {
	const executable = findHostExecutable(host);
	if (!executable) {
		const missing = `${host.executables.join(' or ')} is not on PATH (Debian: apt-get install ${host.aptPackage})`;
		if (skipMissingHosts) {
			console.warn(
				`\n*** SKIPPING every ${host.name} host test: ${missing}. FALLBACK_SKIP_MISSING_HOSTS=1 is set, so ${host.source} is NOT tested on a real ${host.name}. ***\n`,
			);
			describe.skip(`${host.name} (not installed)`, () => {
				it('static site and proxy', () => {});
			});
			return;
		}
		describe(host.name, () => {
			it('is installed', () => {
				throw new Error(`${missing}. Set FALLBACK_SKIP_MISSING_HOSTS=1 to skip this host instead.`);
			});
		});
		return;
	}
	describeShipped(host, executable);
	describeStatic(host, executable);
	describeProxy(host, executable);
}
