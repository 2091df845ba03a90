/**
 * `npm run release` as a team without Node meets it: run twice, the archives are the same bytes;
 * every checksum (beside the archives and inside them) holds; the zip holds exactly what the
 * tar.gz holds; and unpacked, the archive's nginx config, changed only where its README says
 * (the pages' folder, the listen line), serves its pages so that `fallback-pages verify` passes
 * on real nginx with the archive's own contract.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, rawRequest, request, type RunningServer } from '../contract/harness';
import { repositoryRoot, run, runOk } from '../../scripts/fresh-project';
import { serveOnNginx } from './serve';

const version = (
	JSON.parse(readFileSync(join(repositoryRoot, 'packages/fallback-pages/package.json'), 'utf8')) as {
		version: string;
	}
).version;
const name = `fallback-${version}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let work: string;
let server: RunningServer | undefined;
let beside: RunningServer | undefined;
const runs: string[] = [];

/** Every file under `dir` by its `/`-separated path, with its sha256. */
function treeOf(dir: string): Record<string, string> {
	return Object.fromEntries(
		readdirSync(dir, { recursive: true, encoding: 'utf8' })
			.filter((path) => statSync(join(dir, path)).isFile())
			.map((path) => [path.split(sep).join('/'), sha256(readFileSync(join(dir, path)))])
			.sort(),
	);
}

/** Every file of a zip by its path, with its sha256 (yauzl reads it). */
async function zipTree(file: string): Promise<Record<string, string>> {
	const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(file, { lazyEntries: true });
	const files: Record<string, string> = {};
	await new Promise<void>((resolve, reject) => {
		zip.on('entry', (entry: yauzl.Entry) => {
			if (entry.fileName.endsWith('/')) return zip.readEntry();
			zip.openReadStream(entry, (error, stream) => {
				if (error) return reject(error);
				const chunks: Buffer[] = [];
				stream.on('data', (chunk: Buffer) => chunks.push(chunk));
				stream.on('end', () => {
					files[entry.fileName] = sha256(Buffer.concat(chunks));
					zip.readEntry();
				});
			});
		});
		zip.on('end', resolve);
		zip.on('error', reject);
		zip.readEntry();
	});
	return Object.fromEntries(Object.entries(files).sort());
}

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), 'fallback-release-test-'));
	// nginx's workers drop to an unprivileged user: they must be able to walk into the folder.
	chmodSync(work, 0o755);
	for (const folder of ['first', 'second']) {
		const out = join(work, folder);
		const started = performance.now();
		await runOk(repositoryRoot, process.execPath, ['scripts/release.ts', '--out', out]);
		console.log(`npm run release (${folder}): ${((performance.now() - started) / 1000).toFixed(1)} s`);
		runs.push(out);
	}
	await runOk(work, 'tar', ['-xzf', join(runs[0]!, `${name}.tar.gz`), '-C', work]);
}, 900_000);

afterAll(async () => {
	await Promise.all([server?.stop(), beside?.stop()]);
	if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run release', () => {
	it('writes the same bytes twice', () => {
		const [first, second] = runs.map((out) => readdirSync(out).sort());
		expect(first).toEqual(['SHA256SUMS', `${name}.tar.gz`, `${name}.zip`]);
		expect(second).toEqual(first);
		for (const file of first!) {
			expect(readFileSync(join(runs[1]!, file)).equals(readFileSync(join(runs[0]!, file))), file).toBe(true);
		}
	});

	it('matches its SHA256SUMS, beside the archives and inside them (checked by sha256sum)', async () => {
		const outer = await run(runs[0]!, 'sha256sum', ['--check', '--strict', 'SHA256SUMS']);
		expect(outer.stdout).toBe(`${name}.tar.gz: OK\n${name}.zip: OK\n`);
		const inner = await run(join(work, name), 'sha256sum', ['--check', '--strict', '--quiet', 'SHA256SUMS']);
		expect(inner.stdout + inner.stderr).toBe('');
		expect(inner.code).toBe(0);
		// Every file is listed, but the list itself.
		const listed = readFileSync(join(work, name, 'SHA256SUMS'), 'utf8')
			.trim()
			.split('\n').length;
		expect(listed).toBe(Object.keys(treeOf(join(work, name))).length - 1);
	});

	it('holds one folder: the pages in every locale, every host config, the contract, a README', () => {
		expect(readdirSync(work).filter((entry) => entry.startsWith('fallback-'))).toEqual([name]);
		expect(readdirSync(join(work, name)).sort()).toEqual(['README.md', 'SHA256SUMS', 'dist', 'hosts']);
		const locales = readdirSync(join(repositoryRoot, 'packages/fallback-pages/src/i18n/locales')).length;
		const pageFolders = readdirSync(join(work, name, 'dist')).filter((entry) =>
			statSync(join(work, name, 'dist', entry, '404.html'), { throwIfNoEntry: false })?.isFile(),
		);
		expect(pageFolders.length, 'a folder of pages for every locale but the default').toBe(locales - 1);
		for (const host of [
			'nginx',
			'caddy',
			'apache',
			'haproxy',
			'cloudflare',
			'cloudfront',
			'vercel',
			'traefik',
			'kubernetes',
		]) {
			expect(readdirSync(join(work, name, 'hosts', host)).length, host).toBeGreaterThan(0);
		}
		expect(statSync(join(work, name, 'hosts', 'contract.json')).isFile()).toBe(true);
	});

	it('is drawn on the archive page as it is: dist/ and hosts/ side by side, with their files counted', () => {
		const page = readFileSync(join(repositoryRoot, 'docs/src/content/docs/start/archive.md'), 'utf8');
		const tree = treeOf(join(work, name));
		for (const folder of ['dist', 'hosts']) {
			const drawn = new RegExp(`^  ${folder}/ +([\\d,]+) files`, 'm').exec(page);
			expect(drawn, `${folder}/ at the top of the archive's folder`).not.toBeNull();
			const files = Object.keys(tree).filter((path) => path.startsWith(`${folder}/`)).length;
			expect(Number(drawn![1]!.replaceAll(',', '')), `${folder}/`).toBe(files);
		}
		const total = /([\d,]+) files, [\d.]+ MB unpacked/.exec(page);
		expect(Number(total![1]!.replaceAll(',', ''))).toBe(Object.keys(tree).length);
	});

	it('holds the same files in its zip as in its tar.gz', async () => {
		const fromTar = Object.fromEntries(
			Object.entries(treeOf(join(work, name))).map(([path, hash]) => [`${name}/${path}`, hash]),
		);
		expect(await zipTree(join(runs[0]!, `${name}.zip`))).toEqual(fromTar);
	});

	it('unpacked, its nginx config serves its pages as its contract says (fallback-pages verify on real nginx)', async () => {
		const folder = join(work, name);
		const pages = join(folder, 'dist');
		const [port, besidePort] = [await freePort(), await freePort()];
		// Exactly the three lines the README names, each once in the file, and nothing else.
		const readme = readFileSync(join(folder, 'README.md'), 'utf8');
		const shipped = readFileSync(join(folder, 'hosts/nginx/fallback-standalone.conf'), 'utf8');
		const configured = (at: number) => {
			const changes: [string, string][] = [
				['listen 80;', `listen 127.0.0.1:${at};`],
				['server_name _;', 'server_name 127.0.0.1;'],
				['root /var/www/fallback;', `root ${pages};`],
			];
			for (const [line] of changes) {
				expect(readme, line).toContain(`\`${line}\``);
				expect(shipped.split(line).length - 1, line).toBe(1);
			}
			const config = changes.reduce((text, [line, mine]) => text.replace(line, mine), shipped);
			expect(config).not.toMatch(/^[^#]*\/var\/www\/fallback/m);
			return config;
		};
		// The distribution's own site removed, as the README says first: the whole contract holds.
		const configFile = join(work, 'fallback.conf');
		writeFileSync(configFile, configured(port));
		server = await serveOnNginx(configFile, port, join(work, 'nginx'));
		// From the unpacked folder, as its README says: dist/ by default, the contract named.
		const verified = await run(folder, join(repositoryRoot, 'node_modules/.bin/fallback-pages'), [
			'verify',
			`http://127.0.0.1:${port}`,
			'--host',
			'nginx',
			'--contract',
			'hosts/contract.json',
			'--report-dir',
			join(work, 'reports'),
		]);
		expect(verified.stdout + verified.stderr).toMatch(/\b0 failed\b/);
		expect(verified.code).toBe(0);
		console.log(verified.stdout.trim().split('\n').slice(-3).join('\n'));

		// Kept beside the distribution's site (Debian's default_server on the same port), with the
		// name the README says to set: Fallback's server answers its name, the other site the rest,
		// and a request nginx cannot read goes to the default server, as the README warns.
		const stock = `server {\n\tlisten 127.0.0.1:${besidePort} default_server;\n\tserver_name _;\n\tlocation / { return 200 "Welcome to nginx!"; }\n}\n`;
		const besideFile = join(work, 'beside.conf');
		writeFileSync(besideFile, stock + configured(besidePort));
		beside = await serveOnNginx(besideFile, besidePort, join(work, 'nginx-beside'));
		const ours = await request(besidePort, '/503', { headers: { 'Accept-Language': 'de' } });
		// The German page (nginx adds the request's ID to it).
		expect([ours.status, ours.headers.get('content-language')]).toEqual([503, 'de']);
		expect(ours.body).toContain('<title>503: Dienst nicht verfügbar</title>');
		const theirs = await request(besidePort, '/503', { headers: { Host: 'other.example' } });
		expect([theirs.status, theirs.body]).toEqual([200, 'Welcome to nginx!']);
		const malformed = await rawRequest(besidePort, 'GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
		expect(malformed.status).toBe(400);
		expect(malformed.body).not.toBe(readFileSync(join(pages, '400.html'), 'utf8'));
		expect(readme).toContain('requests nginx cannot read');
	}, 600_000);
});
