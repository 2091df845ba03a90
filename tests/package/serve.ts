/**
 * A project's build served as the contract suite serves dist/ (netlify-cli, real nginx with the
 * config the build wrote), and checked with the project's own `fallback-pages verify`.
 */
import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freePort, type RunningServer } from '../contract/harness';
import { typeMapsRoot } from '../../packages/fallback-pages/src/hosts/apache';
import { parseHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import {
	apache,
	findServerExecutable,
	netlify,
	nginx,
	type ServerUnderTest,
	type TeamExtras,
} from '../contract/servers';
import { fallbackPages, repositoryRoot, run, type Result } from '../../scripts/fresh-project';

/** Netlify's engine on the folder as published (its _redirects and _headers included). */
export async function serveOnNetlify(pages: string, work: string): Promise<RunningServer> {
	const port = await freePort();
	return netlify.start({
		dir: work,
		pagesRoot: pages,
		siteConfig: '',
		port,
		label: `netlify-cli on ${pages}`,
		executable: findServerExecutable(netlify)!,
	});
}

/** Real nginx with the static config the build wrote (listen and pagesRoot set in the options). */
export async function serveOnNginx(configFile: string, port: number, work: string): Promise<RunningServer> {
	const executable = findServerExecutable(nginx);
	if (!executable) throw new Error(`nginx is not installed (${nginx.install})`);
	return nginx.start({
		dir: work,
		pagesRoot: '',
		siteConfig: await readFile(configFile, 'utf8'),
		port,
		label: `nginx with ${configFile}`,
		executable,
	});
}

/**
 * A built site at `dist` served by real nginx, Caddy or Apache from a team's own server block
 * (tests/contract/servers.ts): with `hostsDir`, the site-mode files written there included, as a
 * team adds Fallback to its server (Apache's type maps copied where its file reads them: the
 * options' hosts.pagesRoot must be `dist`); without, the block as it was.
 */
export async function serveTeamBlock(
	server: ServerUnderTest,
	dist: string,
	port: number,
	work: string,
	hostsDir?: string,
	team?: TeamExtras,
): Promise<RunningServer> {
	const executable = findServerExecutable(server);
	if (!executable) throw new Error(`${server.name} is not installed (${server.install})`);
	const block = server.teamBlock!;
	const files = hostsDir
		? Object.fromEntries(block.files.map((path) => [path, join(hostsDir, path)]))
		: undefined;
	if (hostsDir && server === apache) {
		await cp(join(hostsDir, 'apache/languages'), typeMapsRoot(parseHostOptions({ pagesRoot: dist })), {
			recursive: true,
		});
	}
	return server.start({
		dir: work,
		pagesRoot: dist,
		siteConfig: block.config(dist, port, files, team),
		port,
		label: `${server.name}, the team's block${hostsDir ? `, with ${hostsDir}` : ''}`,
		executable,
	});
}

/** What verify is told of the site beyond the server: see verifyFrom. */
export interface VerifyOptions {
	base?: string;
	reports?: string;
	siteCatchAll?: boolean;
	serverFunction?: boolean;
}

/**
 * `fallback-pages verify` from the project (its own install, else this workspace's: a site with the
 * Netlify plugin alone has none) against a server, its reports in `reports/<name>/`;
 * `base`: the pages' folder in the site (`--base`), whose contract is in it; `siteCatchAll`: the
 * site answers unknown paths outside it (`--site-catch-all`); `serverFunction`: a server function
 * takes every path no file answers, in it too (`--server-function`).
 */
export function verifyFrom(
	project: string,
	server: RunningServer,
	host: string,
	dist: string,
	{ base, reports = host, siteCatchAll = false, serverFunction = false }: VerifyOptions = {},
): Promise<Result> {
	const installed = existsSync(join(project, 'node_modules/.bin/fallback-pages'));
	const args = [
		'verify',
		`http://127.0.0.1:${server.port}`,
		'--host',
		host,
		'--dist',
		dist,
		...(base ? ['--base', base] : []),
		...(siteCatchAll ? ['--site-catch-all'] : []),
		...(serverFunction ? ['--server-function'] : []),
		'--report-dir',
		join(project, 'reports', reports),
	];
	return installed
		? fallbackPages(project, args)
		: run(project, process.execPath, [
				join(repositoryRoot, 'packages/fallback-pages/bin/fallback-pages.js'),
				...args,
			]);
}

/** `fallback-pages verify` from the project against a server: exit 0 and nothing failed. */
export async function expectVerified(
	project: string,
	server: RunningServer,
	host: string,
	dist: string,
	options: VerifyOptions = {},
): Promise<Result> {
	const result = await verifyFrom(project, server, host, dist, options);
	expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
	expect(result.stdout).toMatch(/[1-9]\d* passed, 0 failed/);
	return result;
}
