/**
 * Nothing of the site's changes, byte for byte: each site of unchangedSites.ts, in one fresh project
 * with the packed package, built without fallback() and then with it. Every file of the first
 * build is in the second as it was (the site's `_redirects` and `_headers` only appended to: the
 * rules Fallback adds after the site's own), and the second build prints no warning the first did
 * not. Starlight 0.34 on Astro 5 and 0.41 on Astro 7 (older than the workspace's) install the
 * tarball with plain `npm install` and build the same way in the default look. The figures (files,
 * differing files, the time each build took) are printed, not asserted: a shared machine's timings
 * are not a test.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
	astroVersion,
	environment,
	filesOf,
	installedVersion,
	makeProject,
	removeProject,
	repositoryRoot,
	run,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, serveOnNetlify, serveTeamBlock } from './serve';
import { freePort, request } from '../contract/harness';
import { apache, caddy, nginx } from '../contract/servers';
import { readContractFile } from '../../packages/fallback-pages/src/contract/contractFile';
import { lastInScreen, marksIn } from '../build/requestIdMark';
import {
	cspSite,
	i18nSite,
	keepAside,
	noMainSite,
	starlightSite,
	tailwindSite,
	writeUnchangedSite,
	type UnchangedSite,
} from './unchangedSites';

const workspaceStarlight = installedVersion(repositoryRoot, '@astrojs/starlight');

/** Older Starlights, each on the Astro it was made for. */
const olderStarlights = [
	{ starlight: '0.34.8', astro: '5.18.2' },
	{ starlight: '0.41.8', astro: '7.3.5' },
] as const;

interface Built {
	site: UnchangedSite;
	folder: string;
	without: { seconds: number; log: string };
	with: { seconds: number; log: string };
	/** The files of the build without Fallback that are not in the build with it as they were. */
	differing: string[];
	files: number;
}

/** `astro build` of the site in `folder`, with or without Fallback; throws with its log when it fails. */
async function build(project: string, folder: string, withFallback: boolean) {
	const started = performance.now();
	const result = await run(project, 'npx', ['astro', 'build', '--root', folder], {
		...environment,
		FALLBACK_BUILD: withFallback ? 'with' : 'without',
	});
	const log = result.stdout + result.stderr;
	if (result.code !== 0) throw new Error(`astro build of ${folder} exited ${result.code}:\n${log}`);
	return { seconds: (performance.now() - started) / 1000, log };
}

/** The files of `before` that `after` does not hold as they were; rule files may only be appended to. */
function differingFiles(before: string, after: string): string[] {
	return filesOf(before).filter((file) => {
		if (!existsSync(join(after, file))) return true;
		const was = readFileSync(join(before, file));
		const is = readFileSync(join(after, file));
		if (['_redirects', '_headers'].includes(file)) return !is.subarray(0, was.length).equals(was);
		return !was.equals(is);
	});
}

/** The warnings of a build's log, without their time. */
const warnings = (log: string) =>
	log
		.split('\n')
		.filter((line) => line.includes('[WARN]'))
		.map((line) => line.replace(/^\S*\d\d:\d\d:\d\d\S*\s+/, '').trim());

/**
 * Builds each site twice in its folder of `project`. Each site's build without Fallback is its own,
 * in the same folder: Astro's content cache then holds the same highlighting for both builds (a
 * shared one built the code blocks afresh, and Shiki under a loaded CI machine coloured a line
 * differently once).
 */
async function buildTwice(project: string, sites: readonly UnchangedSite[]): Promise<Built[]> {
	const built: Built[] = [];
	for (const site of sites) {
		const folder = join(project, site.name);
		await writeUnchangedSite(site, folder);
		const without = await build(project, folder, false);
		await keepAside(join(folder, 'dist'), join(folder, 'dist-without'));
		const withFallback = await build(project, folder, true);
		built.push({
			site,
			folder,
			without,
			with: withFallback,
			differing: differingFiles(join(folder, 'dist-without'), join(folder, 'dist')),
			files: filesOf(join(folder, 'dist-without')).length,
		});
	}
	return built;
}

const figures = (built: readonly Built[]) =>
	built
		.map(
			(one) =>
				`${one.site.name}: ${one.differing.length} of ${one.files} files differ; build ${one.without.seconds.toFixed(1)} s without Fallback, ${one.with.seconds.toFixed(1)} s with it (+${(one.with.seconds - one.without.seconds).toFixed(1)} s)`,
		)
		.join('\n');

const projects: string[] = [];
let sites: Built[] = [];
const older: { versions: (typeof olderStarlights)[number]; built: Built; installed: string }[] = [];

beforeAll(async () => {
	const tarball = inject('tarballs')['fallback-pages'];
	const project = await makeProject('unchanged', {
		'package.json': JSON.stringify({ name: 'team-sites', private: true, type: 'module' }),
	});
	projects.push(project);
	await sharedNpmInstall(project, [
		`astro@${await astroVersion()}`,
		`@astrojs/starlight@${workspaceStarlight}`,
		'tailwindcss@4',
		'@tailwindcss/vite@4',
		tarball,
	]);
	sites = await buildTwice(project, [
		starlightSite('starlight', '{ sitePages: [404] }'),
		// Apache's site-mode file reads its type maps beside the pages' root (hosts.pagesRoot).
		starlightSite(
			'starlight-frame',
			"{ sitePages: [404], layout: 'starlight', hosts: { pagesRoot: new URL('./dist', import.meta.url).pathname } }",
		),
		cspSite,
		noMainSite,
		i18nSite,
		tailwindSite,
	]);
	console.log(figures(sites));
	for (const versions of olderStarlights) {
		const old = await makeProject(`starlight-${versions.starlight}`, {
			'package.json': JSON.stringify({ name: 'old-docs', private: true, type: 'module' }),
		});
		projects.push(old);
		await sharedNpmInstall(old, [
			`astro@${versions.astro}`,
			`@astrojs/starlight@${versions.starlight}`,
			tarball,
		]);
		const installed = installedVersion(old, '@astrojs/starlight');
		// Two locales, one of them region-tagged.
		const site = starlightSite('starlight', '{ sitePages: [404] }', {
			root: { label: 'English', lang: 'en' },
			'pt-br': { label: 'Português do Brasil', lang: 'pt-BR' },
		});
		const [built] = await buildTwice(old, [site]);
		older.push({ versions, built: built!, installed });
		console.log(`Starlight ${installed} on Astro ${versions.astro}: ${figures([built!])}`);
	}
}, 1_800_000);

afterAll(async () => {
	await Promise.all(projects.map(removeProject));
});

describe("the site's own build, byte for byte, with Fallback added", () => {
	it.each(['starlight', 'starlight-frame', 'csp', 'no-main', 'i18n', 'tailwind'])(
		'%s: every file of the build without Fallback is in the build with it as it was',
		(name) => {
			const built = sites.find((one) => one.site.name === name)!;
			expect(built.files).toBeGreaterThan(0);
			expect(built.differing, built.site.what).toEqual([]);
			// Fallback added its pages beside the site's.
			expect(existsSync(join(built.folder, 'dist', '503.html'))).toBe(true);
			expect(warnings(built.with.log).filter((line) => !warnings(built.without.log).includes(line))).toEqual(
				[],
			);
		},
	);

	it("keeps the site's policy on its pages and gives Fallback's pages their own", () => {
		const built = sites.find((one) => one.site.name === 'csp')!;
		const policy = (file: string) =>
			/<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(
				readFileSync(join(built.folder, file), 'utf8'),
			)?.[1];
		expect(policy('dist/index.html')).toBe(policy('dist-without/index.html'));
		expect(policy('dist/503.html')).toMatch(/^style-src 'sha256-[^']+'/);
		expect(policy('dist/503.html')).toContain("default-src 'self'");
	});

	it("gives each error page in a layout without <main> exactly one main landmark, the request ID's mark at the end of the screen, and warns of nothing it loads", () => {
		const built = sites.find((one) => one.site.name === 'no-main')!;
		for (const file of ['404.html', '503.html', 'global-error.html']) {
			const html = readFileSync(join(built.folder, 'dist', file), 'utf8');
			expect(html.match(/<main[\s>]/g), file).toHaveLength(1);
			expect([lastInScreen(html), marksIn(html)], file).toEqual(['<!--request-id-->', 1]);
		}
		expect(built.with.log).not.toMatch(/would load/);
	});

	it("answers each language's unknown paths with the site's own 404 where it built one, as the guide says", () => {
		const built = sites.find((one) => one.site.name === 'i18n')!;
		const dist = join(built.folder, 'dist');
		const before = join(built.folder, 'dist-without');
		// The root 404 answers the default language, /en/… included; ja its own; zh, which the site
		// has none for, Fallback's.
		const contract = readContractFile(join(built.folder, 'dist-hosts/contract.json'));
		expect(contract.localeAliases).toEqual({ '/en/': 'en' });
		expect(readFileSync(join(dist, '404.html'), 'utf8')).toBe(readFileSync(join(before, '404.html'), 'utf8'));
		expect(readFileSync(join(dist, 'ja/404.html'), 'utf8')).toBe(
			readFileSync(join(before, 'ja/404/index.html'), 'utf8'),
		);
		expect(readFileSync(join(dist, 'zh/404.html'), 'utf8')).toMatch(
			/^<!DOCTYPE html><html lang="zh-Hans" dir="ltr"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"/,
		);
		expect(existsSync(join(dist, 'zh/404'))).toBe(false);
		// No page of Fallback's left as Astro wrote it: each is a file of its own name, with its policy.
		const folders = readdirSync(dist, { recursive: true, withFileTypes: true }).filter(
			(entry) =>
				entry.isFile() &&
				entry.name === 'index.html' &&
				!existsSync(join(before, entry.parentPath.slice(dist.length), 'index.html')),
		);
		expect(folders.map((entry) => entry.parentPath)).toEqual([]);
		expect(built.with.log).not.toContain('Could not render');
	});
});

describe("Starlight's locales, each with its own 404, two of them of one language (pt-br, pt-pt)", () => {
	it("answers each locale's unknown paths with its own 404, and Fallback's pages in each region's language, on netlify-cli, nginx, Caddy and Apache", async () => {
		const built = sites.find((one) => one.site.name === 'starlight-frame')!;
		const dist = join(built.folder, 'dist');
		const before = join(built.folder, 'dist-without');
		const contract = readContractFile(join(built.folder, 'dist-hosts/contract.json'));
		// Portuguese twice: each region is a locale of its own, in its folder; Chinese once: an alias.
		expect(contract.otherLocales).toEqual(['de', 'fr', 'zh', 'pt', 'ja', 'pt-br', 'pt-pt']);
		expect(contract.localeAliases).toEqual({ '/zh-cn/': 'zh' });
		expect(built.with.log).toContain(
			"pt-br: pt's pages in pt-br/ (pt-BR); pt-pt: pt's pages in pt-pt/ (pt-PT)",
		);
		const teamBlock = async (server: typeof nginx) =>
			serveTeamBlock(
				server,
				dist,
				await freePort(),
				join(built.folder, '..', `${server.id}-locales`),
				join(built.folder, 'dist-hosts'),
			);
		const servers = [
			[await serveOnNetlify(dist, join(built.folder, '..', 'netlify-locales')), 'netlify-cli'],
			[await teamBlock(nginx), 'nginx-site'],
			[await teamBlock(caddy), 'caddy-site'],
			[await teamBlock(apache), 'apache-site'],
		] as const;
		try {
			for (const [server, host] of servers) {
				for (const folder of ['de', 'fr', 'zh-cn', 'pt-br', 'pt-pt', 'ja']) {
					const own = readFileSync(join(before, folder, '404/index.html'), 'utf8');
					const answer = await request(server.port, `/${folder}/no/such/page`);
					expect([host, folder, answer.status, answer.body === own]).toEqual([host, folder, 404, true]);
				}
				for (const [folder, tag] of [
					['pt-br', 'pt-BR'],
					['pt-pt', 'pt-PT'],
				] as const) {
					const answer = await request(server.port, `/${folder}/503`);
					expect([host, answer.status, answer.headers.get('content-language')]).toEqual([host, 503, tag]);
					expect(answer.body).toContain(`<html lang="${tag}"`);
				}
				// From the project, whose install is the packed package's.
				await expectVerified(join(built.folder, '..'), server, host, `${built.site.name}/dist`, {
					reports: `locales-${host}`,
				});
			}
		} finally {
			await Promise.all(servers.map(([server]) => server.stop()));
		}
	}, 300_000);
});

describe('a Tailwind 4 site, verified between two builds', () => {
	it('builds the same after verify ran in its folder: the reports are outside what Tailwind scans', async () => {
		const built = sites.find((one) => one.site.name === 'tailwind')!;
		const dist = join(built.folder, 'dist');
		// Tailwind scans the site: the page's classes have their rules.
		const css = filesOf(dist).filter((file) => file.endsWith('.css'));
		expect(css.some((file) => readFileSync(join(dist, file), 'utf8').includes('.text-teal-700'))).toBe(true);
		const server = await serveOnNetlify(dist, join(built.folder, '..', 'netlify-tailwind'));
		try {
			const verified = await run(built.folder, join(built.folder, '..', 'node_modules/.bin/fallback-pages'), [
				'verify',
				`http://127.0.0.1:${server.port}`,
				'--host',
				'netlify-cli',
			]);
			const log = verified.stdout + verified.stderr;
			expect(verified.code, log).toBe(0);
			expect(log).toContain(
				`Reports: ${join(built.folder, 'node_modules/.cache/fallback-pages/verify')}/report.html`,
			);
		} finally {
			await server.stop();
		}
		await keepAside(dist, join(built.folder, 'dist-first'));
		await build(join(built.folder, '..'), built.folder, true);
		expect(differingFiles(join(built.folder, 'dist-first'), dist)).toEqual([]);
	});
});

describe('older Starlights', () => {
	it.each(olderStarlights.map((versions) => [versions.starlight, versions.astro]))(
		'Starlight %s on Astro %s installs the package and builds in the default look, its own files unchanged',
		(starlight) => {
			const one = older.find((entry) => entry.versions.starlight === starlight)!;
			expect(one.installed).toBe(starlight);
			expect(one.built.differing).toEqual([]);
			expect(existsSync(join(one.built.folder, 'dist', '503.html'))).toBe(true);
		},
	);
});
