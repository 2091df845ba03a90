/**
 * The Cloudflare Worker: every request, the route table first, then the assets. It holds no
 * knowledge of its own: `site` is the route contract as data (site.ts). Bundled on its own into
 * the package's dist/cloudflare-worker.js (scripts/bundle.js); the generator writes it out after
 * the site's JSON (cloudflare.ts). Nothing here may import at run time: Workers run it alone.
 */
import type { WorkerFormat, WorkerRoute, WorkerData } from './data';

/** What Cloudflare binds to the Worker: the static assets (dist/). */
export interface WorkerEnv {
	ASSETS: { fetch(request: Request): Promise<Response> };
}

export interface Worker {
	fetch(request: Request, env: WorkerEnv): Promise<Response>;
}

export function createWorker(site: WorkerData): Worker {
	/** Each error route by its path and by its page's file: `/503`, `/503.html`. */
	const routes = new Map<string, WorkerRoute>(
		Object.entries(site.routes).flatMap(([path, route]) => [
			[path, route],
			[`/${route.folder}${route.name}.html`, route],
		]),
	);
	const accepts = site.accept.map(({ format, pattern }) => ({ format, pattern: new RegExp(pattern, 'i') }));

	/**
	 * The locale of the folder the request is in (`/de/…`: an error there is in that locale, whatever
	 * the browser asks); elsewhere the shipped locale the browser weighs highest (q-values; the
	 * earlier on a tie), else the default.
	 */
	function localeOf(request: Request): string {
		const path = new URL(request.url).pathname;
		const [, folder = '', ...inside] = path.split('/');
		if (inside.length > 0 && site.otherLocales.includes(folder)) return folder;
		const alias = Object.keys(site.localeAliases).find((prefix) => path.startsWith(prefix));
		if (alias !== undefined) return site.localeAliases[alias]!;
		let best = { locale: site.defaultLocale, q: 0 };
		for (const entry of (request.headers.get('Accept-Language') ?? '').split(',')) {
			const [tag = '', ...parameters] = entry.trim().split(';');
			const locale = tag.trim().toLowerCase().split('-')[0]!;
			if (!Object.hasOwn(site.languages, locale)) continue;
			const qParameter = parameters
				.map((parameter) => parameter.trim())
				.find((parameter) => /^q=/i.test(parameter));
			const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
			if (Number.isFinite(q) && q > best.q) best = { locale, q };
		}
		return best.locale;
	}

	/** The format the client asks for first: the page, the problem document or the text twin. */
	function formatOf(request: Request): WorkerFormat {
		const accept = request.headers.get('Accept') ?? '';
		return accepts.find(({ pattern }) => pattern.test(accept))?.format ?? 'page';
	}

	const underPrefix = (prefixes: readonly string[], path: string) =>
		prefixes.some((prefix) => path.startsWith(prefix));

	const allowed = (path: string) =>
		site.allowedPaths.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

	/** The headers of every answer: the page headers, the language, what it varies with, the ID. */
	function commonHeaders(locale: string, id: string): Record<string, string> {
		return {
			...site.pageHeaders,
			'Content-Language': site.languages[locale]!,
			Vary: site.vary,
			...(site.requestIds === false ? {} : { [site.requestIdHeader]: id }),
		};
	}

	/** An error route's file in a format (and, on a default URL, in the locale asked for), whole. */
	async function answer(
		request: Request,
		env: WorkerEnv,
		route: WorkerRoute,
		id: string,
		format: WorkerFormat = formatOf(request),
	): Promise<Response> {
		const locale = route.negotiated ? localeOf(request) : route.locale;
		const localeFolder = route.negotiated && locale !== site.defaultLocale ? `${locale}/` : '';
		const { folder, extension, type } = site.formats[format];
		const file = `/${localeFolder}${route.folder}${folder}${route.name}.${extension}`;
		// A plain GET: no conditional or range header of the client's may empty or cut an error page.
		const asset = await env.ASSETS.fetch(new Request(new URL(file, request.url)));
		let body: string | ReadableStream | null = asset.body;
		// The ID in the body: the file read whole and edited; else it streams through as it is.
		if (site.requestIds === 'page' && format !== 'text') {
			body = await asset.text();
			if (format === 'page') {
				const [before = '', after = ''] = site.idLines[locale] ?? [];
				body = body.replace(site.pageAnchor, before + id + after);
			} else {
				body = body.replace(site.problemAnchor, site.problemWithId.join(id));
			}
		}
		return new Response(request.method === 'HEAD' ? null : body, {
			status: route.status,
			headers: { ...commonHeaders(locale, id), ...route.headers, 'Content-Type': type },
		});
	}

	/** A file of dist/ that is no error: served as the asset server has it, with the page headers. */
	async function served(
		request: Request,
		env: WorkerEnv,
		path: string,
		id: string,
	): Promise<Response | undefined> {
		const url = new URL(request.url);
		if (path.endsWith('/')) url.pathname = `${path}index.html`;
		const asset = await env.ASSETS.fetch(new Request(url, request));
		if (asset.status === 404) return undefined;
		// The asset server redirects a path it would spell otherwise (`/%2F/x` to `/x`, `%0d` to
		// `%0D`): no file is at the path as asked, and a redirect would send the client elsewhere.
		if (asset.status >= 300 && asset.status < 400 && asset.status !== 304) return undefined;
		// The asset server answers an unknown path with the not-found page, and a client's If-None-Match
		// with that page's ETag with 304: that says nothing about the path. Only a file may answer 304.
		if (asset.status === 304 && (await env.ASSETS.fetch(new Request(url, { method: 'HEAD' }))).status === 404)
			return undefined;
		const folder = path.split('/')[1] ?? '';
		const locale = site.otherLocales.includes(folder) ? folder : site.defaultLocale;
		const response = new Response(asset.body, asset);
		for (const [name, value] of Object.entries(commonHeaders(locale, id))) response.headers.set(name, value);
		return response;
	}

	/**
	 * In front of the app: its answer as it sent it, but an HTML or empty server error, which gets the
	 * page of its status; an app that cannot be reached or is too slow gets the 502 or 504 page (under
	 * the API, the problem document).
	 */
	async function fromApp(
		request: Request,
		env: WorkerEnv,
		app: NonNullable<WorkerData['app']>,
		path: string,
		id: string,
	): Promise<Response> {
		const url = new URL(request.url);
		const headers = new Headers(request.headers);
		if (site.requestIds !== false) headers.set(site.requestIdHeader, id);
		const api = underPrefix(site.apiPrefixes, path) ? 'problem' : undefined;
		// The app has timeoutMs to start its answer; a long answer once started is not cut.
		const waiting = new AbortController();
		const timer = setTimeout(() => waiting.abort(), app.timeoutMs);
		let response: Response;
		try {
			response = await fetch(
				new Request(app.origin + url.pathname + url.search, {
					method: request.method,
					headers,
					body: request.body,
					redirect: 'manual',
					signal: waiting.signal,
				}),
			);
		} catch {
			return answer(request, env, waiting.signal.aborted ? app.timeout : app.unreachable, id, api);
		} finally {
			clearTimeout(timer);
		}
		const page = app.replaced[response.status];
		const type = response.headers.get('Content-Type');
		if (page && (type === null || type.toLowerCase().startsWith('text/html')))
			return answer(request, env, page, id, api);
		return response;
	}

	return {
		async fetch(request, env) {
			const path = new URL(request.url).pathname;
			const id = crypto.randomUUID();
			if (site.maintenancePage && !allowed(path)) return answer(request, env, site.maintenancePage, id);
			if (site.app) return fromApp(request, env, site.app, path, id);
			if (!site.readMethods.includes(request.method)) return answer(request, env, site.methodNotAllowed, id);
			const route = routes.get(path);
			if (route) return answer(request, env, route, id);
			const hidden = site.hiddenFiles.includes(path) || underPrefix(site.hiddenFolders, path);
			const file = hidden ? undefined : await served(request, env, path, id);
			if (file) return file;
			// Under the API, a missing path is the not-found problem document, whatever is accepted.
			const api = underPrefix(site.apiPrefixes, path);
			return answer(request, env, site.notFound, id, api ? 'problem' : undefined);
		},
	};
}
