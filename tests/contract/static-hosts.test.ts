/**
 * Static hosts that set no status of their own choosing: the team's site built with
 * `staticHost: 'github-pages'` keeps only the page GitHub Pages answers errors with (404.html) and
 * no rule file, and its own files as they were. Served by nginx as GitHub Pages' documentation
 * describes it serving a folder — a file with 200 (`/name` also from `name.html`), anything else
 * 404.html with 404 — `verify --host github-pages` passes; the same site built without the option
 * fails it (its 503 page, problem documents and rule files published as files, with 200).
 * GitHub Pages itself cannot be reached from here: what it does is its documentation's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../packages/fallback-pages/src/verify/main';
import { buildTimeoutMs } from '../../scripts/build-with';
import { freePort, makeWorkDir, removeWorkDir, skipMissingHosts, type RunningServer } from './harness';
import { findServerExecutable, nginx } from './servers';
import { buildTeamSite, type TeamSiteBuild } from './teamSite';

/** A folder served as GitHub Pages serves one (its documentation: a custom 404 page, nothing else). */
const githubPagesLike = (root: string, port: number) =>
	[
		'server {',
		`\tlisten 127.0.0.1:${port};`,
		`\troot ${root};`,
		'\tinclude /etc/nginx/mime.types;',
		'\terror_page 404 /404.html;',
		'\tlocation / { try_files $uri $uri.html $uri/ =404; }',
		'}',
		'',
	].join('\n');

const executable = findServerExecutable(nginx);
const builds: { forGithub?: TeamSiteBuild; plain?: TeamSiteBuild } = {};
const served: { dir: string; running: RunningServer; root: string }[] = [];

async function serve(built: TeamSiteBuild, name: string) {
	const { dir, pagesRoot } = await makeWorkDir(`github-pages-${name}`, built.dist);
	const port = await freePort();
	const running = await nginx.start({
		dir: join(dir, 'server'),
		pagesRoot,
		siteConfig: githubPagesLike(pagesRoot, port),
		port,
		label: `nginx as GitHub Pages, ${name}`,
		executable: executable!,
	});
	served.push({ dir, running, root: pagesRoot });
	return { dir, running, root: pagesRoot };
}

const verifyOn = async (target: Awaited<ReturnType<typeof serve>>, built: TeamSiteBuild) =>
	runVerify({
		url: `http://127.0.0.1:${target.running.port}/`,
		host: 'github-pages',
		dist: target.root,
		contract: built.contractFile,
		reportDir: join(target.dir, 'verify-report'),
		log: () => {},
		color: false,
	});

describe.skipIf(!executable && skipMissingHosts)(
	"a site built for GitHub Pages (staticHost: 'github-pages')",
	() => {
		beforeAll(async () => {
			if (!executable) throw new Error(`nginx is not installed (${nginx.install})`);
			[builds.forGithub, builds.plain] = await Promise.all([
				buildTeamSite('github-pages', { FALLBACK_TEAM_SITE_STATIC_HOST: 'github-pages' }),
				buildTeamSite('not-for-github-pages'),
			]);
		}, buildTimeoutMs);
		afterAll(async () => {
			for (const one of served) {
				await one.running.stop();
				await removeWorkDir(one.dir);
			}
		});

		it("keeps Fallback's 404.html and the site's files, and nothing GitHub Pages would publish by mistake", () => {
			const { dist, log } = builds.forGithub!;
			expect(readFileSync(join(dist, '404.html'), 'utf8')).toContain('<h1>404</h1>');
			for (const gone of ['503.html', 'global-error.html', 'problem', 'de', '_headers', '_redirects']) {
				expect(existsSync(join(dist, gone)), gone).toBe(false);
			}
			const plain = builds.plain!.dist;
			for (const file of [
				'index.html',
				'about/index.html',
				...readdirSync(join(plain, '_astro')).map((name) => `_astro/${name}`),
			]) {
				if (file.startsWith('_astro/') && !existsSync(join(dist, file))) continue; // Fallback's own page styles
				expect(readFileSync(join(dist, file)).equals(readFileSync(join(plain, file))), file).toBe(true);
			}
			expect(log).toContain('for GitHub Pages: kept 404.html');
		});

		it('passes verify --host github-pages where served as GitHub Pages serves it', async () => {
			const run = await verifyOn(await serve(builds.forGithub!, 'for-github'), builds.forGithub!);
			expect(run.result.unreachable).toBeUndefined();
			expect(
				run.result.results.filter((result) => result.verdict !== 'passed').map((result) => result.name),
			).toEqual([]);
			expect(run.result.results.length).toBeGreaterThan(5);
			expect(run.passed).toBe(true);
		}, 120_000);

		it('fails it where built without the option: its pages and rule files are published with 200', async () => {
			const run = await verifyOn(await serve(builds.plain!, 'plain'), builds.plain!);
			const failed = run.result.results
				.filter((result) => result.verdict === 'failed')
				.map((result) => result.name);
			expect(failed).toEqual(
				expect.arrayContaining([
					expect.stringMatching(/^GET \/_headers: not published/),
					expect.stringMatching(/^GET \/503: not published/),
				]),
			);
			expect(run.passed).toBe(false);
		}, 120_000);
	},
);
