/**
 * Cloudflare Workers static assets: `dist/` as the Worker's assets, and a small generated Worker
 * that runs first on every request. Cloudflare's own rules cannot do this: its `_redirects` accept
 * only 200, 301, 302, 303, 307 and 308, and `_headers` cannot tie a header to a status, so the one
 * error page the asset server answers with its status is 404.html (`not_found_handling`).
 *
 * The Worker holds no app logic: the route table, the headers and the languages are data from the
 * contract, written into it with JSON.stringify, and it reads the pages from the ASSETS binding.
 * Being code, it weighs q-values in Accept-Language (as Apache does) and picks the format from
 * Accept as nginx does (mediaType.ts), and writes its request ID into the page and the problem
 * document. Tested on workerd, Cloudflare's runtime, through `wrangler dev` (tests/contract).
 *
 * Netlify's rule files in dist/: the asset server never serves `_redirects` or `_headers` as files,
 * skips every `_redirects` rule as invalid (error statuses, `Language=` conditions), and adds the
 * `_headers` rules to what ASSETS answers. The Worker answers both paths as unknown and builds each
 * error answer from its own headers, so neither file changes what a visitor gets.
 */
import {
	contentLanguage,
	defaultLocaleRoutes,
	errorRoutes,
	MAINTENANCE_STATUS,
	methodNotAllowedPage,
	negotiates,
	notFoundPage,
	pageFileParts,
	requestIdMarkup,
	requiredStatusPage,
	routeLocale,
	routePaths,
	statusPage,
	headersInFrontOfApp,
	replacedAppPages,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import { fileHeader, hashComment, type HostConfigFile } from './format';
import { acceptPatterns, formats } from './mediaType';
import type { HostOptions } from './options';

/**
 * The Workers runtime behaviour the Worker is written for. workerd refuses a date newer than its
 * binary knows (the unit tests compare it with the installed one's), so it is not today's.
 */
export const cloudflareCompatibilityDate = '2026-05-01';

/** The Worker's file, beside the wrangler config, per mode. */
const workerFiles = { static: 'worker.js', proxy: 'worker-proxy.js' } as const;

/** Static: the Worker serves dist/. Proxy: it stands in front of an app (`options.upstream`). */
export type WorkerMode = 'static' | 'proxy';

/** What the Worker needs of the contract, as data (JSON). */
function workerData(contract: RouteContract, mode: WorkerMode, options: HostOptions) {
	const negotiated = new Set(negotiates(contract) ? defaultLocaleRoutes(contract) : []);
	const locales = [contract.defaultLocale, ...contract.otherLocales];
	/** A route as the Worker sees it: its page's folder and name, status, headers, language. */
	const routeOf = (route: PageRoute) => ({
		...pageFileParts(route.file),
		status: route.status,
		headers: mode === 'proxy' ? headersInFrontOfApp(contract, route) : route.headers,
		locale: routeLocale(contract, route),
		negotiated: negotiated.has(route),
	});
	// Each route by its path; the Worker answers its page's file (`/503.html`) too, by folder and name.
	const routes = Object.fromEntries(
		errorRoutes(contract).map((route) => {
			const data = routeOf(route);
			if (`/${data.folder}${data.name}.html` !== routePaths(route)[1]) {
				throw new Error(`Cloudflare Worker: the page of ${route.path}, ${route.file}, is not an .html file`);
			}
			return [route.path, data];
		}),
	);
	const idLines = Object.fromEntries(
		locales.map((locale) => {
			const line = contract.requestIdLines[locale] ?? 'Request ID: {id}';
			return [locale, requestIdMarkup.page(line, '\u0000').split('\u0000')];
		}),
	);
	return {
		// In front of an app: where it is, how long it may take, and whose errors get a page.
		app:
			mode === 'proxy'
				? {
						origin: `http://${options.upstream}`,
						timeoutMs: options.upstreamTimeoutSeconds * 1000,
						replaced: Object.fromEntries(
							replacedAppPages(contract).map((route) => [route.status, routeOf(route)]),
						),
						// A contract without their pages (a small test one) shows the 503 page for both.
						unreachable: routeOf(statusPage(contract, 502) ?? requiredStatusPage(contract, 503)),
						timeout: routeOf(statusPage(contract, 504) ?? requiredStatusPage(contract, 503)),
					}
				: null,
		routes: mode === 'static' ? routes : {},
		notFound: routeOf(notFoundPage(contract)),
		methodNotAllowed: routeOf(methodNotAllowedPage(contract)),
		maintenancePage: contract.maintenance ? routeOf(requiredStatusPage(contract, MAINTENANCE_STATUS)) : null,
		allowedPaths: contract.maintenance?.allowedPaths ?? [],
		readMethods: contract.readMethods,
		pageHeaders: contract.pageHeaders,
		vary: negotiates(contract) ? 'Accept-Language, Accept' : 'Accept',
		hiddenFiles: contract.hiddenFiles.map((file) => `/${file}`),
		hiddenFolders: contract.hiddenFolders,
		apiPrefixes: contract.apiPrefixes,
		requestIdHeader: contract.requestIdHeader,
		defaultLocale: contract.defaultLocale,
		otherLocales: contract.otherLocales,
		languages: Object.fromEntries(locales.map((locale) => [locale, contentLanguage(contract, locale)])),
		accept: acceptPatterns.map(({ format, pattern }) => ({
			format,
			// JavaScript has no inline `(?i)`: the flag goes on the RegExp.
			pattern: pattern.replace(/^\(\?i\)/, ''),
		})),
		formats,
		idLines,
		pageAnchor: requestIdMarkup.pageAnchor,
		problemAnchor: requestIdMarkup.problemAnchor,
		problemWithId: requestIdMarkup.problem('\u0000').split('\u0000'),
	};
}

/** The Worker: every request, the route table first, then the assets. */
export function cloudflareWorker(contract: RouteContract, mode: WorkerMode, options: HostOptions): string {
	return `// Fallback on Cloudflare Workers: every error page with its status and headers, in the visitor's
// language and format. Generated by Fallback (src/hosts/cloudflare.ts) from its route contract;
// \`npm run build\` writes it again. The data below is the contract; the code only reads it.
const site = ${JSON.stringify(workerData(contract, mode, options))};

/** Each error route by its path and by its page's file: \`/503\`, \`/503.html\`. */
const routes = new Map(
	Object.entries(site.routes).flatMap(([path, route]) => [[path, route], ['/' + route.folder + route.name + '.html', route]]),
);

const accepts = site.accept.map(({ format, pattern }) => ({ format, pattern: new RegExp(pattern, 'i') }));

/** The shipped locale the browser weighs highest (q-values; the earlier on a tie), else the default. */
function localeOf(request) {
	let best = { locale: site.defaultLocale, q: 0 };
	for (const entry of (request.headers.get('Accept-Language') ?? '').split(',')) {
		const [tag = '', ...parameters] = entry.trim().split(';');
		const locale = tag.trim().toLowerCase().split('-')[0];
		if (!Object.hasOwn(site.languages, locale)) continue;
		const qParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => /^q=/i.test(parameter));
		const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
		if (Number.isFinite(q) && q > best.q) best = { locale, q };
	}
	return best.locale;
}

/** The format the client asks for first: the page, the problem document or the text twin. */
function formatOf(request) {
	const accept = request.headers.get('Accept') ?? '';
	return accepts.find(({ pattern }) => pattern.test(accept))?.format ?? 'page';
}

const underPrefix = (prefixes, path) => prefixes.some((prefix) => path.startsWith(prefix));

const allowed = (path) =>
	site.allowedPaths.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

/** The headers of every answer: the page headers, the language, what it varies with, the ID. */
function commonHeaders(locale, id) {
	return {
		...site.pageHeaders,
		'Content-Language': site.languages[locale],
		Vary: site.vary,
		[site.requestIdHeader]: id,
	};
}

/** An error route's file in a format (and, on a default URL, in the locale asked for), whole. */
async function answer(request, env, route, id, format = formatOf(request)) {
	const locale = route.negotiated ? localeOf(request) : route.locale;
	const localeFolder = route.negotiated && locale !== site.defaultLocale ? locale + '/' : '';
	const { folder, extension, type } = site.formats[format];
	const file = '/' + localeFolder + route.folder + folder + route.name + '.' + extension;
	// A plain GET: no conditional or range header of the client's may empty or cut an error page.
	const asset = await env.ASSETS.fetch(new Request(new URL(file, request.url)));
	let body = await asset.text();
	if (format === 'page') {
		const [before, after] = site.idLines[locale];
		body = body.replace(site.pageAnchor, before + id + after);
	} else if (format === 'problem') {
		body = body.replace(site.problemAnchor, site.problemWithId.join(id));
	}
	return new Response(request.method === 'HEAD' ? null : body, {
		status: route.status,
		headers: { ...commonHeaders(locale, id), ...route.headers, 'Content-Type': type },
	});
}

/** A file of dist/ that is no error: served as the asset server has it, with the page headers. */
async function served(request, env, path, id) {
	const url = new URL(request.url);
	if (path.endsWith('/')) url.pathname = path + 'index.html';
	const asset = await env.ASSETS.fetch(new Request(url, request));
	if (asset.status === 404) return undefined;
	// The asset server answers an unknown path with the not-found page, and a client's If-None-Match
	// with that page's ETag with 304: that says nothing about the path. Only a file may answer 304.
	if (asset.status === 304 && (await env.ASSETS.fetch(new Request(url, { method: 'HEAD' }))).status === 404)
		return undefined;
	const folder = path.split('/')[1];
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
async function fromApp(request, env, path, id) {
	const url = new URL(request.url);
	const headers = new Headers(request.headers);
	headers.set(site.requestIdHeader, id);
	const api = underPrefix(site.apiPrefixes, path) ? 'problem' : undefined;
	// The app has timeoutMs to start its answer; a long answer once started is not cut.
	const waiting = new AbortController();
	const timer = setTimeout(() => waiting.abort(), site.app.timeoutMs);
	let response;
	try {
		response = await fetch(new Request(site.app.origin + url.pathname + url.search, { method: request.method, headers, body: request.body, redirect: 'manual', signal: waiting.signal }));
	} catch {
		return answer(request, env, waiting.signal.aborted ? site.app.timeout : site.app.unreachable, id, api);
	} finally {
		clearTimeout(timer);
	}
	const page = site.app.replaced[response.status];
	const type = response.headers.get('Content-Type');
	if (page && (type === null || type.toLowerCase().startsWith('text/html'))) return answer(request, env, page, id, api);
	return response;
}

export default {
	async fetch(request, env) {
		const path = new URL(request.url).pathname;
		const id = crypto.randomUUID();
		if (site.maintenancePage && !allowed(path)) return answer(request, env, site.maintenancePage, id);
		if (site.app) return fromApp(request, env, path, id);
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
`;
}

/** `wrangler.toml`: the Worker runs first on every request, dist/ are its assets. */
export function cloudflareWranglerConfig(contract: RouteContract, mode: WorkerMode = 'static'): string {
	const notFound = notFoundPage(contract);
	return [
		fileHeader([
			mode === 'static'
				? 'Fallback on Cloudflare Workers static assets: every error page with its status and headers.'
				: 'Fallback on Cloudflare Workers in front of an app: the app answers; when it fails, Fallback’s page does.',
			`Copy this file and ${workerFiles[mode]} to the project root next to dist/, set name, and deploy with`,
			'`npx wrangler deploy`. The Worker runs first on every request and reads the pages from ASSETS.',
			...(mode === 'proxy'
				? ['Its app’s address is in the Worker (fallback.hosts.upstream): route the Worker on your zone.']
				: []),
		]),
		'',
		'name = "fallback"',
		`main = "${workerFiles[mode]}"`,
		`compatibility_date = "${cloudflareCompatibilityDate}"`,
		'',
		'[assets]',
		'directory = "./dist/"',
		'binding = "ASSETS"',
		hashComment('Every request reaches the Worker first: it answers the error routes with their status.'),
		'run_worker_first = true',
		hashComment(
			`ASSETS answers an unknown path with ${notFound.file} and ${notFound.status}, as the assets alone would.`,
		),
		'not_found_handling = "404-page"',
		hashComment('Paths name files exactly: the Worker maps a folder to its index.html itself.'),
		'html_handling = "none"',
		'',
	].join('\n');
}

export function cloudflareFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return (['static', 'proxy'] as const).flatMap((mode) => [
		{
			path: `cloudflare/wrangler${mode === 'static' ? '' : '-proxy'}.toml`,
			content: cloudflareWranglerConfig(contract, mode),
		},
		{ path: `cloudflare/${workerFiles[mode]}`, content: cloudflareWorker(contract, mode, options) },
	]);
}
