/**
 * What the benchmark measures on a running server: its start-up, its memory and CPU (its process
 * and every process it started, from /proc), wrk's throughput and latency, and how many idle
 * keep-alive connections it keeps.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { promisify } from 'node:util';
import type { Launch } from './servers.ts';

const ticksPerSecond = 100; // Linux's USER_HZ

export interface Running {
	pid: number;
	/** From spawning to the first accepted connection. */
	startupMs: number;
	stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

export async function start(launch: Launch, port: number, label: string): Promise<Running> {
	const output: string[] = [];
	const started = performance.now();
	const child: ChildProcess = spawn(launch.command, launch.args, {
		env: { ...process.env, ...launch.env },
		stdio: ['ignore', launch.stdout ? openSync(launch.stdout, 'a') : 'ignore', 'pipe'],
		detached: true,
	});
	child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
	let exited = false;
	const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	void exit.then(() => (exited = true));
	while (!(await accepts(port))) {
		if (exited || performance.now() - started > 30_000) {
			if (!exited) process.kill(-child.pid!, 'SIGKILL');
			throw new Error(`${label} did not start on 127.0.0.1:${port}:\n${output.join('').trim()}`);
		}
		await sleep(2);
	}
	const startupMs = performance.now() - started;
	return {
		pid: child.pid!,
		startupMs,
		async stop() {
			if (exited) return;
			process.kill(-child.pid!, 'SIGTERM');
			const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5_000);
			await exit;
			clearTimeout(killer);
			// Apache's children and HAProxy's workers may outlive the parent by a moment.
			await sleep(200);
		},
	};
}

/** The process and everything it started, still running. */
function tree(pid: number): number[] {
	const children = new Map<number, number[]>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
		} catch {
			// gone meanwhile
		}
	}
	const all = [pid];
	for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
	return all;
}

/** CPU seconds of the tree, those of children that ended included. */
export function cpuSeconds(pid: number): number {
	let ticks = 0;
	for (const process of tree(pid)) {
		try {
			const fields = readFileSync(`/proc/${process}/stat`, 'utf8').split(') ')[1]!.split(' ');
			// utime, stime, cutime, cstime: fields 14–17, here 11–14 after the name.
			ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
		} catch {
			// gone meanwhile
		}
	}
	return ticks / ticksPerSecond;
}

/** Resident memory of the tree, in MB. */
export function residentMB(pid: number): number {
	let kB = 0;
	for (const process of tree(pid)) {
		try {
			const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${process}/status`, 'utf8'));
			kB += Number(match?.[1] ?? 0);
		} catch {
			// gone meanwhile
		}
	}
	return kB / 1024;
}

export interface Load {
	requestsPerSecond: number;
	p99Ms: number;
	/** Server CPU per request, µs. */
	cpuMicroseconds: number;
	/** Answers wrk counted as errors (non-2xx/3xx are not errors to wrk: socket errors, timeouts). */
	socketErrors: number;
}

/** Milliseconds from wrk's `12.34us`, `1.20ms`, `1.01s`. */
function milliseconds(text: string): number {
	const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
	if (!match) throw new Error(`wrk: not a duration: ${text}`);
	const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
	return Number(match[1]) * factor;
}

/** One wrk run against a path, with these request headers; the server's CPU over it. */
export async function load(
	pid: number,
	port: number,
	path: string,
	headers: Readonly<Record<string, string>>,
	{ seconds, connections }: { seconds: number; connections: number },
): Promise<Load> {
	const before = cpuSeconds(pid);
	const { stdout } = await promisify(execFile)('wrk', [
		'-t1',
		`-c${connections}`,
		`-d${seconds}s`,
		'--latency',
		...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
		`http://127.0.0.1:${port}${path}`,
	]);
	const cpu = cpuSeconds(pid) - before;
	const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
	const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
	const p99 = /^\s+99%\s+(\S+)/m.exec(stdout)?.[1];
	if (!requests || !rate || !p99) throw new Error(`wrk: unexpected output:\n${stdout}`);
	const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
	return {
		requestsPerSecond: rate,
		p99Ms: milliseconds(p99),
		cpuMicroseconds: (cpu / requests) * 1e6,
		socketErrors: errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
	};
}

/**
 * Opens `count` connections, sends one request on each and reads its answer, waits `idleMs`, and
 * counts those the server still holds open.
 */
export async function heldConnections(
	port: number,
	path: string,
	count: number,
	idleMs: number,
): Promise<number> {
	const sockets: Socket[] = [];
	const closed = new Set<Socket>();
	await Promise.all(
		Array.from(
			{ length: count },
			() =>
				new Promise<void>((resolve) => {
					const socket = connect(port, '127.0.0.1');
					sockets.push(socket);
					socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\n\r\n`));
					socket.once('data', () => resolve());
					socket.on('data', () => undefined);
					socket.once('error', () => {
						closed.add(socket);
						resolve();
					});
					socket.once('close', () => {
						closed.add(socket);
						resolve();
					});
				}),
		),
	);
	await sleep(idleMs);
	const held = sockets.filter((socket) => !closed.has(socket)).length;
	for (const socket of sockets) socket.destroy();
	return held;
}
