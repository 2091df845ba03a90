/**
 * Traefik v3, in front of an app: its `errors` middleware replaces the app's server errors with
 * the page a second service answers for `/{status}`. Traefik serves no files, so that service is
 * nginx with dist/ and the generated static config (`hosts/nginx/fallback-static.conf`), which
 * answers `/503` with the 503 page, its headers and the language the browser asks for.
 *
 * The same setup three ways: a file-provider dynamic config, Docker labels (docker-compose.yml),
 * and Kubernetes CRDs (Middleware, IngressRoute). Generated and checked (the CRDs against the
 * Traefik CRD schemas of @kubernetes-models/traefik), not run: Traefik does not run here.
 *
 * What the errors middleware does, from its reference (doc.traefik.io, v3, "Errors"/"ErrorPage"):
 * the answer keeps the app's status and carries the error service's body; `{status}` in `query`
 * is that status. Not verified here: which of the page service's headers (Retry-After, the CSP,
 * Content-Language) Traefik passes on, and that it forwards the visitor's Accept-Language.
 * The API prefixes get a router without the middleware: the app's JSON errors reach its clients.
 */
import { stringify } from 'yaml';
import { replacedAppPages, type RouteContract } from '../contract/contract';
import { fileHeader, literalPathPattern, type HostConfigFile } from './format';
import type { HostOptions } from './options';

/** The names the three forms share. */
export const traefikNames = {
	middleware: 'fallback-errors',
	pages: 'fallback-pages',
	app: 'app',
	api: 'app-api',
	entryPoint: 'web',
} as const;

/** The nginx image the pages service runs (the official one; pin a digest in production). */
export const pagesImage = 'nginx:1.27-alpine';

/** Statuses as Traefik's `status` list: single codes and `from-to` runs (`500-508`, `510-511`). */
export function statusRanges(statuses: readonly number[]): string[] {
	const sorted = [...new Set(statuses)].sort((a, b) => a - b);
	const ranges: string[] = [];
	for (let start = 0; start < sorted.length;) {
		let end = start;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
		ranges.push(start === end ? `${sorted[start]}` : `${sorted[start]}-${sorted[end]}`);
		start = end + 1;
	}
	return ranges;
}

/** The errors middleware: the app's server errors get the page of their status. */
function errorsMiddleware(contract: RouteContract) {
	return {
		status: statusRanges(replacedAppPages(contract).map((route) => route.status)),
		service: traefikNames.pages,
		query: '/{status}',
	};
}

/** A rule for the API prefixes (checked literal paths, backquoted as Traefik's rules take them). */
const apiRule = (contract: RouteContract) =>
	contract.apiPrefixes.map((prefix) => `PathPrefix(\`${literalPathPattern(prefix)}\`)`).join(' || ');

/** The file provider's dynamic configuration (`providers.file`). */
export function traefikDynamicConfig(contract: RouteContract, options: HostOptions): string {
	const { middleware, pages, app, api, entryPoint } = traefikNames;
	const config = {
		http: {
			routers: {
				[app]: {
					rule: 'PathPrefix(`/`)',
					entryPoints: [entryPoint],
					middlewares: [middleware],
					service: app,
				},
				...(contract.apiPrefixes.length > 0
					? {
							[api]: {
								rule: apiRule(contract),
								entryPoints: [entryPoint],
								service: app,
								// Longer rules win anyway; said outright, the API never gets the pages.
								priority: 1000,
							},
						}
					: {}),
			},
			middlewares: { [middleware]: { errors: errorsMiddleware(contract) } },
			services: {
				[app]: { loadBalancer: { servers: [{ url: `http://${options.upstream}` }] } },
				[pages]: { loadBalancer: { servers: [{ url: `http://${pages}:${options.listen.port}` }] } },
			},
		},
	};
	return `${header([
		'Fallback for Traefik v3 (file provider): the app answers; its server errors show Fallback’s page,',
		'with the app’s status. Load it with `--providers.file.filename=/etc/traefik/dynamic.yml`; run',
		`the pages service as in docker-compose.yml (nginx with dist/ and hosts/nginx/fallback-static.conf),`,
		`reachable as ${pages}:${options.listen.port}, and change the app's address.`,
	])}${stringify(config)}`;
}

/** The same with Docker labels: Traefik, the pages (nginx) and a placeholder for the app. */
export function traefikCompose(contract: RouteContract, options: HostOptions): string {
	const { middleware, pages, app, api, entryPoint } = traefikNames;
	const errors = errorsMiddleware(contract);
	const labels = (entries: Record<string, string>) =>
		Object.entries(entries).map(([name, value]) => `${name}=${value}`);
	const [, appPort = '80'] = options.upstream.split(':');
	const compose = {
		services: {
			traefik: {
				image: 'traefik:v3.5',
				command: [
					'--providers.docker=true',
					'--providers.docker.exposedbydefault=false',
					`--entrypoints.${entryPoint}.address=:80`,
				],
				ports: ['80:80'],
				volumes: ['/var/run/docker.sock:/var/run/docker.sock:ro'],
			},
			[pages]: {
				image: pagesImage,
				volumes: [
					`./dist:${options.pagesRoot}:ro`,
					'./hosts/nginx/fallback-static.conf:/etc/nginx/conf.d/default.conf:ro',
				],
				labels: labels({
					'traefik.enable': 'true',
					[`traefik.http.services.${pages}.loadbalancer.server.port`]: String(options.listen.port),
					[`traefik.http.middlewares.${middleware}.errors.status`]: errors.status.join(','),
					[`traefik.http.middlewares.${middleware}.errors.service`]: pages,
					[`traefik.http.middlewares.${middleware}.errors.query`]: errors.query,
				}),
			},
			[app]: {
				image: 'your-app-image',
				labels: labels({
					'traefik.enable': 'true',
					[`traefik.http.routers.${app}.rule`]: 'PathPrefix(`/`)',
					[`traefik.http.routers.${app}.entrypoints`]: entryPoint,
					[`traefik.http.routers.${app}.middlewares`]: middleware,
					[`traefik.http.routers.${app}.service`]: app,
					...(contract.apiPrefixes.length > 0
						? {
								[`traefik.http.routers.${api}.rule`]: apiRule(contract),
								[`traefik.http.routers.${api}.entrypoints`]: entryPoint,
								[`traefik.http.routers.${api}.priority`]: '1000',
								[`traefik.http.routers.${api}.service`]: app,
							}
						: {}),
					[`traefik.http.services.${app}.loadbalancer.server.port`]: appPort,
				}),
			},
		},
	};
	return `${header([
		'Fallback with Traefik v3 and Docker: `docker compose up` beside dist/ and hosts/ (run',
		'`npm run build:production` first), with your app in place of `your-app-image`.',
		'The pages container is nginx with dist/ and the generated static config.',
	])}${stringify(compose)}`;
}

/** The same as Traefik's Kubernetes CRDs: the Middleware and an IngressRoute for the app. */
export function traefikKubernetesObjects(contract: RouteContract, options: HostOptions): object[] {
	const { middleware, pages, app, entryPoint } = traefikNames;
	const [, appPort = '80'] = options.upstream.split(':');
	const service = (name: string, port: number) => ({ name, port });
	return [
		{
			apiVersion: 'traefik.io/v1alpha1',
			kind: 'Middleware',
			metadata: { name: middleware },
			spec: { errors: { ...errorsMiddleware(contract), service: service(pages, 80) } },
		},
		{
			apiVersion: 'traefik.io/v1alpha1',
			kind: 'IngressRoute',
			metadata: { name: app },
			spec: {
				entryPoints: [entryPoint],
				routes: [
					{
						match: 'PathPrefix(`/`)',
						kind: 'Rule',
						middlewares: [{ name: middleware }],
						services: [service(app, Number(appPort))],
					},
					...(contract.apiPrefixes.length > 0
						? [
								{
									match: apiRule(contract),
									kind: 'Rule',
									priority: 1000,
									services: [service(app, Number(appPort))],
								},
							]
						: []),
				],
			},
		},
	];
}

const header = (lines: readonly string[]) => `${fileHeader(lines)}\n`;

export function traefikFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'traefik/dynamic.yml', content: traefikDynamicConfig(contract, options) },
		{ path: 'traefik/docker-compose.yml', content: traefikCompose(contract, options) },
		{
			path: 'traefik/kubernetes.yml',
			content: `${header([
				'Fallback with Traefik on Kubernetes (CRDs): the errors Middleware and an IngressRoute for the app.',
				`The ${traefikNames.pages} Service is in hosts/kubernetes/fallback.yml.`,
			])}${traefikKubernetesObjects(contract, options)
				.map((object) => stringify(object))
				.join('---\n')}`,
		},
	];
}
