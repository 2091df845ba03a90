/**
 * The Cloudflare Worker's own CPU per request, in Node: the generated worker.js's `fetch` with a
 * stub asset binding (the build's files, read once into memory), against a handler that only
 * fetches the page from the same binding and returns it with its status. The difference is what
 * Fallback's routing, negotiation and request ID cost.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Assets {
	fetch(request: Request): Promise<Response>;
}
type Handler = (request: Request, env: { ASSETS: Assets }) => Promise<Response>;

/** Cloudflare's asset server, roughly: the file at the path (or its index.html), else 404. */
function stubAssets(pagesRoot: string): Assets {
	const cache = new Map<string, Uint8Array<ArrayBuffer> | null>();
	const file = (path: string) => {
		if (!cache.has(path)) {
			const full = join(pagesRoot, decodeURIComponent(path));
			cache.set(
				path,
				statSync(full, { throwIfNoEntry: false })?.isFile() ? new Uint8Array(readFileSync(full)) : null,
			);
		}
		return cache.get(path)!;
	};
	return {
		async fetch(request) {
			const path = new URL(request.url).pathname;
			const body = file(path.endsWith('/') ? `${path}index.html` : path);
			return body ? new Response(body, { status: 200 }) : new Response(null, { status: 404 });
		},
	};
}

/** CPU µs per request of `handler` over `iterations` sequential requests (after a warm-up). */
async function cpuPerRequest(handler: Handler, env: { ASSETS: Assets }, url: string, headers: HeadersInit) {
	const run = async (count: number) => {
		for (let i = 0; i < count; i++) await (await handler(new Request(url, { headers }), env)).arrayBuffer();
	};
	await run(2_000);
	const iterations = 20_000;
	const before = process.cpuUsage();
	await run(iterations);
	const { user, system } = process.cpuUsage(before);
	return (user + system) / iterations;
}

export interface WorkerFigures {
	path: string;
	workerMicroseconds: number;
	assetOnlyMicroseconds: number;
}

export async function measureWorker(
	hostsDir: string,
	pagesRoot: string,
	requests: readonly { path: string; status: number; file: string }[],
	headers: Readonly<Record<string, string>>,
): Promise<WorkerFigures[]> {
	const module = (await import(pathToFileURL(join(hostsDir, 'cloudflare/worker.js')).href)) as {
		default: { fetch: Handler };
	};
	const env = { ASSETS: stubAssets(pagesRoot) };
	const figures: WorkerFigures[] = [];
	for (const { path, status, file } of requests) {
		const assetOnly: Handler = async (request, { ASSETS }) => {
			const asset = await ASSETS.fetch(new Request(new URL(file, request.url)));
			return new Response(asset.body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
		};
		const url = `https://bench.example${path}`;
		figures.push({
			path,
			workerMicroseconds: await cpuPerRequest(module.default.fetch, env, url, headers),
			assetOnlyMicroseconds: await cpuPerRequest(assetOnly, env, url, headers),
		});
	}
	return figures;
}
