/**
 * Runs real servers on loopback for the contract suite: a private copy of dist/, a free port, a
 * foreground process with its own config, pid and logs in a temp dir, killed afterwards; the test
 * app behind the proxies; and plain HTTP requests that show exactly what a server answered.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unusedPort } from '../../scripts/ports.ts';
import { alive } from '../../scripts/alive.ts';
import { blackholedOrigin } from '../../scripts/blackhole.ts';
import type { Target } from '../../packages/fallback-pages/src/verify/checks';
import {
	send,
	sendRaw,
	toHeaders,
	type Answer,
	type RequestOptions,
} from '../../packages/fallback-pages/src/verify/http';
import { contractFileOf } from '../../packages/fallback-pages/src/verify/site';

/**
 * The build every server serves: the project's dist/, or another production build named by
 * FALLBACK_CONTRACT_DIST (`npm run test:contract:locales`: every catalogued locale).
 */
export const distDir = process.env['FALLBACK_CONTRACT_DIST']
	? join(process.env['FALLBACK_CONTRACT_DIST'], '/')
	: fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * The contract of that build: the project's build writes it into its hostsDir (hosts/), another
 * build beside itself (`<dist>-hosts/`).
 */
export const contractFile = process.env['FALLBACK_CONTRACT_DIST']
	? contractFileOf(distDir)
	: fileURLToPath(new URL('../../hosts/contract.json', import.meta.url));

/** Seconds the proxy configs under test wait for the app: short, so the timeout case stays quick. */
export const testUpstreamTimeoutSeconds = 2;

/**
 * Seconds the proxy configs under test try to connect to an app whose host drops the attempts: two,
 * so that a loaded machine's delay (up to a second, beside npm test's other steps) stays well apart
 * from a server that serves its visitors one after another (two timeouts for the second).
 */
export const testConnectTimeoutSeconds = 2;

/** How long the test app's /slow takes: well past the timeout, so only a timeout explains a 504. */
const slowAnswerMs = (testUpstreamTimeoutSeconds + 3) * 1000;

/** FALLBACK_SKIP_MISSING_HOSTS=1 turns a missing server binary from a failure into a loud skip. */
export const skipMissingHosts = process.env['FALLBACK_SKIP_MISSING_HOSTS'] === '1';

/** A port nothing listens on right now, as the OS picks one (released before it is returned). */

/**
 * Ports handed out to test processes on this machine, one file each holding its process's ID: a
 * port the OS picks again for another test process (they run at once, and npm test may run twice)
 * is not handed out twice while its owner lives.
 */
const reservations = join(tmpdir(), 'fallback-test-ports');
const reserved: string[] = [];
process.once('exit', () => {
	for (const file of reserved) rmSync(file, { force: true });
});

/**
 * A port for a server under test: free now, and reserved for this process against every other
 * test process (a reservation whose owner is gone is taken over). The server that binds it is
 * checked to be the one listening (startServer).
 */
export async function freePort(): Promise<number> {
	mkdirSync(reservations, { recursive: true });
	for (;;) {
		const port = await unusedPort();
		const file = join(reservations, String(port));
		try {
			writeFileSync(file, String(process.pid), { flag: 'wx' });
			reserved.push(file);
			return port;
		} catch {
			const owner = Number(readFileSync(file, 'utf8') || 0);
			if (owner !== process.pid && owner > 0 && !alive(owner)) rmSync(file, { force: true });
		}
	}
}

/** The inodes of the sockets listening on a TCP port (Linux: /proc/net/tcp, tcp6), else undefined. */
function listeningInodes(port: number): Set<string> | undefined {
	const tables = ['/proc/net/tcp', '/proc/net/tcp6'].filter((table) => existsSync(table));
	if (tables.length === 0) return undefined;
	const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
	const inodes = new Set<string>();
	for (const table of tables) {
		for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
			const fields = line.trim().split(/\s+/);
			// local_address (address:port in hex), state 0A: LISTEN, inode.
			if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
		}
	}
	return inodes;
}

/**
 * Whether a process of the group `group` (a server and what it started) holds the socket that
 * listens on `port`; true where the system cannot tell (no /proc).
 */
function groupListensOn(group: number, port: number): boolean {
	const inodes = listeningInodes(port);
	if (inodes === undefined) return true;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Fields after the command's closing parenthesis: state, ppid, pgrp.
			const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
			if (pgrp !== group) continue;
			for (const fd of readdirSync(`/proc/${entry}/fd`)) {
				const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
				if (inodes.has(target.replace(/^socket:\[(\d+)\]$/, '$1'))) return true;
			}
		} catch {
			// The process ended while it was read.
		}
	}
	return false;
}

/**
 * A temp dir with a copy of dist/ (or of another build's pages) at `pages/`, readable by a server's
 * unprivileged workers.
 */
export async function makeWorkDir(
	name: string,
	pages = distDir,
): Promise<{ dir: string; pagesRoot: string }> {
	if (!existsSync(join(pages, '404.html'))) {
		throw new Error(`${pages} has no built pages: run \`npm run build\` before the host tests.`);
	}
	const dir = await mkdtemp(join(tmpdir(), `fallback-${name}-`));
	// nginx and Apache workers drop to an unprivileged user when started as root: they must be able
	// to walk into the temp dir and read the pages.
	await chmod(dir, 0o755);
	const pagesRoot = join(dir, 'pages');
	// A copy, so a build running at the same time cannot change the pages under a test (its files
	// keep their times: two copies of a build answer with the same ETag and Last-Modified).
	await cp(pages, pagesRoot, { recursive: true, preserveTimestamps: true });
	// A build in a temp folder of its own (mkdtemp: 0700) is copied with that mode.
	await chmod(pagesRoot, 0o755);
	return { dir, pagesRoot };
}

export async function removeWorkDir(dir: string): Promise<void> {
	await rm(dir, { recursive: true, force: true });
}

function canConnect(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
	try {
		if (child.pid !== undefined) process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

export interface RunningServer {
	port: number;
	stop(): Promise<void>;
}

export interface ServerCommand {
	/** A short name for messages: `nginx static`. */
	label: string;
	command: string;
	args: string[];
	port: number;
	/** Log files to show when the server does not come up. */
	logs: string[];
	env?: NodeJS.ProcessEnv;
	/** Working directory of the process. */
	cwd?: string;
	/** How long it may take to accept connections (default 15 s). */
	startupSeconds?: number;
}

/** A server startServer started: also what it printed so far. */
export interface StartedServer extends RunningServer {
	/** Its stdout and stderr, interleaved as they came. */
	output(): string;
}

/** Starts a foreground server and waits until its port accepts connections. */
export async function startServer({
	label,
	command,
	args,
	port,
	logs,
	env,
	cwd,
	startupSeconds = 15,
}: ServerCommand): Promise<StartedServer> {
	const output: string[] = [];
	const child: ChildProcess = spawn(command, args, {
		env: { ...process.env, ...env },
		cwd,
		stdio: ['ignore', 'pipe', 'pipe'],
		// Its own process group, so that stopping it stops whatever it started (netlify-cli does).
		detached: true,
	});
	child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
	const exited = new Promise<number | null>((resolve) => {
		child.once('exit', (code) => resolve(code));
		child.once('error', (error) => {
			output.push(String(error));
			resolve(null);
		});
	});
	let exitCode: number | null | undefined;
	void exited.then((code) => (exitCode = code));

	const deadline = Date.now() + startupSeconds * 1000;
	// Up when the port accepts connections and the socket listening there is this server's: another
	// process on the port would otherwise be judged in its place.
	const ours = () => child.pid !== undefined && groupListensOn(child.pid, port);
	while (!((await canConnect(port)) && ours())) {
		if (exitCode !== undefined || Date.now() > deadline) {
			killGroup(child, 'SIGKILL');
			const logText = await Promise.all(logs.map((log) => readFile(log, 'utf8').catch(() => '')));
			const taken = (await canConnect(port)) ? ', and another process listens on that port' : '';
			throw new Error(
				`${label} did not start on 127.0.0.1:${port} (${exitCode === undefined ? 'timed out' : `exited with ${exitCode}`}${taken}):\n` +
					[output.join(''), ...logText].join('\n').trim(),
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}

	return {
		port,
		output: () => output.join(''),
		async stop() {
			if (exitCode !== undefined) return;
			killGroup(child, 'SIGTERM');
			const killer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
			await exited;
			clearTimeout(killer);
		},
	};
}

/** Runs a server's config check; resolves with its stdout, rejects with all it printed. */
export function checkConfig(
	command: string,
	args: string[],
	{ env }: { env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
	return new Promise((resolve, reject) => {
		execFile(command, args, { env: { ...process.env, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
			if (error) reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`));
			else resolve(stdout);
		});
	});
}

/** Writes a file, creating its folder. */
export async function writeConfig(path: string, content: string): Promise<string> {
	await mkdir(join(path, '..'), { recursive: true });
	await writeFile(path, content);
	return path;
}

/** What the test app answers, by path. */
export const upstreamBodies = {
	ok: 'upstream ok',
	notFound: 'upstream: no such page',
	failed: (status: number) => `<!doctype html><title>${status}</title><p>upstream failed with ${status}`,
	json: '{"error":"validation failed","field":"email"}',
	jsonFailed: (status: number) => `{"error":"upstream failed","status":${status}}`,
	received: (bytes: number) => `upstream received ${bytes} bytes`,
};

/** A header the test app sets on every answer, to tell its answers from the proxy's own. */
export const upstreamMarker = { name: 'x-test-upstream', value: 'yes' };

/** The app's own challenge on its 401, which a proxy must not replace with the catalogue's. */
export const upstreamChallenge = 'Basic realm="app"';

/**
 * The app behind the proxy: /ok answers 200, /fail{code} answers {code} with an HTML page (/fail500,
 * /fail503…), /fail{code}json with JSON and /fail{code}empty with nothing (under /api/ too),
 * /json422 a JSON 422, /slow answers after the proxy has given up, any request with a body gets
 * 200 with the number of bytes it read, a WebSocket handshake gets 101, anything else 404 with the
 * app's own body. Every answer carries the marker header.
 */
export async function startUpstream(): Promise<{ port: number; stop(): Promise<void> }> {
	const server: Server = createHttpServer((request, response) => {
		const path = new URL(request.url ?? '/', 'http://upstream').pathname;
		const plain = {
			'content-type': 'text/plain; charset=utf-8',
			[upstreamMarker.name]: upstreamMarker.value,
		};
		const failed = /^(?:\/api)?\/fail(\d{3})(json|empty)?$/.exec(path);
		let bytes = 0;
		request.on('data', (chunk: Buffer) => (bytes += chunk.length));
		request.on('end', () => {
			if (bytes > 0) {
				response.writeHead(200, plain).end(upstreamBodies.received(bytes));
			} else if (path === '/ok') {
				response.writeHead(200, plain).end(upstreamBodies.ok);
			} else if (path === '/json422') {
				response.writeHead(422, { ...plain, 'content-type': 'application/json' }).end(upstreamBodies.json);
			} else if (failed) {
				const status = Number(failed[1]);
				const challenge = status === 401 ? { 'www-authenticate': upstreamChallenge } : {};
				const marker = { [upstreamMarker.name]: upstreamMarker.value };
				if (failed[2] === 'json') {
					response
						.writeHead(status, { ...marker, 'content-type': 'application/json' })
						.end(upstreamBodies.jsonFailed(status));
				} else if (failed[2] === 'empty') {
					response.writeHead(status, marker).end();
				} else {
					response
						.writeHead(status, { ...marker, ...challenge, 'content-type': 'text/html; charset=utf-8' })
						.end(upstreamBodies.failed(status));
				}
			} else if (path === '/slow') {
				const timer = setTimeout(() => response.writeHead(200, plain).end('too late'), slowAnswerMs);
				response.once('close', () => clearTimeout(timer));
			} else {
				response.writeHead(404, plain).end(upstreamBodies.notFound);
			}
		});
	});
	server.on('upgrade', (request, socket: Socket) => {
		// RFC 6455 4.2.2: the key's SHA-1 with the protocol's GUID proves a WebSocket server answered
		// (HAProxy refuses a 101 without it, with 502).
		const accept = createHash('sha1')
			.update(`${request.headers['sec-websocket-key'] ?? ''}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
			.digest('base64');
		socket.end(
			'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
				`Sec-WebSocket-Accept: ${accept}\r\n${upstreamMarker.name}: ${upstreamMarker.value}\r\n\r\n`,
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		port,
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** An origin whose host drops connection attempts (scripts/blackhole.ts), on a reserved port. */
export const startBlackholedOrigin = async () => blackholedOrigin(await freePort());

export type { Answer, RequestOptions };

/** A server on loopback, as the verifier's cases ask one. */
export function loopback(port: number): Target {
	const base = new URL(`http://127.0.0.1:${port}`);
	return { base, send: (path, options) => send(base, path, options), sendRaw: (text) => sendRaw(base, text) };
}

/** One request to a server on loopback, no redirects followed (src/verify/http.ts). */
export const request = (port: number, path: string, options: RequestOptions = {}): Promise<Answer> =>
	loopback(port).send(path, options);

/** Bytes written as they are, for requests no HTTP client would send (a malformed request line). */
export const rawRequest = (port: number, text: string): Promise<Answer> => loopback(port).sendRaw(text);

/** A WebSocket handshake: resolves with the status and headers of the answer (101 when upgraded). */
export function upgradeRequest(port: number, path: string): Promise<Omit<Answer, 'body'>> {
	return new Promise((resolve, reject) => {
		const outgoing = httpRequest({
			host: '127.0.0.1',
			port,
			path,
			headers: {
				Connection: 'Upgrade',
				Upgrade: 'websocket',
				'Sec-WebSocket-Version': '13',
				'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
			},
			timeout: 10_000,
		});
		outgoing.on('upgrade', (response, socket: Socket) => {
			socket.destroy();
			resolve({ status: response.statusCode ?? 0, headers: toHeaders(response.headers) });
		});
		outgoing.on('response', (response) => {
			response.resume();
			resolve({ status: response.statusCode ?? 0, headers: toHeaders(response.headers) });
		});
		outgoing.on('timeout', () => outgoing.destroy(new Error(`upgrade ${path}: no answer in 10 s`)));
		outgoing.on('error', reject);
		outgoing.end();
	});
}
