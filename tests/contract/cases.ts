/**
 * The contract suite: one set of cases, run against every server in every mode it supports.
 * Expectations come from the catalogue and the route contract (whose page headers are measured on
 * the built pages, as the build does), never from the generated configs; a server's known
 * differences are declared in its host profile (src/verify/hosts.ts) or in servers.ts, with the
 * reason, and checked as declared. The static site's cases are the verifier's own
 * (src/verify/cases.ts): `npm run verify` runs them against a live deploy, this suite against
 * every server it starts, and then runs the verifier itself against that server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	PROBLEM_JSON,
	headersInFrontOfApp,
	errorRoutes,
	notFoundPage,
	replacedAppPages,
	requiredStatusPage,
	MAINTENANCE_STATUS,
	withMaintenance,
	type PageRoute,
	type RouteContract,
} from '../../packages/fallback-pages/src/contract/contract';
import { maintenanceOf } from '../../packages/fallback-pages/src/config/maintenance';
import { catalogContract } from '../../packages/fallback-pages/src/contract/fromCatalog';
import { DEFAULT_LOCALE, locales, type Locale } from '../../packages/fallback-pages/src/i18n';
import { pageHeaders } from '../../packages/fallback-pages/src/contract/pageHeaders';
import { problemDetailsErrors } from '../../packages/fallback-pages/src/verify/problemSchema';
import { hostConfigFiles } from '../../packages/fallback-pages/src/hosts/index';
import { defaultHostOptions, type HostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { CaseRun, failureLine, runCase } from '../../packages/fallback-pages/src/verify/checks';
import {
	caseGroups,
	conditionalAndRange,
	jsonClientFormat,
	largeBody,
	largeHeader,
	malformedRequest,
	preferredLocales,
	siteChecks,
	staticCases,
	type ContractCase,
	type Site,
} from '../../packages/fallback-pages/src/verify/cases';
import type { CaseId } from '../../packages/fallback-pages/src/verify/hosts';
import { runVerify } from '../../packages/fallback-pages/src/verify/main';
import { readContractFile } from '../../packages/fallback-pages/src/contract/contractFile';
import { contractFileOf } from '../../packages/fallback-pages/src/verify/site';
import {
	contractFile,
	distDir,
	freePort,
	loopback,
	makeWorkDir,
	rawRequest,
	removeWorkDir,
	request,
	skipMissingHosts,
	startUpstream,
	testUpstreamTimeoutSeconds,
	testConnectTimeoutSeconds,
	startBlackholedOrigin,
	upgradeRequest,
	upstreamBodies,
	upstreamChallenge,
	upstreamMarker,
	writeConfig,
	type Answer,
	type RequestOptions,
	type RunningServer,
} from './harness';
import { findServerExecutable, type Mode, type ServerUnderTest } from './servers';
import { fuzz, fuzzRequests, FUZZ_REQUESTS, FUZZ_SEED } from './fuzz';
import { otherBuild, otherBuildChanges } from './otherBuild';

/** The contract of the built site: the catalogue's routes and the locales it shipped. */
function builtContract(): RouteContract {
	const pages = readdirSync(distDir)
		.filter((name) => name.endsWith('.html'))
		.map((name) => readFileSync(join(distDir, name), 'utf8'));
	if (pages.length === 0) throw new Error(`${distDir} has no pages: run \`npm run build:production\` first.`);
	if (pages.some((html) => html.includes('<aside class="preview"'))) {
		throw new Error(
			'dist/ is a preview build: the contract suite checks production (`npm run build:production`).',
		);
	}
	// The other locales the build shipped: the folders of dist/ named after a catalogue.
	const otherLocales = locales.filter(
		(locale) => locale !== DEFAULT_LOCALE && existsSync(join(distDir, locale, '404.html')),
	);
	// Every way of negotiating picks differently between these: the build must ship them all.
	const missing = preferredLocales.filter((locale) => !otherLocales.includes(locale as Locale));
	if (missing.length > 0) {
		throw new Error(
			`${distDir} ships no ${missing.join(', ')}: the contract suite negotiates between them (the project's astro.config.mjs ships them; run \`npm run build:production\`).`,
		);
	}
	return catalogContract(pageHeaders({ preview: false }), otherLocales);
}

const contract = builtContract();
const notFound = notFoundPage(contract);
const methodNotAllowed = requiredStatusPage(contract, contract.methodNotAllowedStatus);

/** The site a server serves: this contract (or another, under maintenance) and its copy of dist/. */
const siteOf = (siteContract: RouteContract, pagesRoot: () => string): Site => ({
	contract: siteContract,
	fileText: (file) => readFileSync(join(pagesRoot(), file), 'utf8'),
});

/** A contract with its per-locale lists sorted, to compare two that list locales in another order. */
function inLocaleOrder(routes: RouteContract): unknown {
	const byPath = (a: PageRoute, b: PageRoute) => a.path.localeCompare(b.path);
	return JSON.parse(
		JSON.stringify({
			...routes,
			otherLocales: [...routes.otherLocales].sort(),
			hiddenFolders: [...routes.hiddenFolders].sort(),
			extraPages: [...routes.extraPages].sort(byPath),
		}),
	);
}

/** Checks made on answers already in hand, asserted: every failure is listed in the message. */
function expectChecks(check: (run: CaseRun) => void) {
	const run = new CaseRun(loopback(0));
	check(run);
	expect(run.failures.map(failureLine)).toEqual([]);
}

/**
 * The servers of the fast tier (`npm test`): real servers that start in a second. Their tests
 * tagged `fast` run there; everything else runs in the full tier (`npm run test:all`).
 */
const fastTierServers = new Set(['nginx', 'caddy', 'apache', 'haproxy']);

/**
 * A test's tags (vitest.contract.config.ts): `fast` where it belongs in the fast tier and the
 * server is one of its servers; `locales` where what it checks depends on how many locales the
 * build ships (`npm run test:contract:locales` runs those with all twenty).
 */
function tagged(server: ServerUnderTest, { fast = false, locales = false }): { tags: string[] } {
	return {
		tags: [...(fast && fastTierServers.has(server.id) ? ['fast'] : []), ...(locales ? ['locales'] : [])],
	};
}

/** `12 cases`, `1 case`: a grouped test's name says how many it runs. */
const countOf = (cases: readonly ContractCase[]) => `${cases.length} case${cases.length === 1 ? '' : 's'}`;

/**
 * Runs cases one after another against a server on loopback and asserts that none failed: one
 * assertion for them all, whose message names every failing case and what it got.
 */
async function expectCasesPass(cases: readonly ContractCase[], port: number) {
	const failures: string[] = [];
	for (const contractCase of cases) {
		const name = contractCase.declared
			? `${contractCase.name} (declared: ${contractCase.declared})`
			: contractCase.name;
		const outcome = await runCase(contractCase.run, loopback(port));
		if (outcome.error) failures.push(`${name}: a network error: ${outcome.error}`);
		failures.push(...outcome.failures.map((failure) => `${name}: ${failureLine(failure)}`));
	}
	expect(failures, `failed checks in ${countOf(cases)}`).toEqual([]);
}

/**
 * A case as the contract says, or as the server declares it differs, naming the reason; `check`
 * gets a CaseRun to record failures in.
 */
function itCase(
	server: ServerUnderTest,
	id: CaseId,
	name: string,
	ask: () => Promise<Answer>,
	check: (run: CaseRun, answer: Answer) => void,
) {
	const difference = server.differences[id];
	if (difference) {
		it(`${name} — declared: ${difference.reason}`, async () => {
			const answer = await ask();
			expectChecks((run) => difference.check(run, answer));
		});
	} else {
		it(name, async () => {
			const answer = await ask();
			expectChecks((run) => check(run, answer));
		});
	}
}

const options = (pagesRoot: string, port: number, upstreamPort: number): HostOptions => ({
	pagesRoot,
	listen: { host: '127.0.0.1', port },
	upstream: `127.0.0.1:${upstreamPort}`,
	upstreamTimeoutSeconds: testUpstreamTimeoutSeconds,
	upstreamConnectTimeoutSeconds: testConnectTimeoutSeconds,
});

/**
 * A static site on `server` for the enclosing describe: a copy of `pages` (default dist/; a folder
 * made when the describe starts, such as build B) under the config written from this suite's
 * contract, started before its tests and stopped after them.
 */
function servedStatically(
	server: ServerUnderTest,
	executable: string,
	what: string,
	pages?: () => Promise<string>,
	siteContract: RouteContract = contract,
) {
	const served: { running?: RunningServer; work?: { dir: string; pagesRoot: string } } = {};
	beforeAll(async () => {
		const work = await makeWorkDir(`${server.name}-${what.replace(/\W+/g, '-')}`, await pages?.());
		served.work = work;
		await server.installFiles?.(siteContract, work.pagesRoot);
		const port = await freePort();
		served.running = await server.start({
			dir: join(work.dir, 'server'),
			pagesRoot: work.pagesRoot,
			siteConfig: server.configs.static!(siteContract, options(work.pagesRoot, port, await freePort())),
			port,
			label: `${server.name} ${what}`,
			executable,
		});
	});
	afterAll(async () => {
		await served.running?.stop();
		if (served.work) await removeWorkDir(served.work.dir);
	});
	return served;
}

/**
 * The servers whose static configs keep the fuzz test's invariants (tests/contract/fuzz.ts), every
 * real server. workerd is sent all but what wrangler dev refuses itself (`fuzzExclusion` in
 * servers.ts). netlify-cli is no such server: it emulates Netlify locally and differs from its edge
 * where the fuzz test looks (with the same seed, 20 violations in 1,845 requests, all its own:
 * its file server's JSON 403 for a path with NUL, 400 for a long one, 200 for `/fr/%2F/…`), and
 * it ends its process on `GET /%ff` (netlify/cli#6448; `npm start` starts it again).
 */
const fuzzed = new Set(['nginx', 'caddy', 'apache', 'haproxy', 'cloudflare']);

/**
 * The static site: dist/ served by the server alone, checked by the verifier's cases, one test per
 * case group (every failing case named); then the fuzz test, and the verifier itself against it.
 */
function describeStatic(server: ServerUnderTest, executable: string) {
	describe(`${server.name}, static site`, () => {
		const served = servedStatically(server, executable, 'static');
		const site = siteOf(contract, () => served.work!.pagesRoot);

		const cases = staticCases(site, server);
		for (const group of caseGroups) {
			const inGroup = cases.filter((contractCase) => contractCase.group === group);
			if (inGroup.length === 0) continue;
			it(`${group}: ${countOf(inGroup)}`, tagged(server, { fast: true, locales: true }), () =>
				expectCasesPass(inGroup, served.running!.port),
			);
		}

		if (fuzzed.has(server.id))
			it(`keeps its invariants under ${FUZZ_REQUESTS} random requests (seed ${FUZZ_SEED})`, async () => {
				const all = fuzzRequests();
				const sent = all.filter((one) => !server.fuzzExclusion?.excludes(one));
				const run = await fuzz(site, server, served.work!.pagesRoot, served.running!.port, sent);
				const excluded = all.length - sent.length;
				console.log(
					`fuzz: ${server.name}, static: ${run.requests} requests in ${run.seconds.toFixed(1)} s, statuses ${JSON.stringify(run.statuses)}, ${run.violations.length} violation(s)${excluded ? `; ${excluded} not sent: ${server.fuzzExclusion!.reason}` : ''}`,
				);
				expect(run.violations.slice(0, 20)).toEqual([]);
				// Still up.
				expect((await request(served.running!.port, '/')).status).toBe(200);
			}, 120_000);

		const log = server.requestIds?.log;
		if (log) {
			it(
				`the request ID of an error answer is in the access log (${log})`,
				tagged(server, { fast: true }),
				async () => {
					const answer = await request(served.running!.port, '/no/such/page?find=me');
					const id = answer.headers.get(contract.requestIdHeader);
					await expect.poll(() => readFileSync(log, 'utf8')).toContain(`request_id=${id}`);
				},
			);
		}

		it(`npm run verify passes against it (--host ${server.id})`, async () => {
			// The contract the build wrote for the verifier is the one this suite checks (the build
			// lists the locales in the config's order, this suite in the catalogue's).
			expect(inLocaleOrder(readContractFile(contractFile))).toEqual(inLocaleOrder(contract));
			const lines: string[] = [];
			const run = await runVerify({
				url: `http://127.0.0.1:${served.running!.port}/`,
				host: server.id,
				dist: distDir,
				contract: contractFile,
				reportDir: join(served.work!.dir, 'verify-report'),
				log: (line) => lines.push(line),
				color: false,
			});
			expect(run.result.unreachable).toBeUndefined();
			expect(
				run.result.results.filter((result) => result.verdict !== 'passed').map((result) => result.name),
			).toEqual([]);
			expect(run.passed).toBe(true);
			expect(run.result.results).toHaveLength(cases.length);
			expect(
				existsSync(run.reports.html) && existsSync(run.reports.json) && existsSync(run.reports.junit),
			).toBe(true);
		}, 120_000);
	});
}

/**
 * The option `requestId` (carried in the contract): with `'header'` the server still sends its own
 * ID, unique per answer, but the pages and problem documents go out as built; with `false` no
 * answer carries an ID. The verifier's request ID cases, and a page and a problem document byte for
 * byte, on the static config written from each.
 */
function describeRequestIdOption(server: ServerUnderTest, executable: string) {
	for (const requestId of ['header', false] as const) {
		describe(`${server.name}, static site, requestId: ${JSON.stringify(requestId)}`, () => {
			const variant: RouteContract = { ...contract, requestId };
			const served = servedStatically(server, executable, `request ID ${requestId}`, undefined, variant);
			const site = siteOf(variant, () => served.work!.pagesRoot);
			const cases = staticCases(site, server).filter((contractCase) => contractCase.group === 'request IDs');
			it(`request IDs: ${countOf(cases)}`, () => expectCasesPass(cases, served.running!.port));
			const fileOf = (file: string) => readFileSync(join(served.work!.pagesRoot, file), 'utf8');
			it(`the page and the problem document go out as built, ${requestId === false ? 'with no ID' : 'the ID in the header only'}`, async () => {
				const notFound = requiredStatusPage(contract, 404);
				const page = await request(served.running!.port, '/no/such/page');
				const problem = await request(served.running!.port, `${contract.apiPrefixes[0]}missing`, {
					headers: { Accept: 'application/json' },
				});
				for (const answer of [page, problem]) {
					const id = answer.headers.get(contract.requestIdHeader);
					if (requestId === false) expect(id).toBeNull();
					else expect(id).toMatch(/^[A-Za-z0-9@_-]{16,}$/);
				}
				expect(page.body).toBe(fileOf(notFound.file));
				expect(problem.body).toBe(fileOf(notFound.problemFile));
			});
		});
	}
}

/**
 * New pages under an unchanged config: build B (another accent and help text, tests/contract/
 * otherBuild.ts) copied where the server reads its pages, the server's config written from the
 * project's build A. Every case of the static site must pass for B's pages: the config carries
 * nothing of the build it was written with.
 */
function describeStaleConfig(server: ServerUnderTest, executable: string) {
	describe(`${server.name}, build A's config serving build B's pages`, () => {
		let otherDist = '';
		const served = servedStatically(server, executable, 'static, build B', async () => {
			otherDist = await otherBuild();
			return otherDist;
		});

		it("B's pages are not A's: another style, another text, another page policy", () => {
			const a = readFileSync(join(distDir, '404.html'), 'utf8');
			const b = readFileSync(join(otherDist, '404.html'), 'utf8');
			const policy = (html: string) =>
				html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1];
			expect(b).not.toBe(a);
			expect(b).toContain(otherBuildChanges.help[404]);
			expect(policy(b)).toBeDefined();
			expect(policy(b)).not.toBe(policy(a));
		});

		it('every case of the static site passes for B', async () => {
			const otherContract = readContractFile(contractFileOf(otherDist));
			const cases = staticCases(
				siteOf(otherContract, () => served.work!.pagesRoot),
				server,
			);
			expect(cases.length).toBeGreaterThan(100);
			await expectCasesPass(cases, served.running!.port);
		}, 120_000);
	});
}

/** The server in front of the test app. */
function describeProxy(server: ServerUnderTest, executable: string) {
	describe(`${server.name} in front of an app`, tagged(server, { fast: true }), () => {
		let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
		let running: RunningServer | undefined;
		let runningWithoutApp: RunningServer | undefined;
		let blackholed: Awaited<ReturnType<typeof startBlackholedOrigin>> | undefined;
		let runningBeforeBlackhole: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const checks = siteChecks(
			siteOf(contract, () => work!.pagesRoot),
			server,
		);
		const get = (path: string, requestOptions?: RequestOptions) =>
			request(running!.port, path, requestOptions);
		/** A Fallback page, as a server in front of an app sends it: without the app's own headers. */
		const expectProxyPage = (answer: Answer, route: PageRoute) =>
			expectChecks((run) => checks.page(run, answer, route, headersInFrontOfApp(contract, route)));

		beforeAll(async () => {
			upstream = await startUpstream();
			work = await makeWorkDir(`${server.name}-proxy`);
			await server.installFiles?.(contract, work.pagesRoot);
			const port = await freePort();
			const config = server.configs.proxy!;
			running = await server.start({
				dir: join(work.dir, 'server'),
				pagesRoot: work.pagesRoot,
				siteConfig: config(contract, options(work.pagesRoot, port, upstream.port)),
				port,
				label: `${server.name} proxy`,
				executable,
			});
			// The same config in front of a port nothing listens on: an app that is down.
			const portWithoutApp = await freePort();
			runningWithoutApp = await server.start({
				dir: join(work.dir, 'server-without-app'),
				pagesRoot: work.pagesRoot,
				siteConfig: config(contract, options(work.pagesRoot, portWithoutApp, await freePort())),
				port: portWithoutApp,
				label: `${server.name} proxy without app`,
				executable,
			});
			if (server.connectTimeoutStatus) {
				// In front of an app whose host drops connection attempts: a dead VM, a firewall.
				blackholed = await startBlackholedOrigin();
				const portBeforeBlackhole = await freePort();
				runningBeforeBlackhole = await server.start({
					dir: join(work.dir, 'server-before-blackhole'),
					pagesRoot: work.pagesRoot,
					siteConfig: config(contract, options(work.pagesRoot, portBeforeBlackhole, blackholed.port)),
					port: portBeforeBlackhole,
					label: `${server.name} proxy in front of a blackholed app`,
					executable,
				});
			}
		});
		afterAll(async () => {
			await running?.stop();
			await runningWithoutApp?.stop();
			await runningBeforeBlackhole?.stop();
			await blackholed?.stop();
			await upstream?.stop();
			if (work) await removeWorkDir(work.dir);
		});

		const fromApp = (answer: Answer) => answer.headers.get(upstreamMarker.name) === upstreamMarker.value;
		/** The app's answer, untouched: its status, its body, none of Fallback's page headers. */
		const expectFromApp = (answer: Answer, status: number, body: string) => {
			expect(answer.status).toBe(status);
			expect(answer.body).toBe(body);
			expect(fromApp(answer), 'answered by the app').toBe(true);
			expect(answer.headers.get('content-security-policy'), "Fallback's CSP on the app's answer").toBeNull();
		};

		describe('the app answers, untouched', () => {
			it.each(['GET', 'POST'])('its 200 to %s', async (method) => {
				expectFromApp(await get('/ok?x=1', { method }), 200, upstreamBodies.ok);
			});
			it('its own 404 page (4xx are the app’s to answer)', async () => {
				expectFromApp(await get('/missing'), 404, upstreamBodies.notFound);
			});
			it('its 401 with its own challenge', async () => {
				const answer = await get('/fail401');
				expectFromApp(answer, 401, upstreamBodies.failed(401));
				expect(answer.headers.get('www-authenticate')).toBe(upstreamChallenge);
			});
			it('its 422 with a JSON body an API client reads', async () => {
				const answer = await get('/json422');
				expectFromApp(answer, 422, upstreamBodies.json);
				expect(answer.headers.get('content-type')).toBe('application/json');
			});
			it('a 3 MB upload (the app decides how large a body it takes)', async () => {
				expectFromApp(
					await get('/upload', { method: 'POST', body: largeBody }),
					200,
					upstreamBodies.received(largeBody.length),
				);
			});
			it('a WebSocket handshake reaches the app and is switched', async () => {
				const answer = await upgradeRequest(running!.port, '/socket');
				expect(answer.status).toBe(101);
				expect(answer.headers.get('upgrade')?.toLowerCase()).toBe('websocket');
				expect(answer.headers.get(upstreamMarker.name)).toBe(upstreamMarker.value);
			});
		});

		describe("the app's failures are replaced by their page, status kept", () => {
			for (const route of replacedAppPages(contract).filter(
				(page) => !server.unsupportedStatuses.has(page.status),
			)) {
				it(`its ${route.status}`, async () => {
					const answer = await get(`/fail${route.status}`);
					expectProxyPage(answer, route);
					expect(fromApp(answer)).toBe(false);
				});
			}
			it('its 503, for a browser that asks for French: the French page', async () => {
				const route = checks.inLocale(requiredStatusPage(contract, 503), 'fr');
				const answer = await get('/fail503', { headers: { 'Accept-Language': 'fr' } });
				expectChecks((run) => checks.page(run, answer, route, headersInFrontOfApp(contract, route), true));
			});
			it('its 503, asked for with If-None-Match, If-Modified-Since and Range: the whole page', async () => {
				expectProxyPage(
					await get('/fail503', { headers: conditionalAndRange }),
					requiredStatusPage(contract, 503),
				);
			});

			const { unreachable, timeout } = server.proxyFailureStatuses;
			it(`an app that cannot be reached: the ${unreachable} page`, async () => {
				expectProxyPage(
					await request(runningWithoutApp!.port, '/ok'),
					requiredStatusPage(contract, unreachable),
				);
			});
			it(`an app that cannot be reached, for an API client: the ${unreachable} problem document`, async () => {
				const route = requiredStatusPage(contract, unreachable);
				const answer = await request(runningWithoutApp!.port, '/ok', {
					headers: { Accept: 'application/json' },
				});
				expect(answer.status).toBe(route.status);
				if (jsonClientFormat(server) === 'problem') {
					expect(answer.body).toBe(checks.sentText(answer, route.problemFile));
					expect(answer.headers.get('content-type')).toBe(PROBLEM_JSON);
					expect(problemDetailsErrors(JSON.parse(answer.body))).toEqual([]);
				} else {
					expect(answer.body).toBe(checks.sentText(answer, route.file));
				}
			});
			const blackholedStatus = server.connectTimeoutStatus;
			it.runIf(blackholedStatus)(
				`an app whose host drops connection attempts: the ${blackholedStatus} page within the connect timeout, to every visitor at once`,
				async () => {
					const started = Date.now();
					const answers = await Promise.all(
						Array.from({ length: 8 }, async () => {
							const answer = await request(runningBeforeBlackhole!.port, '/ok');
							return { answer, seconds: (Date.now() - started) / 1000 };
						}),
					);
					for (const { answer, seconds } of answers) {
						expectProxyPage(answer, requiredStatusPage(contract, blackholedStatus!));
						// It gave up when its connect timeout ended, for each visitor: not sooner, and not one after
						// another (the second visitor would then have waited two timeouts).
						expect(seconds).toBeGreaterThanOrEqual(testConnectTimeoutSeconds - 0.2);
						expect(seconds).toBeLessThan(2 * testConnectTimeoutSeconds);
					}
				},
			);
			it(`an app slower than the timeout: the ${timeout} page`, async () => {
				const started = Date.now();
				const answer = await get('/slow');
				const waitedSeconds = (Date.now() - started) / 1000;
				expectProxyPage(answer, requiredStatusPage(contract, timeout));
				// The server gave up at its timeout, not when the app finally answered.
				expect(waitedSeconds).toBeGreaterThanOrEqual(testUpstreamTimeoutSeconds - 0.5);
				expect(waitedSeconds).toBeLessThan(testUpstreamTimeoutSeconds + 2.5);
			});
		});

		describe("the app's JSON errors reach API clients as it sent them", () => {
			const jsonFailure = requiredStatusPage(contract, 500);
			it.each(contract.apiPrefixes)('its JSON 500 under %s: untouched', async (prefix) => {
				const answer = await get(`${prefix}fail500json`, { headers: { Accept: 'application/json' } });
				expectFromApp(answer, 500, upstreamBodies.jsonFailed(500));
				expect(answer.headers.get('content-type')).toBe('application/json');
			});
			itCase(
				server,
				'app JSON error outside the API',
				'its JSON 500 elsewhere: untouched too',
				() => get('/fail500json', { headers: { Accept: 'application/json' } }),
				(_run, answer) => expectFromApp(answer, 500, upstreamBodies.jsonFailed(500)),
			);
			it('its empty 503: replaced by the 503 page, or for an API client the problem document', async () => {
				const route = requiredStatusPage(contract, 503);
				expectProxyPage(await get('/fail503empty'), route);
				const answer = await get('/fail503empty', { headers: { Accept: 'application/json' } });
				expect(answer.status).toBe(503);
				expect(answer.body).toBe(checks.sentText(answer, route.problemFile));
				expect(jsonFailure.status).toBe(500);
			});
			it.each(contract.apiPrefixes)(
				`an app that cannot be reached, under %s: the problem document`,
				async (prefix) => {
					const route = requiredStatusPage(contract, server.proxyFailureStatuses.unreachable);
					const answer = await request(runningWithoutApp!.port, `${prefix}orders`);
					expect(answer.status).toBe(route.status);
					expect(answer.body).toBe(checks.sentText(answer, route.problemFile));
					expect(answer.headers.get('content-type')).toBe(PROBLEM_JSON);
				},
			);
		});

		describe("Fallback's own files are never served with 200", () => {
			it.each(['/__fallback/503.html', '/__fallback/', '/__fallback/index.html', '/__fallback/_redirects'])(
				'GET %s: the app answers it, or it is an unknown path',
				async (path) => {
					const answer = await get(path);
					if (fromApp(answer)) expectFromApp(answer, 404, upstreamBodies.notFound);
					else expectProxyPage(answer, notFound);
				},
			);
		});

		describe("the server's own errors", () => {
			it(`TRACE reaches the app, or is refused with the ${methodNotAllowed.status} page and no Allow of a static site`, async () => {
				const answer = await get('/ok', { method: 'TRACE' });
				if (fromApp(answer)) expect(answer.status).toBe(200);
				else expectProxyPage(answer, methodNotAllowed);
			});
			it('a 12 KB header reaches the app, or is refused with the page of the refusal', async () => {
				const answer = await get('/ok', { headers: largeHeader });
				if (fromApp(answer)) expectFromApp(answer, 200, upstreamBodies.ok);
				else expectProxyPage(answer, requiredStatusPage(contract, answer.status));
			});
			itCase(
				server,
				'malformed request',
				'a malformed request line answers 400 with the 400 page',
				() => rawRequest(running!.port, malformedRequest(loopback(running!.port).base)),
				(run, answer) => {
					run.status(answer, 400);
					run.body(answer, checks.sentText(answer, requiredStatusPage(contract, 400).file));
					checks.noVersion(run, answer);
				},
			);
			it('no version in the Server header', async () => {
				const answer = await get('/fail500');
				expectChecks((run) => checks.noVersion(run, answer));
			});
		});
	});
}

/**
 * The site under maintenance, as `fallback.maintenance` makes it: until a fixed date (Retry-After as
 * an HTTP-date, with the spaces and comma a config must quote), one exact path and one prefix
 * allowed. Proxy mode allows the app's `/ok`.
 */
const maintenanceOptions = (mode: Mode) => ({
	enabled: true,
	until: '2099-01-01T06:00:00Z',
	allow: [mode === 'static' ? '/de/404' : '/ok', '/fr/'],
});

/**
 * Maintenance, on every server in every mode: the paths not allowed answer 503 with the
 * maintenance page (in the language and format asked for) and Retry-After, whatever the method,
 * and nothing reaches the app; the allowed ones answer as they do without maintenance.
 */
function describeMaintenance(server: ServerUnderTest, executable: string, mode: Mode) {
	const maintenance = maintenanceOf(maintenanceOptions(mode))!;
	const maintained = withMaintenance(contract, maintenance);
	const page = requiredStatusPage(maintained, MAINTENANCE_STATUS);
	const inGerman = maintained.extraPages.find((route) => route.path === `/de${page.path}`)!;
	describe(
		`${server.name}, ${mode === 'static' ? 'static site' : 'in front of an app'}, under maintenance`,
		tagged(server, { fast: true }),
		() => {
			let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
			let running: RunningServer | undefined;
			let work: { dir: string; pagesRoot: string } | undefined;
			const pagesRoot = () => work!.pagesRoot;
			const checks = siteChecks(siteOf(maintained, pagesRoot), server);
			const get = (path: string, requestOptions?: RequestOptions) =>
				request(running!.port, path, requestOptions);
			const headersOf = (route: PageRoute) =>
				mode === 'static' ? route.headers : headersInFrontOfApp(maintained, route);
			const expectMaintenancePage = (answer: Answer, route = page) => {
				expectChecks((run) => checks.page(run, answer, route, headersOf(route), route === page));
				expect(answer.headers.get(upstreamMarker.name), 'answered by the app').toBeNull();
			};

			beforeAll(async () => {
				if (mode === 'proxy') upstream = await startUpstream();
				work = await makeWorkDir(`${server.name}-${mode}-maintenance`);
				await server.installFiles?.(maintained, work.pagesRoot);
				const port = await freePort();
				running = await server.start({
					dir: join(work.dir, 'server'),
					pagesRoot: work.pagesRoot,
					siteConfig: server.configs[mode]!(
						maintained,
						options(work.pagesRoot, port, upstream?.port ?? (await freePort())),
					),
					port,
					label: `${server.name} ${mode} under maintenance`,
					executable,
				});
			});
			afterAll(async () => {
				await running?.stop();
				await upstream?.stop();
				if (work) await removeWorkDir(work.dir);
			});

			it('Retry-After is the HTTP-date the maintenance ends', () => {
				expect(page.headers['Retry-After']).toBe('Thu, 01 Jan 2099 06:00:00 GMT');
			});
			const notAllowed = ['/', '/no/such/page', '/404', '/503', '/global-error', '/ok/more', '/OK'];
			it.each(notAllowed)('GET %s answers 503 with the maintenance page', async (path) => {
				expectMaintenancePage(await get(path));
			});
			it('GET /de/404.html (under the German folder) answers 503 with the German maintenance page', async () => {
				expectMaintenancePage(await get('/de/404.html'), inGerman);
			});
			itCase(
				server,
				'allowed prefix without its slash',
				'GET /fr (the allowed prefix is /fr/) answers 503 with the maintenance page',
				() => get('/fr'),
				(_run, answer) => expectMaintenancePage(answer),
			);
			it('GET /api/orders answers 503 with the maintenance page, or the problem document of the API', async () => {
				const answer = await get('/api/orders');
				if (answer.body.startsWith('{')) expectChecks((run) => checks.problem(run, answer, page));
				else expectMaintenancePage(answer);
			});
			it('HEAD answers 503 with Retry-After and no body', async () => {
				const answer = await get('/no/such/page', { method: 'HEAD' });
				expect(answer.status).toBe(MAINTENANCE_STATUS);
				expect(answer.headers.get('retry-after')).toBe(page.headers['Retry-After']);
				expect(answer.body).toBe('');
			});
			itCase(
				server,
				'non-read methods',
				'POST answers 503 with the maintenance page, and the app never sees it',
				() =>
					get(mode === 'static' ? '/no/such/page' : '/ok/more', { method: 'POST', body: Buffer.from('a=1') }),
				(_run, answer) => expectMaintenancePage(answer),
			);
			it('a browser that asks for German gets the German maintenance page', async () => {
				expectMaintenancePage(await get('/no/such/page', { headers: { 'Accept-Language': 'de' } }), inGerman);
			});
			it(`an API client gets the maintenance problem document (${server.formatNegotiation})`, async () => {
				const answer = await get('/no/such/page', { headers: { Accept: 'application/json' } });
				if (jsonClientFormat(server) === 'page') expectMaintenancePage(answer);
				else expectChecks((run) => checks.problem(run, answer, page));
			});

			if (mode === 'static') {
				it('/fr/ is allowed: the French gallery, 200', async () => {
					const answer = await get('/fr/');
					expect(answer.status).toBe(200);
					expect(answer.body).toBe(readFileSync(join(pagesRoot(), 'fr/index.html'), 'utf8'));
				});
				it.each(['/de/404', '/fr/404'])('%s is allowed: that not-found page, 404', async (path) => {
					const route = errorRoutes(maintained).find((candidate) => candidate.path === path)!;
					const answer = await get(path);
					expectChecks((run) => checks.page(run, answer, route));
				});
			} else {
				it.each(['GET', 'POST'])('/ok is allowed: the app answers %s', async (method) => {
					const answer = await get('/ok', { method });
					expect(answer.status).toBe(200);
					expect(answer.body).toBe(upstreamBodies.ok);
					expect(answer.headers.get(upstreamMarker.name)).toBe(upstreamMarker.value);
				});
				it("/fr/… is allowed: the app's own answer there", async () => {
					const answer = await get('/fr/anything');
					expect(answer.headers.get(upstreamMarker.name)).toBe(upstreamMarker.value);
					expect(answer.status).toBe(404);
				});
			}
		},
	);
}

/** The files `npm run build` writes (default settings) pass the server's own config check. */
/**
 * In front of an origin whose own 404 page Fallback is told to replace (the option
 * replaceAppStatuses: [404], carried in the contract): the origin's HTML 404 becomes Fallback's 404
 * page, status kept, while under the API prefix the app's JSON 404 passes as it sent it.
 */
function describeReplacedOriginStatuses(server: ServerUnderTest, executable: string) {
	const replacing: RouteContract = {
		...contract,
		replacedAppStatuses: [...new Set([404, ...contract.replacedAppStatuses])],
	};
	describe(`${server.name} in front of an origin, its 404 replaced (replaceAppStatuses: [404])`, () => {
		let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
		let running: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const checks = siteChecks(
			siteOf(replacing, () => work!.pagesRoot),
			server,
		);
		beforeAll(async () => {
			upstream = await startUpstream();
			work = await makeWorkDir(`${server.name}-proxy-404`);
			await server.installFiles?.(replacing, work.pagesRoot);
			const port = await freePort();
			running = await server.start({
				dir: join(work.dir, 'server'),
				pagesRoot: work.pagesRoot,
				siteConfig: server.configs.proxy!(replacing, options(work.pagesRoot, port, upstream.port)),
				port,
				label: `${server.name} proxy replacing 404`,
				executable,
			});
		});
		afterAll(async () => {
			await running?.stop();
			await upstream?.stop();
			if (work) await removeWorkDir(work.dir);
		});

		it("answers the origin's own HTML 404 page with Fallback's 404 page, status kept", async () => {
			const answer = await request(running!.port, '/fail404');
			const route = requiredStatusPage(replacing, 404);
			expectChecks((run) => checks.page(run, answer, route, headersInFrontOfApp(replacing, route)));
			expect(answer.headers.get(upstreamMarker.name)).toBeNull();
		});

		it("passes the app's JSON 404 under the API prefix as it sent it", async () => {
			const answer = await request(running!.port, `${contract.apiPrefixes[0]}fail404json`);
			expect(answer.status).toBe(404);
			expect(answer.body).toBe(upstreamBodies.jsonFailed(404));
			expect(answer.headers.get(upstreamMarker.name)).toBe(upstreamMarker.value);
			expect(answer.headers.get('content-security-policy')).toBeNull();
		});
	});
}

function describeShipped(server: ServerUnderTest, executable: string) {
	const check = server.check;
	if (!check || server.shippedFiles.length === 0) return;
	describe(`${server.name}, files under hosts/`, tagged(server, { fast: true, locales: true }), () => {
		let dir: string | undefined;
		beforeAll(async () => {
			dir = (await makeWorkDir(`${server.name}-check`)).dir;
		});
		afterAll(async () => {
			if (dir) await removeWorkDir(dir);
		});
		const files = hostConfigFiles(contract, defaultHostOptions);
		it.each(server.shippedFiles)('hosts/%s passes the config check', async (path) => {
			const file = files.find((candidate) => candidate.path === path);
			expect(file, `hostConfigFiles() writes ${path}`).toBeDefined();
			await check(join(dir!, path.replace(/\W/g, '-')), file!.content, executable);
		});
		const team = server.teamBlock;
		if (team) {
			it(`${team.files.map((path) => `hosts/${path}`).join(' and ')}, in a site's own server block, pass the config check`, async () => {
				const work = join(dir!, 'site-mode');
				const paths: Record<string, string> = {};
				for (const path of team.files) {
					const file = files.find((candidate) => candidate.path === path);
					expect(file, `hostConfigFiles() writes ${path}`).toBeDefined();
					paths[path] = await writeConfig(join(work, path.replace(/\W/g, '-')), file!.content);
				}
				await check(work, team.config(join(dir!, 'site'), 80, paths), executable);
			});
		}
	});
}

/**
 * The site's own locale folders beside Fallback's (an Astro site's i18n): `/de-CH/`, a locale the
 * site names by a code Fallback ships as `de`, and `/en/`, where the site prefixes its default
 * locale. An unknown path under one answers that locale's not-found page, whatever the browser asks.
 */
const aliased: RouteContract = {
	...contract,
	localeAliases: { '/de-CH/': 'de', [`/${contract.defaultLocale}/`]: contract.defaultLocale },
};

function describeLocaleAliases(server: ServerUnderTest, executable: string) {
	describe(`${server.name}, static site, beside the site's own locale folders`, () => {
		const served = servedStatically(server, executable, 'locale aliases', undefined, aliased);
		const site = siteOf(aliased, () => served.work!.pagesRoot);
		const folders = Object.keys(aliased.localeAliases!);
		const cases = staticCases(site, server).filter((contractCase) =>
			folders.some((folder) => contractCase.name.startsWith(`GET ${folder}`)),
		);
		it('has a case for each of them, and they pass', tagged(server, { locales: true }), async () => {
			expect(cases.length).toBe(folders.length);
			await expectCasesPass(cases, served.running!.port);
		});
	});
}

/** Every mode a server supports; a missing server fails, or is skipped loudly when asked to. */
export function describeServer(server: ServerUnderTest) {
	const executable = findServerExecutable(server);
	if (!executable) {
		const missing = `${server.name} is not installed (${server.install})`;
		if (skipMissingHosts) {
			console.warn(
				`\n*** SKIPPING every ${server.name} contract test: ${missing}. FALLBACK_SKIP_MISSING_HOSTS=1 is set. ***\n`,
			);
			describe.skip(`${server.name} (not installed)`, () => {
				it('the contract', () => {});
			});
			return;
		}
		describe(server.name, () => {
			it('is installed', tagged(server, { fast: true, locales: true }), () => {
				throw new Error(`${missing}. Set FALLBACK_SKIP_MISSING_HOSTS=1 to skip this server instead.`);
			});
		});
		return;
	}
	describeShipped(server, executable);
	const modes: Record<Mode, (server: ServerUnderTest, executable: string) => void> = {
		static: describeStatic,
		proxy: describeProxy,
	};
	for (const mode of ['static', 'proxy'] as const) {
		if (!server.configs[mode]) continue;
		modes[mode](server, executable);
		describeMaintenance(server, executable, mode);
	}
	if (server.configs.proxy && server.id !== 'netlify-cli') describeReplacedOriginStatuses(server, executable);
	if (server.configs.static) {
		describeStaleConfig(server, executable);
		describeLocaleAliases(server, executable);
		if (server.requestIds) describeRequestIdOption(server, executable);
	}
}

export { contract };
