/**
 * The Netlify build plugin's deploy check (netlify-plugin-fallback-pages, onSuccess): its handler with a stand-in for Netlify's `utils` whose
 * status.show and failPlugin are Netlify's own (the same checks, the same throw), against servers
 * this file starts on 127.0.0.1, and once through Netlify Build itself. The real verifier needs the
 * build's pages and contract (dist/ and hosts/contract.json, from `npm run build:production`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EVENTS } from '@netlify/config';
import { projectNetlifyConfig } from '../netlifyConfig';
import buildSite from '@netlify/build';
// Netlify's own code for what the stand-in does: the plugin's exports checked, utils.status.show()
// checked, utils.build.failPlugin() thrown, as in a build.
import { validatePlugin } from '../../node_modules/@netlify/build/lib/plugins/child/validate.js';
import { show as netlifyShow } from '../../node_modules/@netlify/build/lib/plugins/child/status.js';
import { failPlugin as netlifyFailPlugin } from '../../node_modules/@netlify/build/lib/plugins/error.js';
import * as plugin from '../../packages/netlify-plugin-fallback-pages/index.js';
import {
	deployedFolder,
	dependsOnNext,
	inSiteCasing,
	serverFunctions,
	staticHeaderRules,
	withInputs,
} from '../../packages/netlify-plugin-fallback-pages/placePages.js';
import {
	siteNotFoundPages,
	siteNotFoundLines,
	withSiteNotFound,
} from '../../packages/fallback-pages/src/embed/siteNotFound';
import { redirect, redirectsText, type RedirectLine } from '../../packages/fallback-pages/src/hosts/netlify';
import {
	deployTarget,
	mayAnswerSoon,
	readSettings,
	verifyDeploy,
	type PluginUtils,
} from '../../packages/netlify-plugin-fallback-pages/verifyDeploy.js';
import {
	defaultReportDir,
	runVerify,
	type VerifyCommand,
	type VerifyRun,
} from '../../packages/fallback-pages/src/verify/main';
import { countsOf } from '../../packages/fallback-pages/src/verify/report';

const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'dist');
const contract = join(root, 'hosts', 'contract.json');

beforeAll(() => {
	const missing = [dist, contract].filter((path) => !existsSync(path));
	if (missing.length > 0) {
		throw new Error(
			`The plugin's tests run the real verifier, which needs the build: ${missing.join(' and ')} missing. Run \`npm run build:production\` first.`,
		);
	}
});

// ---------------------------------------------------------------------------------------------
// Servers on loopback, and a stand-in for Netlify's utils.

const servers: Server[] = [];
afterEach(async () => {
	await Promise.all(
		servers.splice(0).map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
	);
});

function listen(server: Server, port = 0): Promise<string> {
	servers.push(server);
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
		});
	});
}
const serve = (handler: RequestListener) => listen(createServer(handler));

/** Answers everything with 200 "hello": no status page, no header, no language of the contract. */
const hello: RequestListener = (_request, response) => {
	response.setHeader('content-type', 'text/plain');
	response.end('hello');
};

/** A port nothing listens on now: one the OS gave a server that is closed again. */
async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	await new Promise((resolve) => server.close(resolve));
	return typeof address === 'object' && address ? address.port : 0;
}

interface Shown {
	title?: string;
	summary: string;
	text?: string;
}

/** Netlify's `utils.status` and `utils.build`, recording each call and doing what Netlify does. */
function fakeUtils() {
	const shown: Shown[] = [];
	const failures: string[] = [];
	const utils: PluginUtils = {
		status: {
			show(status) {
				// Netlify's check: summary required and not blank, strings only, no other key.
				netlifyShow({}, { ...status });
				shown.push(status);
			},
		},
		build: {
			failPlugin(message, options) {
				failures.push(message);
				return netlifyFailPlugin(
					message,
					options?.error ? { error: options.error, errorMetadata: [] } : undefined,
				);
			},
			failBuild() {
				throw new Error('the plugin must not call failBuild');
			},
			cancelBuild() {
				throw new Error('the plugin must not call cancelBuild');
			},
		},
	};
	return { utils, shown, failures, last: () => shown.at(-1) };
}

/** The real verifier, bounded for a test, its reports in a temp folder and its log kept. */
function testCommand() {
	const lines: string[] = [];
	const reportDir = mkdtempSync(join(tmpdir(), 'fallback-plugin-'));
	const command: Omit<Partial<VerifyCommand>, 'url'> = {
		dist,
		contract,
		reportDir,
		timeoutMs: 3000,
		retries: 0,
		log: (line) => lines.push(line),
	};
	return { command, lines, reportDir };
}

const deployEnv = (url: string) => ({ DEPLOY_URL: url, DEPLOY_ID: '6650f0c0ffee0000000000aa' });

/** A run as runVerify returns it, for the outcomes no loopback server here produces. */
function fakeRun(overrides: Partial<VerifyRun['result']>, passed: boolean): VerifyRun {
	const result: VerifyRun['result'] = {
		base: 'https://example.netlify.app',
		host: 'Netlify',
		startedAt: new Date(0).toISOString(),
		ms: 1,
		requests: 1,
		retries: 0,
		notRun: 0,
		results: [],
		...overrides,
	};
	return {
		result,
		audits: [],
		passed,
		counts: countsOf(result.results, result.notRun),
		summary: 'the summary',
		reports: { html: 'report.html', json: 'report.json', junit: 'junit.xml' },
	};
}

// ---------------------------------------------------------------------------------------------

describe('the plugin as Netlify loads it', () => {
	it('exports nothing but event handlers, onSuccess among them (Netlify refuses any other export)', () => {
		expect(() => validatePlugin(plugin)).not.toThrow();
		expect(Object.keys(plugin).sort()).toEqual(['onPostBuild', 'onPreBuild', 'onSuccess']);
		expect(EVENTS).toContain('onSuccess');
	});

	it('manifest.yml names the plugin and its inputs; netlify.toml declares it with inputs the manifest lists', async () => {
		const manifest = parse(
			readFileSync(join(root, 'packages/netlify-plugin-fallback-pages/manifest.yml'), 'utf8'),
		) as {
			name: string;
			inputs: { name: string; default?: unknown }[];
		};
		expect(Object.keys(manifest).sort()).toEqual(['inputs', 'name']);
		expect(manifest.name).toBe('fallback-pages');
		const defaults = Object.fromEntries(manifest.inputs.map((input) => [input.name, input.default]));
		expect(defaults).toEqual({
			config: undefined,
			base: undefined,
			name: undefined,
			accent: undefined,
			text: undefined,
			background: undefined,
			locales: undefined,
			notFound: 'site',
			embed: true,
			verify: true,
			failOnContract: true,
			host: 'netlify',
			retrySeconds: 60,
			budget: undefined,
		});

		const { config } = await projectNetlifyConfig();
		const declared = (config.plugins as { package: string; inputs: Record<string, unknown> }[]).find(
			(one) => one.package === 'netlify-plugin-fallback-pages',
		);
		expect(declared).toBeDefined();
		for (const name of Object.keys(declared!.inputs)) expect(Object.keys(defaults)).toContain(name);
		expect(readSettings(declared!.inputs)).toEqual({
			failOnContract: true,
			host: 'netlify',
			retrySeconds: 60,
			budget: undefined,
			// The starter's build writes its contract into its hostsDir, not beside dist/.
			contract: 'hosts/contract.json',
		});
	});
});

describe("what the plugin reads of the site's build", () => {
	const site = (files: Record<string, string>) => {
		const folder = mkdtempSync(join(tmpdir(), 'plugin-site-'));
		for (const [name, content] of Object.entries(files)) {
			mkdirSync(join(folder, name, '..'), { recursive: true });
			writeFileSync(join(folder, name), content);
		}
		return folder;
	};

	it("finds the site's own 404.html and its language folders' ones, never Fallback's own", () => {
		const publish = site({
			'404.html': 'site',
			'de/404.html': 'de',
			'pt-BR/404.html': 'pt',
			'blog/404.html': 'not a language folder',
			'fr/index.html': 'no 404 of its own',
			'fallback/404.html': "Fallback's",
		});
		expect(siteNotFoundPages(publish, '/fallback/')).toEqual(['404.html', 'de/404.html', 'pt-BR/404.html']);
		expect(siteNotFoundPages(site({ 'index.html': 'home' }), '/fallback/')).toEqual([]);
		// A language folder's page without one at the root still counts.
		expect(siteNotFoundPages(site({ 'de/404.html': 'de', 'errors/404.html': 'x' }), '/errors/')).toEqual([
			'de/404.html',
		]);
	});

	it("names the folder Netlify deploys: the publish folder, or Next.js's .netlify/static around its swap", () => {
		const build = site({ 'out/index.html': 'export' });
		const publish = join(build, 'out');
		const plugins = [{ package: 'netlify-plugin-fallback-pages' }, { package: '@netlify/plugin-nextjs' }];
		expect(deployedFolder(publish, build, plugins)).toEqual({ dir: publish });
		// Before the runtime's onPostBuild: its static folder is what it will deploy.
		mkdirSync(join(build, '.netlify/static'), { recursive: true });
		expect(deployedFolder(publish, build, plugins)).toMatchObject({ dir: join(build, '.netlify/static') });
		// Without the runtime in this build, a folder an earlier build left counts for nothing.
		expect(deployedFolder(publish, build, plugins.slice(0, 1))).toEqual({ dir: publish });
		// After it: the publish folder holds the static folder's files, the export waits in .netlify/.next.
		mkdirSync(join(build, '.netlify/.next'));
		expect(deployedFolder(publish, build, plugins).dir).toBe(publish);
		expect(deployedFolder(publish, build, plugins).note).toContain(
			'back to .netlify/static/ once the build ends',
		);
	});

	it("puts the site's own 404 pages in charge of Netlify's rules", () => {
		const rules = [
			{ from: '/fallback/*', to: '/fallback/404.html' },
			{ from: '/old', to: '/' },
			{ from: '/api/*', to: '/fallback/problem/404.json' },
			{ from: '/*', to: '/fallback/de/404.html' },
			{ from: '/*', to: '/fallback/404.html' },
		];
		const ours = (rule: { from: string; to: string }) => rule.from === '/*';
		const de = { from: '/de/*', to: '/de/404.html', status: 404, force: false };
		// A 404.html at the root: Fallback's catch-alls go; a language folder's page answers under it.
		expect(withSiteNotFound(rules, ['404.html', 'de/404.html'], ours)).toEqual([...rules.slice(0, 3), de]);
		// Language folders only: Fallback's catch-alls stay, after the folder's rule.
		expect(withSiteNotFound(rules, ['de/404.html'], ours)).toEqual([
			...rules.slice(0, 3),
			de,
			...rules.slice(3),
		]);
		expect(withSiteNotFound(rules, ['404.html'], ours)).toEqual(rules.slice(0, 3));
		// embed's _redirects block, as lines: the same rules, comments kept.
		const block: RedirectLine[] = [
			{ comment: '# Fallback' },
			{ rule: redirect('/fallback/*', '/fallback/404.html', 404, false) },
			{ rule: redirect('/*', '/fallback/de/404.html', 404, false, 'de') },
			{ rule: redirect('/*', '/fallback/404.html', 404, false) },
		];
		const text = (sitePages: string[]) => redirectsText(siteNotFoundLines(block, sitePages));
		expect(text(['404.html', 'de/404.html'])).toBe(
			'# Fallback\n/fallback/*  /fallback/404.html  404\n/de/*  /de/404.html  404\n',
		);
		expect(text(['de/404.html']).split('\n')[2]).toBe('/de/*  /de/404.html  404');
		expect(text([])).toBe(redirectsText(block));
	});

	it("names the pages after the input, else the options, else the site's name on Netlify", () => {
		expect(withInputs({}, {}, 'acme-shop').site?.name).toBe('acme-shop');
		expect(withInputs({ site: { name: 'Acme' } }, {}, 'acme-shop').site?.name).toBe('Acme');
		expect(withInputs({}, { name: 'Acme Inc' }, 'acme-shop').site?.name).toBe('Acme Inc');
		expect(withInputs({}, {}, undefined).site).toBeUndefined();
	});
});

describe("the site's server functions and header casing", () => {
	/** A functions manifest as zip-it-and-ship-it writes it, with these functions' routes. */
	const functionsDir = (functions: readonly unknown[]) => {
		const folder = mkdtempSync(join(tmpdir(), 'plugin-functions-'));
		writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ functions, version: 1 }));
		return folder;
	};
	const everyPath = { pattern: '/*', expression: '^(?:\\/(.*))\\/?$', methods: [], prefer_static: true };
	const own = { pattern: '/.netlify/*', expression: '^\\/\\.netlify(?:\\/(.*))\\/?$' };

	it('names the functions whose routes take an unknown path in the folder, not those that exclude it', () => {
		const dir = functionsDir([
			{ name: 'sveltekit-render', routes: [everyPath], excludedRoutes: [own] },
			{ name: 'api', routes: [{ pattern: '/api/*', expression: '^\\/api(?:\\/(.*))\\/?$' }] },
			{ name: 'classic' },
			{ name: 'form', routes: [{ ...everyPath, methods: ['POST'] }] },
			{
				name: 'server',
				routes: [everyPath],
				excludedRoutes: [{ pattern: '/fallback/*', expression: '^\\/fallback(?:\\/(.*))\\/?$' }],
			},
		]);
		expect(serverFunctions(dir, '/fallback/')).toEqual([{ name: 'sveltekit-render', patterns: ['/*'] }]);
		expect(serverFunctions(undefined, '/fallback/')).toEqual([]);
		expect(serverFunctions(mkdtempSync(join(tmpdir(), 'plugin-none-')), '/fallback/')).toEqual([]);
	});

	it('reads the _headers of the folders a build copies as they are, for their casing', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'plugin-static-'));
		expect(await staticHeaderRules(folder)).toEqual([]);
		mkdirSync(join(folder, 'public'));
		writeFileSync(join(folder, 'public/_headers'), '/assets/*\n  Cache-Control: max-age=60\n');
		const site = await staticHeaderRules(folder);
		expect(site).toEqual([{ for: '/assets/*', values: { 'Cache-Control': 'max-age=60' } }]);
		expect(inSiteCasing([{ for: '/fallback/503', values: { 'cache-control': 'no-cache' } }], site)).toEqual([
			{ for: '/fallback/503', values: { 'Cache-Control': 'no-cache' } },
		]);
	});

	it("writes Fallback's header names as the site's rules write them, else in lower case", () => {
		const fallback = [
			{ for: '/fallback/503', values: { 'Cache-Control': 'no-cache', 'Retry-After': '300' } },
		];
		expect(inSiteCasing(fallback, [])).toEqual([
			{ for: '/fallback/503', values: { 'cache-control': 'no-cache', 'retry-after': '300' } },
		]);
		expect(
			inSiteCasing(fallback, [{ values: { 'CACHE-control': 'x' } }, { values: { 'cache-control': 'y' } }]),
		).toEqual([{ for: '/fallback/503', values: { 'CACHE-control': 'no-cache', 'retry-after': '300' } }]);
		// A Next.js site: its runtime writes Cache-Control, so Fallback's names stay as written.
		expect(inSiteCasing(fallback, [], 'as written')).toEqual(fallback);
	});

	it('knows a Next.js site by its package.json', () => {
		const site = mkdtempSync(join(tmpdir(), 'fallback-next-'));
		expect(dependsOnNext(site)).toBe(false);
		writeFileSync(join(site, 'package.json'), JSON.stringify({ dependencies: { next: '16.4.0' } }));
		expect(dependsOnNext(site)).toBe(true);
		writeFileSync(join(site, 'package.json'), JSON.stringify({ devDependencies: { vite: '8' } }));
		expect(dependsOnNext(site)).toBe(false);
		writeFileSync(join(site, 'package.json'), '{ not json');
		expect(dependsOnNext(site)).toBe(false);
	});
});

describe('inputs and the deploy address', () => {
	it('reads booleans and numbers as TOML or as strings, and refuses anything else', () => {
		expect(readSettings({})).toEqual({
			failOnContract: true,
			host: 'netlify',
			retrySeconds: 60,
			budget: undefined,
		});
		expect(readSettings({ failOnContract: 'false', retrySeconds: '5', budget: 100, host: 'nginx' })).toEqual({
			failOnContract: false,
			host: 'nginx',
			retrySeconds: 5,
			budget: 100,
		});
		expect(() => readSettings({ failOnContract: 'maybe' })).toThrow(/failOnContract must be true or false/);
		expect(() => readSettings({ retrySeconds: -1 })).toThrow(/retrySeconds must be a number of at least 0/);
		expect(() => readSettings({ budget: 0 })).toThrow(/budget must be a number of at least 1/);
		expect(readSettings({ contract: ' out/contract.json ' }).contract).toBe('out/contract.json');
		expect(() => readSettings({ contract: '' })).toThrow(/input contract must be a file's path, not ""/);
		expect(() => readSettings({ contract: 3 })).toThrow(/input contract must be a file's path, not 3/);
	});

	it('takes DEPLOY_URL, skips the placeholder a local build gets and a build without one', () => {
		expect(deployTarget(deployEnv('https://6650f0c0ffee0000000000aa--fallback.netlify.app'))).toEqual({
			url: 'https://6650f0c0ffee0000000000aa--fallback.netlify.app',
		});
		expect(deployTarget({ DEPLOY_PRIME_URL: 'https://main--fallback.netlify.app' })).toHaveProperty('skip');
		expect(deployTarget({ DEPLOY_URL: 'https://0--site-name.netlify.app', DEPLOY_ID: '0' })).toHaveProperty(
			'skip',
		);
	});

	it('waits for a deploy that refuses, resets or times out, not for TLS, a missing name or a login', () => {
		expect(mayAnswerSoon({ kind: 'refused', message: '' })).toBe(true);
		expect(mayAnswerSoon({ kind: 'reset', message: '' })).toBe(true);
		expect(mayAnswerSoon({ kind: 'timeout', message: '' })).toBe(true);
		expect(
			mayAnswerSoon({ kind: 'dns', message: 'DNS: x does not resolve (EAI_AGAIN); is the URL right?' }),
		).toBe(true);
		expect(
			mayAnswerSoon({ kind: 'dns', message: 'DNS: x does not resolve (ENOTFOUND); is the URL right?' }),
		).toBe(false);
		expect(mayAnswerSoon({ kind: 'tls', message: '' })).toBe(false);
		expect(mayAnswerSoon({ kind: 'login', message: '' })).toBe(false);
	});
});

describe('onSuccess, handled', () => {
	it('without a deploy URL: says there is nothing to verify, runs nothing, fails nothing', async () => {
		const { utils, shown, failures } = fakeUtils();
		const outcome = await verifyDeploy({
			utils,
			env: {},
			runVerify: () => {
				throw new Error('runVerify must not be called without a deploy');
			},
			command: { log: () => {} },
		});
		expect(outcome).toEqual({ outcome: 'skipped', attempts: 0 });
		expect(failures).toEqual([]);
		expect(shown).toHaveLength(1);
		expect(shown[0]).toMatchObject({ title: 'Fallback: nothing to verify' });
		expect(shown[0]!.summary).toContain('DEPLOY_URL is not set');
	});

	it('a server that answers everything with 200 "hello": the contract is broken, failPlugin names the failures', async () => {
		const url = await serve(hello);
		const { utils, shown, failures } = fakeUtils();
		const { command, reportDir } = testCommand();
		const error = await verifyDeploy({
			inputs: { budget: 60, retrySeconds: 0 },
			utils,
			env: deployEnv(url),
			runVerify,
			command,
		}).catch((caught: unknown) => caught);

		// failPlugin threw, as Netlify's does: that is how the plugin is marked failed.
		expect(error).toBeInstanceOf(Error);
		expect(failures).toHaveLength(1);
		const message = failures[0]!;
		expect((error as Error).message).toBe(message);
		expect(message).toMatch(new RegExp(`^Fallback: ${url} breaks the route contract: 0 passed, \\d+ failed`));
		expect(message).toContain('status pages: GET /404 answers 404 with its page and headers');
		expect(message).toContain('expected 404, got 200');
		expect(message).toContain('The deploy stays live');
		expect(message.length).toBeLessThanOrEqual(3000);
		expect(message.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(10);

		// The status came first; failPlugin's replaces it in the deploy summary, but it is right too.
		expect(shown).toHaveLength(1);
		expect(shown[0]).toMatchObject({ title: 'Fallback: contract broken' });
		expect(shown[0]!.summary).not.toContain('\n');
		expect(shown[0]!.summary.length).toBeLessThanOrEqual(300);
		expect(shown[0]!.text).toContain("outside the site's files (the log says where)");
		expect(shown[0]!.text!.length).toBeLessThanOrEqual(10_300);
		expect(existsSync(join(reportDir, 'report.html'))).toBe(true);
	});

	it('the same server with failOnContract = false: reported in the status, the plugin not failed', async () => {
		const url = await serve(hello);
		const { utils, shown, failures } = fakeUtils();
		const { command } = testCommand();
		const outcome = await verifyDeploy({
			inputs: { failOnContract: false, budget: 60, retrySeconds: 0 },
			utils,
			env: deployEnv(url),
			runVerify,
			command,
		});
		expect(failures).toEqual([]);
		expect(outcome).toMatchObject({ outcome: 'failed', attempts: 1 });
		expect(outcome.run?.passed).toBe(false);
		expect(shown).toHaveLength(1);
		expect(shown[0]).toMatchObject({ title: 'Fallback: contract broken (reported only)' });
		expect(shown[0]!.summary).toMatch(/breaks the route contract: 0 passed, \d+ failed/);
		expect(shown[0]!.text).toContain('GET /404');
	});

	it('a deploy that refuses at first and answers after a second: tried again, then judged', async () => {
		const port = await freePort();
		const url = `http://127.0.0.1:${port}`;
		const late = setTimeout(() => void listen(createServer(hello), port), 1000);
		const { utils, shown, failures } = fakeUtils();
		const { command, lines } = testCommand();
		const started = Date.now();
		try {
			const outcome = await verifyDeploy({
				inputs: { failOnContract: false, budget: 40, retrySeconds: 20 },
				utils,
				env: deployEnv(url),
				runVerify,
				retryDelayMs: 250,
				command,
			});
			expect(outcome.attempts).toBeGreaterThanOrEqual(2);
			expect(Date.now() - started).toBeGreaterThanOrEqual(900);
			expect(lines.some((line) => line.includes(`${url} does not answer yet (refused)`))).toBe(true);
			// The verdict is on the server that answered: a broken contract, not an unreachable deploy.
			expect(outcome.outcome).toBe('failed');
			expect(outcome.run?.result.unreachable).toBeUndefined();
			expect(failures).toEqual([]);
			expect(shown.at(-1)!.summary).toContain(`breaks the route contract (after ${outcome.attempts} tries)`);
		} finally {
			clearTimeout(late);
		}
	});

	it('a deploy that never answers: tried until retrySeconds have passed, then the plugin fails saying so', async () => {
		const url = `http://127.0.0.1:${await freePort()}`;
		const { utils, shown, failures } = fakeUtils();
		const { command } = testCommand();
		const started = Date.now();
		const error = await verifyDeploy({
			inputs: { retrySeconds: 1 },
			utils,
			env: deployEnv(url),
			runVerify,
			retryDelayMs: 300,
			command,
		}).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(Error);
		// Retried (at least twice) until a second had passed; a loaded machine makes fewer tries.
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
		expect(failures).toHaveLength(1);
		expect(failures[0]).toMatch(
			new RegExp(
				`^Fallback: ${url} could not be verified \\(after [2-9] tries\\): refused: connection refused`,
			),
		);
		expect(shown[0]).toMatchObject({ title: 'Fallback: deploy not reachable' });
	});

	it('a deploy behind a login (/ redirects to /login): reported plainly, not retried, not failed', async () => {
		const url = await serve((request, response) => {
			if (request.url === '/') {
				response.writeHead(302, { location: '/login' });
				response.end();
			} else hello(request, response);
		});
		const { utils, shown, failures } = fakeUtils();
		const { command } = testCommand();
		const outcome = await verifyDeploy({
			inputs: { retrySeconds: 30 },
			utils,
			env: deployEnv(url),
			runVerify,
			retryDelayMs: 250,
			command,
		});
		expect(outcome).toMatchObject({ outcome: 'login', attempts: 1 });
		expect(failures).toEqual([]);
		expect(shown).toHaveLength(1);
		expect(shown[0]).toMatchObject({
			title: 'Fallback: not verified, a login stands in front of the deploy',
		});
		expect(shown[0]!.summary).toContain(`${url}/ redirects to ${url}/login`);
	});

	it('a contract kept: "Fallback: contract verified" with the counts, no failure', async () => {
		const { utils, shown, failures } = fakeUtils();
		const passing = fakeRun(
			{
				results: Array.from({ length: 3 }, (_, index) => ({
					group: 'status pages',
					name: `case ${index}`,
					verdict: 'passed' as const,
					failures: [],
					requests: 1,
					ms: 1,
				})),
			},
			true,
		);
		const seen: VerifyCommand[] = [];
		const outcome = await verifyDeploy({
			inputs: { host: 'netlify', budget: 500 },
			utils,
			env: deployEnv('https://6650f0c0ffee0000000000aa--fallback.netlify.app'),
			runVerify: async (command) => {
				seen.push(command);
				return passing;
			},
			command: { log: () => {} },
		});
		expect(outcome).toMatchObject({ outcome: 'passed', attempts: 1 });
		expect(seen[0]).toMatchObject({
			url: 'https://6650f0c0ffee0000000000aa--fallback.netlify.app',
			host: 'netlify',
			budget: 500,
		});
		expect(failures).toEqual([]);
		expect(shown[0]).toMatchObject({ title: 'Fallback: contract verified' });
		expect(shown[0]!.summary).toMatch(
			/^3 passed, 0 failed: https:\/\/6650f0c0ffee0000000000aa--fallback\.netlify\.app answers/,
		);
	});

	it('a run the request budget cut short: "not fully checked", not "broken", and still a failure', async () => {
		const { utils, shown, failures } = fakeUtils();
		const one = (verdict: 'passed' | 'error', index: number) => ({
			group: 'status pages',
			name: `case ${index}`,
			verdict,
			failures: [],
			requests: verdict === 'passed' ? 1 : 0,
			ms: 1,
			...(verdict === 'error' ? { error: 'the request budget (2) is spent' } : {}),
		});
		const cut = fakeRun(
			{
				notRun: 3,
				results: [0, 1].map((i) => one('passed', i)).concat([2, 3, 4].map((i) => one('error', i))),
			},
			false,
		);
		await expect(
			verifyDeploy({
				utils,
				env: deployEnv('https://6650f0c0ffee0000000000aa--fallback.netlify.app'),
				runVerify: async () => cut,
				command: { log: () => {} },
			}),
		).rejects.toThrow(/was not fully checked: 2 passed, 0 failed, 3 without a verdict \(3 not run/);
		expect(failures[0]).toContain('- status pages: case 2: no answer: the request budget (2) is spent');
		expect(shown[0]).toMatchObject({ title: 'Fallback: contract not fully checked' });
	});

	it('TLS that fails is not waited for; with failOnContract = false it is reported only', async () => {
		const { utils, shown, failures } = fakeUtils();
		let calls = 0;
		const outcome = await verifyDeploy({
			inputs: { failOnContract: false, retrySeconds: 30 },
			utils,
			env: deployEnv('https://6650f0c0ffee0000000000aa--fallback.netlify.app'),
			runVerify: async () => {
				calls += 1;
				return fakeRun({ unreachable: { kind: 'tls', message: 'TLS with x failed' } }, false);
			},
			retryDelayMs: 10,
			command: { log: () => {} },
		});
		expect(calls).toBe(1);
		expect(outcome).toMatchObject({ outcome: 'unreachable', attempts: 1 });
		expect(failures).toEqual([]);
		expect(shown[0]!.summary).toContain('tls: TLS with x failed');
	});

	it('a verifier that cannot run (no contract here) and a wrong input: the plugin fails, saying why', async () => {
		const url = await serve(hello);
		const missing = fakeUtils();
		await expect(
			verifyDeploy({
				utils: missing.utils,
				env: deployEnv(url),
				runVerify,
				command: { ...testCommand().command, contract: join(tmpdir(), 'no-such-contract.json') },
			}),
		).rejects.toThrow(/Fallback: the deploy was not verified: .*no-such-contract\.json does not exist/);
		expect(missing.shown[0]).toMatchObject({ title: 'Fallback: verification could not run' });

		const wrong = fakeUtils();
		await expect(
			verifyDeploy({ inputs: { retrySeconds: 'soon' }, utils: wrong.utils, env: deployEnv(url), runVerify }),
		).rejects.toThrow(/input retrySeconds must be a number/);
		expect(wrong.failures).toHaveLength(1);
	});
});

describe('through Netlify Build itself', () => {
	it('loads the plugin from netlify.toml, runs onSuccess after the build, and the build stays successful', async () => {
		const url = await serve(hello);
		// A build directory of its own: this project's plugin, pages and contract linked in, a build
		// command that builds nothing, and inputs for a short run.
		const site = mkdtempSync(join(tmpdir(), 'fallback-netlify-build-'));
		mkdirSync(join(site, 'plugins'));
		mkdirSync(join(site, 'hosts'));
		symlinkSync(join(root, 'packages/netlify-plugin-fallback-pages'), join(site, 'plugins/verify'));
		symlinkSync(dist, join(site, 'dist'));
		symlinkSync(contract, join(site, 'hosts/contract.json'));
		writeFileSync(
			join(site, 'netlify.toml'),
			[
				'[build]',
				'  command = "echo built"',
				'  publish = "dist"',
				'[[plugins]]',
				'  package = "./plugins/verify"',
				'  [plugins.inputs]',
				'    embed = false',
				'    contract = "hosts/contract.json"',
				'    budget = 40',
				'    retrySeconds = 0',
				'',
			].join('\n'),
		);
		const result = await buildSite({
			cwd: site,
			offline: true,
			buffer: true,
			telemetry: false,
			mode: 'cli',
			deployId: '6650f0c0ffee0000000000aa',
			env: deployEnv(url),
		});
		const log = result.logs?.stdout.join('\n') ?? '';
		expect(log).toContain('./plugins/verify (onSuccess event)');
		expect(log).toContain(`Verifying ${url} as Netlify`);
		expect(log).toContain('Plugin "./plugins/verify" failed');
		expect(log).toMatch(new RegExp(`Fallback: ${url} breaks the route contract: 0 passed, \\d+ failed`));
		// failPlugin in onSuccess fails the plugin, never the build (the deploy is already live).
		expect(result).toMatchObject({ success: true, severityCode: 0 });
		expect(existsSync(join(defaultReportDir(site), 'report.json'))).toBe(true);
	}, 60_000);
});
