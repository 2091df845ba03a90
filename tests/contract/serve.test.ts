/**
 * `npm start` across a rebuild: scripts/serve.ts serving a copy of dist/ while the copy is rebuilt
 * the way `astro build` rebuilds it (the folder emptied, then every file written anew), with a
 * changed 404.html and a changed _headers. Afterwards the new page must be served with the new
 * headers, and the rules must be back. netlify-cli on its own fails this: it reloads _headers and
 * _redirects when the build deletes them and never again, so it serves the new pages without
 * their headers and every status page with 200.
 */
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	freePort,
	makeWorkDir,
	removeWorkDir,
	request,
	startServer,
	type Answer,
	type RunningServer,
} from './harness';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** How long netlify-cli must have been up for serve.ts to start it again after a crash. */
const crashGraceMs = 1_000;

let workDir: string;
let pagesRoot: string;
let server: RunningServer | undefined;

beforeAll(async () => {
	({ dir: workDir, pagesRoot } = await makeWorkDir('serve'));
	const port = await freePort();
	server = await startServer({
		label: 'scripts/serve.ts',
		// The Node running the tests (>= 22.12, from the `node` dev dependency) runs the script as
		// `npm run serve` does; the script finds netlify-cli on PATH as it does under npm.
		command: process.execPath,
		args: ['scripts/serve.ts', '--dir', pagesRoot, '--port', String(port)],
		port,
		logs: [],
		cwd: repoRoot,
		env: {
			PATH: [join(repoRoot, 'node_modules', '.bin'), process.env['PATH']].join(delimiter),
			FALLBACK_SERVE_CRASH_GRACE_MS: String(crashGraceMs),
		},
		startupSeconds: 120,
	});
});

afterAll(async () => {
	await server?.stop();
	if (workDir) await removeWorkDir(workDir);
});

const get404 = () => request(server!.port, '/404');

describe('scripts/serve.ts (npm start) while dist/ is rebuilt', () => {
	it('serves the new pages with the new headers and the rules again', { timeout: 120_000 }, async () => {
		const before = await get404();
		expect(before.status).toBe(404);
		expect(before.headers.get('x-build')).toBeNull();

		// The next build's output, staged beside the folder: 404.html with another text, _headers
		// with one more header on every page.
		const staged = join(workDir, 'next-build');
		await cp(pagesRoot, staged, { recursive: true });
		const page = await readFile(join(staged, '404.html'), 'utf8');
		const marker = '<!-- the next build -->';
		await writeFile(join(staged, '404.html'), page.replace('</body>', `${marker}</body>`));
		const headers = await readFile(join(staged, '_headers'), 'utf8');
		const added = headers.replace(/^\/\*\n/m, '/*\n  X-Build: next\n');
		expect(added).not.toBe(headers);
		await writeFile(join(staged, '_headers'), added);

		// As astro build does it: empty the folder, build for a while, write every file anew.
		for (const entry of await readdir(pagesRoot)) await rm(join(pagesRoot, entry), { recursive: true });
		await new Promise((resolve) => setTimeout(resolve, 500));
		await cp(staged, pagesRoot, { recursive: true });

		// netlify-cli starts again in a few seconds; on a loaded two-core machine (the full tier runs
		// three suites at once) a restart took over 30 s.
		const deadline = Date.now() + 90_000;
		let after: Answer | undefined;
		for (;;) {
			after = await get404().catch(() => undefined); // refused while the server restarts
			if (after?.status === 404 && after.headers.get('x-build') === 'next') break;
			if (Date.now() > deadline) break;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		expect(after, 'the server answers after the rebuild').toBeDefined();
		expect(after!.body).toContain(marker);
		expect(after!.headers.get('x-build'), 'the new _headers apply').toBe('next');
		expect(after!.status, 'the not-found rule of the new _redirects applies').toBe(404);
		expect((await request(server!.port, '/503')).status).toBe(503);
	});
});

/** GET /404 until it answers 404 or `ms` have passed (refused while netlify-cli starts). */
async function answered404(ms: number): Promise<Answer | undefined> {
	const deadline = Date.now() + ms;
	let answer: Answer | undefined;
	while (Date.now() < deadline) {
		answer = await get404().catch(() => undefined);
		if (answer?.status === 404) break;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	return answer;
}

describe('scripts/serve.ts (npm start) after a request that stops netlify-cli', () => {
	it('starts netlify-cli again: GET /%ff, then the pages answer again', { timeout: 240_000 }, async () => {
		// Up for longer than a server that is broken from its start (serve.ts does not restart that).
		await new Promise((resolve) => setTimeout(resolve, crashGraceMs + 500));
		// Answering first: on a loaded two-core machine (the full tier runs three suites at once) the
		// restart of the test before may still be under way.
		expect((await answered404(90_000))?.status, 'the server answers /404 before the request').toBe(404);
		// netlify-cli's rule engine throws on the malformed escape and the process ends (netlify/cli#6448).
		const malformed = await request(server!.port, '/%ff').catch(() => undefined);
		expect(
			malformed?.status ?? 0,
			'netlify-cli answered GET /%ff: its crash is fixed, serve.ts need not restart it any more',
		).toBe(0);
		expect((await answered404(90_000))?.status, 'the server answers /404 again').toBe(404);
	});
});
