/**
 * fallback-pages on every Astro major a team may run: a fresh project per release in
 * astro-releases.json (the latest 5 and 6) and the workspace's Astro 7, one install each, from the
 * packed tarball with plain `npm install` (no --legacy-peer-deps). Each site has Astro's i18n
 * (en, de) and its own 404 page, kept by `sitePages: [404]`: it builds, the build time is measured
 * against the same site without `fallback()`, netlify-cli serves it and `verify` passes; the command
 * (`npx fallback-pages build`) builds with the project's Astro. On Astro 5 the Netlify plugin runs
 * too, on the same site without the integration.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type RunningServer } from '../contract/harness';
import {
	astroBuildWith,
	astroVersion,
	fallbackPages,
	makeProject,
	removeProject,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, serveOnNetlify } from './serve';
import { netlifyBuild, serveDeploy } from './netlifyBuild';
import releases from './astro-releases.json' with { type: 'json' };

const layout =
	'---\nconst { title } = Astro.props;\n---\n<html lang={Astro.currentLocale}><head><meta charset="utf-8"><title>{title}</title></head><body><slot /></body></html>\n';

const files: Readonly<Record<string, string>> = {
	'package.json': JSON.stringify({ name: 'astro-major', private: true, type: 'module' }),
	'src/layouts/Site.astro': layout,
	'src/pages/index.astro':
		'---\nimport Site from \'../layouts/Site.astro\';\n---\n<Site title="Home"><h1>Welcome</h1></Site>\n',
	'src/pages/de/index.astro':
		'---\nimport Site from \'../../layouts/Site.astro\';\n---\n<Site title="Start"><h1>Willkommen</h1></Site>\n',
	'src/pages/404.astro':
		'---\nimport Site from \'../layouts/Site.astro\';\n---\n<Site title="Lost"><h1>Our own 404</h1></Site>\n',
	'astro.fallback.mjs': [
		"import { defineConfig } from 'astro/config';",
		"import fallback from 'fallback-pages';",
		'export default defineConfig({',
		"\ti18n: { locales: ['en', 'de'], defaultLocale: 'en' },",
		'\tintegrations: [fallback({ sitePages: [404] })],',
		'});',
		'',
	].join('\n'),
	'astro.plain.mjs': [
		"import { defineConfig } from 'astro/config';",
		"export default defineConfig({ i18n: { locales: ['en', 'de'], defaultLocale: 'en' } });",
		'',
	].join('\n'),
};

interface Major {
	version: string;
	project: string;
	install: number;
	/** `astro build` of the site with and without fallback(), in seconds. */
	built: { with: number; without: number };
	log: string;
}

const majors = new Map<string, Major>();
const servers: RunningServer[] = [];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
	const started = performance.now();
	const result = await work();
	return [result, (performance.now() - started) / 1000];
}

/** `astro build` with one of the project's configs into `dist-<name>`: its log. */
async function astroBuild(project: string, name: string): Promise<string> {
	const result = await astroBuildWith(project, name);
	return result.stdout + result.stderr;
}

beforeAll(async () => {
	const tarballs = inject('tarballs');
	const versions = [...releases.older, await astroVersion()];
	for (const version of versions) {
		const project = await makeProject(`astro-${version.split('.')[0]}`, files);
		const withPlugin = version.startsWith('5.') ? [tarballs['netlify-plugin-fallback-pages']] : [];
		const [, install] = await timed(() =>
			sharedNpmInstall(project, [`astro@${version}`, tarballs['fallback-pages'], ...withPlugin]),
		);
		// Once to warm Vite's and the disk's caches; then the two builds compared.
		await astroBuild(project, 'plain');
		const [log, withFallback] = await timed(() => astroBuild(project, 'fallback'));
		const [, without] = await timed(() => astroBuild(project, 'plain'));
		majors.set(version.split('.')[0]!, {
			version,
			project,
			install,
			built: { with: withFallback, without },
			log,
		});
	}
}, 1_500_000);

afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await Promise.all([...majors.values()].map((major) => removeProject(major.project)));
});

describe.each(['5', '6', '7'])('Astro %s', (name) => {
	const major = () => majors.get(name)!;

	it('installs the packed package beside it without a peer conflict, and builds with fallback()', () => {
		const { project, version, install, built } = major();
		const installed = JSON.parse(readFileSync(join(project, 'node_modules/astro/package.json'), 'utf8')) as {
			version: string;
		};
		expect(installed.version).toBe(version);
		console.log(
			`Astro ${version}: installed with fallback-pages in ${install.toFixed(1)} s; astro build ${built.without.toFixed(1)} s without fallback(), ${built.with.toFixed(1)} s with it (+${(built.with - built.without).toFixed(1)} s)`,
		);
		expect(major().log).toContain("languages from Astro's i18n: en, de (en the default)");
		for (const file of ['404.html', 'de/404.html', '503.html', 'de/503.html', 'problem/404.json'])
			expect(existsSync(join(project, 'dist-fallback', file)), file).toBe(true);
	});

	it("keeps the site's own 404 and pages, and answers with Fallback's statuses on netlify-cli", async () => {
		const { project } = major();
		const dist = join(project, 'dist-fallback');
		const server = await serveOnNetlify(dist, join(project, 'netlify-fallback'));
		servers.push(server);
		const home = await request(server.port, '/de/');
		expect([home.status, home.body]).toEqual([200, readFileSync(join(dist, 'de/index.html'), 'utf8')]);
		expect(home.body).toContain('Willkommen');
		const lost = await request(server.port, '/no/such/page');
		expect(lost.status).toBe(404);
		expect(lost.body).toContain('Our own 404');
		const busy = await request(server.port, '/de/503');
		expect(busy.status).toBe(503);
		expect(busy.body).toBe(readFileSync(join(dist, 'de/503.html'), 'utf8'));
		await expectVerified(project, server, 'netlify-cli', 'dist-fallback');
	});

	it('runs `npx fallback-pages build` in the project, with its Astro', async () => {
		const { project } = major();
		// One Astro in the project: the peer is the site's own, never a copy of fallback-pages'.
		expect(existsSync(join(project, 'node_modules/fallback-pages/node_modules/astro'))).toBe(false);
		const result = await fallbackPages(project, ['build', '--out', 'cli-pages']);
		expect(result.code, result.stdout + result.stderr).toBe(0);
		expect(result.stdout).toMatch(/fallback-pages: \d+ pages in cli-pages\//);
		for (const file of ['404.html', '503.html', 'contract.json'])
			expect(
				existsSync(join(project, file === 'contract.json' ? 'cli-pages-hosts' : 'cli-pages', file)),
				file,
			).toBe(true);
	});
});

describe('Astro 5 with the Netlify plugin (no integration)', () => {
	it('builds through Netlify Build with the prebuilt pages, and passes verify under /fallback/', async () => {
		const { project } = majors.get('5')!;
		writeFileSync(
			join(project, 'netlify.toml'),
			[
				'[build]',
				'  command = "npx astro build --config astro.plain.mjs --outDir dist"',
				'  publish = "dist"',
				'',
				'[[plugins]]',
				'  package = "netlify-plugin-fallback-pages"',
				'  [plugins.inputs]',
				'    locales = ["en", "de"]',
				'',
			].join('\n'),
		);
		const built = await netlifyBuild(project);
		expect(built.success, built.log).toBe(true);
		expect(built.log).toContain('Fallback: the pages come prebuilt with the default look');
		const server = await serveDeploy(join(project, 'dist'), built);
		servers.push(server);
		const busy = await request(server.port, '/fallback/de/503');
		expect(busy.status).toBe(503);
		// Astro's own 404.html answers the site's unknown paths.
		const lost = await request(server.port, '/no/such/page');
		expect([lost.status, lost.body.includes('Our own 404')]).toEqual([404, true]);
		await expectVerified(project, server, 'netlify-cli', 'dist', { base: '/fallback/', siteCatchAll: true });
	}, 300_000);
});
