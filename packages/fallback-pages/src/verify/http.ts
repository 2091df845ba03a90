/**
 * HTTP as the verifier and the contract suite speak it: one request, no redirect followed, the path
 * sent exactly as written (`/../../etc/passwd` stays raw), over http: or https:; and raw bytes for
 * requests no client would send. Network failures come back as a NetworkError that says, in words,
 * what went wrong (DNS, TLS, a refused connection, a timeout), never as a wrong answer.
 *
 * node:http rather than fetch: fetch normalises paths, and the Fetch standard turns a 407 into a
 * network error (proxy authentication is the browser's business), so fetch cannot see one.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface Answer {
	status: number;
	headers: Headers;
	body: string;
}

export interface RequestOptions {
	method?: string;
	headers?: Readonly<Record<string, string>>;
	/** A request body, sent with Content-Length. */
	body?: Buffer;
}

/**
 * Why no answer came: the network's failures, and `budget`, a request the run did not send because
 * its request budget was spent (src/verify/run.ts).
 */
export type NetworkFailure = 'dns' | 'tls' | 'refused' | 'timeout' | 'reset' | 'other' | 'budget';

/** No answer at all: the request may be worth one more try, the answer is nobody's verdict. */
export class NetworkError extends Error {
	readonly failure: NetworkFailure;
	readonly code: string | undefined;

	constructor(failure: NetworkFailure, message: string, code?: string) {
		super(message);
		this.name = 'NetworkError';
		this.failure = failure;
		this.code = code;
	}
}

const tlsCodes = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** A Node network error in words: what failed, where, and what usually causes it. */
export function networkError(error: unknown, base: URL, what: string): NetworkError {
	if (error instanceof NetworkError) return error;
	const code = (error as NodeJS.ErrnoException).code ?? '';
	const message = error instanceof Error ? error.message : String(error);
	const host = base.host;
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
		return new NetworkError(
			'dns',
			`DNS: ${base.hostname} does not resolve (${code}); is the URL right?`,
			code,
		);
	}
	if (code === 'ECONNREFUSED') {
		return new NetworkError('refused', `connection refused by ${host}: nothing listens there`, code);
	}
	if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || code === 'TIMEOUT') {
		return new NetworkError('timeout', `${what}: ${message}`, code);
	}
	if (tlsCodes.test(code) || /certificate|ssl|tls/i.test(message)) {
		return new NetworkError('tls', `TLS with ${host} failed: ${message} (${code || 'no code'})`, code);
	}
	if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') {
		return new NetworkError('reset', `${what}: ${host} closed the connection (${code})`, code);
	}
	return new NetworkError('other', `${what}: ${message}${code ? ` (${code})` : ''}`, code);
}

export function toHeaders(raw: IncomingHttpHeaders): Headers {
	const headers = new Headers();
	for (const [name, value] of Object.entries(raw)) {
		for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
			headers.append(name, one);
	}
	return headers;
}

/** Milliseconds a request may take, from the first byte sent to the last received. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * From this size on, a body waits for the server's `100 Continue` (`Expect: 100-continue`), as curl
 * does for large uploads: a server that refuses the request from its headers (405, 413) answers
 * before any of the body is sent. Without it, a server that answers early and closes without
 * reading the rest (HAProxy 2.6 and Caddy, measured: most of 60 parallel 3 MB POSTs) leaves the
 * client a reset instead of the answer.
 */
export const EXPECT_CONTINUE_FROM = 1024 * 1024;

/** How long a body waits for `100 Continue` before it is sent anyway (curl's default, 1 s). */
const EXPECT_CONTINUE_MS = 1000;

/** One request to `base`'s origin with `path` as the target, verbatim. */
export function send(
	base: URL,
	path: string,
	options: RequestOptions = {},
	timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Answer> {
	const { method = 'GET', headers = {}, body } = options;
	const what = `${method} ${path}`;
	const secure = base.protocol === 'https:';
	const call = secure ? httpsRequest : httpRequest;
	const waits = body !== undefined && body.length >= EXPECT_CONTINUE_FROM;
	return new Promise((resolve, reject) => {
		let answered = false;
		let bodySent = !waits;
		const outgoing = call(
			{
				host: base.hostname.replace(/^\[|\]$/g, ''),
				port: base.port || (secure ? 443 : 80),
				servername: secure ? base.hostname : undefined,
				path,
				method,
				headers: {
					...headers,
					...(body ? { 'Content-Length': String(body.length) } : {}),
					...(waits ? { Expect: '100-continue' } : {}),
				},
				timeout: timeoutMs,
			},
			(response) => {
				answered = true;
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				const done = () => {
					resolve({
						status: response.statusCode ?? 0,
						headers: toHeaders(response.headers),
						body: Buffer.concat(chunks).toString('utf8'),
					});
					// Answered before the body went out: this connection cannot carry another request.
					if (!bodySent) outgoing.destroy();
				};
				response.on('end', done);
				response.on('aborted', done);
				response.on('error', done);
			},
		);
		outgoing.on('timeout', () =>
			outgoing.destroy(Object.assign(new Error(`no answer in ${timeoutMs / 1000} s`), { code: 'TIMEOUT' })),
		);
		outgoing.on('error', (error) => {
			if (!answered) reject(networkError(error, base, what));
		});
		if (!waits) {
			outgoing.end(body);
			return;
		}
		const sendBody = () => {
			if (bodySent || answered) return;
			bodySent = true;
			outgoing.end(body);
		};
		const timer = setTimeout(sendBody, EXPECT_CONTINUE_MS);
		outgoing.on('continue', sendBody);
		outgoing.on('close', () => clearTimeout(timer));
		outgoing.flushHeaders();
	});
}

/** Parses an HTTP/1.x answer read off a socket: status line, headers, body up to Content-Length. */
function parseRawAnswer(raw: string): Answer {
	const split = raw.indexOf('\r\n\r\n');
	const head = split < 0 ? raw : raw.slice(0, split);
	const [statusLine = '', ...lines] = head.split('\r\n');
	const headers = new Headers();
	for (const line of lines) {
		const colon = line.indexOf(':');
		if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
	}
	let body = split < 0 ? '' : raw.slice(split + 4);
	const length = headers.get('content-length');
	if (length !== null) body = Buffer.from(body).subarray(0, Number(length)).toString('utf8');
	return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body };
}

/**
 * Bytes written as they are (over TLS for https:), for requests no HTTP client would send: a
 * malformed request line. The answer is read up to the connection's close.
 */
export function sendRaw(base: URL, text: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Answer> {
	const secure = base.protocol === 'https:';
	const host = base.hostname.replace(/^\[|\]$/g, '');
	const port = Number(base.port || (secure ? 443 : 80));
	return new Promise((resolve, reject) => {
		const socket: Socket = secure
			? tlsConnect({ host, port, servername: base.hostname, ALPNProtocols: ['http/1.1'] })
			: netConnect({ host, port });
		const chunks: Buffer[] = [];
		socket.setTimeout(timeoutMs, () =>
			socket.destroy(Object.assign(new Error(`no answer in ${timeoutMs / 1000} s`), { code: 'TIMEOUT' })),
		);
		socket.on('data', (chunk: Buffer) => chunks.push(chunk));
		socket.on('error', (error) => reject(networkError(error, base, 'raw request')));
		socket.on('close', () => resolve(parseRawAnswer(Buffer.concat(chunks).toString('utf8'))));
		socket.write(text);
	});
}
