/**
 * Your look for a site built otherwise: a plain HTML site (as a static site generator writes one)
 * whose own 404.html has a header, navigation, footer, stylesheet and script, and its <main> marked
 * `data-fallback`. With the packed package, `fallback-pages embed` puts every error page into that
 * element, in English and Arabic: served by netlify-cli with the rules embed wrote, and by the
 * team's own nginx with the site-mode files (`embed --hosts`); the Netlify plugin does the same in
 * a Netlify Build of the site. On each: each page answers with its
 * status inside the site's page, in its language and direction; in Chromium the site's stylesheet
 * and script apply, with no CSP violation and nothing for axe; `verify` passes; the site's own files
 * stay byte for byte.
 */
import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumLaunchOptions } from '../../packages/fallback-pages/src/verify/chromium';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import { freePort, request, type RunningServer } from '../contract/harness';
import { nginx } from '../contract/servers';
import { fallbackPages, filesOf, makeProject, removeProject, type Result } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, serveOnNetlify, serveTeamBlock } from './serve';
import { netlifyBuild, serveDeploy, type Built } from './netlifyBuild';
import { pageInBrowser } from './pageInBrowser';
import { plainSiteFiles as siteFiles } from './plainSite';

let project: string;
/** The same site with the Netlify plugin and fallback-pages, built by Netlify Build. */
let plugged: string;
let pluginBuild: Built;
let root: string;
let forNetlify: Result;
let forServer: Result;
let browser: Browser;
const running: RunningServer[] = [];

beforeAll(async () => {
	project = await makeProject(
		'shell',
		Object.fromEntries(Object.entries(siteFiles).map(([path, text]) => [`public/${path}`, text])),
	);
	root = join(project, 'srv/site');
	await sharedNpmInstall(project, ['--omit=dev', inject('tarballs')['fallback-pages']]);
	await cp(join(project, 'public'), root, { recursive: true });
	await import('node:fs/promises').then(({ writeFile }) =>
		writeFile(
			join(project, 'fallback.config.mjs'),
			`export default { locales: ['en', 'ar'], hosts: { pagesRoot: ${JSON.stringify(root)} } };\n`,
		),
	);
	[forNetlify, forServer] = await Promise.all([
		fallbackPages(project, ['embed', '--into', 'public']),
		fallbackPages(project, ['embed', '--into', 'srv/site', '--hosts', 'fallback-hosts']),
	]);
	plugged = await makeProject('shell-plugin', {
		'package.json': JSON.stringify({ name: 'plain-site', private: true }),
		'netlify.toml': [
			'[build]',
			'  publish = "public"',
			'  command = "echo the site builds itself"',
			'',
			'[[plugins]]',
			'  package = "netlify-plugin-fallback-pages"',
			'',
		].join('\n'),
		'fallback.config.mjs': "export default { locales: ['en', 'ar'] };\n",
		...Object.fromEntries(Object.entries(siteFiles).map(([path, text]) => [`public/${path}`, text])),
	});
	await sharedNpmInstall(plugged, ['--save-dev', ...Object.values(inject('tarballs'))]);
	pluginBuild = await netlifyBuild(plugged);
	browser = await chromium.launch(chromiumLaunchOptions());
}, 900_000);

afterAll(async () => {
	await Promise.all(running.map((server) => server.stop()));
	await browser?.close();
	await removeProject(project);
	await removeProject(plugged);
});

/** Fallback's error pages, as the contract names them: every status and app error, in both languages. */
function errorPages(folder: string): RouteContract['statusPages'] {
	const contract = JSON.parse(readFileSync(join(folder, 'fallback/contract.json'), 'utf8')) as RouteContract;
	return [...contract.statusPages, ...contract.extraPages];
}

/** One page in Chromium: the site's parts, its stylesheet and script, policy violations and axe. */
async function inBrowser(port: number, path: string) {
	const seen = await pageInBrowser(browser, `http://127.0.0.1:${port}${path}`, (tab) =>
		tab.evaluate(() => ({
			stylesheet: getComputedStyle(document.querySelector('header.top')!).borderBottomStyle === 'double',
			script: document.documentElement.dataset['site'] === 'ran',
			screen:
				document.querySelector('main[data-fallback] > .fallback .fallback-screen h1')?.textContent ?? null,
		})),
	);
	return {
		status: seen.status,
		lang: seen.lang,
		dir: seen.dir,
		...seen.look,
		violations: seen.violations,
		failed: seen.failed,
		axe: seen.axe.map((violation) => `${violation.id} (${violation.place})`),
	};
}

const browserPages = [
	['/fallback/404', 404, 'en', 'ltr', '404'],
	['/fallback/ar/503', 503, 'ar', 'rtl', '503'],
	['/fallback/ar/global-error', 500, 'ar', 'rtl', expect.any(String)],
] as const;

/** A few pages in Chromium: the site's stylesheet and script, no CSP violation, nothing for axe. */
async function expectWholeInBrowser(port: number) {
	for (const [path, status, lang, dir, screen] of browserPages) {
		expect(await inBrowser(port, path), path).toEqual({
			status,
			lang,
			dir,
			stylesheet: true,
			script: true,
			screen,
			violations: [],
			failed: [],
			axe: [],
		});
	}
}

/** Each error page's answer: its status, inside the site's own page, in its language. */
async function expectInShell(port: number, folder: string) {
	const pages = errorPages(folder);
	expect(pages).toHaveLength(84);
	for (const route of pages) {
		// netlify-cli makes a rule of status 400 a redirect (tests/contract/netlify.test.ts checks
		// those rules with Netlify's own matcher): that page is read as published.
		const answer =
			route.status === 400 && folder.endsWith('public')
				? { status: 400, body: readFileSync(join(folder, route.file), 'utf8') }
				: await request(port, route.path);
		const arabic = route.path.startsWith('/fallback/ar/');
		expect([route.path, answer.status]).toEqual([route.path, route.status]);
		expect(answer.body, route.path).toContain(
			arabic ? '<html lang="ar" dir="rtl">' : '<html lang="en" dir="ltr">',
		);
		// The shell of the page's language: the site's Arabic 404.html for Arabic pages.
		expect(answer.body, route.path).toContain(
			arabic
				? '<header class="top"><a href="/ar/">الموقع البسيط</a>'
				: '<header class="top"><a href="/">Plain site</a>',
		);
		expect(answer.body, route.path).toContain('<footer class="bottom">');
		expect(answer.body, route.path).toContain('<link rel="stylesheet" href="/css/site.css">');
		expect(answer.body, route.path).toMatch(
			/<main data-fallback><div class="fallback" data-pagefind-ignore>.*<div class="fallback-screen"><svg [^>]*aria-hidden/s,
		);
	}
}

describe('a plain HTML site whose 404.html is marked data-fallback: every error page in it', () => {
	it("says so, and leaves the site's own files byte for byte", () => {
		for (const result of [forNetlify, forServer]) {
			expect(result.code, result.stdout + result.stderr).toBe(0);
			expect(result.stdout).toContain(
				"your look: every error page goes into the site's own 404.html, in its element marked data-fallback; the rest of it (header, footer, stylesheets, scripts) stays as it is; the pages of a language the site has a marked 404.html for go into that one (ar/404.html)",
			);
		}
		for (const folder of [join(project, 'public'), root]) {
			const site = filesOf(folder).filter((file) => !file.startsWith('fallback/') && !file.startsWith('_'));
			expect(site).toEqual(Object.keys(siteFiles).sort());
			for (const file of site) expect(readFileSync(join(folder, file), 'utf8'), file).toBe(siteFiles[file]);
		}
	});

	it('answers each page on netlify-cli with its status in the site’s page, in Chromium whole, and holds the contract', async () => {
		const server = await serveOnNetlify(join(project, 'public'), join(project, 'netlify'));
		running.push(server);
		await expectInShell(server.port, join(project, 'public'));
		await expectWholeInBrowser(server.port);
		await expectVerified(project, server, 'netlify-cli', 'public', {
			base: '/fallback/',
			siteCatchAll: true,
			reports: 'netlify-shell',
		});
	}, 600_000);

	it('answers each page deployed with the Netlify plugin in the site’s page, in Chromium whole, and holds the contract', async () => {
		expect(pluginBuild.success, pluginBuild.log).toBe(true);
		expect(pluginBuild.log).toContain(
			"Fallback: your look: every error page goes into the site's own 404.html, in its element marked data-fallback",
		);
		expect(pluginBuild.log).toMatch(
			/Fallback: 84 pages in public\/fallback\/ \(prebuilt, placed in [\d.]+ s/,
		);
		const server = await serveDeploy(join(plugged, 'public'), pluginBuild);
		running.push(server);
		await expectInShell(server.port, join(plugged, 'public'));
		await expectWholeInBrowser(server.port);
		await expectVerified(plugged, server, 'netlify-cli', 'public', {
			base: '/fallback/',
			siteCatchAll: true,
			reports: 'plugin-shell',
		});
	}, 600_000);

	it("answers each page on the team's own nginx with the site-mode files, in Chromium whole, and holds the contract", async () => {
		const server = await serveTeamBlock(
			nginx,
			root,
			await freePort(),
			join(project, 'nginx'),
			join(project, 'fallback-hosts'),
		);
		running.push(server);
		await expectInShell(server.port, root);
		await expectWholeInBrowser(server.port);
		await expectVerified(project, server, 'nginx-site', root, { base: '/fallback/', reports: 'nginx-shell' });
	}, 600_000);
});
