/**
 * Traefik v3, in front of an app: its `errors` middleware replaces the app's server errors with
 * the page a second service answers for `/{status}`. Traefik serves no files, so that service is
 * nginx with dist/ and the generated static config (`hosts/nginx/fallback-standalone.conf`), which
 * answers `/503` with the 503 page, its headers, the format the client accepts and the language
 * the browser asks for; on Kubernetes it is the fallback-pages Service of
 * hosts/kubernetes/fallback.yml, whose server block answers `/503` the same way.
 *
 * The same setup three ways: a file-provider dynamic config, Docker labels (docker-compose.yml),
 * and Kubernetes CRDs (Middleware, IngressRoute). Generated and checked (the CRDs against the
 * Traefik CRD schemas of @kubernetes-models/traefik, the compose file against the Compose
 * Specification's schema), not run: Traefik does not run here.
 *
 * What the middleware does, read in Traefik's source (pkg/middlewares/customerrors/custom_errors.go,
 * v3.0 to v3.7) and reference (doc.traefik.io, routing-configuration/http/middlewares/errorpages):
 * - the answer keeps the app's status (`newCodeModifier(rw, code)`; v3.4+ can rewrite it with
 *   `statusRewrites`, not used: the contract keeps the app's status) and carries the page
 *   service's body and headers (Retry-After, the CSP, Content-Language, Vary); the app's own
 *   headers and body are dropped, so the app's own Retry-After is lost;
 * - the page is fetched with GET, whatever the client's method, at `query` with `{status}`
 *   (v3.4+ also `{originalStatus}`; every v3 `{url}`, the escaped request URL: not needed here);
 * - every request header of the client goes with it (Accept, Accept-Language, Cookie,
 *   Authorization too; v3.7+ `errorRequestHeaders` can narrow that, not used so v3.5 takes the file):
 *   the pages service negotiates format and language as for a visitor.
 * Traefik makes no request IDs: the page carries the pages nginx's own ID, which the app never saw.
 * The app's 4xx (its 404 included) pass through untouched, unless the contract replaces them (the
 * option replaceAppStatuses); so do the API prefixes' answers, through a router without the
 * middleware. Maintenance is not generated here:
 * with it switched on, the static config answers every path (`/500` too) with the maintenance page,
 * which the middleware would then show for every replaced error, while the app still answers.
 */
import { stringify } from 'yaml';
import { posix } from 'node:path';
import { replacedAppPages, type RouteContract } from '../contract/contract';
import { ASTRO_FOLDERS, fileHeader, literalPath, type BuildFolders, type HostConfigFile } from './format';
import { kubernetesOptionsOf, type HostOptions } from '../config/hostOptions';

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

/**
 * YAML as the yaml library writes it, without folding long lines (a config in a ConfigMap stays as
 * it is, line for line) and without anchors for repeated objects (the labels a Deployment repeats).
 */
export const toYaml = (value: unknown) => stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });

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

/**
 * A rule for the API prefixes: checked literal paths, backquoted as Traefik's rules take them.
 * `PathPrefix` matches literally, so a dot stays a dot (`/v1.2/`).
 */
const apiRule = (contract: RouteContract) =>
	contract.apiPrefixes.map((prefix) => `PathPrefix(\`${literalPath(prefix)}\`)`).join(' || ');

/** The file provider's dynamic configuration (`providers.file`). */
export function traefikDynamicConfig(
	contract: RouteContract,
	options: HostOptions,
	folders: BuildFolders = ASTRO_FOLDERS,
): string {
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
		`the pages service as in docker-compose.yml (nginx with ${folders.pages}/ and ${folders.hosts}/nginx/fallback-standalone.conf),`,
		`reachable as ${pages}:${options.listen.port}, and change the app's address.`,
	])}${toYaml(config)}`;
}

/** The same with Docker labels: Traefik, the pages (nginx) and a placeholder for the app. */
export function traefikCompose(
	contract: RouteContract,
	options: HostOptions,
	folders: BuildFolders = ASTRO_FOLDERS,
): string {
	// Compose resolves a relative path against the file's own folder, <hosts>/traefik/.
	const fromHere = (path: string) => posix.relative(`${folders.hosts}/traefik`, path);
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
					`${fromHere(folders.pages)}:${options.pagesRoot}:ro`,
					`${fromHere(`${folders.hosts}/nginx/fallback-standalone.conf`)}:/etc/nginx/conf.d/default.conf:ro`,
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
				// Compose fills it in from the environment: the file is written again by each build.
				image: '${APP_IMAGE:?set APP_IMAGE to the image of your app}',
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
		'Fallback with Traefik v3 and Docker, after the build, from the project root, with your',
		"app's image in APP_IMAGE (each build writes this file again: change nothing in it):",
		`  APP_IMAGE=registry.example.com/app:1 docker compose -f ${folders.hosts}/traefik/docker-compose.yml up`,
		`The pages container is nginx with ${folders.pages}/ and the generated static config.`,
	])}${toYaml(compose)}`;
}

/** The same as Traefik's Kubernetes CRDs: the Middleware and an IngressRoute for the app. */
export function traefikKubernetesObjects(contract: RouteContract, options: HostOptions): object[] {
	const { middleware, pages, app, entryPoint } = traefikNames;
	const { namespace } = kubernetesOptionsOf(options);
	const [, appPort = '80'] = options.upstream.split(':');
	const service = (name: string, port: number) => ({ name, port });
	const metadata = (name: string) => ({ name, ...(namespace ? { namespace } : {}) });
	return [
		{
			apiVersion: 'traefik.io/v1alpha1',
			kind: 'Middleware',
			metadata: metadata(middleware),
			spec: { errors: { ...errorsMiddleware(contract), service: service(pages, 80) } },
		},
		{
			apiVersion: 'traefik.io/v1alpha1',
			kind: 'IngressRoute',
			metadata: metadata(app),
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

export function traefikFiles(
	contract: RouteContract,
	options: HostOptions,
	folders: BuildFolders = ASTRO_FOLDERS,
): HostConfigFile[] {
	return [
		{ path: 'traefik/dynamic.yml', content: traefikDynamicConfig(contract, options, folders) },
		{ path: 'traefik/docker-compose.yml', content: traefikCompose(contract, options, folders) },
		{
			path: 'traefik/kubernetes.yml',
			content: `${header([
				'Fallback with Traefik on Kubernetes (CRDs): the errors Middleware and an IngressRoute for the app.',
				`The ${traefikNames.pages} Service is in ${folders.hosts}/kubernetes/fallback.yml.`,
			])}${traefikKubernetesObjects(contract, options).map(toYaml).join('---\n')}`,
		},
	];
}
