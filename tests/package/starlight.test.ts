/**
 * A Starlight site with the packed package and `fallback({ layout: 'starlight' })`: every error page
 * in Starlight's own frame, in English and Arabic, its own 404 kept (`sitePages: [404]`). Served by
 * netlify-cli and by the team's own nginx with the site-mode files the build wrote: each page
 * answers with its status inside Starlight's header, search and theme switch; `verify` passes; in
 * Chromium no CSP violation, nothing fails to load, and whatever axe finds is Starlight's, never in
 * Fallback's screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { starlightDocsFiles } from '../build/starlightDocs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumLaunchOptions } from '../../packages/fallback-pages/src/verify/chromium';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import { freePort, request, type RunningServer } from '../contract/harness';
import { nginx } from '../contract/servers';
import {
	astroVersion,
	makeProject,
	removeProject,
	installedVersion,
	repositoryRoot,
	runOk,
	type Result,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { pageInBrowser } from './pageInBrowser';
import { expectVerified, serveOnNetlify, serveTeamBlock } from './serve';

const starlightVersion = installedVersion(repositoryRoot, '@astrojs/starlight');

let project: string;
let port: number;
let built: Result;
let browser: Browser;
const running: RunningServer[] = [];

beforeAll(async () => {
	port = await freePort();
	project = await makeProject('starlight', {
		'package.json': JSON.stringify({ name: 'team-docs', private: true, type: 'module' }),
		...starlightDocsFiles,
	});
	const hosts = JSON.stringify({ pagesRoot: join(project, 'dist'), listen: { host: '127.0.0.1', port } });
	await import('node:fs/promises').then(({ writeFile }) =>
		writeFile(
			join(project, 'astro.config.mjs'),
			[
				"import { defineConfig } from 'astro/config';",
				"import starlight from '@astrojs/starlight';",
				"import fallback from 'fallback-pages';",
				'export default defineConfig({',
				'\tintegrations: [',
				"\t\tstarlight({ title: 'Team Docs' }),",
				`\t\tfallback({ layout: 'starlight', sitePages: [404], locales: ['en', 'ar'], hosts: ${hosts} }),`,
				'\t],',
				'});',
				'',
			].join('\n'),
		),
	);
	await sharedNpmInstall(project, [
		`astro@${await astroVersion()}`,
		`@astrojs/starlight@${starlightVersion}`,
		inject('tarballs')['fallback-pages'],
	]);
	built = await runOk(project, 'npx', ['astro', 'build']);
	browser = await chromium.launch(chromiumLaunchOptions());
}, 900_000);

afterAll(async () => {
	await Promise.all(running.map((server) => server.stop()));
	await browser?.close();
	await removeProject(project);
});

/** Each of Fallback's pages answers with its status, in Starlight's frame, the screen in its language. */
async function expectInFrame(server: RunningServer, { netlifyCli }: { netlifyCli: boolean }) {
	const contract = JSON.parse(
		readFileSync(join(project, 'dist-hosts/contract.json'), 'utf8'),
	) as RouteContract;
	const pages = [...contract.statusPages, ...contract.extraPages].filter((route) => !route.sitePage);
	// 39 statuses in English (Starlight keeps its 404), 40 in Arabic, two app errors each.
	expect(pages).toHaveLength(83);
	for (const route of pages) {
		// netlify-cli makes a rule of status 400 a redirect (tests/contract/netlify.test.ts checks those
		// rules with Netlify's own matcher): that page is read as published.
		const answer =
			netlifyCli && route.status === 400
				? { status: 400, body: readFileSync(join(project, 'dist', route.file), 'utf8') }
				: await request(server.port, route.path);
		const arabic = route.path.startsWith('/ar/');
		expect([route.path, answer.status]).toEqual([route.path, route.status]);
		expect(answer.body, route.path).toContain('<site-search');
		expect(answer.body, route.path).toContain('<starlight-theme-select');
		expect(answer.body, route.path).toMatch(
			arabic
				? /<div class="not-content[^"]*" lang="ar" dir="rtl">/
				: /<div class="not-content[^"]*" lang="en" dir="ltr">/,
		);
	}
	for (const [path, code, lang, dir] of [
		['/503', '503', 'en', 'ltr'],
		['/ar/503', '503', 'ar', 'rtl'],
		['/ar/no/such/page', '404', 'ar', 'rtl'],
	] as const) {
		const seen = await pageInBrowser(browser, `http://127.0.0.1:${server.port}${path}`, (page) =>
			page.evaluate(() => ({
				frame: document.querySelector('header site-search') !== null,
				screen: document.querySelector('.not-content .fallback-screen h1')?.textContent ?? null,
				lang: document.querySelector('.not-content')?.getAttribute('lang'),
				dir: document.querySelector('.not-content')?.getAttribute('dir'),
			})),
		);
		expect(seen.look, path).toEqual({ frame: true, screen: code, lang, dir });
		expect(seen.violations, path).toEqual([]);
		expect(seen.failed, path).toEqual([]);
		// Whatever axe finds is in Starlight's frame, never in Fallback's screen.
		expect(
			seen.axe.filter((violation) => violation.place !== 'site'),
			path,
		).toEqual([]);
		if (seen.axe.length > 0)
			console.log(
				`axe on ${path} in Starlight's frame: ${seen.axe.map((v) => v.id).join(', ')} (Starlight's)`,
			);
	}
}

describe("a Starlight site with fallback({ layout: 'starlight' }), from the packed package", () => {
	it("says the pages are in Starlight's frame", () => {
		expect(built.stdout).toContain("layout: every error page is rendered in Starlight's frame");
		expect(readFileSync(join(project, 'dist/404.html'), 'utf8')).not.toContain('fallback-screen');
	});

	it('answers every error page on netlify-cli with its status in the frame, whole in Chromium, and holds the contract', async () => {
		const server = await serveOnNetlify(join(project, 'dist'), join(project, 'netlify'));
		running.push(server);
		await expectInFrame(server, { netlifyCli: true });
		await expectVerified(project, server, 'netlify-cli', 'dist');
	}, 600_000);

	it("answers them on the team's own nginx with the site-mode files the build wrote, and holds the contract", async () => {
		const server = await serveTeamBlock(
			nginx,
			join(project, 'dist'),
			port,
			join(project, 'nginx'),
			join(project, 'dist-hosts'),
		);
		running.push(server);
		await expectInFrame(server, { netlifyCli: false });
		await expectVerified(project, server, 'nginx-site', 'dist');
	}, 600_000);
});
