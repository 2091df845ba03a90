/**
 * A server-rendered Astro site (`output: 'server'`, `@astrojs/node` standalone) adds the packed
 * package: Fallback's pages are prerendered into `dist/client/`, the host configs go to
 * `dist-hosts/` (not `dist/client-hosts/`), and the build log names the proxy configs to put in
 * front of the Node server. The real Node server answers an unknown path with Astro's own 404; with
 * nginx's proxy config the build wrote in front of it (`replaceAppStatuses: [404]`), every client
 * gets Fallback's not-found page or problem document in its language, the site's own pages and
 * API answer as the server renders them, and a server that is down is answered with the 502 page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, request, type RunningServer } from '../contract/harness';
import {
	astroBuildWith,
	astroVersion,
	environment,
	makeProject,
	removeProject,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { serveOnNginx } from './serve';

/** The adapter's major that Astro 7 takes (its peer range: astro ^7). */
const nodeAdapter = '@astrojs/node@11';

const siteFiles = {
	'package.json': JSON.stringify({ name: 'server-site', private: true, type: 'module' }),
	'src/pages/index.astro':
		'---\nconst rendered = "on the server";\n---\n<html lang="en"><head><meta charset="utf-8"><title>Home</title></head><body><h1>Rendered {rendered}</h1></body></html>\n',
	'src/pages/api/hello.ts': "export const GET = () => Response.json({ hello: 'world' });\n",
};

let project: string;
let appPort: number;
let nginxPort: number;
let log: string;
let app: ChildProcess | undefined;
let nginx: RunningServer | undefined;

/** The Node server the build wrote, on loopback; resolves once it answers. */
async function startApp(): Promise<ChildProcess> {
	const child = spawn(process.execPath, ['dist-server/server/entry.mjs'], {
		cwd: project,
		env: { ...environment, HOST: '127.0.0.1', PORT: String(appPort) },
		stdio: 'ignore',
	});
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`the Node server exited ${child.exitCode}`);
		const up = await fetch(`http://127.0.0.1:${appPort}/`).then(
			async (response) => (await response.arrayBuffer(), true),
			() => false,
		);
		if (up) return child;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`the Node server did not answer on ${appPort} within 30 s`);
}

async function stopApp() {
	if (!app || app.exitCode !== null || app.signalCode !== null) return;
	const exited = new Promise((resolve) => app!.once('exit', resolve));
	app.kill();
	await exited;
}

beforeAll(async () => {
	[appPort, nginxPort] = [await freePort(), await freePort()];
	project = await makeProject('astro-server', siteFiles);
	const options = JSON.stringify({
		locales: ['en', 'de'],
		replaceAppStatuses: [404],
		hosts: {
			pagesRoot: join(project, 'dist-server/client'),
			upstream: `127.0.0.1:${appPort}`,
			listen: { host: '127.0.0.1', port: nginxPort },
		},
	});
	const config = [
		"import { defineConfig } from 'astro/config';",
		"import node from '@astrojs/node';",
		"import fallback from 'fallback-pages';",
		'export default defineConfig({',
		"\toutput: 'server',",
		"\tadapter: node({ mode: 'standalone' }),",
		`\tintegrations: [fallback(${options})],`,
		'});',
		'',
	].join('\n');
	await writeFile(join(project, 'astro.server.mjs'), config);
	await sharedNpmInstall(project, [
		`astro@${await astroVersion()}`,
		nodeAdapter,
		inject('tarballs')['fallback-pages'],
	]);
	const built = await astroBuildWith(project, 'server');
	log = built.stdout + built.stderr;
	app = await startApp();
}, 900_000);

afterAll(async () => {
	await stopApp();
	await nginx?.stop();
	await removeProject(project);
});

describe("a server-rendered site (output: 'server', @astrojs/node)", () => {
	it('prerenders the pages into the client folder, the host configs beside the build, and names the proxy configs', () => {
		// astroBuildWith builds into dist-server/: the pages in its client folder.
		for (const file of ['404.html', 'de/503.html', 'problem/404.json'])
			expect(existsSync(join(project, 'dist-server/client', file)), file).toBe(true);
		expect(existsSync(join(project, 'dist-server-hosts/nginx/fallback-proxy.conf'))).toBe(true);
		expect(existsSync(join(project, 'dist-server/client-hosts'))).toBe(false);
		expect(log).toContain('a server-rendered site (@astrojs/node)');
		expect(log).toContain('dist-server-hosts/nginx/fallback-proxy.conf (nginx)');
		expect(log).toContain("Fallback's pages are in dist-server/client/");
	});

	it("answers an unknown path with Astro's own 404 when nothing stands in front of it", async () => {
		const lost = await request(appPort, '/no/such/page');
		expect(lost.status).toBe(404);
		expect(lost.body).not.toContain('This page could not be found.');
	});

	it("with nginx's proxy config in front: Fallback's pages for its errors, the server's answers otherwise", async () => {
		nginx = await serveOnNginx(
			join(project, 'dist-server-hosts/nginx/fallback-proxy.conf'),
			nginxPort,
			join(project, 'nginx'),
		);
		const home = await request(nginxPort, '/');
		expect([home.status, home.body.includes('Rendered on the server')]).toEqual([200, true]);
		const api = await request(nginxPort, '/api/hello');
		expect([api.status, JSON.parse(api.body)]).toEqual([200, { hello: 'world' }]);
		const pages = join(project, 'dist-server/client');
		const lost = await request(nginxPort, '/no/such/page', { headers: { Accept: 'text/html' } });
		expect([lost.status, lost.headers.get('content-language')]).toEqual([404, 'en']);
		expect(lost.body).toContain('<h2>This page could not be found.</h2>');
		const german = await request(nginxPort, '/no/such/page', { headers: { 'Accept-Language': 'de' } });
		expect([german.status, german.headers.get('content-language')]).toEqual([404, 'de']);
		const problem = await request(nginxPort, '/no/such/page', { headers: { Accept: 'application/json' } });
		expect(problem.status).toBe(404);
		expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
		expect(JSON.parse(problem.body)).toMatchObject(
			JSON.parse(readFileSync(join(pages, 'problem/404.json'), 'utf8')) as object,
		);
		// The server down: its address refuses, and the 502 page answers.
		await stopApp();
		const down = await request(nginxPort, '/');
		expect(down.status).toBe(502);
		expect(down.body).toContain('<h1>502</h1>');
	}, 120_000);
});
