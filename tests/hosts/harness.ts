/**
 * Runs real web servers on loopback for the host config tests: a private copy of dist/, a free
 * port, a foreground process with its own config, pid and logs in a temp dir, killed afterwards.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Seconds the proxy configs under test wait for the app: short, so the timeout case stays quick. */
export const testUpstreamTimeoutSeconds = 2;

/** How long the test app's /slow takes: well past the timeout, so only a timeout explains a 504. */
const slowAnswerMs = (testUpstreamTimeoutSeconds + 3) * 1000;

/**
 * The full path of an executable on PATH, or in the sbin folders servers live in (Debian leaves
 * those off a normal user's PATH), or undefined.
 */
export function findExecutable(name: string): string | undefined {
	const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin'];
	for (const dir of dirs.filter(Boolean)) {
		const candidate = join(dir, name);
		try {
			accessSync(candidate, constants.X_OK);
			return candidate;
		} catch {
			// not in this PATH entry
		}
	}
	return undefined;
}

/** FALLBACK_SKIP_MISSING_HOSTS=1 turns a missing server binary from a failure into a loud skip. */
export const skipMissingHosts = process.env['FALLBACK_SKIP_MISSING_HOSTS'] === '1';

/** A port nothing listens on right now (the OS picked it; it is released before use). */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createTcpServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** A temp dir with a copy of dist/ at `pages/`, readable by a server's unprivileged workers. */
export async function makeWorkDir(name: string): Promise<{ dir: string; pagesRoot: string }> {
	if (!existsSync(join(distDir, '404.html'))) {
		throw new Error(`${distDir} has no built pages: run \`npm run build\` before the host tests.`);
	}
	const dir = await mkdtemp(join(tmpdir(), `fallback-${name}-`));
	// nginx and Apache workers drop to an unprivileged user when started as root: they must be able
	// to walk into the temp dir and read the pages.
	await chmod(dir, 0o755);
	const pagesRoot = join(dir, 'pages');
	// A copy, so a build running at the same time cannot change the pages under a test.
	await cp(distDir, pagesRoot, { recursive: true });
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
}

/** Starts a foreground server and waits until its port accepts connections. */
export async function startServer({
	label,
	command,
	args,
	port,
	logs,
	env,
}: ServerCommand): Promise<RunningServer> {
	const output: string[] = [];
	const child: ChildProcess = spawn(command, args, {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
	let exitCode: number | null | undefined;
	void exited.then((code) => (exitCode = code));

	const deadline = Date.now() + 15_000;
	while (!(await canConnect(port))) {
		if (exitCode !== undefined || Date.now() > deadline) {
			child.kill('SIGKILL');
			const logText = await Promise.all(logs.map((log) => readFile(log, 'utf8').catch(() => '')));
			throw new Error(
				`${label} did not start on 127.0.0.1:${port} (${exitCode === undefined ? 'timed out' : `exited with ${exitCode}`}):\n` +
					[output.join(''), ...logText].join('\n').trim(),
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}

	return {
		port,
		async stop() {
			if (exitCode !== undefined) return;
			child.kill('SIGTERM');
			const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
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
		execFile(command, args, { env: { ...process.env, ...env }, timeout: 20_000 }, (error, stdout, stderr) => {
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
	failed: (status: number) => `upstream failed with ${status}`,
};

/** A header the test app sets on every answer, to tell its answers from the proxy's own. */
export const upstreamMarker = { name: 'x-test-upstream', value: 'yes' };

/** The app's own challenge on its 401, which a proxy must not replace with the catalogue's. */
export const upstreamChallenge = 'Basic realm="app"';

/**
 * The app behind the proxy: /ok answers 200, /fail{code} answers {code} (/fail500, /fail503…),
 * /slow answers after the proxy has given up, anything else 404 with the app's own body.
 */
export async function startUpstream(): Promise<{ port: number; stop(): Promise<void> }> {
	const server: Server = createHttpServer((request, response) => {
		const path = new URL(request.url ?? '/', 'http://upstream').pathname;
		const plain = {
			'content-type': 'text/plain; charset=utf-8',
			[upstreamMarker.name]: upstreamMarker.value,
		};
		const failed = /^\/fail(\d{3})$/.exec(path);
		if (path === '/ok') {
			response.writeHead(200, plain).end(upstreamBodies.ok);
		} else if (failed) {
			const status = Number(failed[1]);
			const challenge = status === 401 ? { 'www-authenticate': upstreamChallenge } : {};
			response.writeHead(status, { ...plain, ...challenge }).end(upstreamBodies.failed(status));
		} else if (path === '/slow') {
			const timer = setTimeout(() => response.writeHead(200, plain).end('too late'), slowAnswerMs);
			response.once('close', () => clearTimeout(timer));
		} else {
			response.writeHead(404, plain).end(upstreamBodies.notFound);
		}
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

export interface Answer {
	status: number;
	headers: Headers;
	body: string;
}

/**
 * One request, no redirects followed. node:http rather than fetch: the Fetch standard turns a 407
 * into a network error (proxy authentication is the browser's business), so fetch cannot see one.
 */
export function request(port: number, path: string, method = 'GET'): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const outgoing = httpRequest({ host: '127.0.0.1', port, path, method, timeout: 15_000 }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const headers = new Headers();
				for (const [name, value] of Object.entries(response.headers)) {
					for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
						headers.append(name, one);
					}
				}
				resolve({
					status: response.statusCode ?? 0,
					headers,
					body: Buffer.concat(chunks).toString('utf8'),
				});
			});
			response.on('error', reject);
		});
		outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
		outgoing.on('error', reject);
		outgoing.end();
	});
}
