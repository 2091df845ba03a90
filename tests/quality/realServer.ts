/**
 * The real-status server of the quality tests: Netlify's own rule engine (netlify-cli, offline) on
 * a copy of dist/ whose Content-Security-Policy also allows `connect-src 'self'`. Lighthouse reads
 * /robots.txt and /llms.txt from inside the page, which the shipped policy (nothing may fetch)
 * rightly blocks: the audit tool gets what it needs here, in the test, not in what ships.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

/** dist/ copied, with `connect-src 'self'` added to the policy in its _headers. */
async function distForAudits(): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), 'fallback-lighthouse-'));
	await cp(dist, dir, { recursive: true });
	const headers = await readFile(join(dir, '_headers'), 'utf8');
	const widened = headers.replace(/(Content-Security-Policy: default-src 'none')/, "$1; connect-src 'self'");
	if (widened === headers)
		throw new Error('dist/_headers has no Content-Security-Policy to give Lighthouse its fetches');
	await writeFile(join(dir, '_headers'), widened);
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
