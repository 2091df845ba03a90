/**
 * Site mode: Fallback added to the server block that already serves a team's site. The team's site
 * (tests/contract/team-site/: its layout, stylesheet, script, web font and image under /_astro/, an
 * inline style) is built with `fallback()` twice — with Fallback's 404, and with its own 404 kept
 * with `sitePages` — and served by nginx, Caddy and Apache from the server block a team writes (a
 * security header on every answer, a year's cache on /_astro/), once as it is and once with
 * Fallback's site-mode files included. With them: the site's pages and files answer exactly as
 * without (status, bytes, every header), in Chromium they load whole with no CSP violation, the
 * site's own 404 page is served as built, and `verify` finds the route contract held. The same site
 * built under a base (`/docs/`) is served from that folder of the server's root, with the site-mode
 * files its build wrote for it.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apacheTypeMaps, typeMapsRoot } from '../../packages/fallback-pages/src/hosts/apache';
import { apacheUnsupportedStatuses } from '../../packages/fallback-pages/src/hosts/unsupportedStatuses';
import { atServerRoot, siteBaseOf } from '../../packages/fallback-pages/src/contract/contract';
import { hostConfigFiles, siteModeConfigFiles } from '../../packages/fallback-pages/src/hosts';
import { defaultHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { chromiumLaunchOptions } from '../../packages/fallback-pages/src/verify/chromium';
import { auditPages } from '../../packages/fallback-pages/src/verify/audits';
import { siteChecks } from '../../packages/fallback-pages/src/verify/cases';
import { hostProfiles } from '../../packages/fallback-pages/src/verify/hosts';
import { runVerify } from '../../packages/fallback-pages/src/verify/main';
import { loadSite } from '../../packages/fallback-pages/src/verify/site';
import { buildTimeoutMs } from '../../scripts/build-with';
import {
	freePort,
	makeWorkDir,
	removeWorkDir,
	request,
	skipMissingHosts,
	writeConfig,
	type RunningServer,
} from './harness';
import {
	apache,
	caddy,
	findServerExecutable,
	nginx,
	teamHeaders,
	type ServerUnderTest,
	type TeamExtras,
	type TeamServerBlock,
} from './servers';
import { compareSiteMode, headerPairs, siteModeRequests, SITE_MODE_SEED } from './siteModeRequests';
import { baselines, type Baseline } from './baselines';
import { buildTeamSite, type TeamSiteBuild } from './teamSite';
import { axeOn } from '../axe';

type Variant = 'fallback-404' | 'own-404' | 'lang-404' | 'base' | 'layout';
type Built = TeamSiteBuild;

/** Where the `base` variant is served: Astro's base, and the folder of the server's root it is in. */
const siteBase = '/docs/';

/**
 * The team's site built with Fallback: `own-404` with its own 404 page, `lang-404` with its own
 * German one only (a `[lang]/404` route), each kept with sitePages: [404]; `base` as `own-404`,
 * built to be served under /docs/ (Astro's base); `layout` every error page in the site's own
 * layout (the option `layout`), in English and Arabic.
 */
const buildVariant = (variant: Variant) =>
	buildTeamSite(variant, {
		FALLBACK_TEAM_SITE_OWN_404: variant === 'own-404' || variant === 'base' ? '1' : '0',
		FALLBACK_TEAM_SITE_LANG_404: variant === 'lang-404' ? '1' : '0',
		FALLBACK_TEAM_SITE_BASE: variant === 'base' ? siteBase : '',
		FALLBACK_TEAM_SITE_LAYOUT: variant === 'layout' ? './src/layouts/Site.astro' : '',
		// The layout's site has Astro's own policy on (security.csp): the pages keep its directives.
		FALLBACK_TEAM_SITE_CSP: variant === 'layout' ? '1' : '',
	});

const builds: Partial<Record<Variant, Built>> = {};
let browser: Browser;

beforeAll(async () => {
	const variants = ['fallback-404', 'own-404', 'lang-404', 'base', 'layout'] as const;
	const built = await Promise.all(variants.map(buildVariant));
	for (const [index, variant] of variants.entries()) builds[variant] = built[index]!;
	browser = await chromium.launch(chromiumLaunchOptions());
}, buildTimeoutMs);

afterAll(async () => {
	await browser?.close();
});

/**
 * A team's server on a copy of the build: its own server block, with Fallback's files or without.
 * A build for a base is in that folder of the server's root (`<root>/docs/`), as the site-mode
 * files' header says.
 */
async function serveTeamSite(
	server: ServerUnderTest,
	executable: string,
	built: Built,
	mode: 'without' | 'site' | 'whole-server',
	team: TeamExtras = {},
	baseline?: Baseline,
): Promise<{ running: RunningServer; dir: string; root: string }> {
	const { dir, pagesRoot } = await makeWorkDir(`${server.id}-team-${mode}`, built.dist);
	const base = siteBaseOf(built.contract);
	if (base !== '/') {
		await rename(pagesRoot, `${pagesRoot}.build`);
		await mkdir(pagesRoot, { mode: 0o755 });
		await rename(`${pagesRoot}.build`, join(pagesRoot, base));
	}
	const port = await freePort();
	const options = { ...defaultHostOptions, pagesRoot, listen: { host: '127.0.0.1', port } };
	const files =
		base === '/' ? hostConfigFiles(built.contract, options) : siteModeConfigFiles(built.contract, options);
	let siteConfig: string;
	if (mode === 'whole-server') {
		// Today's config for Fallback alone, serving the same folder: what teams were told to use.
		siteConfig = server.configs.static!(built.contract, options);
	} else {
		const paths: Record<string, string> = {};
		if (mode === 'site') {
			for (const path of server.teamBlock!.files) {
				paths[path] = await writeConfig(
					join(dir, path.replace(/\//g, '-')),
					files.find((file) => file.path === path)!.content,
				);
			}
		}
		if (baseline) {
			await installTypeMaps(server, built, options);
			const fallback = mode === 'site' ? paths : undefined;
			const running = await baseline.start({
				dir: join(dir, 'server'),
				root: pagesRoot,
				port,
				executable,
				fallback,
			});
			return { running, dir, root: pagesRoot };
		}
		siteConfig = server.teamBlock!.config(pagesRoot, port, mode === 'site' ? paths : undefined, team);
	}
	await installTypeMaps(server, built, options);
	const running = await server.start({
		dir: join(dir, 'server'),
		pagesRoot,
		siteConfig,
		port,
		label: `${server.name}, team site, ${mode}`,
		executable,
	});
	return { running, dir, root: pagesRoot };
}

/** Apache's type maps, where its site-mode file reads them (beside the pages' root). */
async function installTypeMaps(server: ServerUnderTest, built: Built, options: typeof defaultHostOptions) {
	if (server !== apache) return;
	const maps = typeMapsRoot(options);
	for (const file of apacheTypeMaps(atServerRoot(built.contract))) {
		await writeConfig(join(maps, file.path.replace(/^apache\/languages\//, '')), file.content);
	}
}

interface PageLoad {
	violations: string[];
	failed: string[];
	/** What the page shows of its own CSS, script, font, image and inline style. */
	shows: Record<string, boolean>;
}

/** A page of the site in Chromium: CSP violations, failed loads, and whether its parts took effect. */
async function loadInBrowser(port: number, path: string): Promise<PageLoad> {
	const page = await browser.newPage();
	const failed: string[] = [];
	const violations: string[] = [];
	page.on('requestfailed', (failure) => failed.push(`${failure.url()} (${failure.failure()?.errorText})`));
	page.on('response', (response) => {
		if (!response.request().isNavigationRequest() && response.status() >= 400)
			failed.push(`${response.url()} (${response.status()})`);
	});
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) violations.push(message.text());
	});
	try {
		await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
		const shows = await page.evaluate(async () => {
			await document.fonts.ready;
			const masthead = document.querySelector('.masthead');
			const image = document.querySelector('img');
			const inline = document.querySelector('p[style]');
			return {
				stylesheet: masthead ? getComputedStyle(masthead).borderBottomStyle === 'solid' : true,
				script: document.documentElement.dataset['teamScript'] === 'ran',
				font:
					document.fonts.check('16px "Team Sans"') &&
					[...document.fonts].some((face) => face.status === 'loaded'),
				image: image ? image.complete && image.naturalWidth > 0 : true,
				inlineStyle: inline ? getComputedStyle(inline).fontStyle === 'italic' : true,
			};
		});
		return { violations, failed, shows };
	} finally {
		await page.close();
	}
}

const everythingShows = { stylesheet: true, script: true, font: true, image: true, inlineStyle: true };

/** One of Fallback's pages in the site's layout, as Chromium shows it: its parts, its policy, axe. */
async function layoutPageInBrowser(port: number, path: string) {
	// axe analyses a page of a context of its own.
	const context = await browser.newContext();
	const page = await context.newPage();
	const violations: string[] = [];
	const failed: string[] = [];
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) violations.push(message.text());
	});
	page.on('requestfailed', (failure) => failed.push(`${failure.url()} (${failure.failure()?.errorText})`));
	page.on('response', (response) => {
		// The browser's own /favicon.ico is the site's business: the layout names no icon.
		if (
			!response.request().isNavigationRequest() &&
			response.status() >= 400 &&
			!response.url().endsWith('/favicon.ico')
		)
			failed.push(`${response.url()} (${response.status()})`);
	});
	try {
		const response = await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
		const seen = await page.evaluate(async () => {
			await document.fonts.ready;
			const masthead = document.querySelector('header.masthead');
			return {
				lang: document.documentElement.lang,
				dir: document.documentElement.dir,
				layout: !!masthead && !!document.querySelector('footer.colophon'),
				stylesheet: masthead ? getComputedStyle(masthead).borderBottomStyle === 'solid' : false,
				font: [...document.fonts].some(
					(face) => face.family.includes('Team Sans') && face.status === 'loaded',
				),
				script: document.documentElement.dataset['teamScript'] === 'ran',
				screen: document.querySelector('main > .fallback > .fallback-screen h1')?.textContent ?? null,
				icon: !!document.querySelector('.fallback-screen > svg'),
			};
		});
		const axe = await axeOn(page).analyze();
		return {
			status: response?.status(),
			...seen,
			violations,
			failed,
			axe: axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
		};
	} finally {
		await context.close();
	}
}

/** A build served by the team's block without Fallback's files and with them. */
type ServedPair = {
	without?: Awaited<ReturnType<typeof serveTeamSite>>;
	site?: Awaited<ReturnType<typeof serveTeamSite>>;
};

/** The team's app behind its own `/api/`: an HTML 500, a JSON 404 and a JSON 200, marked as its own. */
const appAnswers: Readonly<Record<string, { status: number; type: string; body: string }>> = {
	'/api/boom': { status: 500, type: 'text/html', body: '<p>The app broke.</p>' },
	'/api/missing': { status: 404, type: 'application/json', body: '{"error":"no such order"}' },
	'/api/orders': { status: 200, type: 'application/json', body: '[]' },
};

async function startApp(): Promise<{ address: string; close: () => Promise<void> }> {
	const app = createServer((request, response) => {
		const answer = appAnswers[request.url ?? ''] ?? appAnswers['/api/missing']!;
		response.writeHead(answer.status, { 'Content-Type': answer.type, 'X-App': 'team' });
		response.end(answer.body);
	});
	await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
	const { port } = app.address() as AddressInfo;
	return { address: `127.0.0.1:${port}`, close: () => new Promise((resolve) => app.close(() => resolve())) };
}

/**
 * The random requests (siteModeRequests.ts) sent to a build served without Fallback's files and
 * with them: every answer holds, or is one the server answers itself (`exceptions`).
 */
async function expectRandomRequestsHold(
	server: ServerUnderTest,
	variant: 'own-404' | 'fallback-404',
	pair: ServedPair,
	exceptions: TeamServerBlock['exceptions'],
	label: string,
): Promise<void> {
	const built = builds[variant]!;
	const site = {
		dist: built.dist,
		base: '/',
		sitePaths: built.sitePaths,
		contract: built.contract,
		ownNotFound: variant === 'own-404' ? await readFile(join(built.dist, '404.html'), 'utf8') : undefined,
		checks: siteChecks(loadSite(built.dist, built.contractFile), hostProfiles[`${server.id}-site`]!),
	};
	const requests = siteModeRequests(site);
	const run = await compareSiteMode(
		site,
		{ without: pair.without!.running.port, site: pair.site!.running.port },
		requests,
		exceptions,
	);
	console.log(
		`${label}, ${variant}: ${run.held} of ${run.requests} random requests hold (seed ${SITE_MODE_SEED})${Object.entries(
			run.excepted,
		)
			.map(([reason, count]) => `; ${count} answered by the server itself: ${reason}`)
			.join('')}`,
	);
	expect(run.violations).toEqual([]);
	expect(run.held + Object.values(run.excepted).reduce((sum, count) => sum + count, 0)).toBe(requests.length);
}

/** `verify --host <server>-site` against a served build: every check passes. */
async function expectVerified(
	server: ServerUnderTest,
	target: Awaited<ReturnType<typeof serveTeamSite>>,
	built: Built,
) {
	const lines: string[] = [];
	const run = await runVerify({
		url: `http://127.0.0.1:${target.running.port}/`,
		host: `${server.id}-site`,
		dist: join(target.root, siteBaseOf(built.contract)),
		contract: built.contractFile,
		reportDir: join(target.dir, 'verify-report'),
		log: (line) => lines.push(line),
		color: false,
	});
	expect(run.result.unreachable).toBeUndefined();
	expect(
		run.result.results.filter((result) => result.verdict !== 'passed').map((result) => result.name),
		lines.join('\n'),
	).toEqual([]);
	expect(run.passed).toBe(true);
}

function describeSiteMode(server: ServerUnderTest) {
	const executable = findServerExecutable(server);
	if (!executable) {
		const missing = `${server.name} is not installed (${server.install})`;
		if (skipMissingHosts) {
			console.warn(`\n*** SKIPPING ${server.name} in site mode: ${missing}. ***\n`);
			describe.skip(`${server.name}, site mode (not installed)`, () => it('the site mode', () => {}));
		} else {
			describe(`${server.name}, site mode`, () => it('is installed', () => expect.fail(missing)));
		}
		return;
	}
	describe(`${server.name}, site mode: the team's server block with Fallback's files included`, () => {
		// Each build served by the team's block without Fallback's files and with them.
		const served: ServedPair = {};
		const own: ServedPair = {};
		const perLanguage: ServedPair = {};
		const underBase: ServedPair = {};
		const inLayout: ServedPair = {};
		beforeAll(async () => {
			const built = builds['own-404']!;
			[
				served.without,
				served.site,
				own.without,
				own.site,
				perLanguage.site,
				underBase.without,
				underBase.site,
				inLayout.site,
			] = await Promise.all([
				serveTeamSite(server, executable, built, 'without'),
				serveTeamSite(server, executable, built, 'site'),
				serveTeamSite(server, executable, builds['fallback-404']!, 'without'),
				serveTeamSite(server, executable, builds['fallback-404']!, 'site'),
				serveTeamSite(server, executable, builds['lang-404']!, 'site'),
				serveTeamSite(server, executable, builds.base!, 'without'),
				serveTeamSite(server, executable, builds.base!, 'site'),
				serveTeamSite(server, executable, builds.layout!, 'site'),
			]);
		}, 120_000);
		afterAll(async () => {
			for (const one of [served, own, perLanguage, underBase, inLayout].flatMap((pair) => [
				pair.without,
				pair.site,
			])) {
				await one?.running.stop();
				if (one) await removeWorkDir(one.dir);
			}
		});

		it("answers the site's pages and files exactly as the same block without them: status, bytes, every header", async () => {
			const { sitePaths } = builds['own-404']!;
			expect(sitePaths.filter((path) => path.startsWith('/_astro/')).length).toBeGreaterThanOrEqual(4);
			// A browser's language changes nothing of the site's answers (Apache once added Vary for it).
			for (const headers of [{}, { 'Accept-Language': 'de-DE,de;q=0.9' }]) {
				for (const path of sitePaths) {
					const [before, after] = await Promise.all([
						request(served.without!.running.port, path, { headers }),
						request(served.site!.running.port, path, { headers }),
					]);
					expect(after.status, path).toBe(200);
					expect(after.status, path).toBe(before.status);
					expect(after.body, path).toBe(before.body);
					expect(headerPairs(after), path).toEqual(headerPairs(before));
				}
			}
			// The team's own headers are there: the comparison compares something.
			const css = sitePaths.find((path) => path.endsWith('.css'))!;
			const asset = await request(served.site!.running.port, css);
			expect(asset.headers.get('cache-control')).toBe(teamHeaders.assets.cacheControl);
			const home = await request(served.site!.running.port, '/');
			expect(home.headers.get(teamHeaders.everyAnswer.name)).toBe(teamHeaders.everyAnswer.value);
			expect(home.headers.get('content-security-policy')).toBeNull();
		});

		for (const variant of ['own-404', 'fallback-404'] as const) {
			it(`answers random requests as the same block without them, or with Fallback's page of the same status (${variant})`, async () => {
				const pair = variant === 'own-404' ? served : own;
				await expectRandomRequestsHold(server, variant, pair, server.teamBlock!.exceptions, server.name);
			}, 120_000);
		}

		it('answers every method on the site as the same block without them', async () => {
			for (const [method, path] of [
				['OPTIONS', '/'],
				['POST', '/about/'],
				['PUT', '/'],
				['DELETE', '/about/'],
			] as const) {
				const [before, after] = await Promise.all([
					request(served.without!.running.port, path, { method }),
					request(served.site!.running.port, path, { method }),
				]);
				expect(after.status, `${method} ${path}`).toBe(before.status);
			}
		});

		it("serves the site's own 404 page (sitePages) as built, in every language asked for, with the block's headers", async () => {
			const { dist } = builds['own-404']!;
			const built = await readFile(join(dist, '404.html'), 'utf8');
			expect(built).toContain('Our own 404');
			const asFile = await request(served.without!.running.port, '/404.html');
			for (const language of ['en', 'de']) {
				const lost = await request(served.site!.running.port, '/no/such/page', {
					headers: { 'Accept-Language': language, Accept: 'text/html' },
				});
				expect(lost.status).toBe(404);
				expect(lost.body).toBe(built);
				expect(lost.headers.get('content-security-policy'), language).toBeNull();
				expect(lost.headers.get(teamHeaders.everyAnswer.name)).toBe(teamHeaders.everyAnswer.value);
				expect(lost.headers.get('content-type')).toBe(asFile.headers.get('content-type'));
			}
			// Its problem document, and the page under another locale's folder, are Fallback's.
			const api = await request(served.site!.running.port, '/no/such/page', {
				headers: { Accept: 'application/json' },
			});
			expect(api.status).toBe(404);
			expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
			const german = await request(served.site!.running.port, '/de/no/such/page');
			expect(german.status).toBe(404);
			expect(german.headers.get('content-language')).toBe('de');
			expect(german.headers.get('content-security-policy')).not.toBeNull();
		});

		it("serves the site's own German 404 ([lang]/404, sitePages) as built under /de/ and to a German browser, Fallback's English one to others", async () => {
			const { dist, log } = builds['lang-404']!;
			expect(log).toContain("the site's own pages answer at /de/404 (sitePages)");
			const german = await readFile(join(dist, 'de/404.html'), 'utf8');
			expect(german).toContain('Unsere eigene 404');
			expect(await readFile(join(dist, 'de/404/index.html'), 'utf8')).toBe(german);
			const port = perLanguage.site!.running.port;
			for (const [path, language] of [
				['/de/no/such/page', 'en'],
				['/no/such/page', 'de'],
			] as const) {
				const lost = await request(port, path, {
					headers: { 'Accept-Language': language, Accept: 'text/html' },
				});
				expect([path, lost.status, lost.body]).toEqual([path, 404, german]);
				expect(lost.headers.get('content-security-policy'), path).toBeNull();
				expect(lost.headers.get(teamHeaders.everyAnswer.name), path).toBe(teamHeaders.everyAnswer.value);
			}
			// Fallback's English page (nginx adds its request ID to it).
			const english = await request(port, '/no/such/page', { headers: { 'Accept-Language': 'en' } });
			expect([english.status, english.headers.get('content-language')]).toEqual([404, 'en']);
			expect(english.body).toContain('<h2>This page could not be found.</h2>');
			expect(english.headers.get('content-security-policy')).not.toBeNull();
			// Its problem document is Fallback's, in German.
			const api = await request(port, '/de/no/such/page', { headers: { Accept: 'application/json' } });
			expect([api.status, api.headers.get('content-type'), api.headers.get('content-language')]).toEqual([
				404,
				expect.stringMatching(/^application\/problem\+json/),
				'de',
			]);
			const load = await loadInBrowser(port, '/de/no/such/page');
			expect(load).toEqual({ violations: [], failed: [], shows: everythingShows });
		});

		it(`serves a site built under a base (${siteBase}) from the folder of that name: its pages and files as without, its own 404 kept, Fallback's errors in German`, async () => {
			const { sitePaths, log } = builds.base!;
			expect(log).toContain(`pages under ${siteBase}: wrote the site-mode files`);
			expect(sitePaths.filter((path) => path.startsWith(`${siteBase}_astro/`)).length).toBeGreaterThanOrEqual(
				4,
			);
			for (const path of sitePaths) {
				const [before, after] = await Promise.all([
					request(underBase.without!.running.port, path),
					request(underBase.site!.running.port, path),
				]);
				expect([path, after.status]).toEqual([path, 200]);
				expect(after.body, path).toBe(before.body);
				expect(headerPairs(after), path).toEqual(headerPairs(before));
			}
			const port = underBase.site!.running.port;
			const built = await readFile(join(builds.base!.dist, '404.html'), 'utf8');
			const lost = await request(port, `${siteBase}no/such/page`, { headers: { Accept: 'text/html' } });
			expect([lost.status, lost.body]).toEqual([404, built]);
			const german = await request(port, `${siteBase}de/no/such/page`);
			expect([german.status, german.headers.get('content-language')]).toEqual([404, 'de']);
			expect(german.body).toContain('<h2>Diese Seite wurde nicht gefunden.</h2>');
			const status = await request(port, `${siteBase}503`, { headers: { 'Accept-Language': 'de' } });
			expect([
				status.status,
				status.headers.get('retry-after'),
				status.headers.get('content-language'),
			]).toEqual([503, '300', 'de']);
			const api = await request(port, `${siteBase}no/such/page`, { headers: { Accept: 'application/json' } });
			expect([api.status, api.headers.get('content-type')]).toEqual([
				404,
				expect.stringMatching(/^application\/problem\+json/),
			]);
			for (const hidden of [`${siteBase}contract.json`, `${siteBase}problem/404.json`]) {
				expect([hidden, (await request(port, hidden)).status]).toEqual([hidden, 404]);
			}
			const load = await loadInBrowser(port, `${siteBase}de/no/such/page`);
			expect(load.violations).toEqual([]);
			expect(load.failed).toEqual([]);
		});

		it("composes with the team's own /api/ proxied to its app: the config loads, the app's answers pass untouched", async () => {
			const app = await startApp();
			const withApi = await serveTeamSite(server, executable, builds['own-404']!, 'site', {
				app: app.address,
			});
			try {
				for (const [path, expected] of Object.entries(appAnswers)) {
					const answer = await request(withApi.running.port, path, {
						headers: { Accept: 'application/json' },
					});
					expect([path, answer.status, answer.body, answer.headers.get('x-app')]).toEqual([
						path,
						expected.status,
						expected.body,
						'team',
					]);
					expect(answer.headers.get('content-security-policy'), path).toBeNull();
				}
				// Outside the app's prefix, Fallback still answers.
				const lost = await request(withApi.running.port, '/de/no/such/page');
				expect([lost.status, lost.headers.get('content-language')]).toEqual([404, 'de']);
			} finally {
				await withApi.running.stop();
				await removeWorkDir(withApi.dir);
				await app.close();
			}
		});

		if (server === apache) {
			it('answers the pages of the statuses Apache cannot send (418, 425) as unknown paths, never the file with 200', async () => {
				const port = own.site!.running.port;
				for (const [path, language] of [
					['/418.html', 'en'],
					['/425', 'en'],
					['/de/418.html', 'de'],
				] as const) {
					const answer = await request(port, path);
					expect([path, answer.status, answer.headers.get('content-language')]).toEqual([
						path,
						404,
						language,
					]);
				}
			});
		}

		// Caddy's block has no such directive of its own: its errors go to handle_errors, which Fallback's file holds.
		if (server !== caddy) {
			it("with the team's own directive for 404 left in place (h5bp's), answers Fallback's page, never the server's stock one", async () => {
				const left = await serveTeamSite(server, executable, builds['fallback-404']!, 'site', {
					notFoundPage: '/404.html',
				});
				try {
					for (const [language, heading] of [
						['en', '<h2>This page could not be found.</h2>'],
						['de', '<h2>Diese Seite wurde nicht gefunden.</h2>'],
					] as const) {
						const lost = await request(left.running.port, '/no/such/page', {
							headers: { 'Accept-Language': language },
						});
						expect([language, lost.status, lost.body.includes(heading)]).toEqual([language, 404, true]);
					}
					// Its problem document for an API client; the page's own path is still no page (404).
					const api = await request(left.running.port, '/no/such/page', {
						headers: { Accept: 'application/json' },
					});
					expect([api.status, api.headers.get('content-type')]).toEqual([
						404,
						expect.stringMatching(/^application\/problem\+json/),
					]);
					const direct = await request(left.running.port, '/404.html');
					expect([direct.status, direct.body.includes('<h2>This page could not be found.</h2>')]).toEqual([
						404,
						true,
					]);
				} finally {
					await left.running.stop();
					await removeWorkDir(left.dir);
				}
			});
		}

		it("names the directive of the block's own that answers unknown paths before Fallback's, with its fix (verify)", async () => {
			// The team's own directive for 404 naming a page of its own: its about page.
			const built = builds['fallback-404']!;
			const shadowed = await serveTeamSite(server, executable, built, 'site', {
				notFoundPage: server === caddy ? undefined : '/about/index.html',
				notFoundAfterFallback: true,
				ownErrors: server === caddy,
			});
			try {
				const lines: string[] = [];
				const run = await runVerify({
					url: `http://127.0.0.1:${shadowed.running.port}/`,
					host: `${server.id}-site`,
					dist: shadowed.root,
					contract: built.contractFile,
					reportDir: join(shadowed.dir, 'verify-report'),
					log: (line) => lines.push(line),
					color: false,
				});
				expect(run.passed).toBe(false);
				const directive = { nginx: 'error_page 404', caddy: 'handle_errors', apache: 'ErrorDocument 404' }[
					server.id as 'nginx' | 'caddy' | 'apache'
				];
				expect(lines.find((line) => line.startsWith('An unknown path'))).toContain(`\`${directive}`);
			} finally {
				await shadowed.running.stop();
				await removeWorkDir(shadowed.dir);
			}
		}, 180_000);

		it("answers every error page in the site's layout (the option layout) with its status, in English and Arabic, the layout around the screen", async () => {
			const { contract } = builds.layout!;
			const port = inLayout.site!.running.port;
			const routes = [...contract.statusPages, ...contract.extraPages];
			expect(routes.length).toBe(84);
			for (const route of routes) {
				const answer = await request(port, route.path);
				// Apache's are unknown paths (its own test above), with the 404 page in the layout.
				const status = server === apache && apacheUnsupportedStatuses.has(route.status) ? 404 : route.status;
				expect([route.path, answer.status]).toEqual([route.path, status]);
				expect(answer.body, route.path).toContain('<header class="masthead">');
				expect(answer.body, route.path).toContain('<footer class="colophon">');
				expect(answer.body, route.path).toContain('<div class="fallback-screen">');
				expect(answer.headers.get('content-security-policy'), route.path).toBe(
					contract.pageHeaders['Content-Security-Policy'],
				);
			}
		});

		it("shows the pages in the site's layout whole in Chromium: its stylesheet, font and script, no CSP violation, axe clean", async () => {
			const port = inLayout.site!.running.port;
			const pages = [
				['/no/such/page', 404, 'en', 'ltr', '404'],
				['/ar/no/such/page', 404, 'ar', 'rtl', '404'],
				['/503', 503, 'en', 'ltr', '503'],
				['/ar/503', 503, 'ar', 'rtl', '503'],
				['/ar/global-error', 500, 'ar', 'rtl', expect.any(String)],
			] as const;
			for (const [path, status, lang, dir, code] of pages) {
				expect(await layoutPageInBrowser(port, path)).toEqual({
					status,
					lang,
					dir,
					layout: true,
					stylesheet: true,
					font: true,
					script: true,
					screen: code,
					icon: true,
					violations: [],
					failed: [],
					axe: [],
				});
			}
		}, 120_000);

		it("has verify --axe name the place of a violation: the site's layout, or Fallback's screen", async () => {
			// The layout build with two faults put in its 503 page: an image without a text alternative in
			// the layout's header, and one in Fallback's screen.
			const copy = await makeWorkDir(`${server.id}-layout-axe`, builds.layout!.dist);
			const file = join(copy.pagesRoot, '503.html');
			const page = await readFile(file, 'utf8');
			const faulty = page
				.replace('<a href="/">Team site</a>', '<a href="/">Team site</a><img src="/favicon.svg">')
				.replace('<div class="fallback-screen">', '<div class="fallback-screen"><img src="/favicon.svg">');
			expect(faulty).not.toBe(page);
			await writeFile(file, faulty);
			// And the 429 page with the layout's fault alone.
			const other = join(copy.pagesRoot, '429.html');
			const layoutFault = (await readFile(other, 'utf8')).replace(
				'<a href="/">Team site</a>',
				'<a href="/">Team site</a><img src="/favicon.svg">',
			);
			await writeFile(other, layoutFault);
			const served = await serveTeamSite(
				server,
				executable,
				{ ...builds.layout!, dist: copy.pagesRoot },
				'site',
			);
			try {
				const lines: string[] = [];
				const [audit, layoutOnly] = await auditPages(
					new URL(`http://127.0.0.1:${served.running.port}/`),
					builds.layout!.contract,
					{
						axe: true,
						lighthouse: false,
						log: (line) => lines.push(line),
						paths: ['/503', '/429'],
					},
				);
				expect(audit!.violations).toEqual([
					expect.objectContaining({ id: 'image-alt', nodes: 2, place: 'both' }),
				]);
				expect(lines.join('\n')).toContain(
					"image-alt (critical, 2 node(s), in the site's layout and in Fallback's screen)",
				);
				expect(layoutOnly!.violations).toEqual([
					expect.objectContaining({ id: 'image-alt', nodes: 1, place: 'site' }),
				]);
				expect(lines.join('\n')).toContain(
					"image-alt (critical, 1 node(s), in the site's own layout, not Fallback's screen)",
				);
			} finally {
				await served.running.stop();
				await removeWorkDir(served.dir);
				await removeWorkDir(copy.dir);
			}
		}, 120_000);

		it("in front of an app that is down (the proxy config), answers with the pages in the site's layout, styled: the layout's CSS inline, no CSP violation, axe clean", async () => {
			const built = builds.layout!;
			const { dir, pagesRoot } = await makeWorkDir(`${server.id}-layout-proxy`, built.dist);
			await server.installFiles?.(built.contract, pagesRoot);
			const port = await freePort();
			// Nothing listens there: the app is down.
			const deadApp = await freePort();
			const running = await server.start({
				dir: join(dir, 'server'),
				pagesRoot,
				siteConfig: server.configs.proxy!(built.contract, {
					...defaultHostOptions,
					pagesRoot,
					listen: { host: '127.0.0.1', port },
					upstream: `127.0.0.1:${deadApp}`,
					upstreamConnectTimeoutSeconds: 2,
				}),
				port,
				label: `${server.name} in front of a down app, the pages in the site's layout`,
				executable,
			});
			try {
				const status = server.proxyFailureStatuses.unreachable;
				const seen = await layoutPageInBrowser(port, '/orders/42');
				// The site's own files come from the app, which is down: its font and script are missing;
				// the page still reads in its layout, with its stylesheet.
				expect(seen).toMatchObject({
					status,
					lang: 'en',
					dir: 'ltr',
					layout: true,
					stylesheet: true,
					font: false,
					script: false,
					screen: String(status),
					icon: true,
					violations: [],
					axe: [],
				});
				expect(seen.failed.length).toBeGreaterThan(0);
				// Only files the layout links of the site's (its font, script and icon), from the app.
				expect(
					seen.failed.every((url) => /\/(?:_astro\/[^ ]+|favicon\.svg) /.test(url)),
					seen.failed.join('\n'),
				).toBe(true);
			} finally {
				await running.stop();
				await removeWorkDir(dir);
			}
		}, 120_000);

		it("loads the site's pages whole in Chromium, with no CSP violation (the whole-server config blocks them)", async () => {
			const paths = ['/', '/about/', '/no/such/page'];
			const whole = await serveTeamSite(server, executable, builds['own-404']!, 'whole-server');
			try {
				const before = await Promise.all(paths.map((path) => loadInBrowser(whole.running.port, path)));
				const after = await Promise.all(paths.map((path) => loadInBrowser(served.site!.running.port, path)));
				const count = (loads: PageLoad[]) => loads.map((load) => load.violations.length);
				console.log(
					`${server.name}: CSP violations on ${paths.join(', ')}: whole-server config ${count(before).join('/')}, site mode ${count(after).join('/')}`,
				);
				// The check sees what a CSP for Fallback's pages does to a site's: it can fail.
				expect(count(before).some((violations) => violations > 0)).toBe(true);
				for (const [index, load] of after.entries()) {
					expect(load.violations, paths[index]).toEqual([]);
					expect(load.failed, paths[index]).toEqual([]);
					expect(load.shows, paths[index]).toEqual(everythingShows);
				}
			} finally {
				await whole.running.stop();
				await removeWorkDir(whole.dir);
			}
		}, 120_000);

		for (const variant of ['own-404', 'fallback-404', 'lang-404', 'base', 'layout'] as const) {
			it(`holds the route contract: npm run verify passes (${variant})`, async () => {
				const target = {
					'own-404': served.site!,
					'fallback-404': own.site!,
					'lang-404': perLanguage.site!,
					base: underBase.site!,
					layout: inLayout.site!,
				}[variant];
				await expectVerified(server, target, builds[variant]!);
			}, 180_000);
		}
	});
}

for (const server of [nginx, caddy, apache]) describeSiteMode(server);

/**
 * The setups teams start from (baselines.ts), each with Fallback added as the hosts pages say:
 * random requests hold against the same setup without Fallback's files, and verify passes.
 */
function describeBaseline(baseline: Baseline) {
	const { server } = baseline;
	const executable = findServerExecutable(server);
	if (!executable) {
		describe(baseline.name, () =>
			it('is installed', () => expect.fail(`${server.name} is not installed (${server.install})`)),
		);
		return;
	}
	describe(`${baseline.name}, with Fallback's site-mode files added as the hosts page says`, () => {
		const pairs: Record<'own-404' | 'fallback-404', ServedPair> = { 'own-404': {}, 'fallback-404': {} };
		beforeAll(async () => {
			for (const variant of ['own-404', 'fallback-404'] as const) {
				[pairs[variant].without, pairs[variant].site] = await Promise.all([
					serveTeamSite(server, executable, builds[variant]!, 'without', {}, baseline),
					serveTeamSite(server, executable, builds[variant]!, 'site', {}, baseline),
				]);
			}
		}, 120_000);
		afterAll(async () => {
			for (const one of Object.values(pairs).flatMap((pair) => [pair.without, pair.site])) {
				await one?.running.stop();
				if (one) await removeWorkDir(one.dir);
			}
		});
		for (const variant of ['own-404', 'fallback-404'] as const) {
			it(`answers random requests as without them, or with Fallback's page of the same status (${variant})`, async () => {
				// What the server answers itself is the same as under the team's block.
				await expectRandomRequestsHold(
					server,
					variant,
					pairs[variant],
					server.teamBlock!.exceptions,
					baseline.name,
				);
			}, 120_000);
			it(`holds the route contract: verify passes (${variant})`, async () => {
				await expectVerified(server, pairs[variant].site!, builds[variant]!);
			}, 180_000);
		}
	});
}

for (const baseline of baselines) describeBaseline(baseline);
