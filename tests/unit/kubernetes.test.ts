/**
 * The Kubernetes files for ingress-nginx (src/hosts/kubernetes.ts): every object validated against
 * the published Kubernetes API schemas (kubernetes-models), the host options that name the image
 * and namespace. No cluster runs here; the default backend's nginx server block runs on real nginx
 * in tests/contract/kubernetes-backend.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import {
	kubernetesBackendNginxConfig,
	kubernetesDockerfile,
	kubernetesFiles,
} from '../../packages/fallback-pages/src/hosts/kubernetes';
import { parseHostOptions, type HostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { fixtureContract, fixtureOptions, fixtureWithGerman } from './fixtures/contract';

const contract = fixtureContract;
const fileOf = (options: HostOptions, path: string) =>
	kubernetesFiles(contract, options).find((file) => file.path === path)!.content;
const documents = (text: string) =>
	parseAllDocuments(text).map((document) => document.toJSON() as Record<string, unknown>);

/** The model class of each kind the manifests hold, which validates against its schema. */
const models: Record<string, new (data: never) => { validate(): void }> = {
	ConfigMap,
	Service,
	Deployment,
	Ingress,
};
const validate = (object: Record<string, unknown>) =>
	new models[object['kind'] as string]!(object as never).validate();

interface Ingressish {
	metadata: { annotations?: Record<string, string> };
	spec: { rules: { http: { paths: { path: string }[] } }[] };
}

const named = {
	...fixtureOptions,
	kubernetes: { namespace: 'shop', image: 'registry.test:5000/team/pages:1.2' },
};

describe('Kubernetes (ingress-nginx) manifests', () => {
	const objects = documents(fileOf(fixtureOptions, 'kubernetes/fallback.yml'));
	it('hold the backend (ConfigMap, Deployment, Service) and the app’s Ingresses', () => {
		expect(
			objects.map((object) => `${String(object['kind'])} ${(object['metadata'] as { name: string }).name}`),
		).toEqual([
			'ConfigMap fallback-pages',
			'Deployment fallback-pages',
			'Service fallback-pages',
			'Ingress app',
			'Ingress app-api',
		]);
	});
	it.each(
		[...objects, ...documents(fileOf(named, 'kubernetes/fallback.yml'))].map((object) => [
			`${String(object['kind'])} ${JSON.stringify(object['metadata'])}`,
			object,
		]),
	)('%s is valid against the Kubernetes API schema', (_name, object) =>
		expect(() => validate(object)).not.toThrow(),
	);
	it('the validator is active: a Deployment without containers is refused', () => {
		const deployment = structuredClone(objects[1]!) as {
			spec: { template: { spec: { containers?: unknown } } };
		};
		delete deployment.spec.template.spec.containers;
		expect(() => validate(deployment as never)).toThrow(/containers/);
	});
	it('the validator is active: a Service port that is not a number is refused', () => {
		const service = structuredClone(objects[2]!) as { spec: { ports: { port: unknown }[] } };
		service.spec.ports[0]!.port = 'eighty';
		expect(() => validate(service as never)).toThrow();
	});
	it('the app’s Ingress sends exactly the replaced statuses to the fallback-pages backend', () => {
		const [, , service, app, api] = objects as [unknown, unknown, Ingressish, Ingressish, Ingressish];
		expect(app.metadata.annotations).toEqual({
			'nginx.ingress.kubernetes.io/custom-http-errors': '503',
			'nginx.ingress.kubernetes.io/default-backend': 'fallback-pages',
		});
		expect(app.spec.rules[0]!.http.paths).toEqual([
			{ path: '/', pathType: 'Prefix', backend: { service: { name: 'app', port: { number: 4321 } } } },
		]);
		// The API's errors pass; the backend answers there only when the app has no endpoints.
		expect(api.metadata.annotations).toEqual({
			'nginx.ingress.kubernetes.io/default-backend': 'fallback-pages',
		});
		expect(api.spec.rules[0]!.http.paths.map((path) => path.path)).toEqual(['/api/']);
		expect((service as unknown as { spec: { ports: { port: number }[] } }).spec.ports[0]!.port).toBe(80);
	});
	it('no controller-wide custom-http-errors (it would catch the API’s errors and every other Ingress’s)', () => {
		expect(fileOf(fixtureOptions, 'kubernetes/fallback.yml')).not.toMatch(/^\s*custom-http-errors:/m);
	});
	it('an API prefix with a dot is an Ingress path as it is (a Prefix path is literal)', () => {
		const dotted = kubernetesFiles({ ...contract, apiPrefixes: ['/v1.2/'] }, fixtureOptions)[0]!.content;
		expect(dotted).toContain('path: /v1.2/');
		expect(dotted).not.toContain('[.]');
	});
	it('a contract without API prefixes has one Ingress; an unsafe prefix stops the build', () => {
		const plain = documents(kubernetesFiles({ ...contract, apiPrefixes: [] }, fixtureOptions)[0]!.content);
		expect(plain.filter((object) => object['kind'] === 'Ingress')).toHaveLength(1);
		expect(() => kubernetesFiles({ ...contract, apiPrefixes: ['/api"/'] }, fixtureOptions)).toThrow(
			/route path: "\/api/,
		);
	});
	it('the ConfigMap carries the backend server block, the file the image carries too', () => {
		expect((objects[0]!['data'] as Record<string, string>)['default.conf']).toBe(
			fileOf(fixtureOptions, 'kubernetes/default-backend.conf'),
		);
		expect(fileOf(fixtureOptions, 'kubernetes/default-backend.conf')).toBe(
			kubernetesBackendNginxConfig(contract, fixtureOptions),
		);
	});
	it('without options: the placeholder image, no namespace (kubectl -n chooses)', () => {
		const deployment = objects[1] as { spec: { template: { spec: { containers: { image: string }[] } } } };
		expect(deployment.spec.template.spec.containers[0]!.image).toBe(
			'registry.example.com/fallback-pages:latest',
		);
		expect(objects.map((object) => (object['metadata'] as { namespace?: string }).namespace)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
		]);
	});
	it('with options: their image, and their namespace on every object', () => {
		const objectsIn = documents(fileOf(named, 'kubernetes/fallback.yml'));
		const deployment = objectsIn[1] as { spec: { template: { spec: { containers: { image: string }[] } } } };
		expect(deployment.spec.template.spec.containers[0]!.image).toBe('registry.test:5000/team/pages:1.2');
		expect(objectsIn.map((object) => (object['metadata'] as { namespace?: string }).namespace)).toEqual([
			'shop',
			'shop',
			'shop',
			'shop',
			'shop',
		]);
	});
	it('the Dockerfile copies the pages and the server block into the nginx image, and names the image', () => {
		const dockerfile = fileOf(named, 'kubernetes/Dockerfile');
		expect(dockerfile.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
			'FROM nginx:1.27-alpine',
			'COPY dist/ /srv/fallback-pages/',
			'COPY dist-hosts/kubernetes/default-backend.conf /etc/nginx/conf.d/default.conf',
		]);
		expect(dockerfile).toContain(
			'docker build -f dist-hosts/kubernetes/Dockerfile -t registry.test:5000/team/pages:1.2 .',
		);
	});

	it("copies from the folders the build put things in, from the project root (the command's, the archive's)", () => {
		for (const folders of [
			{ pages: 'fallback', hosts: 'fallback-hosts' },
			{ pages: 'dist', hosts: 'hosts' },
		]) {
			const dockerfile = kubernetesDockerfile(parseHostOptions({}), folders);
			expect(dockerfile).toContain(`\nCOPY ${folders.pages}/ `);
			expect(dockerfile).toContain(`\nCOPY ${folders.hosts}/kubernetes/default-backend.conf `);
			expect(dockerfile).toContain(`docker build -f ${folders.hosts}/kubernetes/Dockerfile `);
		}
	});
});

describe('the backend server block', () => {
	it('negotiates the language where other locales ship', () => {
		const config = kubernetesBackendNginxConfig(fixtureWithGerman, fixtureOptions);
		expect(config).toContain('map $http_accept_language $fallback_backend_accept_locale {');
		expect(config).toContain('map $fallback_backend_accept_locale $fallback_backend_accept_folder {');
		// The path the visitor asked for comes in ingress-nginx's X-Original-URI: $uri is the backend's own.
		expect(config).toContain('map $http_x_original_uri $fallback_backend_locale {');
		expect(config).toContain('add_header Vary "Accept-Language, Accept" always;');
		expect(config).toContain(
			'error_page 503 /__fallback/${fallback_backend_locale}${fallback_backend_format_folder}503.${fallback_backend_format_extension};',
		);
	});
	it('refuses a page header nginx would expand', () => {
		expect(() =>
			kubernetesBackendNginxConfig({ ...contract, pageHeaders: { 'X-Bad': 'a $host' } }, fixtureOptions),
		).toThrow(/X-Bad/);
	});
});

describe('Kubernetes host options', () => {
	it('are optional; given, they take defaults', () => {
		expect(parseHostOptions({}).kubernetes).toBeUndefined();
		expect(parseHostOptions({ kubernetes: {} }).kubernetes).toEqual({
			image: 'registry.example.com/fallback-pages:latest',
		});
	});
	it.each([
		'registry.example.com/fallback-pages:latest',
		'fallback-pages',
		'localhost:5000/team/fallback_pages:v1.2-rc.1',
		`ghcr.io/owner/pages@sha256:${'a'.repeat(64)}`,
	])('accept the image %s', (image) =>
		expect(parseHostOptions({ kubernetes: { image } }).kubernetes?.image).toBe(image),
	);
	it.each([
		[{ image: 'Registry/Pages' }, 'image'],
		[{ image: 'pages:1\nRUN rm -rf /' }, 'image'],
		[{ image: 'pages: latest' }, 'image'],
		[{ image: 'pages:latest # x' }, 'image'],
		[{ namespace: 'My_Namespace' }, 'namespace'],
		[{ namespace: 'a'.repeat(64) }, 'namespace'],
		[{ namespace: 'shop', replicas: 3 }, ''],
	])('refuse %j, naming fallback.hosts.kubernetes.%s', (kubernetes, option) => {
		expect(() => parseHostOptions({ kubernetes })).toThrow(
			new RegExp(`- fallback\\.hosts\\.kubernetes${option ? `\\.${option}` : ''}[.:]`),
		);
	});
});
