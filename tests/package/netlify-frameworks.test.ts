/**
 * The Netlify plugin on sites of the frameworks teams deploy, from the packed tarballs, built by
 * Netlify Build itself (offline) and served by netlify-cli with the rules that build resolved:
 *
 * - a Hugo site (Debian's hugo) in English and German, with its own 404 page in each;
 * - a Next.js static export with its own `app/not-found`, with Next.js's runtime
 *   (@netlify/plugin-nextjs) listed first, as Netlify runs a runtime it installs itself.
 *
 * On each: the site's own 404 answers unknown paths with 404; Fallback's folder answers its
 * statuses, in German for a German browser; a production build publishes no gallery; the folder the
 * log names holds the pages; `verify --base /fallback/ --site-catch-all` passes. Then the plugin
 * guide's local preview, `netlify serve --offline --internal-disable-edge-functions`, on the Hugo
 * site, and through it an Astro site rendered on the server by its Netlify adapter (its function
 * runs there). What a Next.js site with server rendering gets is in the plugin guide: its function
 * does not run offline (it needs Netlify Blobs). A SvelteKit and a Nuxt site with their Netlify
 * adapters, built and served by `netlify serve` (their functions running): the build's log names the
 * server function that takes every path, Netlify warns of no header set in two cases, the status
 * pages answer before the function and `verify --server-function` passes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, request, startServer, type RunningServer, type StartedServer } from '../contract/harness';
import { findServerExecutable, netlify } from '../contract/servers';
import { makeProject, removeProject, repositoryRoot } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { netlifyBuild, serveDeploy, type Built } from './netlifyBuild';
import { hugoToml } from './hugoSite';
import { expectVerified } from './serve';

/** Next.js and its Netlify runtime as the issue measured them; React as this repository has it. */
const NEXT = 'next@16.4.6';
const NEXT_RUNTIME = '@netlify/plugin-nextjs@5.16.0';
/** Astro's Netlify adapter for Astro 7. */
const ASTRO_NETLIFY = '@astrojs/netlify@8.2.6';
/** SvelteKit with its Netlify adapter, and Nuxt (its Netlify preset chosen by Netlify's build), as measured. */
const SVELTEKIT = [
	'@sveltejs/kit@2.70.4',
	'@sveltejs/adapter-netlify@6.0.4',
	'@sveltejs/vite-plugin-svelte@7.3.1',
	'svelte@5.57.3',
	'vite@8.3.8',
];
const NUXT = ['nuxt@4.5.2'];
const reactVersion = (
	JSON.parse(readFileSync(join(repositoryRoot, 'node_modules/react/package.json'), 'utf8')) as {
		version: string;
	}
).version;

/** A Next.js app's root layout, as create-next-app has it (without its fonts). */
const nextLayout =
	'export default function RootLayout({ children }) {\n\treturn <html lang="en"><body>{children}</body></html>;\n}\n';

/**
 * A Next.js site from these files, with Next.js, React, Next.js's Netlify runtime and the packed
 * tarballs installed, built by Netlify Build as a production deploy.
 */
async function nextSite(name: string, files: Readonly<Record<string, string>>) {
	const project = await makeProject(name, files);
	await sharedNpmInstall(project, [
		NEXT,
		`react@${reactVersion}`,
		`react-dom@${reactVersion}`,
		'--save-dev',
		NEXT_RUNTIME,
		inject('tarballs')['netlify-plugin-fallback-pages'],
	]);
	return { project, built: await netlifyBuild(project, 'production', { NEXT_TELEMETRY_DISABLED: '1' }) };
}

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.splice(0).map((server) => server.stop())));

const german = { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } };

/** netlify.toml of a site whose build command is `npm run build` into `publish`, with the plugin in German too. */
const withPlugin = (publish: string) =>
	[
		'[build]',
		'  command = "npm run build"',
		`  publish = "${publish}"`,
		'',
		'[[plugins]]',
		'  package = "netlify-plugin-fallback-pages"',
		'',
		'  [plugins.inputs]',
		'    locales = ["en", "de"]',
		'',
	].join('\n');

/**
 * The plugin guide's local preview: `netlify serve --offline --internal-disable-edge-functions` in
 * the project (it builds the site, plugins included, then serves it with its functions). --port and
 * --staticServerPort: free ports on a machine that runs other servers at once.
 */
async function netlifyServe(project: string, what: string, env: Record<string, string> = {}) {
	const port = await freePort();
	const server = await startServer({
		label: `netlify serve on ${what}`,
		command: findServerExecutable(netlify)!,
		args: [
			'serve',
			'--offline',
			'--internal-disable-edge-functions',
			'--port',
			String(port),
			'--staticServerPort',
			String(await freePort()),
		],
		port,
		logs: [],
		cwd: project,
		env: { NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none', ...env },
		startupSeconds: 240,
	});
	servers.push(server);
	return server;
}

/** The probes every framework's deploy answers alike; `deployed`: the folder the deploy serves. */
function describeDeployProbes(
	site: () => { project: string; deployed: string; server: RunningServer; built: Built },
	{ siteNotFound, germanNotFound }: { siteNotFound: string; germanNotFound?: string },
) {
	it("answers unknown paths with the site's own 404 page, with 404, whatever the browser's language", async () => {
		const { deployed, server } = site();
		const own = readFileSync(join(deployed, '404.html'), 'utf8');
		expect(own).toContain(siteNotFound);
		for (const options of [{}, german]) {
			const answer = await request(server.port, '/no/such/page', options);
			expect([answer.status, answer.body]).toEqual([404, own]);
		}
		if (germanNotFound) {
			const answer = await request(server.port, '/de/no/such/page');
			expect(answer.status).toBe(404);
			expect(answer.body).toContain(germanNotFound);
		}
	});

	it("answers Fallback's folder with its statuses, in German for a German browser", async () => {
		const { deployed, server } = site();
		const page = (file: string) => readFileSync(join(deployed, 'fallback', file), 'utf8');
		for (const [path, status, file] of [
			['/fallback/503', 503, '503.html'],
			['/fallback/de/503', 503, 'de/503.html'],
			['/fallback/no-such-page', 404, '404.html'],
		] as const) {
			const answer = await request(server.port, path);
			expect([path, answer.status, answer.body]).toEqual([path, status, page(file)]);
		}
		const inGerman = await request(server.port, '/fallback/503', german);
		expect([inGerman.status, inGerman.body]).toEqual([503, page('de/503.html')]);
		expect(inGerman.headers.get('content-language')).toBe('de');
	});

	it('publishes no gallery in production', async () => {
		const { deployed, server } = site();
		expect(existsSync(join(deployed, 'fallback/index.html'))).toBe(false);
		const answer = await request(server.port, '/fallback/');
		expect(answer.status).toBe(404);
	});

	it('passes `fallback-pages verify --base /fallback/ --site-catch-all`', async () => {
		const { project, deployed, server } = site();
		// Unknown paths are checked under /fallback/ alone: the site answers the others.
		await expectVerified(project, server, 'netlify-cli', deployed, {
			base: '/fallback/',
			siteCatchAll: true,
		});
	});
}

describe('a Hugo site in English and German with its own 404 pages', () => {
	const files: Readonly<Record<string, string>> = {
		'package.json': JSON.stringify({ name: 'acme-hugo', private: true }),
		'netlify.toml': [
			'[build]',
			'  command = "hugo --quiet"',
			'  publish = "public"',
			'',
			'[[plugins]]',
			'  package = "netlify-plugin-fallback-pages"',
			'',
		].join('\n'),
		'fallback.config.mjs': "export default { locales: ['en', 'de'] };\n",
		'hugo.toml': hugoToml,
		'layouts/index.html':
			'<!doctype html><html lang="{{ .Language.Lang }}"><title>{{ .Site.Title }}</title><h1>Acme home</h1></html>\n',
		'layouts/404.html':
			'<!doctype html><html lang="{{ .Language.Lang }}"><title>Not found</title><h1>{{ if eq .Language.Lang "de" }}Acme: Seite nicht gefunden{{ else }}Acme: page not found{{ end }}</h1></html>\n',
	};
	let project: string;
	let built: Built;
	let server: RunningServer;

	beforeAll(async () => {
		project = await makeProject('netlify-hugo', files);
		await sharedNpmInstall(project, ['--save-dev', inject('tarballs')['netlify-plugin-fallback-pages']]);
		built = await netlifyBuild(project, 'production', { SITE_NAME: 'acme-hugo' });
		server = await serveDeploy(join(project, 'public'), built);
		servers.push(server);
	}, 600_000);

	afterAll(async () => {
		// Its servers write into the project until they stop.
		await server?.stop();
		await removeProject(project);
	});

	it("builds, names the site's pages and the folder that holds Fallback's, in a few lines", () => {
		expect(built.success, built.log).toBe(true);
		expect(built.log).toMatch(/Fallback: \d+ pages in public\/fallback\/ \(/);
		expect(existsSync(join(project, 'public/fallback/503.html'))).toBe(true);
		expect(built.log).toContain(
			"Fallback: The site's own 404.html, de/404.html answer its unknown paths outside /fallback/",
		);
		expect(built.log).toContain("the site's name on Netlify (SITE_NAME=acme-hugo)");
		expect(readFileSync(join(project, 'public/fallback/503.html'), 'utf8')).toContain(
			'<header>acme-hugo</header>',
		);
		const ours = built.log.split('\n').filter((line) => line.includes('Fallback'));
		expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(20);
	});

	describeDeployProbes(() => ({ project, deployed: join(project, 'public'), server, built }), {
		siteNotFound: 'Acme: page not found',
		germanNotFound: 'Acme: Seite nicht gefunden',
	});

	it('previews locally as the plugin guide says: `netlify serve --offline --internal-disable-edge-functions`', async () => {
		const preview = await netlifyServe(project, 'the Hugo site');
		const { port } = preview;
		const home = await request(port, '/');
		expect([home.status, home.body]).toEqual([200, readFileSync(join(project, 'public/index.html'), 'utf8')]);
		const unknown = await request(port, '/no/such/page', german);
		expect(unknown.status).toBe(404);
		expect(unknown.body).toContain('Acme: page not found');
		const germanUnknown = await request(port, '/de/no/such/page');
		expect([germanUnknown.status, germanUnknown.body.includes('Acme: Seite nicht gefunden')]).toEqual([
			404,
			true,
		]);
		const unavailable = await request(port, '/fallback/503', german);
		expect([unavailable.status, unavailable.body]).toEqual([
			503,
			readFileSync(join(project, 'public/fallback/de/503.html'), 'utf8'),
		]);
		await preview.stop();
	}, 300_000);
});

describe("a Next.js static export with its own not-found page, on Next.js's Netlify runtime", () => {
	const files: Readonly<Record<string, string>> = {
		'package.json': JSON.stringify({ name: 'acme-next', private: true, scripts: { build: 'next build' } }),
		// The runtime first: Netlify runs the plugins it installs itself before netlify.toml's.
		'netlify.toml': [
			'[build]',
			'  command = "npm run build"',
			'  publish = "out"',
			'',
			'[[plugins]]',
			'  package = "@netlify/plugin-nextjs"',
			'',
			'[[plugins]]',
			'  package = "netlify-plugin-fallback-pages"',
			'',
			'  [plugins.inputs]',
			'    name = "Acme"',
			'    locales = ["en", "de"]',
			'',
		].join('\n'),
		'next.config.mjs': "export default { output: 'export' };\n",
		'app/layout.jsx': nextLayout,
		'app/page.jsx': 'export default function Home() {\n\treturn <h1>Acme home</h1>;\n}\n',
		'app/not-found.jsx': 'export default function NotFound() {\n\treturn <h1>Acme: nothing here</h1>;\n}\n',
	};
	let project: string;
	let built: Built;
	let server: RunningServer;
	/** Where the runtime leaves the deployed files once the build has ended. */
	let deployed: string;

	beforeAll(async () => {
		({ project, built } = await nextSite('netlify-next', files));
		deployed = join(project, '.netlify/static');
		server = await serveDeploy(deployed, built);
		servers.push(server);
	}, 900_000);

	afterAll(async () => {
		// Its servers write into the project until they stop.
		await server?.stop();
		await removeProject(project);
	});

	it('builds, and its log names where the runtime deploys the pages from and where they end', () => {
		expect(built.success, built.log).toBe(true);
		expect(built.log).toMatch(/Fallback: \d+ pages in out\/fallback\/ \(/);
		// Next.js's runtime writes Cache-Control; Fallback's rules follow it (no header in two cases).
		expect(built.log).not.toContain('set twice with different cases');
		expect(built.log).toContain(
			"Next.js's runtime has put its static files here for the deploy and moves them back to .netlify/static/ once the build ends",
		);
		expect(existsSync(join(deployed, 'fallback/503.html'))).toBe(true);
		expect(built.log).toContain(
			"Fallback: The site's own 404.html answers its unknown paths outside /fallback/",
		);
	});

	describeDeployProbes(() => ({ project, deployed, server, built }), { siteNotFound: 'Acme: nothing here' });
});

describe("Next.js rendering on the server, on Next.js's Netlify runtime, the plugin listed first", () => {
	const files: Readonly<Record<string, string>> = {
		'package.json': JSON.stringify({
			name: 'acme-next-ssr',
			private: true,
			scripts: { build: 'next build' },
		}),
		// The plugin before the runtime: its onPostBuild runs before the runtime's swap.
		'netlify.toml': [
			'[build]',
			'  command = "npm run build"',
			'  publish = ".next"',
			'',
			'[[plugins]]',
			'  package = "netlify-plugin-fallback-pages"',
			'',
			'[[plugins]]',
			'  package = "@netlify/plugin-nextjs"',
			'',
		].join('\n'),
		'next.config.mjs': 'export default {};\n',
		'app/layout.jsx': nextLayout,
		'app/page.jsx':
			"export const dynamic = 'force-dynamic';\nexport default function Home() {\n\treturn <h1>Acme, rendered at {new Date().getFullYear()}</h1>;\n}\n",
	};
	let project: string;
	let built: Built;

	beforeAll(async () => {
		({ project, built } = await nextSite('netlify-next-ssr', files));
	}, 900_000);

	afterAll(() => removeProject(project));

	it('builds, and puts the pages where the runtime deploys from, saying so', () => {
		expect(built.success, built.log).toBe(true);
		expect(built.log).toMatch(/Fallback: \d+ pages in \.netlify\/static\/fallback\/ \(/);
		expect(built.log).not.toContain('set twice with different cases');
		expect(built.log).toContain("Next.js's runtime deploys .netlify/static/ in place of the publish folder");
		// After the build the runtime has moved the deployed folder back: the pages are in it.
		expect(existsSync(join(project, '.netlify/static/fallback/503.html'))).toBe(true);
		expect(existsSync(join(project, '.next/fallback'))).toBe(false);
		// Its server function takes every path: Next.js answers the site's unknown paths itself.
		const handler = readFileSync(
			join(project, '.netlify/functions-internal/___netlify-server-handler/___netlify-server-handler.mjs'),
			'utf8',
		);
		expect(handler).toMatch(/path: '\/\*',\s*preferStatic: true/);
		// The log names it, and the deploy check then checks the status pages alone.
		expect(built.log).toContain(
			"Fallback: The site's server function ___netlify-server-handler (/*) takes every path no file answers",
		);
	});
});

describe('Astro rendering on the server with its Netlify adapter, served with its function by `netlify serve`', () => {
	const files: Readonly<Record<string, string>> = {
		'package.json': JSON.stringify({
			name: 'acme-astro-ssr',
			private: true,
			type: 'module',
			scripts: { build: 'astro build' },
		}),
		'netlify.toml': withPlugin('dist'),
		'astro.config.mjs': [
			"import { defineConfig } from 'astro/config';",
			"import netlify from '@astrojs/netlify';",
			"export default defineConfig({ output: 'server', adapter: netlify() });",
			'',
		].join('\n'),
		'src/pages/index.astro':
			'<html lang="en"><head><title>Acme</title></head><body><h1>Acme, rendered at {new Date().getFullYear()}</h1></body></html>\n',
		'src/pages/404.astro':
			'---\nexport const prerender = true;\n---\n<html lang="en"><head><title>Not found</title></head><body><h1>Acme: not found</h1></body></html>\n',
	};
	let project: string;
	let server: RunningServer;

	beforeAll(async () => {
		project = await makeProject('netlify-astro-ssr', files);
		const astro = JSON.parse(
			readFileSync(join(repositoryRoot, 'node_modules/astro/package.json'), 'utf8'),
		) as {
			version: string;
		};
		await sharedNpmInstall(project, [
			`astro@${astro.version}`,
			ASTRO_NETLIFY,
			'--save-dev',
			inject('tarballs')['netlify-plugin-fallback-pages'],
		]);
		server = await netlifyServe(project, 'the Astro site', { ASTRO_TELEMETRY_DISABLED: '1' });
	}, 900_000);

	afterAll(async () => {
		// Its servers write into the project until they stop.
		await server?.stop();
		await removeProject(project);
	});

	it("renders the site's pages with its function, and its own 404 page for unknown paths", async () => {
		const home = await request(server.port, '/');
		expect([home.status, home.body.includes('Acme, rendered at')]).toEqual([200, true]);
		const unknown = await request(server.port, '/no/such/page', german);
		expect([unknown.status, unknown.body]).toEqual([
			404,
			readFileSync(join(project, 'dist/404.html'), 'utf8'),
		]);
	});

	it("answers Fallback's status pages with their statuses, in German for a German browser, before the function", async () => {
		const page = (file: string) => readFileSync(join(project, 'dist/fallback', file), 'utf8');
		for (const [path, status, file, options] of [
			['/fallback/503', 503, '503.html', {}],
			['/fallback/503.html', 503, '503.html', {}],
			['/fallback/de/429', 429, 'de/429.html', {}],
			['/fallback/503', 503, 'de/503.html', german],
		] as const) {
			const answer = await request(server.port, path, options);
			expect([path, answer.status, answer.body]).toEqual([path, status, page(file)]);
		}
	});

	it("leaves what no forced rule answers to the function: unknown paths in Fallback's folder and the API get the site's 404", async () => {
		const own = readFileSync(join(project, 'dist/404.html'), 'utf8');
		for (const path of ['/fallback/no-such-page', '/fallback/', '/api/orders/42']) {
			const answer = await request(server.port, path, { headers: { Accept: 'application/json' } });
			expect([path, answer.status, answer.body]).toEqual([path, 404, own]);
		}
	});

	it('passes `fallback-pages verify --base /fallback/ --server-function`, as the plugin checks it', async () => {
		await expectVerified(project, server, 'netlify-cli', join(project, 'dist'), {
			base: '/fallback/',
			serverFunction: true,
		});
	});
});

for (const framework of [
	{
		name: 'SvelteKit',
		install: SVELTEKIT,
		functionName: 'sveltekit-render',
		publish: 'build',
		files: {
			'package.json': JSON.stringify({
				name: 'acme-sveltekit',
				private: true,
				type: 'module',
				scripts: { build: 'vite build' },
			}),
			'netlify.toml': withPlugin('build'),
			'svelte.config.js':
				"import adapter from '@sveltejs/adapter-netlify';\nexport default { kit: { adapter: adapter() } };\n",
			'vite.config.js':
				"import { sveltekit } from '@sveltejs/kit/vite';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ plugins: [sveltekit()] });\n",
			'src/app.html':
				'<!doctype html><html lang="en"><head><meta charset="utf-8" />%sveltekit.head%</head><body><div>%sveltekit.body%</div></body></html>\n',
			'src/routes/+page.server.js': 'export const load = () => ({ at: Date.now() });\n',
			'src/routes/+page.svelte': '<h1>Acme, rendered on the server</h1>\n',
		},
	},
	{
		name: 'Nuxt',
		install: NUXT,
		functionName: 'server',
		publish: 'dist',
		files: {
			'package.json': JSON.stringify({
				name: 'acme-nuxt',
				private: true,
				type: 'module',
				scripts: { build: 'nuxt build' },
				// Nuxt 4.5.2 takes the newest Vite 8; Vite 8.4.0 (2026-11-26) fails its build
				// (EXTERNAL_MODULES_CANNOT_BE_TRANSFORMED_TO_MODULES, unctx): the Vite it was measured with.
				overrides: { vite: '8.3.8' },
			}),
			'netlify.toml': withPlugin('dist'),
			'nuxt.config.ts':
				"export default defineNuxtConfig({ compatibilityDate: '2026-01-01', telemetry: false });\n",
			'pages/index.vue': '<template><h1>Acme, rendered on the server</h1></template>\n',
			'app.vue': '<template><NuxtPage /></template>\n',
		},
	},
] as const) {
	describe(`${framework.name} rendering on the server with its Netlify adapter`, () => {
		let project: string;
		let server: StartedServer;
		const env = { NUXT_TELEMETRY_DISABLED: '1' };

		beforeAll(async () => {
			project = await makeProject(`netlify-${framework.name.toLowerCase()}`, framework.files);
			await sharedNpmInstall(project, [
				...framework.install,
				'--save-dev',
				inject('tarballs')['netlify-plugin-fallback-pages'],
			]);
			// `netlify serve` runs Netlify Build (the plugin included) before it serves: one build of
			// the site, whose log is the server's output.
			server = await netlifyServe(project, `the ${framework.name} site`, env);
		}, 900_000);

		afterAll(async () => {
			await server?.stop();
			await removeProject(project);
		});

		it('builds through `netlify serve`, its log naming the server function, no header in two cases', () => {
			const log = server.output();
			expect(log).toContain(
				`Fallback: The site's server function ${framework.functionName} (/*) takes every path no file answers`,
			);
			expect(log).not.toContain('set twice with different cases');
		});

		it("answers Fallback's status pages before the function, in German for a German browser; the function the rest", async () => {
			const page = (file: string) => readFileSync(join(project, framework.publish, 'fallback', file), 'utf8');
			for (const [path, status, file, options] of [
				['/fallback/503', 503, '503.html', {}],
				['/fallback/de/429', 429, 'de/429.html', {}],
				['/fallback/503', 503, 'de/503.html', german],
			] as const) {
				const answer = await request(server.port, path, options);
				expect([path, answer.status, answer.body]).toEqual([path, status, page(file)]);
			}
			const home = await request(server.port, '/');
			expect([home.status, home.body.includes('Acme, rendered on the server')]).toEqual([200, true]);
			// An unknown path in Fallback's folder is the function's to answer: the framework's 404.
			const unknown = await request(server.port, '/fallback/no-such-page');
			expect([unknown.status, unknown.body === page('404.html')]).toEqual([404, false]);
		});

		it('passes `fallback-pages verify --base /fallback/ --server-function`, the mode the plugin chose', async () => {
			await expectVerified(project, server, 'netlify-cli', join(project, framework.publish), {
				base: '/fallback/',
				serverFunction: true,
			});
		});
	});
}
