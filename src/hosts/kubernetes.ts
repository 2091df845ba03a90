/**
 * Kubernetes with ingress-nginx: the controller's `custom-http-errors` sends an app's server
 * errors to a default backend, which answers with the page of the status. ingress-nginx passes the
 * status in `X-Code` and the client's Accept in `X-Format` (its "Custom errors" documentation), and
 * keeps the app's status only if the backend answers with it; so the backend here is nginx with
 * dist/ and a server block that answers each `X-Code` with its page, its status and its headers
 * (the problem document when `X-Format` asks for JSON). Generated and checked: the manifests
 * against the Kubernetes API schemas (kubernetes-models), the backend's server block on real nginx
 * (tests/contract/kubernetes-backend.test.ts); no cluster runs here.
 */
import { stringify } from 'yaml';
import {
	notFoundPage,
	replacedAppPages,
	statusHeaderNames,
	PROBLEM_JSON,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import { fileHeader, hashComment, headerName, nginxRegex, nginxString, type HostConfigFile } from './format';
import { acceptPatterns, formats } from './mediaType';
import type { HostOptions } from './options';
import { pagesImage, traefikNames } from './traefik';

/** The backend's name (Service, Deployment, ConfigMap), and the image that holds dist/. */
export const backendName = traefikNames.pages;
export const backendImage = 'registry.example.com/fallback-pages:latest';

/** What the readiness probe asks for (answered 204; no app path is likely to be it). */
const readinessPath = '/__fallback_ready';

/** The pages the backend answers with: the replaced statuses', and the not-found page for the rest. */
function backendPages(contract: RouteContract): PageRoute[] {
	return [notFoundPage(contract), ...replacedAppPages(contract)];
}

/**
 * The default backend's nginx server block: `X-Code` picks the page (any other value: the
 * not-found page), `X-Format` its format, and the page answers with its status and headers.
 */
export function kubernetesBackendNginxConfig(contract: RouteContract, options: HostOptions): string {
	const pages = backendPages(contract);
	const notFound = notFoundPage(contract);
	const root = options.pagesRoot.replace(/\/?$/, '/');
	const formatMap = (part: 'folder' | 'extension') => [
		`map $http_x_format $fallback_backend_${part} {`,
		...acceptPatterns.map(
			({ format, pattern }) =>
				`\t${nginxRegex(pattern, `X-Format of ${format}`)} "${formats[format][part]}";`,
		),
		`\tdefault "${formats.page[part]}";`,
		'}',
	];
	const headerVariable = (name: string) =>
		`$fallback_backend_${name.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
	return [
		fileHeader([
			'Fallback as the default backend of ingress-nginx: answers the page of the status in X-Code.',
			'Mounted as /etc/nginx/conf.d/default.conf in the fallback-pages Deployment (kubernetes/fallback.yml).',
		]),
		'',
		hashComment('The status to answer: one with a page, else the not-found page.'),
		'map $http_x_code $fallback_backend_status {',
		`\tdefault ${notFound.status};`,
		...pages.map((route) => `\t"${route.status}" ${route.status};`),
		'}',
		hashComment('The format the client accepts (ingress-nginx passes its Accept as X-Format).'),
		...formatMap('folder'),
		...formatMap('extension'),
		...statusHeaderNames(pages).flatMap((name) => [
			`map $status ${headerVariable(name)} {`,
			...pages
				.filter((route) => route.headers[name] !== undefined)
				.map((route) => `\t${route.status} ${nginxString(route.headers[name]!, `header ${name}`)};`),
			'\tdefault "";',
			'}',
		]),
		'',
		'server {',
		`\tlisten ${options.listen.port};`,
		'\tserver_tokens off;',
		...Object.entries(contract.pageHeaders).map(
			([name, value]) =>
				`\tadd_header ${headerName(name, 'page header name')} ${nginxString(value, `page header ${name}`)} always;`,
		),
		...statusHeaderNames(pages).map(
			(name) => `\tadd_header ${headerName(name, 'status header name')} ${headerVariable(name)} always;`,
		),
		'\tadd_header Vary Accept always;',
		...pages.map(
			(route) =>
				`\terror_page ${route.status} /__fallback/\${fallback_backend_folder}${route.status}.\${fallback_backend_extension};`,
		),
		'',
		hashComment('For the readiness probe.'),
		`\tlocation = ${readinessPath} { access_log off; return 204; }`,
		hashComment('Every other request is an error to show: answer with the status X-Code names.'),
		'\tlocation / {',
		'\t\trewrite ^ /__fallback_status/$fallback_backend_status last;',
		'\t}',
		...pages.map(
			(route) => `\tlocation = /__fallback_status/${route.status} { internal; return ${route.status}; }`,
		),
		`\tlocation ^~ /__fallback/ {`,
		'\t\tinternal;',
		`\t\talias ${root};`,
		`\t\ttypes { text/html html; ${PROBLEM_JSON} json; text/plain txt; }`,
		'\t\tcharset utf-8;',
		'\t}',
		'}',
		'',
	].join('\n');
}

/** The manifests: the backend (ConfigMap, Deployment, Service), the controller setting, an Ingress. */
export function kubernetesObjects(contract: RouteContract, options: HostOptions): object[] {
	const statuses = replacedAppPages(contract)
		.map((route) => route.status)
		.join(',');
	const labels = { 'app.kubernetes.io/name': backendName };
	const port = options.listen.port;
	return [
		{
			apiVersion: 'v1',
			kind: 'ConfigMap',
			metadata: { name: backendName },
			data: { 'default.conf': kubernetesBackendNginxConfig(contract, options) },
		},
		{
			apiVersion: 'apps/v1',
			kind: 'Deployment',
			metadata: { name: backendName, labels },
			spec: {
				replicas: 2,
				selector: { matchLabels: labels },
				template: {
					metadata: { labels },
					spec: {
						containers: [
							{
								name: 'nginx',
								image: backendImage,
								ports: [{ containerPort: port, name: 'http' }],
								volumeMounts: [{ name: 'config', mountPath: '/etc/nginx/conf.d', readOnly: true }],
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
			metadata: { name: backendName, labels },
			spec: { selector: labels, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
		},
		{
			// Merge into the controller's own ConfigMap (its name and namespace depend on the install).
			apiVersion: 'v1',
			kind: 'ConfigMap',
			metadata: { name: 'ingress-nginx-controller', namespace: 'ingress-nginx' },
			data: { 'custom-http-errors': statuses },
		},
		{
			apiVersion: 'networking.k8s.io/v1',
			kind: 'Ingress',
			metadata: {
				name: 'app',
				annotations: {
					'nginx.ingress.kubernetes.io/custom-http-errors': statuses,
					'nginx.ingress.kubernetes.io/default-backend': backendName,
				},
			},
			spec: {
				ingressClassName: 'nginx',
				rules: [
					{
						http: {
							paths: [
								{
									path: '/',
									pathType: 'Prefix',
									backend: {
										service: { name: 'app', port: { number: Number(options.upstream.split(':')[1]) } },
									},
								},
							],
						},
					},
				],
			},
		},
	];
}

/** The image with the pages: nginx with dist/ at pagesRoot (the config comes from the ConfigMap). */
export function kubernetesDockerfile(options: HostOptions): string {
	return [
		fileHeader([
			`The fallback-pages image: build from the project root after \`npm run build:production\`,`,
			`push it, and name it in kubernetes/fallback.yml (${backendImage}).`,
		]),
		`FROM ${pagesImage}`,
		`COPY dist/ ${options.pagesRoot}/`,
		'',
	].join('\n');
}

export function kubernetesFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{
			path: 'kubernetes/fallback.yml',
			content: `${fileHeader([
				'Fallback for Kubernetes with ingress-nginx: the app’s server errors show Fallback’s page, with',
				'their status. The default backend serves dist/ (image: kubernetes/Dockerfile) and answers',
				'the page of X-Code; apply with `kubectl apply -f`, after merging the controller ConfigMap',
				'into your ingress-nginx install’s and changing the Ingress to your app.',
			])}\n${kubernetesObjects(contract, options)
				.map((object) => stringify(object))
				.join('---\n')}`,
		},
		{ path: 'kubernetes/Dockerfile', content: kubernetesDockerfile(options) },
	];
}
