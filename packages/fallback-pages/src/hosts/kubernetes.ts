/**
 * Kubernetes with ingress-nginx: the controller's `custom-http-errors` sends an app's server
 * errors to a default backend, which answers with the page of the status. Sources: ingress-nginx's
 * "Custom errors" user guide (https://kubernetes.github.io/ingress-nginx/user-guide/custom-errors/)
 * and the `@custom_…` locations of its nginx.tmpl (rootfs/etc/nginx/template/nginx.tmpl): the
 * controller proxies the error to the backend as `/` (`rewrite (.*) / break`) with `X-Code` (the
 * status), `X-Format` (the client's Accept), `X-Original-URI`, `X-Namespace`, `X-Ingress-Name`,
 * `X-Service-Name`, `X-Service-Port` and `X-Request-ID` (its own ID, the one the app got), plus the
 * client's own headers (`proxy_pass` passes them), Accept-Language included; and "NGINX does not
 * change the response from the custom default backend": the backend must answer with the status.
 * When the app has no ready endpoints, the request itself goes to the backend (original path and
 * method) with `X-Code: 503`. The two Ingress annotations send one Ingress's errors there; the
 * controller ConfigMap's global `custom-http-errors` is not used, as it would catch the API's too.
 *
 * So the backend is nginx with dist/ and a server block that answers the page of `X-Code` with that
 * status, its headers, the language the browser asks for, the format X-Format asks for (the problem
 * document for JSON) and ingress-nginx's request ID in header and page. Without `X-Code` the path
 * names the status (`/503`): that is how Traefik's errors middleware asks (hosts/traefik/kubernetes.yml
 * uses the same Service). Generated and checked: the manifests against the Kubernetes API schemas
 * (kubernetes-models), the server block on real nginx (tests/contract/kubernetes-backend.test.ts);
 * no cluster or ingress controller runs here.
 */
import {
	headersInFrontOfApp,
	notFoundPage,
	replacedAppPages,
	requestIdsOf,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import {
	ASTRO_FOLDERS,
	fileHeader,
	literalPath,
	nginxRegex,
	type BuildFolders,
	type HostConfigFile,
} from './format';
import { addHeaders, formatMaps, languageMaps, pageUri, statusHeaderMaps } from './nginx/maps';
import { fileTypes, requestIdFilters } from './nginx/locations';
import { block, comment, inlineBlock, nginxSyntax, renderFile } from './syntax/braces';
import { kubernetesOptionsOf, type HostOptions } from '../config/hostOptions';
import { pagesImage, toYaml, traefikNames } from './traefik';

/** The backend's name (Service, Deployment, ConfigMap). */
export const backendName = traefikNames.pages;

/** Where the image keeps the backend's server block, and the Deployment mounts the ConfigMap's. */
const configDir = '/etc/nginx/conf.d';
const configFile = 'default.conf';

/** What the readiness probe asks for (answered 204; no app path is likely to be it). */
const readinessPath = '/__fallback_ready';

/**
 * The shape of ingress-nginx's request ID (nginx's `$request_id`: 32 hexadecimal digits). Only such
 * a value reaches the page; anything else (a header a client set, forwarded by Traefik) is replaced
 * by the backend's own ID, so nothing from a request is ever written into a page unchecked.
 */
const requestIdPattern = '^[0-9a-f]{32}$';

/** The pages the backend answers with: the replaced statuses', and the not-found page for the rest. */
function backendPages(contract: RouteContract): PageRoute[] {
	return [notFoundPage(contract), ...replacedAppPages(contract)];
}

/** `$fallback_backend_…`: the variables of the backend's server block. */
const variable = (name: string) => `$fallback_backend_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;

/**
 * The default backend's nginx server block (it goes inside `http {}`, as conf.d/default.conf of the
 * nginx image): `X-Code`, else the path, picks the page; any other status, the not-found page.
 */
export function kubernetesBackendNginxConfig(contract: RouteContract, options: HostOptions): string {
	const pages = backendPages(contract);
	const notFound = notFoundPage(contract);
	const headersOf = (route: PageRoute) => headersInFrontOfApp(contract, route);
	const root = options.pagesRoot.replace(/\/?$/, '/');
	const header = fileHeader([
		'Fallback as the default backend of ingress-nginx: answers the page of the status in X-Code',
		'(or in the path, /503, as Traefik’s errors middleware asks), with that status. Goes inside',
		`http {}: ${configDir}/${configFile} of the fallback-pages image (kubernetes/Dockerfile) and ConfigMap.`,
	]);
	return renderFile(nginxSyntax, header, [
		'',
		comment(
			'The status to answer: X-Code’s when it has a page, else the path’s (no X-Code), else the not-found page.',
		),
		block(`map "$http_x_code:$uri" ${variable('status')}`, [
			`default ${notFound.status}`,
			...pages.map((route) => `${nginxRegex(`^${route.status}:`, 'X-Code')} ${route.status}`),
			...pages.map((route) => `${nginxRegex(`^:/${route.status}$`, 'status path')} ${route.status}`),
		]),
		comment('The client’s Accept: ingress-nginx passes it as X-Format, Traefik as Accept.'),
		block(`map $http_x_format ${variable('accept')}`, ['default $http_x_format', '"" $http_accept']),
		...formatMaps('backend', variable('accept')),
		...(requestIdsOf(contract) === false
			? []
			: [
					comment(
						'ingress-nginx’s request ID (the one the app got) when it has that shape, else this nginx’s own.',
					),
					block(`map $http_x_request_id ${variable('request_id')}`, [
						`${nginxRegex(requestIdPattern, 'request ID')} $http_x_request_id`,
						'default $request_id',
					]),
				]),
		...languageMaps('backend', contract),
		...statusHeaderMaps('backend', pages, headersOf),
		'',
		block('server', [
			`listen ${options.listen.port}`,
			'server_tokens off',
			...addHeaders('backend', contract, headersOf, { routes: pages, requestId: variable('request_id') }),
			...pages.map((route) => `error_page ${route.status} ${pageUri(contract, route, 'backend')}`),
			'',
			comment('For the readiness probe.'),
			inlineBlock(`location = ${readinessPath}`, 'access_log off', 'return 204'),
			comment('Every other request is an error to show, whatever its method (the page is fetched with GET).'),
			block('location /', [`rewrite ^ /__fallback_status/${variable('status')} last`]),
			...pages.map((route) =>
				inlineBlock(`location = /__fallback_status/${route.status}`, 'internal', `return ${route.status}`),
			),
			block(`location ^~ ${contract.internalPrefix}`, [
				'internal',
				`alias ${root}`,
				fileTypes,
				'charset utf-8',
				...requestIdFilters(contract, 'backend', variable('request_id')),
			]),
		]),
	]);
}

/** The manifests: the backend (ConfigMap, Deployment, Service) and the app's Ingresses. */
export function kubernetesObjects(contract: RouteContract, options: HostOptions): object[] {
	const { namespace, image } = kubernetesOptionsOf(options);
	const statuses = replacedAppPages(contract)
		.map((route) => route.status)
		.join(',');
	const labels = { 'app.kubernetes.io/name': backendName };
	const port = options.listen.port;
	const appPort = Number(options.upstream.split(':')[1]);
	// Every object in the chosen namespace; the default-backend annotation names a Service in the
	// Ingress's own namespace, so the two must share one.
	const metadata = (name: string, extra: Record<string, unknown> = {}) => ({
		name,
		...(namespace ? { namespace } : {}),
		...extra,
	});
	/** An Ingress for the app (a Service named `app`, on the upstream's port) on these path prefixes. */
	const appIngress = (
		name: string,
		paths: string | readonly string[],
		annotations?: Record<string, string>,
	) => ({
		apiVersion: 'networking.k8s.io/v1',
		kind: 'Ingress',
		metadata: metadata(name, annotations ? { annotations } : {}),
		spec: {
			ingressClassName: 'nginx',
			rules: [
				{
					http: {
						paths: (typeof paths === 'string' ? [paths] : paths).map((path) => ({
							path: literalPath(path),
							pathType: 'Prefix',
							backend: { service: { name: 'app', port: { number: appPort } } },
						})),
					},
				},
			],
		},
	});
	return [
		{
			apiVersion: 'v1',
			kind: 'ConfigMap',
			metadata: metadata(backendName, { labels }),
			data: { [configFile]: kubernetesBackendNginxConfig(contract, options) },
		},
		{
			apiVersion: 'apps/v1',
			kind: 'Deployment',
			metadata: metadata(backendName, { labels }),
			spec: {
				replicas: 2,
				selector: { matchLabels: labels },
				template: {
					metadata: { labels },
					spec: {
						containers: [
							{
								name: 'nginx',
								image,
								ports: [{ containerPort: port, name: 'http' }],
								// The image carries the same server block; the ConfigMap's is mounted over it.
								volumeMounts: [{ name: 'config', mountPath: configDir, readOnly: true }],
								readinessProbe: { httpGet: { path: readinessPath, port: 'http' } },
								resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '64Mi' } },
							},
						],
						volumes: [{ name: 'config', configMap: { name: backendName } }],
					},
				},
			},
		},
		{
			apiVersion: 'v1',
			kind: 'Service',
			metadata: metadata(backendName, { labels }),
			spec: { selector: labels, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
		},
		// Your app's Ingress, with the two annotations that send its errors here: both are needed
		// (ingress-nginx's annotation reference, "Default Backend"). Per Ingress, not the controller
		// ConfigMap's global `custom-http-errors`, which would replace every Ingress's errors, the API's too.
		appIngress('app', '/', {
			'nginx.ingress.kubernetes.io/custom-http-errors': statuses,
			'nginx.ingress.kubernetes.io/default-backend': backendName,
		}),
		// The API prefixes without custom-http-errors: the app's JSON errors reach its clients as it
		// sent them. The default backend alone still answers when the app has no ready endpoints (with
		// X-Code 503: the problem document for a client that accepts JSON).
		...(contract.apiPrefixes.length > 0
			? [
					appIngress('app-api', contract.apiPrefixes, {
						'nginx.ingress.kubernetes.io/default-backend': backendName,
					}),
				]
			: []),
	];
}

/** The backend's server block, in the hosts' folder. */
const backendConfigPath = 'kubernetes/default-backend.conf';

/**
 * The pages image: nginx with dist/ at pagesRoot and the backend's server block, so the image works
 * on its own; the ConfigMap mounts the same file over it.
 */
export function kubernetesDockerfile(options: HostOptions, folders: BuildFolders = ASTRO_FOLDERS): string {
	const { image } = kubernetesOptionsOf(options);
	return [
		fileHeader([
			'The fallback-pages image. After the build, from the project root (the build context holds',
			`${folders.pages}/ and ${folders.hosts}/):`,
			`  docker build -f ${folders.hosts}/kubernetes/Dockerfile -t ${image} . && docker push ${image}`,
			'(fallback.hosts.kubernetes.image names it in kubernetes/fallback.yml).',
		]),
		`FROM ${pagesImage}`,
		`COPY ${folders.pages}/ ${options.pagesRoot.replace(/\/?$/, '/')}`,
		`COPY ${folders.hosts}/${backendConfigPath} ${configDir}/${configFile}`,
		'',
	].join('\n');
}

export function kubernetesFiles(
	contract: RouteContract,
	options: HostOptions,
	folders: BuildFolders = ASTRO_FOLDERS,
): HostConfigFile[] {
	return [
		{
			path: 'kubernetes/fallback.yml',
			content: `${fileHeader([
				'Fallback for Kubernetes with ingress-nginx: the app’s server errors show Fallback’s page, with',
				`their status. The default backend serves ${folders.pages}/ (image: kubernetes/Dockerfile) and answers`,
				'the page of X-Code. Change the Ingresses to your app (a Service named app, your host), then',
				'`kubectl apply -f` this file.',
			])}\n${kubernetesObjects(contract, options).map(toYaml).join('---\n')}`,
		},
		{ path: backendConfigPath, content: kubernetesBackendNginxConfig(contract, options) },
		{ path: 'kubernetes/Dockerfile', content: kubernetesDockerfile(options, folders) },
	];
}
