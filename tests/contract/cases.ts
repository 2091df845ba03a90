/**
 * The contract suite: one set of cases, run against every server in every mode it supports.
 * Expectations come from the catalogue and the route contract (whose page headers are measured on
 * the built pages, as the build does), never from the generated configs; a server's known
 * differences are declared in servers.ts, with the reason, and checked as declared.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	defaultLocaleRoutes,
	PROBLEM_JSON,
	requestIdMarkup,
	errorRoutes,
	headersInFrontOfApp,
	languageHeaders,
	routeLocale,
	notFoundPage,
	replacedAppPages,
	requiredStatusPage,
	MAINTENANCE_STATUS,
	withMaintenance,
	type PageRoute,
	type RouteContract,
} from '../../src/contract/contract';
import { maintenanceOf } from '../../src/config/maintenance';
import { catalogContract } from '../../src/contract/fromCatalog';
import { DEFAULT_LOCALE, locales, type Locale } from '../../src/i18n';
import { pageHeaders } from '../../src/contract/pageHeaders';
import { problemDetailsErrors } from '../../src/verify/problemSchema';
import type { ErrorFormat } from '../../src/hosts/mediaType';
import { hostConfigFiles } from '../../src/hosts/index';
import { defaultHostOptions, type HostOptions } from '../../src/hosts/options';
import { inlineCodeOf } from '../../src/quality/pageAnalysis';
import {
	distDir,
	freePort,
	makeWorkDir,
	rawRequest,
	removeWorkDir,
	request,
	skipMissingHosts,
	startUpstream,
	testUpstreamTimeoutSeconds,
	upgradeRequest,
	upstreamBodies,
	upstreamChallenge,
	upstreamMarker,
	type Answer,
	type RequestOptions,
	type RunningServer,
} from './harness';
import {
	findServerExecutable,
	type CaseId,
	type Mode,
	type Negotiation,
	type ServerUnderTest,
} from './servers';

/** The locales the negotiation cases need besides the default one. */
const negotiationLocales = ['de', 'fr', 'ar'];

/** The contract of the built site: the catalogue's routes, the page headers its pages need. */
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
	const missing = negotiationLocales.filter((locale) => !otherLocales.includes(locale as Locale));
	if (missing.length > 0) {
		throw new Error(
			`${distDir} ships no ${missing.join(', ')}: the contract suite negotiates between them (the project's astro.config.mjs ships them; run \`npm run build:production\`).`,
		);
	}
	return catalogContract(pageHeaders(inlineCodeOf(pages), { preview: false }), otherLocales);
}

const contract = builtContract();
const defaultRoutes = new Set(defaultLocaleRoutes(contract));
const isDefaultRoute = (route: PageRoute) => defaultRoutes.has(route);
const notFound = notFoundPage(contract);

/** A route of the default locale in another locale: `/404` in `de` is `/de/404`. */
function inLocale(route: PageRoute, locale: string): PageRoute {
	if (locale === contract.defaultLocale) return route;
	const found = errorRoutes(contract).find((candidate) => candidate.path === `/${locale}${route.path}`);
	if (!found) throw new Error(`The build ships no ${route.path} in ${locale}`);
	return found;
}

/**
 * The negotiation cases: an Accept-Language header, and the locale each way of negotiating picks
 * (servers.ts, Negotiation), in the locales of negotiationLocales.
 */
const negotiationCases: readonly {
	acceptLanguage: string | undefined;
	label: string;
	picks: Readonly<Record<Negotiation, string>>;
}[] = (() => {
	const all = (locale: string) => ({ 'first-entry': locale, 'first-listed': locale, 'q-values': locale });
	const en = contract.defaultLocale;
	const cases: { acceptLanguage: string | undefined; picks: Record<Negotiation, string> }[] = [
		{
			acceptLanguage: 'de-CH,de;q=0.9,en;q=0.8',
			picks: all('de'),
		},
		{ acceptLanguage: 'xx', picks: all(en) },
		{ acceptLanguage: undefined, picks: all(en) },
		{ acceptLanguage: 'DE', picks: all('de') },
		{ acceptLanguage: `${en}, de`, picks: all(en) },
		{ acceptLanguage: 'ar', picks: all('ar') },
		{
			acceptLanguage: 'en;q=0.1, fr',
			picks: { 'first-entry': en, 'first-listed': en, 'q-values': 'fr' },
		},
		{
			acceptLanguage: 'xx, fr;q=0.5',
			picks: { 'first-entry': en, 'first-listed': 'fr', 'q-values': 'fr' },
		},
	];
	return cases.map((entry) => ({
		...entry,
		label:
			entry.acceptLanguage === undefined ? 'no Accept-Language' : `Accept-Language: ${entry.acceptLanguage}`,
	}));
})();
const methodNotAllowed = requiredStatusPage(contract, contract.methodNotAllowedStatus);

/** The text of a page file in the server's copy of dist/. */
const pageText = (pagesRoot: string, file: string) => readFileSync(join(pagesRoot, file), 'utf8');

/**
 * A page or problem file as a server that writes its request ID into error answers sends it: the
 * line on the page in the page's language, `instance` in the problem document (the ID the answer's
 * header names); any other file, or server, as it is.
 */
function sentText(server: ServerUnderTest, answer: Answer, pagesRoot: string, file: string): string {
	const text = pageText(pagesRoot, file);
	const id = answer.headers.get(contract.requestIdHeader);
	if (!server.requestIds?.inBody || id === null) return text;
	const { pageAnchor, page, problemAnchor, problem } = requestIdMarkup;
	if (file.endsWith('.json')) return text.replace(problemAnchor, problem(id));
	if (!file.endsWith('.html')) return text;
	const folder = file.split('/')[0]!;
	const locale = contract.otherLocales.includes(folder) ? folder : contract.defaultLocale;
	return text.replace(pageAnchor, page(contract.requestIdLines[locale]!, id));
}

/** Every page header on the answer, except where the server declares another cache header. */
function expectPageHeaders(answer: Answer, server: ServerUnderTest) {
	for (const [name, value] of Object.entries(contract.pageHeaders)) {
		const declared = name === 'Cache-Control' ? server.differences['cache header'] : undefined;
		if (declared) declared.expect(answer);
		else expect(answer.headers.get(name), name).toBe(value);
	}
}

function expectHeaders(answer: Answer, headers: Readonly<Record<string, string>>) {
	for (const [name, value] of Object.entries(headers)) expect(answer.headers.get(name), name).toBe(value);
}

/** No header that a page of another status carries (Retry-After on a 404 would be wrong). */
function expectNoOtherStatusHeaders(answer: Answer, own: Readonly<Record<string, string>>) {
	for (const route of contract.statusPages) {
		for (const name of Object.keys(route.headers)) {
			if (!(name in own)) expect(answer.headers.get(name), `${name} on a ${answer.status}`).toBeNull();
		}
	}
}

/**
 * The language headers of a page: its locale's Content-Language and, on a default URL where other
 * locales ship, `Vary: Accept-Language` (among other values a server may vary on).
 */
function expectLanguage(answer: Answer, route: PageRoute, negotiated: boolean) {
	const { 'Content-Language': language, Vary: vary } = languageHeaders(
		contract,
		routeLocale(contract, route),
		negotiated,
	);
	expect(answer.headers.get('content-language'), 'Content-Language').toBe(language);
	if (vary) {
		const varies = (answer.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
		expect(varies, 'Vary').toContain(vary.toLowerCase());
	}
}

/** Exactly this page, whole, with its status and headers (Content-Language included). */
function expectPage(
	answer: Answer,
	server: ServerUnderTest,
	pagesRoot: string,
	route: PageRoute,
	headers = route.headers,
	negotiated = isDefaultRoute(route),
) {
	expect(answer.status).toBe(route.status);
	expect(answer.body).toBe(sentText(server, answer, pagesRoot, route.file));
	expectLanguage(answer, route, negotiated);
	expectHeaders(answer, headers);
	expectNoOtherStatusHeaders(answer, headers);
	expectPageHeaders(answer, server);
}

/**
 * A route's problem document, whole, for an API client: its status, `application/problem+json`
 * (or what the server declares), valid RFC 9457 members, its language and the page headers.
 */
function expectProblem(answer: Answer, server: ServerUnderTest, pagesRoot: string, route: PageRoute) {
	expect(answer.status).toBe(route.status);
	expect(answer.body).toBe(sentText(server, answer, pagesRoot, route.problemFile));
	const declared = server.differences['problem content type'];
	if (declared) declared.expect(answer);
	else expect(answer.headers.get('content-type')).toBe(PROBLEM_JSON);
	const document: unknown = JSON.parse(answer.body);
	expect(problemDetailsErrors(document)).toEqual([]);
	expect(document).toMatchObject({ status: route.status });
	expectLanguage(answer, route, isDefaultRoute(route));
	expectHeaders(answer, route.headers);
	expectPageHeaders(answer, server);
}

/** A route's text twin, whole, for a client that reads plain text. */
function expectText(answer: Answer, server: ServerUnderTest, pagesRoot: string, route: PageRoute) {
	expect(answer.status).toBe(route.status);
	expect(answer.body).toBe(pageText(pagesRoot, route.problemFile.replace(/\.json$/, '.txt')));
	expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
	expectLanguage(answer, route, isDefaultRoute(route));
	expectHeaders(answer, route.headers);
	expectPageHeaders(answer, server);
}

/** What an answer carries in each format, checked whole; and that it varies with `Accept`. */
function expectFormat(
	answer: Answer,
	server: ServerUnderTest,
	pagesRoot: string,
	route: PageRoute,
	format: ErrorFormat,
) {
	if (format === 'page') expectPage(answer, server, pagesRoot, route);
	else if (format === 'problem') expectProblem(answer, server, pagesRoot, route);
	else expectText(answer, server, pagesRoot, route);
	if (server.formatNegotiation !== 'none') {
		const varies = (answer.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
		expect(varies, 'Vary').toContain('accept');
	}
}

/**
 * The format cases: an Accept header, and what each way of choosing answers (servers.ts,
 * formatNegotiation): first match (mediaType.ts), Apache's q-values and source qualities (the
 * page 1.0, the problem document 0.9, the text 0.8), or the page always.
 */
const formatCases: readonly {
	accept: string | undefined;
	picks: Readonly<Record<ServerUnderTest['formatNegotiation'], ErrorFormat>>;
}[] = (() => {
	const all = (format: ErrorFormat) => ({ 'first-match': format, 'q-values': format, none: 'page' as const });
	return [
		{ accept: 'application/json', picks: all('problem') },
		{ accept: 'application/problem+json', picks: all('problem') },
		{ accept: 'text/html', picks: all('page') },
		{ accept: '*/*', picks: all('page') },
		{ accept: undefined, picks: all('page') },
		{ accept: 'text/plain', picks: all('text') },
		// What browsers send, and what a common HTTP client library sends.
		{ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', picks: all('page') },
		{ accept: 'application/json, text/plain, */*', picks: all('problem') },
		{
			accept: 'text/html;q=0.1, application/json',
			picks: { 'first-match': 'page', 'q-values': 'problem', none: 'page' },
		},
	];
})();

/** A server's version is nobody's business: `Server` names the product at most. */
function expectNoVersion(answer: Answer) {
	expect(answer.headers.get('server') ?? '', 'Server header').not.toMatch(/\d/);
}

/** Runs a case as the contract says, or as the server declares it differs, naming the reason. */
function itCase(
	server: ServerUnderTest,
	id: CaseId,
	name: string,
	run: () => Promise<Answer>,
	check: (answer: Answer) => void,
) {
	const difference = server.differences[id];
	if (difference) it(`${name} — declared: ${difference.reason}`, async () => difference.expect(await run()));
	else it(name, async () => check(await run()));
}

/** A request line no HTTP client sends gets the 400 page from the server itself. */
function itMalformedRequest(server: ServerUnderTest, port: () => number, pagesRoot: () => string) {
	itCase(
		server,
		'malformed request',
		'a malformed request line answers 400 with the 400 page',
		() => rawRequest(port(), malformedRequest),
		(answer) => {
			expect(answer.status).toBe(400);
			expect(answer.body).toBe(sentText(server, answer, pagesRoot(), requiredStatusPage(contract, 400).file));
			expectNoVersion(answer);
		},
	);
}

const options = (pagesRoot: string, port: number, upstreamPort: number): HostOptions => ({
	pagesRoot,
	listen: { host: '127.0.0.1', port },
	upstream: `127.0.0.1:${upstreamPort}`,
	upstreamTimeoutSeconds: testUpstreamTimeoutSeconds,
});

/** A request line no HTTP client sends: a space inside the target. */
const malformedRequest = 'GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';

/** One header of 12 KB: more than nginx's 8 KB buffers, less than Node's and Go's limits. */
const largeHeader = { 'X-Large': 'a'.repeat(12 * 1024) };

/** A 3 MB upload: more than nginx's default body limit of 1 MB. */
const largeBody = Buffer.alloc(3 * 1024 * 1024, 'a');

/**
 * Headers that ask for part of a page or for nothing if unchanged: an error page must come whole.
 * The validators match whatever the server could have sent (`*` matches any ETag).
 */
const conditionalAndRange = {
	'If-None-Match': '*',
	'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT',
	Range: 'bytes=0-9',
};

/** The static site: dist/ served by the server alone. */
function describeStatic(server: ServerUnderTest, executable: string) {
	describe(`${server.name}, static site`, () => {
		let running: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const pagesRoot = () => work!.pagesRoot;
		const get = (path: string, requestOptions?: RequestOptions) =>
			request(running!.port, path, requestOptions);
		const expectRoute = (answer: Answer, route: PageRoute) => expectPage(answer, server, pagesRoot(), route);
		const expectProblemOf = (answer: Answer, route: PageRoute) =>
			expectProblem(answer, server, pagesRoot(), route);

		beforeAll(async () => {
			work = await makeWorkDir(`${server.name}-static`);
			await server.installFiles?.(contract, work.pagesRoot);
			const port = await freePort();
			running = await server.start({
				dir: join(work.dir, 'server'),
				pagesRoot: work.pagesRoot,
				siteConfig: server.configs.static!(contract, options(work.pagesRoot, port, await freePort())),
				port,
				label: `${server.name} static`,
				executable,
			});
		});
		afterAll(async () => {
			await running?.stop();
			if (work) await removeWorkDir(work.dir);
		});

		const answerable = errorRoutes(contract).filter((route) => !server.unsupportedStatuses.has(route.status));
		describe.each(['path', 'file'] as const)('every route, by its %s', (by) => {
			const path = (route: PageRoute) => (by === 'path' ? route.path : `/${route.file}`);
			for (const route of answerable) {
				const difference = server.routeDifferences?.get(route.status);
				if (difference) {
					it(`GET ${path(route)} — declared: ${difference.reason}`, async () =>
						difference.expect(await get(path(route)), route.file));
				} else {
					it(`GET ${path(route)} answers ${route.status} with its page and headers`, async () =>
						expectRoute(
							await get(route.file === 'global-error.html' ? `${path(route)}?digest=abc123` : path(route)),
							route,
						));
				}
			}
		});

		describe(`Accept-Language on the default URLs (${server.negotiation})`, () => {
			it.each(negotiationCases)('$label on /404 and an unknown path', async ({ acceptLanguage, picks }) => {
				const headers = acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage };
				const expected = inLocale(notFound, picks[server.negotiation]);
				expectPage(
					await get(notFound.path, { headers }),
					server,
					pagesRoot(),
					expected,
					expected.headers,
					true,
				);
				expectPage(
					await get('/no/such/page', { headers }),
					server,
					pagesRoot(),
					expected,
					expected.headers,
					true,
				);
			});
			it('de on /503 and /global-error: their pages in German, with their headers', async () => {
				const headers = { 'Accept-Language': 'de' };
				for (const route of [
					requiredStatusPage(contract, 503),
					...contract.extraPages.filter(isDefaultRoute),
				]) {
					const expected = inLocale(route, 'de');
					expectPage(
						await get(route.path, { headers }),
						server,
						pagesRoot(),
						expected,
						expected.headers,
						true,
					);
				}
			});
			it('GET /ar/404 answers in Arabic with 404, whatever the browser asks for', async () => {
				expectRoute(await get('/ar/404', { headers: { 'Accept-Language': 'de' } }), inLocale(notFound, 'ar'));
			});
		});

		const unanswerable = contract.statusPages.filter((route) => server.unsupportedStatuses.has(route.status));
		for (const route of unanswerable) {
			it(`GET ${route.path}: ${server.name} cannot answer ${route.status}, so the path is unknown there`, async () =>
				expectRoute(await get(route.path), notFound));
		}

		it('HEAD /503 answers 503 with the headers and no body', async () => {
			const route = requiredStatusPage(contract, 503);
			const answer = await get(route.path, { method: 'HEAD' });
			expect(answer.status).toBe(route.status);
			expect(answer.body).toBe('');
			expectHeaders(answer, route.headers);
			expectPageHeaders(answer, server);
		});

		const unknownPaths = [
			'/no-such-page',
			'/deeply/nested/no-such-page?with=query',
			'/503/not-a-page',
			'/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
			`/missing?q=${encodeURIComponent("<script>alert('x')</script>")}`,
			encodeURI('/ünïcödé/页面'),
			`/${'a'.repeat(1800)}`,
			'/__fallback/503.html',
		];
		it.each(
			unknownPaths.map((path) => ({
				path,
				label: path.length > 60 ? `${path.slice(0, 40)}… (${path.length} characters)` : path,
			})),
		)('GET $label (unknown) answers 404 with the not-found page, reflecting nothing', async ({ path }) => {
			expectRoute(await get(path), notFound);
		});

		it('GET /../../etc/passwd, sent raw: 404, or 400 for a path above the root, with the page', async () => {
			const answer = await get('/../../etc/passwd');
			expect([400, 404]).toContain(answer.status);
			expectRoute(answer, requiredStatusPage(contract, answer.status));
		});

		it.each(['/GLOBAL-ERROR', '/Application-Error', '/503.HTML', '/Global-Error.html'])(
			'GET %s: paths are case-sensitive, so a case variant is an unknown path (whole not-found page)',
			async (path) => expectRoute(await get(path), notFound),
		);

		it.each(contract.hiddenFiles.map((file) => `/${file}`))(
			'GET %s (a rule file, not a page) answers 404 with the not-found page',
			async (path) => expectRoute(await get(path), notFound),
		);

		it('GET / answers 200 with the gallery and the page headers', async () => {
			const answer = await get('/');
			expect(answer.status).toBe(200);
			expect(answer.body).toBe(pageText(pagesRoot(), contract.indexFile));
			expectPageHeaders(answer, server);
			expectNoVersion(answer);
		});

		describe('API clients', () => {
			const apiPaths = contract.apiPrefixes.flatMap((prefix) => [
				`${prefix}missing`,
				`${prefix}v1/orders/42?x=1`,
			]);
			it.each(apiPaths)('GET %s answers 404 with the not-found problem document', async (path) => {
				expectProblemOf(await get(path), notFound);
			});
			it('GET /api/missing, asking for German: the German problem document', async () => {
				const answer = await get(`${contract.apiPrefixes[0]}missing`, {
					headers: { 'Accept-Language': 'de' },
				});
				expectProblemOf(answer, inLocale(notFound, 'de'));
			});
			it.each(contract.hiddenFolders.flatMap((folder) => [`${folder}404.json`, `${folder}503.txt`, folder]))(
				'GET %s (only an error shows it) is an unknown path',
				async (path) => expectRoute(await get(path), notFound),
			);
		});

		describe('request IDs', () => {
			const hostile = '<script>alert(1)</script>';
			const idOf = (answer: Answer) => answer.headers.get(contract.requestIdHeader);
			if (server.requestIds) {
				it("every error answer carries the server's own ID, never a client's", async () => {
					const first = await get('/no/such/page', { headers: { [contract.requestIdHeader]: hostile } });
					const second = await get('/503');
					expect(idOf(first)).toMatch(/^[A-Za-z0-9@_-]{16,}$/);
					expect(idOf(second)).toMatch(/^[A-Za-z0-9@_-]{16,}$/);
					expect(idOf(first)).not.toBe(idOf(second));
					expect(first.body).not.toContain(hostile);
					expect(first.body).toBe(sentText(server, first, pagesRoot(), notFound.file));
				});
				if (server.requestIds.inBody) {
					it('the page shows it in its language, the problem document names it as instance', async () => {
						const page = await get('/de/503');
						const id = idOf(page)!;
						expect(page.body).toContain(requestIdMarkup.page(contract.requestIdLines['de']!, id));
						const problem = await get('/api/missing', { headers: { 'Accept-Language': 'ar' } });
						expect(JSON.parse(problem.body)).toMatchObject({
							instance: `#request-${idOf(problem)}`,
							status: 404,
						});
					});
				}
				const log = server.requestIds.log;
				if (log) {
					it(`the same ID is in the access log (${log})`, async () => {
						const id = idOf(await get('/no/such/page?find=me'));
						await expect.poll(() => readFileSync(log, 'utf8')).toContain(`request_id=${id}`);
					});
				}
			} else {
				it(`${server.name} makes no request IDs: error answers carry none`, async () => {
					expect(
						idOf(await get('/no/such/page', { headers: { [contract.requestIdHeader]: hostile } })),
					).toBeNull();
				});
			}
		});

		describe(`Accept (${server.formatNegotiation})`, () => {
			const routes = [notFound, requiredStatusPage(contract, 503)];
			it.each(formatCases)('$accept on /404, an unknown path and /503', async ({ accept, picks }) => {
				const headers = accept === undefined ? {} : { Accept: accept };
				const format = picks[server.formatNegotiation];
				for (const route of routes) {
					expectFormat(await get(route.path, { headers }), server, pagesRoot(), route, format);
				}
				expectFormat(await get('/no/such/page', { headers }), server, pagesRoot(), notFound, format);
			});
			it('application/json and German on /de/503: the German problem document', async () => {
				const route = inLocale(requiredStatusPage(contract, 503), 'de');
				const format = formatCases[0]!.picks[server.formatNegotiation];
				expectFormat(
					await get('/de/503', { headers: { Accept: 'application/json' } }),
					server,
					pagesRoot(),
					route,
					format,
				);
			});
		});

		it.each(negotiationLocales)('GET /%s/ answers 200 with the gallery in that language', async (locale) => {
			const answer = await get(`/${locale}/`);
			expect(answer.status).toBe(200);
			expect(answer.body).toBe(pageText(pagesRoot(), `${locale}/${contract.indexFile}`));
			expect(answer.headers.get('content-language')).toBe(contract.languageTags[locale]);
			expectPageHeaders(answer, server);
		});

		describe('conditional and range requests never yield an empty or partial error page', () => {
			for (const path of ['/503', '/global-error', '/no-such-page']) {
				const route = errorRoutes(contract).find((candidate) => candidate.path === path) ?? notFound;
				itCase(
					server,
					'conditional request',
					`GET ${path} with If-None-Match, If-Modified-Since and Range`,
					() => get(path, { headers: conditionalAndRange }),
					(answer) => expectRoute(answer, route),
				);
			}
		});

		describe('methods other than GET and HEAD', () => {
			for (const [method, path] of [
				['POST', '/'],
				['POST', '/global-error'],
				['DELETE', '/503'],
				['PUT', '/no-such-page'],
				['PATCH', '/404'],
				['OPTIONS', '/'],
			] as const) {
				itCase(
					server,
					'non-read methods',
					`${method} ${path} answers 405 with its page and Allow`,
					() => get(path, { method }),
					(answer) => expectRoute(answer, methodNotAllowed),
				);
			}
			itCase(
				server,
				'non-read methods',
				'a 3 MB POST answers 405 with its page, not a body-size error',
				() => get('/upload', { method: 'POST', body: largeBody }),
				(answer) => expectRoute(answer, methodNotAllowed),
			);
		});

		describe("the server's own errors show the page of their status", () => {
			it('a 12 KB header: answered as usual, or refused with the page of the refusal', async () => {
				const answer = await get('/503', { headers: largeHeader });
				// Either way an error status: /503 itself, or the refusal's.
				expectRoute(answer, requiredStatusPage(contract, answer.status));
			});
			itMalformedRequest(server, () => running!.port, pagesRoot);
		});
	});
}

/** The server in front of the test app. */
function describeProxy(server: ServerUnderTest, executable: string) {
	describe(`${server.name} in front of an app`, () => {
		let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
		let running: RunningServer | undefined;
		let runningWithoutApp: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const pagesRoot = () => work!.pagesRoot;
		const get = (path: string, requestOptions?: RequestOptions) =>
			request(running!.port, path, requestOptions);
		/** A Fallback page, as a server in front of an app sends it: without the app's own headers. */
		const expectProxyPage = (answer: Answer, route: PageRoute) =>
			expectPage(answer, server, pagesRoot(), route, headersInFrontOfApp(contract, route));

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
		});
		afterAll(async () => {
			await running?.stop();
			await runningWithoutApp?.stop();
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
				const route = inLocale(requiredStatusPage(contract, 503), 'fr');
				const answer = await get('/fail503', { headers: { 'Accept-Language': 'fr' } });
				expectPage(answer, server, pagesRoot(), route, headersInFrontOfApp(contract, route), true);
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
				const format = formatCases[0]!.picks[server.formatNegotiation];
				expect(answer.status).toBe(route.status);
				if (format === 'problem') {
					expect(answer.body).toBe(sentText(server, answer, pagesRoot(), route.problemFile));
					expect(answer.headers.get('content-type')).toBe(PROBLEM_JSON);
					expect(problemDetailsErrors(JSON.parse(answer.body))).toEqual([]);
				} else {
					expect(answer.body).toBe(sentText(server, answer, pagesRoot(), route.file));
				}
			});
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
				(answer) => expectFromApp(answer, 500, upstreamBodies.jsonFailed(500)),
			);
			it('its empty 503: replaced by the 503 page, or for an API client the problem document', async () => {
				const route = requiredStatusPage(contract, 503);
				expectProxyPage(await get('/fail503empty'), route);
				const answer = await get('/fail503empty', { headers: { Accept: 'application/json' } });
				expect(answer.status).toBe(503);
				expect(answer.body).toBe(sentText(server, answer, pagesRoot(), route.problemFile));
				expect(jsonFailure.status).toBe(500);
			});
			it.each(contract.apiPrefixes)(
				`an app that cannot be reached, under %s: the problem document`,
				async (prefix) => {
					const route = requiredStatusPage(contract, server.proxyFailureStatuses.unreachable);
					const answer = await request(runningWithoutApp!.port, `${prefix}orders`);
					expect(answer.status).toBe(route.status);
					expect(answer.body).toBe(sentText(server, answer, pagesRoot(), route.problemFile));
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
			itMalformedRequest(server, () => running!.port, pagesRoot);
			it('no version in the Server header', async () => {
				expectNoVersion(await get('/fail500'));
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
	describe(`${server.name}, ${mode === 'static' ? 'static site' : 'in front of an app'}, under maintenance`, () => {
		let upstream: Awaited<ReturnType<typeof startUpstream>> | undefined;
		let running: RunningServer | undefined;
		let work: { dir: string; pagesRoot: string } | undefined;
		const pagesRoot = () => work!.pagesRoot;
		const get = (path: string, requestOptions?: RequestOptions) =>
			request(running!.port, path, requestOptions);
		const headersOf = (route: PageRoute) =>
			mode === 'static' ? route.headers : headersInFrontOfApp(maintained, route);
		const expectMaintenancePage = (answer: Answer, route = page) => {
			expectPage(answer, server, pagesRoot(), route, headersOf(route), route === page);
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
		const notAllowed = [
			'/',
			'/no/such/page',
			'/404',
			'/503',
			'/global-error',
			'/ok/more',
			'/OK',
			'/de/404.html',
		];
		it.each(notAllowed)('GET %s answers 503 with the maintenance page', async (path) => {
			expectMaintenancePage(await get(path));
		});
		itCase(
			server,
			'allowed prefix without its slash',
			'GET /fr (the allowed prefix is /fr/) answers 503 with the maintenance page',
			() => get('/fr'),
			(answer) => expectMaintenancePage(answer),
		);
		it('GET /api/orders answers 503 with the maintenance page, or the problem document of the API', async () => {
			const answer = await get('/api/orders');
			if (answer.body.startsWith('{')) expectProblem(answer, server, pagesRoot(), page);
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
			(answer) => expectMaintenancePage(answer),
		);
		it('a browser that asks for German gets the German maintenance page', async () => {
			expectMaintenancePage(await get('/no/such/page', { headers: { 'Accept-Language': 'de' } }), inGerman);
		});
		it(`an API client gets the maintenance problem document (${server.formatNegotiation})`, async () => {
			const answer = await get('/no/such/page', { headers: { Accept: 'application/json' } });
			const format = formatCases[0]!.picks[server.formatNegotiation];
			if (format === 'page') expectMaintenancePage(answer);
			else expectProblem(answer, server, pagesRoot(), page);
		});

		if (mode === 'static') {
			it('/fr/ is allowed: the French gallery, 200', async () => {
				const answer = await get('/fr/');
				expect(answer.status).toBe(200);
				expect(answer.body).toBe(pageText(pagesRoot(), 'fr/index.html'));
			});
			it.each(['/de/404', '/fr/404'])('%s is allowed: that not-found page, 404', async (path) => {
				const route = errorRoutes(maintained).find((candidate) => candidate.path === path)!;
				expectPage(await get(path), server, pagesRoot(), route);
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
	});
}

/** The files `npm run build` writes (default settings) pass the server's own config check. */
function describeShipped(server: ServerUnderTest, executable: string) {
	const check = server.check;
	if (!check || server.shippedFiles.length === 0) return;
	describe(`${server.name}, files under hosts/`, () => {
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
			it('is installed', () => {
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
}

export { contract };
