/**
 * The verifier's own machinery, on loopback: network failures told apart and put in words, retries
 * only after a network error, the request budget, the login in front of a deploy, bad arguments.
 * The cases themselves run in the contract suite, against every real server.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import { hostsDirOf, readContractFile } from '../../packages/fallback-pages/src/contract/contractFile';

/** The starter's contract: its build writes it into hosts/ (its hostsDir). */
const STARTER_CONTRACT = 'hosts/contract.json';
import { bodyDifference, CaseRun } from '../../packages/fallback-pages/src/verify/checks';
import { hostProfiles, netlify } from '../../packages/fallback-pages/src/verify/hosts';
import {
	EXPECT_CONTINUE_FROM,
	networkError,
	NetworkError,
	send,
	sendRaw,
} from '../../packages/fallback-pages/src/verify/http';
import { hostProfile, parseDeployUrl } from '../../packages/fallback-pages/src/verify/main';
import { passed, verify } from '../../packages/fallback-pages/src/verify/run';
import { contractFileOf, loadSite } from '../../packages/fallback-pages/src/verify/site';

const servers: { close(): void }[] = [];
afterEach(() => {
	for (const server of servers.splice(0)) server.close();
});

function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<URL> {
	servers.push(server);
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			resolve(new URL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`));
		}),
	);
}
const httpServer = (handler: RequestListener) => listen(createServer(handler));

/** A port nothing listens on: one the OS gave a server that is closed again. */
async function closedPort(): Promise<URL> {
	const server = createTcpServer();
	const url = await listen(server);
	await new Promise((resolve) => server.close(resolve));
	return url;
}

/** A site whose contract nothing reads: for runs that end before the first case. */
const noSite = { contract: {} as RouteContract, fileText: () => '' };

describe('network failures, told apart', () => {
	it('a refused connection', async () => {
		const base = await closedPort();
		const error = await send(base, '/').catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(NetworkError);
		expect(error).toMatchObject({ failure: 'refused' });
		expect((error as Error).message).toContain(`connection refused by ${base.host}`);
	});
	it('no answer within the timeout', async () => {
		const base = await listen(createTcpServer(() => {}));
		const error = await send(base, '/', {}, 300).catch((caught: unknown) => caught);
		expect(error).toMatchObject({ failure: 'timeout' });
		expect((error as Error).message).toContain('no answer in 0.3 s');
	});
	it('TLS that fails: https to a server that speaks plain HTTP', async () => {
		const base = await httpServer((_request, response) => response.end('plain'));
		const error = await send(new URL(base.href.replace('http:', 'https:')), '/').catch(
			(caught: unknown) => caught,
		);
		expect(error).toMatchObject({ failure: 'tls' });
		expect((error as Error).message).toMatch(/^TLS with 127\.0\.0\.1:\d+ failed/);
	});
	it('DNS, from the error Node gives (no lookup leaves this machine in a test)', () => {
		const error = Object.assign(new Error('getaddrinfo ENOTFOUND example.invalid'), { code: 'ENOTFOUND' });
		const named = networkError(error, new URL('https://example.invalid/'), 'GET /');
		expect(named).toMatchObject({ failure: 'dns', code: 'ENOTFOUND' });
		expect(named.message).toBe('DNS: example.invalid does not resolve (ENOTFOUND); is the URL right?');
	});
	it('a connection closed before the answer', async () => {
		const base = await listen(createTcpServer((socket: Socket) => socket.destroy()));
		const error = await send(base, '/').catch((caught: unknown) => caught);
		expect(error).toMatchObject({ failure: 'reset' });
	});
});

describe('requests as written', () => {
	it('the path goes out verbatim, dots and all; the raw request too', async () => {
		const seen: string[] = [];
		const base = await httpServer((request, response) => {
			seen.push(request.url ?? '');
			response.end('ok');
		});
		await send(base, '/../../etc/passwd');
		const raw = await sendRaw(base, `GET /raw HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`);
		expect(seen).toEqual(['/../../etc/passwd', '/raw']);
		expect(raw).toMatchObject({ status: 200, body: 'ok' });
	});
});

describe('a large upload waits for 100 Continue, as curl does', () => {
	const upload = { method: 'POST', body: Buffer.alloc(EXPECT_CONTINUE_FROM, 'a') };
	it('a server that refuses from the headers answers before any of the body is sent', async () => {
		let received = 0;
		const server = createServer((request, response) => {
			request.on('data', (chunk: Buffer) => (received += chunk.length));
			response.writeHead(405, { Allow: 'GET, HEAD' }).end('no');
		});
		// Node's server answers `Expect` with 100 Continue unless told otherwise: this one refuses.
		server.on('checkContinue', (request, response) => server.emit('request', request, response));
		const answer = await send(await listen(server), '/upload', upload);
		expect(answer).toMatchObject({ status: 405, body: 'no' });
		expect(received).toBe(0);
	});
	it('a server that never says 100 Continue gets the body after a second', async () => {
		const base = await listen(
			createTcpServer((socket: Socket) => {
				let bytes = 0;
				socket.on('data', (chunk: Buffer) => {
					bytes += chunk.length;
					if (bytes >= EXPECT_CONTINUE_FROM)
						socket.end('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\nyes');
				});
			}),
		);
		const started = Date.now();
		expect(await send(base, '/upload', upload)).toMatchObject({ status: 200, body: 'yes' });
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
	});
});

describe('an upload a server answers before reading it', () => {
	it('a reset before any answer is an answer of status 0 for the case to judge, named as such', async () => {
		const base = await listen(
			createTcpServer((socket: Socket) => socket.once('data', () => socket.resetAndDestroy())),
		);
		const run = new CaseRun({
			base,
			send: (path, options) => send(base, path, options),
			sendRaw: (text) => sendRaw(base, text),
		});
		const answer = await run.upload('/upload', { method: 'POST', body: Buffer.alloc(3 * 1024 * 1024, 'a') });
		expect(answer.status).toBe(0);
		run.status(answer, 405);
		expect(run.failures[0]).toMatchObject({
			request: 'POST /upload (3145728 B body): connection reset before an answer',
			expected: '405',
			got: '0',
		});
	});
});

describe('before any case: the deploy answers as itself', () => {
	it('a redirect of / to a login page ends the run, saying so', async () => {
		const base = await httpServer((_request, response) =>
			response.writeHead(302, { Location: '/login?next=/' }).end(),
		);
		const result = await verify({ base, site: noSite, host: netlify });
		expect(result.unreachable?.kind).toBe('login');
		expect(result.unreachable?.message).toContain('a login stands in front of the deploy');
		expect(result.results).toEqual([]);
		expect(passed(result)).toBe(false);
	});
	it('a demand for credentials too', async () => {
		const base = await httpServer((_request, response) =>
			response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="preview"' }).end(),
		);
		const result = await verify({ base, site: noSite, host: netlify });
		expect(result.unreachable).toMatchObject({ kind: 'login' });
		expect(result.unreachable?.message).toContain('Basic realm="preview"');
	});
	it('a refused connection is not retried (nothing listens there)', async () => {
		const result = await verify({ base: await closedPort(), site: noSite, host: netlify, retries: 3 });
		expect(result.unreachable?.kind).toBe('refused');
		expect(result.requests).toBe(1);
		expect(result.retries).toBe(0);
	});
	it('a reset connection is retried, and the answer after it counts', async () => {
		let connections = 0;
		const server = createServer((_request, response) =>
			response.writeHead(302, { Location: 'https://sso.example/' }).end(),
		);
		server.on('connection', (socket) => {
			connections += 1;
			if (connections === 1) socket.destroy();
		});
		const base = await listen(server);
		const result = await verify({ base, site: noSite, host: netlify, retries: 2 });
		expect(result.retries).toBe(1);
		expect(result.requests).toBe(2);
		expect(result.unreachable?.kind).toBe('login');
	});
});

describe('the request budget', () => {
	it('a run that spends it fails, counting the cases it could not run', async () => {
		if (!existsSync(STARTER_CONTRACT))
			throw new Error(`${STARTER_CONTRACT} is missing: run \`npm run build\` first.`);
		const site = loadSite('dist', STARTER_CONTRACT);
		const base = await httpServer((_request, response) => response.end('hello'));
		const result = await verify({ base, site, host: netlify, budget: 20 });
		expect(result.requests).toBe(20);
		expect(result.notRun).toBeGreaterThan(0);
		expect(result.notRun).toBe(result.results.filter((one) => one.verdict === 'error').length);
		expect(passed(result)).toBe(false);
	});
});

describe('what the command refuses', () => {
	it.each([
		['not a url', 'is not a URL'],
		['ftp://example.com/', 'only http: and https:'],
		['https://user:secret@example.com/', 'credentials in the URL are not sent'],
	])('%s', (text, message) => {
		expect(() => parseDeployUrl(text)).toThrow(message);
	});
	it('an unknown host kind, listing the known ones', () => {
		expect(() => hostProfile('iis')).toThrow(
			`not a host Fallback knows: ${Object.keys(hostProfiles).join(', ')}`,
		);
	});
	it('a contract file that is not one', async () => {
		const { mkdtemp, writeFile } = await import('node:fs/promises');
		const { tmpdir } = await import('node:os');
		const dir = await mkdtemp(`${tmpdir()}/fallback-contract-`);
		await writeFile(`${dir}/contract.json`, '{"statusPages": []}');
		expect(() => readContractFile(`${dir}/contract.json`)).toThrow('has no contract schema version');
		await writeFile(`${dir}/contract.json`, '{"schemaVersion": "1.0", "statusPages": []}');
		expect(() => readContractFile(`${dir}/contract.json`)).toThrow(
			'is not a valid route contract (schema 1.0): extraPages: ',
		);
		expect(() => readContractFile(`${dir}/missing.json`)).toThrow('does not exist: build first');
	});
});

describe('where a build puts its host configs and contract', () => {
	it("<folder>-hosts/ beside the output folder; hostsDir for the project's dist/ only", () => {
		expect(hostsDirOf('/project/dist/', '/project/')).toBe('/project/dist-hosts/');
		expect(hostsDirOf('/project/dist/', '/project/', 'hosts')).toBe('/project/hosts/');
		expect(hostsDirOf('/project/dist', '/project', 'config/fallback')).toBe('/project/config/fallback/');
		expect(hostsDirOf('/project/.preview/', '/project/', 'hosts')).toBe('/project/.preview-hosts/');
		expect(hostsDirOf('/tmp/fallback-build-x1/', '/project/')).toBe('/tmp/fallback-build-x1-hosts/');
		// verify looks beside the build; the package knows nothing of the starter's hosts/.
		expect(contractFileOf('/tmp/out')).toBe('/tmp/out-hosts/contract.json');
		expect(contractFileOf('dist')).toBe(`${process.cwd()}/dist-hosts/contract.json`);
	});
});

describe('a body that differs, shown where it differs', () => {
	it('both sides from just before the first difference', () => {
		const page = `<main>${'a'.repeat(100)}</main>`;
		const reflected = page.replace('</main>', '<p><script>x</script></p></main>');
		const { expected, got } = bodyDifference(page, reflected);
		expect(got).toContain('<p><script>x</script>');
		// `</main>` and `<p>` share their `<`: they differ from the next character on.
		expect(got).toContain(`from character ${page.indexOf('</main>') + 1}:`);
		expect(expected).toContain('</main>');
		expect(bodyDifference('abc', '').got).toBe('(empty)');
	});
});
