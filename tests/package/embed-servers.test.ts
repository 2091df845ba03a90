/**
 * A site not built with Astro on its own server: a Hugo site (Debian's hugo) in English and German,
 * with its own 404 page and stylesheet, and the packed package. `fallback-pages embed --into public
 * --hosts fallback-hosts` puts the pages in `public/fallback/` and the site-mode files beside the
 * site; the site is then served by nginx, Caddy and Apache from a team's own server block
 * (tests/contract/servers.ts), once as it was and once with those files included.
 *
 * On each server: every file of the site answers as without them (status, bytes, every header but
 * Date, for an English and a German browser); unknown paths and the statuses get Fallback's pages,
 * in the language asked for, and API clients its problem documents; `verify` passes. A team that
 * keeps its own directive for 404 keeps its own page there. `embed --remove --hosts` takes it all
 * out again.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, request, type RunningServer } from '../contract/harness';
import { apache, caddy, nginx, teamHeaders } from '../contract/servers';
import { headerPairs } from '../contract/siteModeRequests';
import {
	fallbackPages,
	filesOf,
	makeProject,
	removeProject,
	runOk,
	type Result,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { hugoToml } from './hugoSite';
import { expectVerified, serveTeamBlock, verifyFrom } from './serve';

/** The site as its team has it, before anyone adds Fallback. */
const hugoFiles: Readonly<Record<string, string>> = {
	'package.json': JSON.stringify({ name: 'acme-hugo', private: true }),
	'hugo.toml': hugoToml,
	'layouts/_default/baseof.html':
		'<!doctype html><html lang="{{ .Language.Lang }}"><head><meta charset="utf-8"><title>{{ .Title }}</title><link rel="stylesheet" href="/css/site.css"></head><body>{{ block "main" . }}{{ end }}</body></html>\n',
	'layouts/index.html': '{{ define "main" }}<h1>Acme home</h1>{{ end }}\n',
	'layouts/_default/single.html': '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n',
	'layouts/404.html':
		'{{ define "main" }}<h1>{{ if eq .Language.Lang "de" }}Acme: Seite nicht gefunden{{ else }}Acme: page not found{{ end }}</h1>{{ end }}\n',
	'content/about.md': '---\ntitle: About Acme\n---\nWe make anvils.\n',
	'content/about.de.md': '---\ntitle: Über Acme\n---\nWir machen Ambosse.\n',
	'static/css/site.css': 'h1 { color: teal; }\n',
};

const german = { 'Accept-Language': 'de-DE,de;q=0.9' };

let project: string;
/** The published folder, where each server's root is (the options' hosts.pagesRoot). */
let root: string;
let embedded: Result;
/** The site's own files as Hugo built them, by URL path. */
let sitePaths: string[];
const running: RunningServer[] = [];

beforeAll(async () => {
	project = await makeProject('embed-servers', hugoFiles);
	root = join(project, 'srv/site');
	await sharedNpmInstall(project, ['--omit=dev', inject('tarballs')['fallback-pages']]);
	await runOk(project, 'hugo', ['--quiet']);
	sitePaths = filesOf(join(project, 'public')).map((file) => `/${file}`);
	writeFileSync(
		join(project, 'fallback.config.mjs'),
		`export default { locales: ['en', 'de'], hosts: { pagesRoot: ${JSON.stringify(root)} } };\n`,
	);
	embedded = await fallbackPages(project, ['embed', '--into', 'public', '--hosts', 'fallback-hosts']);
	// Deployed: the published folder where the server's root is, as the options say.
	await cp(join(project, 'public'), root, { recursive: true, preserveTimestamps: true });
}, 900_000);

afterAll(async () => {
	await Promise.all(running.map((server) => server.stop()));
	await removeProject(project);
});

describe('embed --hosts on a Hugo site', () => {
	it('writes the pages in their folder and the site-mode files beside the site, no rule file, and says so', () => {
		expect(embedded.code, `${embedded.stdout}\n${embedded.stderr}`).toBe(0);
		expect(embedded.stdout).toContain(
			'embed: the site-mode files in fallback-hosts/: nginx/fallback-site-http.conf',
		);
		expect(embedded.stdout).toContain(
			"Fallback's not-found page answers the unknown paths outside /fallback/",
		);
		expect(existsSync(join(project, 'public/fallback/503.html'))).toBe(true);
		expect(existsSync(join(project, 'public/fallback/de/503.html'))).toBe(true);
		for (const file of ['_redirects', '_headers'])
			expect(existsSync(join(project, 'public', file))).toBe(false);
		expect(filesOf(join(project, 'fallback-hosts'))).toEqual(
			expect.arrayContaining([
				'contract.json',
				'nginx/fallback-site-http.conf',
				'nginx/fallback-site.conf',
				'caddy/fallback-site.caddy',
				'apache/fallback-site.conf',
				'apache/languages/404.var',
			]),
		);
		// The site's own files are as Hugo built them.
		expect(sitePaths).toEqual(
			expect.arrayContaining(['/index.html', '/404.html', '/de/404.html', '/css/site.css']),
		);
	});

	it('refuses a hosts folder inside the publish folder or holding it, and --not-found with it, writing nothing', async () => {
		const refused = await fallbackPages(project, ['embed', '--into', 'public', '--hosts', 'public/hosts']);
		expect(refused.code).not.toBe(0);
		expect(refused.stderr).toContain('--hosts public/hosts is inside the publish folder');
		expect(existsSync(join(project, 'public/hosts'))).toBe(false);
		const holding = await fallbackPages(project, ['embed', '--into', 'public', '--hosts', '.']);
		expect(holding.stderr).toContain('holds the publish folder');
		const both = await fallbackPages(project, [
			'embed',
			'--into',
			'public',
			'--hosts',
			'fallback-hosts',
			'--not-found',
			'site',
		]);
		expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('--not-found chooses')]);
	});
});

for (const server of [nginx, caddy, apache] as const) {
	describe(`the Hugo site on ${server.name}, the team's block with the site-mode files embed wrote`, () => {
		let without: RunningServer;
		let withFallback: RunningServer;

		beforeAll(async () => {
			const serve = async (name: string, hostsDir?: string) => {
				const started = await serveTeamBlock(
					server,
					root,
					await freePort(),
					join(project, `${server.id}-${name}`),
					hostsDir,
				);
				running.push(started);
				return started;
			};
			[without, withFallback] = await Promise.all([
				serve('without'),
				serve('site', join(project, 'fallback-hosts')),
			]);
		}, 120_000);

		it('answers every file of the site as the block without them: status, bytes, every header', async () => {
			for (const headers of [{}, german]) {
				for (const path of ['/', '/de/', '/about/', '/de/about/', ...sitePaths]) {
					const [before, after] = await Promise.all([
						request(without.port, path, { headers }),
						request(withFallback.port, path, { headers }),
					]);
					expect([path, after.status]).toEqual([path, 200]);
					expect(after.body, path).toBe(before.body);
					expect(headerPairs(after), path).toEqual(headerPairs(before));
				}
			}
			// The team's own header is there: the comparison compares something.
			const home = await request(withFallback.port, '/');
			expect(home.headers.get(teamHeaders.everyAnswer.name)).toBe(teamHeaders.everyAnswer.value);
			expect(home.headers.get('content-security-policy')).toBeNull();
		});

		it("answers unknown paths and the statuses with Fallback's pages, in the language asked for", async () => {
			const lost = await request(withFallback.port, '/no/such/page');
			expect([lost.status, lost.headers.get('content-language')]).toEqual([404, 'en']);
			expect(lost.body).toContain('<h2>This page could not be found.</h2>');
			// With the embedded pages' headers (no CSP of their own: the site's applies to them).
			const { pageHeaders } = JSON.parse(readFileSync(join(root, 'fallback/contract.json'), 'utf8')) as {
				pageHeaders: Record<string, string>;
			};
			expect(Object.keys(pageHeaders)).toEqual(['Cache-Control']);
			expect(lost.headers.get('cache-control')).toBe(pageHeaders['Cache-Control']);
			const inGerman = await request(withFallback.port, '/no/such/page', { headers: german });
			expect([inGerman.status, inGerman.headers.get('content-language')]).toEqual([404, 'de']);
			expect(inGerman.body).toContain('<h2>Diese Seite wurde nicht gefunden.</h2>');
			const api = await request(withFallback.port, '/api/orders', {
				headers: { Accept: 'application/json' },
			});
			expect([api.status, api.headers.get('content-type')]).toEqual([
				404,
				expect.stringMatching(/^application\/problem\+json/),
			]);
			const unavailable = await request(withFallback.port, '/fallback/503', { headers: german });
			expect([
				unavailable.status,
				unavailable.headers.get('retry-after'),
				unavailable.headers.get('content-language'),
			]).toEqual([503, '300', 'de']);
			// The German page's heading (nginx adds the request's ID to the page).
			const heading = /<h2>[^<]+<\/h2>/.exec(readFileSync(join(root, 'fallback/de/503.html'), 'utf8'))![0];
			expect(unavailable.body).toContain(heading);
			for (const hidden of ['/fallback/', '/fallback/contract.json', '/fallback/problem/404.json']) {
				expect([hidden, (await request(withFallback.port, hidden)).status]).toEqual([hidden, 404]);
			}
			// Without them, the server's own stock page: what Fallback replaces.
			const before = await request(without.port, '/no/such/page');
			expect(before.status).toBe(404);
			expect(before.body).not.toContain('<h2>This page could not be found.</h2>');
		});

		it('holds the route contract: fallback-pages verify --base /fallback/ passes', async () => {
			await expectVerified(project, withFallback, `${server.id}-site`, root, {
				base: '/fallback/',
				reports: `${server.id}-hugo`,
			});
		}, 300_000);

		if (server !== caddy) {
			it("keeps the site's own 404 page where the team's block keeps its directive for 404", async () => {
				const kept = await serveTeamBlock(
					server,
					root,
					await freePort(),
					join(project, `${server.id}-own-404`),
					join(project, 'fallback-hosts'),
					{ notFoundPage: '/404.html', notFoundAfterFallback: true },
				);
				running.push(kept);
				const lost = await request(kept.port, '/no/such/page');
				expect([lost.status, lost.body]).toEqual([404, readFileSync(join(root, '404.html'), 'utf8')]);
				// Fallback's other statuses stay: its 503 page, not the site's.
				const unavailable = await request(kept.port, '/fallback/503');
				const heading = /<h2>[^<]+<\/h2>/.exec(readFileSync(join(root, 'fallback/503.html'), 'utf8'))![0];
				expect([unavailable.status, unavailable.body.includes(heading)]).toEqual([503, true]);
				// verify names the directive that answers before Fallback's, as the guide says: the
				// not-found answer is the team's, everywhere (under /fallback/ too).
				const verified = await verifyFrom(project, kept, `${server.id}-site`, root, {
					base: '/fallback/',
					reports: `${server.id}-hugo-own-404`,
				});
				expect(verified.code).toBe(1);
				expect(verified.stdout).toContain(server === nginx ? '`error_page 404' : '`ErrorDocument 404');
			});
		}
	});
}

describe('embed --remove --hosts', () => {
	it('takes the pages and the site-mode files out again: the site is as Hugo built it', async () => {
		const removed = await fallbackPages(project, [
			'embed',
			'--into',
			'public',
			'--hosts',
			'fallback-hosts',
			'--remove',
		]);
		expect(removed.code, removed.stderr).toBe(0);
		expect(removed.stdout).toContain('embed: removed fallback-hosts/');
		expect(existsSync(join(project, 'fallback-hosts'))).toBe(false);
		expect(filesOf(join(project, 'public')).map((file) => `/${file}`)).toEqual(sitePaths);
		expect(readdirSync(project)).not.toContain('fallback-hosts');
	});
});
