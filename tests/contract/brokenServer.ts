/**
 * A deliberately broken host for the verifier's own test: real nginx with the generated static
 * config, behind a small proxy that breaks the contract in the ways error pages break in the wild.
 * Everything else passes through untouched (request bodies, a malformed request line), so the
 * verifier's report should name these defects and nothing else.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { RunningServer } from './harness';

/** The defects, each with the case the verifier must fail on and the check that must catch it. */
export const defects = {
	'200 for an error page': {
		path: '/410',
		case: 'GET /410 answers 410 with its page and headers',
		what: 'status',
	},
	'drops Retry-After': {
		path: '/503',
		case: 'GET /503 answers 503 with its page and headers',
		what: 'Retry-After',
	},
	'HTML to a JSON client': {
		path: '/404',
		case: 'Accept: application/json on /404, an unknown path and /503 (first-match)',
		what: 'content-type',
	},
	'reflects the digest': {
		path: '/global-error',
		case: 'GET /global-error with a script for a digest: the page as built, reflecting nothing',
		what: 'body (global-error.html)',
	},
	'omits the CSP': {
		path: '/404',
		case: 'GET /404 answers 404 with its page and headers',
		what: 'Content-Security-Policy',
	},
	'redirects unknown paths to /': {
		path: '/no-such-page',
		case: 'GET /no-such-page answers 404 with the not-found page',
		what: 'status',
	},
} as const;

/** Paths the site answers 404 on purpose: its not-found pages (any locale), by path or file. */
const notFoundRoute = /^\/(?:[a-z]{2}(?:-[A-Za-z]+)?\/)?404(?:\.html)?$/;

function collect(stream: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (chunk: Buffer) => chunks.push(chunk));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
	});
}

/** Starts the broken proxy on `port`, in front of the server on `upstreamPort`. */
export function startBrokenProxy(port: number, upstreamPort: number): Promise<RunningServer> {
	const server = createServer(async (incoming, outgoing) => {
		const path = incoming.url ?? '/';
		const pathname = path.split('?')[0]!;
		const headers = { ...incoming.headers };
		// HTML to a JSON client: the proxy asks for the page whatever the client asked for.
		if (/json/.test(String(headers.accept ?? ''))) headers.accept = 'text/html';
		const body = await collect(incoming);
		const upstream = httpRequest({
			host: '127.0.0.1',
			port: upstreamPort,
			path,
			method: incoming.method,
			headers,
		});
		upstream.on('response', async (answer) => {
			let status = answer.statusCode ?? 502;
			const answerHeaders = { ...answer.headers };
			let text = await collect(answer);
			// Drops Retry-After, omits the CSP: on every answer.
			delete answerHeaders['retry-after'];
			delete answerHeaders['content-security-policy'];
			// 200 for an error page.
			if (pathname === defects['200 for an error page'].path) status = 200;
			// Reflects the digest, as a careless server-side template would.
			const digest = new URLSearchParams(path.split('?')[1] ?? '').get('digest');
			if (digest !== null && incoming.method === 'GET') {
				text = Buffer.from(text.toString('utf8').replace('</main>', `<p>Digest: ${digest}</p></main>`));
			}
			// Redirects unknown paths to the home page (a soft 404).
			if (status === 404 && !notFoundRoute.test(pathname) && incoming.method === 'GET') {
				outgoing.writeHead(302, { Location: '/', 'Content-Length': '0' }).end();
				return;
			}
			answerHeaders['content-length'] = String(text.length);
			delete answerHeaders['transfer-encoding'];
			outgoing.writeHead(status, answerHeaders).end(incoming.method === 'HEAD' ? undefined : text);
		});
		upstream.on('error', () => outgoing.writeHead(502).end());
		upstream.end(body);
	});
	// A request Node cannot parse goes to nginx as it came, so its answer is nginx's own.
	server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
		const packet = error.rawPacket;
		if (!packet) {
			socket.destroy();
			return;
		}
		const raw = connect({ host: '127.0.0.1', port: upstreamPort }, () => raw.end(packet));
		raw.pipe(socket);
		raw.on('error', () => socket.destroy());
	});
	return new Promise((resolve) => {
		server.listen(port, '127.0.0.1', () =>
			resolve({
				port,
				stop: () =>
					new Promise<void>((done) => {
						server.closeAllConnections();
						server.close(() => done());
					}),
			}),
		);
	});
}
