/**
 * The Traefik and Kubernetes files: every Kubernetes object validated against the published
 * Kubernetes API schemas (kubernetes-models) and Traefik's CRD schemas (@kubernetes-models/traefik);
 * the file-provider config and docker-compose.yml, for which no published schema ships in an npm
 * package here, parsed and checked for the structure Traefik reads. No Traefik or cluster runs
 * here; the default backend's nginx server block runs on real nginx in
 * tests/contract/kubernetes-backend.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { IngressRoute, Middleware } from '@kubernetes-models/traefik/traefik.io/v1alpha1';
import { kubernetesFiles } from '../../src/hosts/kubernetes';
import { statusRanges, traefikFiles } from '../../src/hosts/traefik';
import { fixtureContract, fixtureOptions } from './fixtures/contract';

const contract = fixtureContract;
const fileOf = (files: { path: string; content: string }[], path: string) =>
	files.find((file) => file.path === path)!.content;
const documents = (text: string) =>
	parseAllDocuments(text).map((document) => document.toJSON() as Record<string, unknown>);

/** The model class of each kind these files hold, which validates against its schema. */
const models: Record<string, new (data: never) => { validate(): void }> = {
	ConfigMap,
	Service,
	Deployment,
	Ingress,
	Middleware,
	IngressRoute,
};
const validate = (object: Record<string, unknown>) =>
	new models[object['kind'] as string]!(object as never).validate();

describe('Kubernetes (ingress-nginx)', () => {
	const objects = documents(fileOf(kubernetesFiles(contract, fixtureOptions), 'kubernetes/fallback.yml'));
	it('holds the backend (ConfigMap, Deployment, Service), the controller setting and an Ingress', () => {
		expect(objects.map((object) => object['kind'])).toEqual([
			'ConfigMap',
			'Deployment',
			'Service',
			'ConfigMap',
			'Ingress',
		]);
	});
	it.each(
		objects.map((object) => [
			`${String(object['kind'])} ${JSON.stringify((object['metadata'] as { name: string }).name)}`,
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
	it('sends exactly the replaced statuses to the backend, which answers them from its server block', () => {
		// The fixture's one replaced status with a page.
		const statuses = '503';
		expect((objects[3]!['data'] as Record<string, string>)['custom-http-errors']).toBe(statuses);
		const ingress = objects[4]!['metadata'] as { annotations: Record<string, string> };
		expect(ingress.annotations['nginx.ingress.kubernetes.io/custom-http-errors']).toBe(statuses);
		expect(ingress.annotations['nginx.ingress.kubernetes.io/default-backend']).toBe('fallback-pages');
		expect((objects[0]!['data'] as Record<string, string>)['default.conf']).toContain('map $http_x_code');
	});
});

describe('Traefik v3', () => {
	const files = traefikFiles(contract, fixtureOptions);
	it.each(documents(fileOf(files, 'traefik/kubernetes.yml')).map((object) => [object['kind'], object]))(
		'the %s CRD is valid against Traefik’s CRD schema',
		(_kind, object) => expect(() => validate(object)).not.toThrow(),
	);
	it('the validator is active: an errors middleware with a status that is not a list is refused', () => {
		const [middleware] = documents(fileOf(files, 'traefik/kubernetes.yml')) as [
			{ spec: { errors: { status: unknown } } },
		];
		middleware.spec.errors.status = 503;
		expect(() => validate(middleware as never)).toThrow();
	});
	it('writes the replaced statuses as Traefik ranges', () => {
		expect(statusRanges([500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511])).toEqual([
			'500-508',
			'510-511',
		]);
		expect(statusRanges([404, 503])).toEqual(['404', '503']);
	});
	// Structure checks: no published JSON schema for these ships in an installed npm package.
	it('file provider: the app router uses the errors middleware, the API router does not', () => {
		const { http } = parse(fileOf(files, 'traefik/dynamic.yml')) as {
			http: {
				routers: Record<string, { rule: string; middlewares?: string[]; service: string }>;
				middlewares: Record<string, { errors: unknown }>;
				services: Record<string, { loadBalancer: { servers: { url: string }[] } }>;
			};
		};
		expect(http.middlewares['fallback-errors']).toEqual({
			errors: { status: ['503'], service: 'fallback-pages', query: '/{status}' },
		});
		expect(http.routers['app']).toMatchObject({ middlewares: ['fallback-errors'], service: 'app' });
		expect(http.routers['app-api']).toMatchObject({ rule: 'PathPrefix(`/api/`)', service: 'app' });
		expect(http.routers['app-api']!.middlewares).toBeUndefined();
		expect(http.services['app']!.loadBalancer.servers).toEqual([{ url: 'http://10.0.0.7:4321' }]);
		expect(http.services['fallback-pages']!.loadBalancer.servers).toEqual([
			{ url: 'http://fallback-pages:8123' },
		]);
	});
	it('docker-compose: the same middleware as labels on the pages, used by the app', () => {
		const { services } = parse(fileOf(files, 'traefik/docker-compose.yml')) as {
			services: Record<string, { labels?: string[]; volumes?: string[] }>;
		};
		expect(services['fallback-pages']!.labels).toContain(
			'traefik.http.middlewares.fallback-errors.errors.status=503',
		);
		expect(services['fallback-pages']!.volumes).toContain('./dist:/srv/fallback-pages:ro');
		expect(services['app']!.labels).toContain('traefik.http.routers.app.middlewares=fallback-errors');
	});
});
