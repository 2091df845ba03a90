/**
 * The real-status server of the quality tests: Netlify's own rule engine (netlify-cli, offline) on
 * a copy of dist/ whose Content-Security-Policies (the header's and each page's own) also allow
 * `connect-src 'self'`. Lighthouse reads /robots.txt and /llms.txt from inside the page, which the
 * shipped policies (nothing may fetch) rightly block: the audit tool gets what it needs here, in
 * the test, not in what ships.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port of its own, so that a server already running on 8888 (`npm start`) is never measured. */
const PORT = 8897;
export const REAL_SERVER = `http://localhost:${PORT}`;

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

async function answers(url: string): Promise<boolean> {
	try {
		const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
		// An unread body can crash undici when the server closes (nodejs/undici#5360).
		await response.body?.cancel();
		return true;
	} catch {
		return false;
	}
}

/** A file of the copy with `connect-src 'self'` added to the policy `before` introduces. */
async function widen(file: string, before: string): Promise<void> {
	const text = await readFile(file, 'utf8');
	const widened = text.replace(`${before}default-src 'none'`, `$&; connect-src 'self'`);
	if (widened === text)
		throw new Error(`${file} has no Content-Security-Policy to give Lighthouse its fetches`);
	await writeFile(file, widened);
}

/** dist/ copied, with `connect-src 'self'` added to the policy in its _headers and its pages. */
async function distForAudits(): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), 'fallback-lighthouse-'));
	await cp(dist, dir, { recursive: true });
	await widen(join(dir, '_headers'), 'Content-Security-Policy: ');
	const pages = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html'));
	for (const page of pages)
		await widen(join(dir, page), '<meta http-equiv="Content-Security-Policy" content="');
	return dir;
}

export interface RunningServer {
	stop(): Promise<void>;
}

export async function startRealServer(timeoutMs = 120_000): Promise<RunningServer> {
	if (await answers(`${REAL_SERVER}/`))
		throw new Error(`Something already answers on ${REAL_SERVER}: stop it first.`);
	const dir = await distForAudits();
	const child: ChildProcess = spawn('npm', ['run', 'serve', '--', '--dir', dir, '--port', String(PORT)], {
		cwd: new URL('../../', import.meta.url),
		detached: true,
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => {
		stderr = (stderr + chunk.toString()).slice(-4_000);
	});
	const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
	let running = true;
	void exited.then(() => (running = false));

	const stop = async () => {
		if (running && child.pid !== undefined) {
			process.kill(-child.pid, 'SIGTERM');
			const stopped = await Promise.race([exited.then(() => true), sleep(10_000, false)]);
			if (!stopped && running) process.kill(-child.pid, 'SIGKILL');
			await exited;
		}
		await rm(dir, { recursive: true, force: true });
	};

	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (!running) throw new Error(`\`npm run serve\` exited before answering on ${REAL_SERVER}:\n${stderr}`);
		if (await answers(`${REAL_SERVER}/`)) return { stop };
		await sleep(500);
	}
	await stop();
	throw new Error(
		`\`npm run serve\` did not answer on ${REAL_SERVER} within ${timeoutMs / 1000} s:\n${stderr}`,
	);
}
