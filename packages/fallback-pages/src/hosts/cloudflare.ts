/**
 * Cloudflare Workers static assets: `dist/` as the Worker's assets, and a small generated Worker
 * that runs first on every request. Cloudflare's own rules cannot do this: its `_redirects` accept
 * only 200, 301, 302, 303, 307 and 308, and `_headers` cannot tie a header to a status, so the one
 * error page the asset server answers with its status is 404.html (`not_found_handling`).
 *
 * The Worker holds no app logic: the route table, the headers and the languages are data from the
 * contract, written before its code with JSON.stringify, and it reads the pages from the ASSETS
 * binding. Its code is a TypeScript module (cloudflare/worker.ts), bundled with the package.
 * Being code, it weighs q-values in Accept-Language and picks the format from
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
	requestIdsOf,
	requiredStatusPage,
	routeLocale,
	routePaths,
	statusPage,
	headersInFrontOfApp,
	replacedAppPages,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../packageRoot';
import type { WorkerData } from './cloudflare/data';
import { fileHeader, hashComment, type HostConfigFile } from './format';
import { acceptPatterns, formats } from './mediaType';
import type { HostOptions } from '../config/hostOptions';

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
export function workerData(contract: RouteContract, mode: WorkerMode, options: HostOptions): WorkerData {
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
			if (`/${data.folder}${data.name}.html` !== routePaths(contract, route)[1]) {
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
		requestIds: requestIdsOf(contract),
		defaultLocale: contract.defaultLocale,
		otherLocales: contract.otherLocales,
		localeAliases: contract.localeAliases ?? {},
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

/** The Worker's code (src/hosts/cloudflare/worker.ts), as the package's bundle holds it. */
function workerCode(): string {
	const file = join(packageRoot, 'dist', 'cloudflare-worker.js');
	if (!existsSync(file)) {
		throw new Error(`Cloudflare Worker: ${file} is missing: bundle the package first (npm run build)`);
	}
	return readFileSync(file, 'utf8');
}

/** The Worker: the site's data as JSON, then the code that reads it (cloudflare/worker.ts). */
export function cloudflareWorker(contract: RouteContract, mode: WorkerMode, options: HostOptions): string {
	return [
		"// Fallback on Cloudflare Workers: every error page with its status and headers, in the visitor's",
		'// language and format. Generated by Fallback from its route contract; each build writes it',
		'// again. The data first is the contract; the code after it only reads it.',
		`const FALLBACK_SITE = ${JSON.stringify(workerData(contract, mode, options))};`,
		'',
		workerCode(),
	].join('\n');
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
