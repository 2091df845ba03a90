/**
 * The real-status server of the quality tests: `npm run serve` (Netlify's own rule engine, offline,
 * on dist/) at http://localhost:8888. Reused when something already answers there; otherwise
 * started in its own process group and stopped with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export const REAL_SERVER = 'http://localhost:8888';

async function answers(url: string): Promise<boolean> {
	try {
		await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
		return true;
	} catch {
		return false;
	}
}

export interface RunningServer {
	/** True when this process started the server (and will stop it). */
	started: boolean;
	stop(): Promise<void>;
}

export async function startRealServer(timeoutMs = 120_000): Promise<RunningServer> {
	if (await answers(`${REAL_SERVER}/`)) return { started: false, stop: async () => {} };

	const child: ChildProcess = spawn('npm', ['run', 'serve'], {
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
		if (!running || child.pid === undefined) return;
		process.kill(-child.pid, 'SIGTERM');
		const stopped = await Promise.race([exited.then(() => true), sleep(10_000, false)]);
		if (!stopped && running) process.kill(-child.pid, 'SIGKILL');
		await exited;
	};

	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (!running) throw new Error(`\`npm run serve\` exited before answering on ${REAL_SERVER}:\n${stderr}`);
		if (await answers(`${REAL_SERVER}/`)) return { started: true, stop };
		await sleep(500);
	}
	await stop();
	throw new Error(
		`\`npm run serve\` did not answer on ${REAL_SERVER} within ${timeoutMs / 1000} s:\n${stderr}`,
	);
}
