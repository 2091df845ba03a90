/**
 * The packed package installed with `--omit=dev` into an empty project (no Astro project of its
 * own): every entry point imports and every command answers `--help`, so nothing it needs comes
 * from devDependencies; usage mistakes and broken config files get one line each, the same words
 * as fallback({ ... }) says; `fallback-pages build` with a config file makes a folder that holds the
 * contract on netlify-cli and on nginx with the config it wrote.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, request, type RunningServer } from '../contract/harness';
import { fallbackPages, makeProject, removeProject, run } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, serveOnNetlify, serveOnNginx } from './serve';

let project: string;
let nginxPort: number;
const servers: RunningServer[] = [];

beforeAll(async () => {
	const tarball = inject('tarballs')['fallback-pages'];
	nginxPort = await freePort();
	project = await makeProject('cli', {
		'package.json': JSON.stringify({ name: 'any-site', private: true }),
	});
	writeFileSync(
		join(project, 'fallback.config.mjs'),
		[
			'export default {',
			"\tsite: { name: 'Acme', url: 'https://acme.example' },",
			"\tlocales: ['en', 'fr', 'ar'],",
			"\tapi: { prefixes: ['/v1.2/'] },",
			`\thosts: { pagesRoot: ${JSON.stringify(join(project, 'fallback'))}, listen: { host: '127.0.0.1', port: ${nginxPort} } },`,
			'};',
			'',
		].join('\n'),
	);
	await sharedNpmInstall(project, ['--omit=dev', tarball]);
}, 900_000);

afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await removeProject(project);
});

describe('fallback-pages installed with --omit=dev', () => {
	it('imports every entry point of its exports map', async () => {
		const script = [
			"const integration = (await import('fallback-pages')).default;",
			"const { defineConfig } = await import('fallback-pages/config');",
			"const { runVerify, hostProfiles } = await import('fallback-pages/verify');",
			"const { buildEmbedded } = await import('fallback-pages/embed');",
			"console.log(typeof integration(defineConfig({})).hooks['astro:config:setup'], typeof runVerify, Object.keys(hostProfiles).length > 0, typeof buildEmbedded);",
		].join('\n');
		const result = await run(project, process.execPath, ['--input-type=module', '-e', script]);
		expect(result.stderr).toBe('');
		expect(result.stdout.trim()).toBe('function function true function');
	});

	it('answers --help for the command and each of its commands', async () => {
		for (const args of [['--help'], ['build', '--help'], ['verify', '--help'], ['embed', '--help']]) {
			const result = await fallbackPages(project, args);
			expect(result.code, args.join(' ')).toBe(0);
			expect(result.stdout, args.join(' ')).toMatch(/^Usage: fallback-pages /);
			expect(result.stderr, args.join(' ')).toBe('');
		}
		const version = await fallbackPages(project, ['--version']);
		expect(version.stdout.trim()).toBe('0.1.0');
	});

	it('says a usage mistake in one line and exits 2', async () => {
		for (const [args, message] of [
			[
				['build', '--colour', 'red'],
				"fallback-pages build: Unknown option '--colour' (see fallback-pages build --help)",
			],
			[
				['publish'],
				'fallback-pages: unknown command "publish"; the commands are build, verify, embed (see fallback-pages --help)',
			],
			[
				['verify'],
				'fallback-pages verify: give one URL to verify, e.g. fallback-pages verify https://example.com (see fallback-pages verify --help)',
			],
			[['build', '--config', 'missing.mjs'], 'fallback-pages build: missing.mjs: no such file'],
			[
				['build', '--base', 'errors'],
				`fallback-pages build: fallback.base: must be a path of lower-case letters, digits, '.', '_' and '-' segments that starts and ends with /, e.g. /fallback/, not "errors"`,
			],
			[
				['embed'],
				'fallback-pages embed: say where the site is: --into <publish folder> (see fallback-pages embed --help)',
			],
		] as const) {
			const result = await fallbackPages(project, args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr.trimEnd(), args.join(' ')).toBe(message);
		}
	});

	it('says a broken config file in one line each: syntax, default export, unknown key', async () => {
		writeFileSync(join(project, 'syntax.mjs'), "export default {\n\tsite: { name: 'Acme' ,, },\n};\n");
		writeFileSync(join(project, 'nothing.mjs'), 'export const site = {};\n');
		writeFileSync(join(project, 'unknown.mjs'), "export default { colour: 'red' };\n");
		const expected = {
			'syntax.mjs': /^fallback-pages build: syntax\.mjs:2: SyntaxError: Unexpected token ','$/,
			'nothing.mjs':
				/^fallback-pages build: nothing\.mjs: its default export must be the options object .*, not missing$/,
			'unknown.mjs': /^fallback-pages build: unknown\.mjs: fallback: Unrecognized key: "colour"$/,
		};
		for (const [file, line] of Object.entries(expected)) {
			const result = await fallbackPages(project, ['build', '--config', file, '--out', 'never']);
			expect(result.code, file).toBe(1);
			expect(result.stderr.trimEnd(), file).toMatch(line);
			expect(result.stderr.trimEnd().split('\n'), file).toHaveLength(1);
		}
		expect(existsSync(join(project, 'never'))).toBe(false);
	});

	it('refuses bad options with the words fallback({ ... }) uses', async () => {
		const bad = {
			site: { name: '' },
			brand: { accent: { light: 'nope' } },
			locales: ['en', 'xx'],
			links: [{ label: 'Evil', url: 'javascript:alert(1)' }],
		};
		writeFileSync(join(project, 'bad.mjs'), `export default ${JSON.stringify(bad)};\n`);
		const cli = await fallbackPages(project, ['build', '--config', 'bad.mjs']);
		expect(cli.code).toBe(1);
		const cliLines = cli.stderr
			.trimEnd()
			.split('\n')
			.map((line) => line.replace('fallback-pages build: bad.mjs: ', ''));
		// The integration of the same installed package, as astro.config.mjs would call it.
		const script = `import fallback from 'fallback-pages'; try { fallback(${JSON.stringify(bad)}); } catch (error) { console.log(error.message); }`;
		const integration = await run(project, process.execPath, ['--input-type=module', '-e', script]);
		const integrationLines = integration.stdout.trimEnd().split('\n');
		expect(integrationLines[0]).toBe('Invalid Fallback options (fallback({ ... }) in astro.config.mjs):');
		expect(integrationLines.slice(1).map((line) => line.replace(/^ {2}- /, ''))).toEqual(cliLines);
		expect(cliLines).toHaveLength(4);
	});
});

describe('fallback-pages build with a config file, without an Astro project', () => {
	let built: { code: number; stdout: string; stderr: string };

	beforeAll(async () => {
		built = await fallbackPages(project, ['build']);
	}, 600_000);

	it('writes the pages into fallback/ and the host configs beside them', () => {
		expect(built.code, built.stderr).toBe(0);
		expect(built.stdout).toMatch(/^fallback-pages: building the pages with fallback\.config\.mjs …\n/);
		// What the build is, though Astro runs quiet: production, with no platform's variables.
		expect(built.stdout).toContain(
			'fallback-pages: no deploy platform recognised: production (no banner, indexable)',
		);
		expect(built.stdout).toMatch(
			/fallback-pages: 129 pages in fallback\/, host configs and contract in fallback-hosts\/ \(\d+\.\d s\)/,
		);
		expect(readdirSync(join(project, 'fallback'))).toEqual(
			expect.arrayContaining(['404.html', 'ar', 'fr', '_redirects', '_headers']),
		);
		expect(existsSync(join(project, 'fallback-hosts/nginx/fallback-standalone.conf'))).toBe(true);
		// The Docker files name the folders the team has, from its project's root.
		const dockerfile = readFileSync(join(project, 'fallback-hosts/kubernetes/Dockerfile'), 'utf8');
		expect(dockerfile).toContain('docker build -f fallback-hosts/kubernetes/Dockerfile ');
		expect(dockerfile).toContain('\nCOPY fallback/ ');
		expect(dockerfile).toContain('\nCOPY fallback-hosts/kubernetes/default-backend.conf ');
		// Nothing of the Astro run it made is left in the project.
		expect(readdirSync(project).sort()).toEqual(
			[
				'bad.mjs',
				'fallback',
				'fallback-hosts',
				'fallback.config.mjs',
				'node_modules',
				'nothing.mjs',
				'package-lock.json',
				'package.json',
				'syntax.mjs',
				'unknown.mjs',
			].sort(),
		);
	});

	it('builds again over its own output, and refuses a folder that is not its own', async () => {
		const again = await fallbackPages(project, ['build']);
		expect(again.code, again.stderr).toBe(0);
		writeFileSync(join(project, 'notes.txt'), 'mine');
		const foreign = await fallbackPages(project, ['build', '--out', 'notes.txt']);
		expect(foreign.code).toBe(1);
		expect(foreign.stderr.trimEnd()).toBe(
			"fallback-pages build: notes.txt exists and is not an earlier build of Fallback's; nothing was written. Choose another --out.",
		);
	}, 600_000);

	it('puts the host configs where the option hostsDir says, and builds again over them', async () => {
		writeFileSync(join(project, 'hosts-dir.mjs'), "export default { hostsDir: 'deploy/configs' };\n");
		for (let run = 0; run < 2; run++) {
			const moved = await fallbackPages(project, ['build', '--config', 'hosts-dir.mjs', '--out', 'pages']);
			expect(moved.code, moved.stderr).toBe(0);
			expect(moved.stdout).toMatch(/ pages in pages\/, host configs and contract in deploy\/configs\/ /);
		}
		expect(existsSync(join(project, 'deploy/configs/contract.json'))).toBe(true);
		expect(existsSync(join(project, 'pages-hosts'))).toBe(false);
		const compose = readFileSync(join(project, 'deploy/configs/traefik/docker-compose.yml'), 'utf8');
		expect(compose).toContain('- ../../../pages:');
		for (const entry of ['pages', 'deploy', 'hosts-dir.mjs'])
			await rm(join(project, entry), { recursive: true });
	}, 600_000);

	it('builds with --base: the contract in the base folder, the site-mode configs beside, again over its own output', async () => {
		for (let run = 0; run < 2; run++) {
			const based = await fallbackPages(project, ['build', '--base', '/errors/', '--out', 'with-base']);
			expect(based.code, based.stderr).toBe(0);
			expect(based.stdout).toContain(
				'the site-mode configs (nginx, Caddy, Apache: for a server whose root holds the pages at /errors/) and contract in with-base-hosts/',
			);
		}
		expect(existsSync(join(project, 'with-base/errors/404.html'))).toBe(true);
		expect(existsSync(join(project, 'with-base/errors/contract.json'))).toBe(true);
		// The site-mode files alone: the other configs serve pages at a server's root.
		expect(readdirSync(join(project, 'with-base-hosts/nginx')).sort()).toEqual([
			'fallback-site-http.conf',
			'fallback-site.conf',
		]);
		expect(readFileSync(join(project, 'with-base-hosts/nginx/fallback-site.conf'), 'utf8')).toContain(
			'rewrite "^/__fallback(/.*)$" /errors$1 break;',
		);
		for (const folder of ['with-base', 'with-base-hosts'])
			await rm(join(project, folder), { recursive: true });
	}, 600_000);

	it('holds the contract on netlify-cli', async () => {
		const server = await serveOnNetlify(join(project, 'fallback'), join(project, '.netlify-work'));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', 'fallback');
	}, 600_000);

	it('holds the contract on nginx with the config it wrote', async () => {
		const server = await serveOnNginx(
			join(project, 'fallback-hosts/nginx/fallback-standalone.conf'),
			nginxPort,
			join(project, '.nginx-work'),
		);
		servers.push(server);
		await expectVerified(project, server, 'nginx', 'fallback');
		// With no --dist, verify finds what build wrote.
		const found = await fallbackPages(project, [
			'verify',
			`http://127.0.0.1:${server.port}`,
			'--host',
			'nginx',
			'--report-dir',
			join(project, 'reports', 'found'),
		]);
		expect(found.code, found.stdout + found.stderr).toBe(0);
		expect(found.stdout).toContain('against fallback-hosts/contract.json and fallback/');
		const api = await request(server.port, '/v1.2/orders/7');
		expect(api.status).toBe(404);
		expect(api.headers.get('content-type')).toBe('application/problem+json');
	}, 600_000);
});
