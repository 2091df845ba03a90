/**
 * An existing Astro 7 site adds the packed package with one line: a styled home page (its CSS a
 * file of its own: `inlineStylesheets: 'never'`), an about page, its own 404 page, its own
 * `_redirects` rule and `_headers`. Built four ways from the same project: without Fallback; with
 * it and the 404 left to the site (`sitePages: [404]`); with it and nothing said, which must stop
 * the build naming both files; with its pages in a folder of their own (`base: '/errors/'`). The site's own files come out byte for byte as without Fallback, its
 * rules first; the contract holds on netlify-cli and on nginx with the config the build wrote.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, request, type RunningServer } from '../contract/harness';
import { astroVersion, makeProject, filesOf, removeProject, run, runOk } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { nginx } from '../contract/servers';
import { expectVerified, serveOnNetlify, serveTeamBlock } from './serve';

const page = (title: string, body: string) =>
	`---\nimport '../styles/site.css';\n---\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>\n`;

/** The site, before anyone adds Fallback. */
const siteFiles = {
	'package.json': JSON.stringify({ name: 'team-site', private: true, type: 'module' }),
	'src/styles/site.css': 'body { font-family: Georgia, serif; color: #222; }\nh1 { color: rebeccapurple; }\n',
	'src/pages/index.astro': page('Team site', '<h1>Welcome</h1><a href="/about/">About us</a>'),
	'src/pages/about.astro': page('About', '<h1>About us</h1><p>We make things.</p>'),
	'src/pages/404.astro': page('Lost', '<h1>Our own 404</h1><a href="/">Home</a>'),
	// A layout the team's own pages do not use yet; the layout build renders Fallback's pages in it.
	'src/layouts/Base.astro': [
		'---',
		"import '../styles/site.css';",
		'const { title, description, lang, dir, status } = Astro.props;',
		'---',
		'<html lang={lang} dir={dir}><head><meta charset="utf-8"><title>{title} · Team site</title>',
		'<meta name="description" content={description}></head>',
		'<body data-status={status}><header class="site-header"><a href="/">Team site</a>',
		'<nav aria-label="Site"><a href="/about/">About</a></nav></header>',
		'<main><slot /></main><footer class="site-footer"><p>© The team</p></footer>',
		"<script>document.documentElement.dataset.ran = 'yes';</script></body></html>",
		'',
	].join('\n'),
	'public/_redirects': '/old  /about/  301\n',
	'public/_headers': '/about/*\n  X-Team: site\n',
};

const config = (fallback: string | undefined) =>
	[
		"import { defineConfig } from 'astro/config';",
		...(fallback ? ["import fallback from 'fallback-pages';"] : []),
		'export default defineConfig({',
		"\tbuild: { inlineStylesheets: 'never' },",
		...(fallback ? [`\tintegrations: [fallback(${fallback})],`] : []),
		'});',
		'',
	].join('\n');

let project: string;
let nginxPort: number;
/** The port of nginx serving the layout build. */
let layoutPort: number;
let refused: { code: number; output: string };
let baseLog: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
	const tarball = inject('tarballs')['fallback-pages'];
	nginxPort = await freePort();
	layoutPort = await freePort();
	project = await makeProject('astro-site', siteFiles);
	const hosts = JSON.stringify({
		pagesRoot: join(project, 'dist'),
		listen: { host: '127.0.0.1', port: nginxPort },
	});
	const layoutHosts = JSON.stringify({
		pagesRoot: join(project, 'dist-layout'),
		listen: { host: '127.0.0.1', port: layoutPort },
	});
	await Promise.all(
		Object.entries({
			'astro.plain.mjs': config(undefined),
			'astro.config.mjs': config(`{ locales: ['en', 'de'], sitePages: [404], hosts: ${hosts} }`),
			'astro.refused.mjs': config(`{ locales: ['en', 'de'] }`),
			'astro.base.mjs': config(`{ locales: ['en', 'de'], base: '/errors/' }`),
			'astro.layout.mjs': config(
				`{ locales: ['en', 'ar'], sitePages: [404], layout: './src/layouts/Base.astro', hosts: ${layoutHosts} }`,
			),
		}).map(([name, text]) =>
			import('node:fs/promises').then(({ writeFile }) => writeFile(join(project, name), text)),
		),
	);
	await sharedNpmInstall(project, [`astro@${await astroVersion()}`, tarball]);
	await runOk(project, 'npx', ['astro', 'build', '--config', 'astro.plain.mjs', '--outDir', 'dist-plain']);
	await runOk(project, 'npx', ['astro', 'build']);
	const failed = await run(project, 'npx', [
		'astro',
		'build',
		'--config',
		'astro.refused.mjs',
		'--outDir',
		'dist-refused',
	]);
	refused = { code: failed.code, output: failed.stdout + failed.stderr };
	// An earlier build at the root into the same folder left its host configs beside it.
	await runOk(project, 'npx', ['astro', 'build', '--outDir', 'dist-base']);
	expect(existsSync(join(project, 'dist-base-hosts/contract.json'))).toBe(true);
	baseLog = (
		await runOk(project, 'npx', ['astro', 'build', '--config', 'astro.base.mjs', '--outDir', 'dist-base'])
	).stdout;
	await runOk(project, 'npx', ['astro', 'build', '--config', 'astro.layout.mjs', '--outDir', 'dist-layout']);
}, 900_000);

afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await removeProject(project);
});

describe('an Astro site with fallback({ sitePages: [404] })', () => {
	it("keeps every file of the site's own build byte for byte, its rules first", () => {
		const plain = join(project, 'dist-plain');
		const built = join(project, 'dist');
		const own = filesOf(plain);
		expect(own).toContain(
			'_astro/' + readdirSync(join(plain, '_astro')).find((name) => name.endsWith('.css')),
		);
		for (const file of own) {
			const before = readFileSync(join(plain, file));
			const after = readFileSync(join(built, file));
			if (file === '_redirects' || file === '_headers') {
				expect(after.subarray(0, before.length).equals(before), file).toBe(true);
				expect(after.length, file).toBeGreaterThan(before.length);
			} else expect(after.equals(before), file).toBe(true);
		}
		// Fallback's pages are there too, each self-contained (the site's `never` did not reach them).
		const notFound = readFileSync(join(built, 'de/404.html'), 'utf8');
		expect(notFound).toContain('<style>');
		expect(notFound).not.toMatch(/<link[^>]+stylesheet/);
		expect(readFileSync(join(built, '503.html'), 'utf8')).toContain('<h1>503</h1>');
		// No gallery over the site's home page, no 404 page over the site's.
		expect(readFileSync(join(built, '404.html'), 'utf8')).toContain('Our own 404');
		expect(readFileSync(join(built, 'index.html'), 'utf8')).toContain('Welcome');
		// Its host configs went beside the build, not into the site's hosts/.
		expect(existsSync(join(project, 'dist-hosts/contract.json'))).toBe(true);
		expect(existsSync(join(project, 'hosts'))).toBe(false);
	});

	it('holds the contract on netlify-cli, and the site answers as it did without Fallback', async () => {
		const withFallback = await serveOnNetlify(join(project, 'dist'), join(project, 'netlify-with'));
		servers.push(withFallback);
		const without = await serveOnNetlify(join(project, 'dist-plain'), join(project, 'netlify-plain'));
		servers.push(without);
		await expectVerified(project, withFallback, 'netlify-cli', 'dist');
		for (const path of ['/', '/about/', '/old']) {
			const [after, before] = await Promise.all([
				request(withFallback.port, path),
				request(without.port, path),
			]);
			expect(after.status, path).toBe(before.status);
			expect(after.body, path).toBe(before.body);
			// All but what differs on every answer: its time and netlify-cli's ID of the request.
			const headers = (answer: typeof after) =>
				[...answer.headers.entries()]
					.filter(([name]) => !['date', 'age', 'x-nf-request-id'].includes(name))
					.sort();
			expect(headers(after), path).toEqual(headers(before));
		}
		expect((await request(withFallback.port, '/about/')).headers.get('x-team')).toBe('site');
		const lost = await request(withFallback.port, '/no/such/page', { headers: { 'Accept-Language': 'de' } });
		expect(lost.status).toBe(404);
		expect(lost.body).toContain('Our own 404');
	}, 600_000);

	it("holds the contract on the team's own nginx with the site-mode files the build wrote", async () => {
		const server = await serveTeamBlock(
			nginx,
			join(project, 'dist'),
			nginxPort,
			join(project, 'nginx'),
			join(project, 'dist-hosts'),
		);
		servers.push(server);
		await expectVerified(project, server, 'nginx-site', 'dist');
		const about = await request(server.port, '/about/');
		expect(about.status).toBe(200);
		expect(about.body).toBe(readFileSync(join(project, 'dist/about/index.html'), 'utf8'));
		expect(about.headers.get('content-security-policy')).toBeNull();
	}, 600_000);
});

/** Each of Fallback's pages in the layout build answers with its status, in the layout and its language. */
async function expectInLayout(port: number, { netlifyCli }: { netlifyCli: boolean }) {
	const contract = JSON.parse(readFileSync(join(project, 'dist-layout-hosts/contract.json'), 'utf8')) as {
		statusPages: { path: string; status: number; sitePage?: true }[];
		extraPages: { path: string; status: number }[];
	};
	const pages = [...contract.statusPages, ...contract.extraPages].filter((route) => !('sitePage' in route));
	// 39 statuses of Fallback's in English (the site keeps its 404), 40 in Arabic, two app errors each.
	expect(pages).toHaveLength(83);
	for (const route of pages) {
		// netlify-cli makes a rule of status 400 a redirect (netlify.test.ts checks those rules with
		// Netlify's own matcher): that page is read as published.
		const answer =
			netlifyCli && route.status === 400
				? { status: 400, body: readFileSync(join(project, 'dist-layout', `${route.path}.html`), 'utf8') }
				: await request(port, route.path);
		const arabic = route.path.startsWith('/ar/');
		expect([route.path, answer.status]).toEqual([route.path, route.status]);
		expect(answer.body, route.path).toContain(
			arabic ? '<html lang="ar" dir="rtl">' : '<html lang="en" dir="ltr">',
		);
		expect(answer.body, route.path).toContain(`<body data-status="${route.status}">`);
		expect(answer.body, route.path).toContain('<header class="site-header">');
		expect(answer.body, route.path).toContain('<footer class="site-footer">');
		expect(answer.body, route.path).toMatch(/<div class="fallback-screen"><svg [^>]*aria-hidden/);
	}
}

describe("the same site with every error page in its own layout: fallback({ layout: './src/layouts/Base.astro' })", () => {
	it("answers every error page in English and Arabic on netlify-cli with its status, in the layout, and holds the contract; the site's files as without", async () => {
		const server = await serveOnNetlify(join(project, 'dist-layout'), join(project, 'netlify-layout'));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', 'dist-layout');
		await expectInLayout(server.port, { netlifyCli: true });
		for (const file of ['index.html', 'about/index.html', '404.html']) {
			expect(readFileSync(join(project, 'dist-layout', file), 'utf8'), file).toBe(
				readFileSync(join(project, 'dist', file), 'utf8'),
			);
		}
	}, 600_000);

	it("answers them on the team's own nginx with the site-mode files the build wrote, and holds the contract", async () => {
		const server = await serveTeamBlock(
			nginx,
			join(project, 'dist-layout'),
			layoutPort,
			join(project, 'nginx-layout'),
			join(project, 'dist-layout-hosts'),
		);
		servers.push(server);
		await expectVerified(project, server, 'nginx-site', 'dist-layout');
		await expectInLayout(server.port, { netlifyCli: false });
		const about = await request(server.port, '/about/');
		expect([about.status, about.body]).toEqual([
			200,
			readFileSync(join(project, 'dist-layout/about/index.html'), 'utf8'),
		]);
	}, 600_000);
});

describe('the same site with its own 404 page and nothing said about it', () => {
	it('stops the build, naming both files and the two ways out', () => {
		expect(refused.code).not.toBe(0);
		expect(refused.output).toContain(
			"src/pages/404.astro and Fallback's 404 page (fallback-pages/src/routes/[...locale]/[code].astro) both answer /404",
		);
		expect(refused.output).toContain('fallback({ sitePages: [404] })');
		expect(refused.output).toContain("fallback({ base: '/errors/' })");
		expect(existsSync(join(project, 'dist-refused', '503.html'))).toBe(false);
	});
});

describe("the same site with Fallback's pages in a folder of their own: fallback({ base: '/errors/' })", () => {
	it("keeps the site's files, puts the pages and their contract under /errors/, writes the site-mode configs alone", () => {
		const plain = join(project, 'dist-plain');
		const built = join(project, 'dist-base');
		for (const file of filesOf(plain)) {
			const before = readFileSync(join(plain, file));
			const after = readFileSync(join(built, file));
			// The rule files: the site's first, as they were, Fallback's after them.
			const same = file === '_redirects' || file === '_headers' ? after.subarray(0, before.length) : after;
			expect(same.equals(before), file).toBe(true);
		}
		expect(readFileSync(join(built, 'errors/de/503.html'), 'utf8')).toContain('<h1>503</h1>');
		expect(JSON.parse(readFileSync(join(built, 'errors/contract.json'), 'utf8'))).toMatchObject({
			base: '/errors/',
		});
		// The earlier root build's host configs are replaced by the site-mode files, which serve the
		// pages under /errors/; the other configs serve pages at a server's root.
		const hosts = join(project, 'dist-base-hosts');
		// It ignores itself for git and the tools that read .gitignore.
		expect(readdirSync(hosts).sort()).toEqual(['.gitignore', 'apache', 'caddy', 'contract.json', 'nginx']);
		expect(readdirSync(join(hosts, 'caddy'))).toEqual(['fallback-site.caddy']);
		expect(readFileSync(join(hosts, 'caddy/fallback-site.caddy'), 'utf8')).toContain(
			'@page path_regexp page ^/errors/',
		);
		expect(baseLog).toContain(
			'pages under /errors/: wrote the site-mode files dist-base-hosts/nginx/fallback-site-http.conf',
		);
	});

	it('holds the contract under the base on netlify-cli (verify --base), the site answering as before', async () => {
		const server = await serveOnNetlify(join(project, 'dist-base'), join(project, 'netlify-base'));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', 'dist-base', { base: '/errors/' });
		expect((await request(server.port, '/about/')).body).toContain('About us');
		expect((await request(server.port, '/old')).status).toBe(301);
		const lost = await request(server.port, '/no/such/page', { headers: { 'Accept-Language': 'de' } });
		expect(lost.status).toBe(404);
		expect(lost.body).toBe(readFileSync(join(project, 'dist-base/errors/de/404.html'), 'utf8'));
		// The site's own 404 page, at its own path, answers with its status, never 200.
		for (const path of ['/404', '/404.html']) {
			const own = await request(server.port, path);
			expect([path, own.status, own.body.includes('Our own 404')]).toEqual([path, 404, true]);
		}
	}, 600_000);
});
