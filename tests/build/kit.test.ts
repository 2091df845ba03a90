/**
 * The kit's parity with Astro (in `npm test`): a kit made as the plugin's bundle makes it
 * (fallback-pages/kit's makeKit), in three locales, filled with a site's values (applyKit, this
 * workspace's source), equals the pages Astro builds for that site (fallback-pages/embed's
 * buildEmbedded), file for file and byte for byte. The cases take every fillable value and every
 * mark: a name to escape in text and attributes, an address with a user and a port, a folder, the
 * languages in the site's order and one locale alone, a preview with a branch, commit and deploy
 * address and one with none of them. Each build runs in a process of its own with its deploy's
 * variables, as on Netlify. The packed plugin's kit against `embed`, in twenty locales, is the
 * package tier's (tests/package/prebuilt.test.ts).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOutDir, buildTimeoutMs } from '../../scripts/build-with';
import type { Kit } from '../../packages/fallback-pages/src/kit/applyKit';
import { kitPages } from '../../packages/fallback-pages/src/kit/prebuilt';
import { embeddedRules } from '../../packages/fallback-pages/src/embed/rules';
import type { Locale } from '../../packages/fallback-pages/src/i18n';
import type { Shells } from '../../packages/fallback-pages/src/embed/siteShell';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

/** A child's work: `kit <out.json> <locales>` or `astro <out> <options> <base> [<shells>]`. */
const child = `
const [what, out, arg, base] = process.argv.slice(1);
if (what === 'kit') {
	const { makeKit } = await import('fallback-pages/kit');
	const { writeFileSync } = await import('node:fs');
	writeFileSync(out, JSON.stringify(await makeKit(JSON.parse(arg))));
} else {
	const { buildEmbedded } = await import('fallback-pages/embed');
	const shell = process.argv[5] === undefined ? undefined : JSON.parse(process.argv[5]);
	const built = await buildEmbedded(JSON.parse(arg), base, undefined, undefined, shell);
	await built.place(out);
	await built.dispose();
}
`;

/** The deploy variables a build inherits from this process: none, each case sets its own. */
const clean = Object.fromEntries(
	Object.entries(process.env).filter(
		([name]) =>
			!['NETLIFY', 'CONTEXT', 'BRANCH', 'HEAD', 'COMMIT_REF', 'URL', 'DEPLOY_PRIME_URL', 'CI'].includes(name),
	),
);

const node = (args: string[], env: Record<string, string> = {}) =>
	run(process.execPath, ['--input-type=module', '-e', child, ...args], {
		cwd: root,
		env: { ...clean, ...env },
		maxBuffer: 64 * 1024 * 1024,
	});

const kitLocales: readonly Locale[] = ['en', 'de', 'ar'];

interface Case {
	name: string;
	options: { site?: { name: string }; locales: Locale[]; sitePages?: number[] };
	base: string;
	env: Record<string, string>;
	/** The site's 404.html pages marked data-fallback: the pages go into them. */
	shell?: Shells;
}

/** A site's 404.html as a static site generator writes one, marked for Fallback's pages. */
const shellPage = (lang: string, home: string) =>
	`<!doctype html>\n<html lang="${lang}">\n<head><meta charset="utf-8"><title>404 · Site</title><link rel="stylesheet" href="/site.css"></head>\n<body><header><a href="${home}">Site</a></header><main data-fallback><h1>404</h1></main><footer>Site</footer></body>\n</html>\n`;

const netlify = (context: string, more: Record<string, string> = {}) => ({
	NETLIFY: 'true',
	CONTEXT: context,
	SOURCE_DATE_EPOCH: '1790000000',
	...more,
});

const cases: readonly Case[] = [
	{
		name: 'production: a name to escape, an address with a user and a port, a deeper folder, right-to-left first, sitePages',
		// sitePages keeps none of the embedded pages' statuses: the contract says so in both.
		options: {
			site: { name: `Ünïcode & <Shop> "q" 'x' >\u00a0y` },
			locales: ['en', 'ar', 'de'],
			sitePages: [404],
		},
		base: '/errors/site/',
		env: netlify('production', { URL: 'https://user@bücher.example:8443/shop/' }),
	},
	{
		name: 'a deploy preview with a hostile branch, a commit and a deploy address',
		options: { site: { name: 'Acme' }, locales: ['en', 'de'] },
		base: '/fallback/',
		env: netlify('deploy-preview', {
			URL: 'https://acme.example',
			BRANCH: `feat/<b>&"q"-'s'-${'long-'.repeat(20)}end`,
			COMMIT_REF: '0123456789abcdef0123456789abcdef01234567',
			DEPLOY_PRIME_URL: 'https://deploy-preview-42--acme.netlify.app',
		}),
	},
	{
		name: 'a local preview build in one locale: no branch, commit, deploy address or site address',
		options: { site: { name: `A & <B> 'c' "d"` }, locales: ['en'] },
		base: '/fallback/',
		env: netlify('deploy-preview'),
	},
	{
		name: "production in the site's own 404.html, and its Arabic one for the Arabic pages",
		options: { site: { name: 'Acme' }, locales: ['en', 'de', 'ar'] },
		base: '/fallback/',
		env: netlify('production', { URL: 'https://acme.example' }),
		shell: { text: shellPage('en', '/'), locales: { ar: shellPage('ar', '/ar/') } },
	},
	{
		name: 'a deploy preview in the site’s own 404.html',
		options: { site: { name: 'Acme' }, locales: ['en', 'ar'] },
		base: '/fallback/',
		env: netlify('deploy-preview', {
			BRANCH: 'feat/look',
			COMMIT_REF: '0123456789abcdef0123456789abcdef01234567',
		}),
		shell: { text: shellPage('en', '/'), locales: {} },
	},
];

/** Every file under `folder`, by path inside it. */
function filesOf(folder: string): Map<string, string> {
	return new Map(
		readdirSync(folder, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => join(entry.parentPath, entry.name))
			.sort()
			.map((path) => [path.slice(folder.length), readFileSync(path, 'utf8')]),
	);
}

let kit: Kit;
const astro = new Map<string, Map<string, string>>();

beforeAll(async () => {
	const out = join(buildOutDir('kit'), 'kit.json');
	await node(['kit', out, JSON.stringify(kitLocales)]);
	kit = JSON.parse(readFileSync(out, 'utf8')) as Kit;
	for (const { name, options, base, env, shell } of cases) {
		const publish = buildOutDir('kit-astro');
		await node(
			['astro', publish, JSON.stringify(options), base, ...(shell ? [JSON.stringify(shell)] : [])],
			env,
		);
		astro.set(name, filesOf(join(publish, base)));
	}
}, buildTimeoutMs);

describe('the kit filled with a site’s values is what Astro builds for it', () => {
	it('is built in the locales asked for, with its marks, which no page Astro builds for a site holds', () => {
		const folders = Object.keys(kit.variants.preview).map((path) => path.split('/')[0]!);
		expect(new Set(folders.filter((folder) => !folder.includes('.')))).toEqual(
			new Set(['_astro', 'de', 'ar', 'problem']),
		);
		const page = kit.variants.preview['404.html']!;
		expect(page).toContain('<nav aria-label="Other languages" data-kit="languages">');
		expect(page).toContain('<kit-part data-kit="if-branch">');
		for (const files of astro.values()) {
			for (const [path, text] of files) expect(text, path).not.toMatch(/data-kit|<kit-part/);
		}
		// Marked or not, the gallery's elements are as before the marks: no scoped class on them.
		const gallery = astro.get(cases[1]!.name)!.get('index.html')!;
		expect(gallery).toMatch(/<code data-astro-cid-\w+><bdi/);
		expect(gallery).not.toMatch(/<(code|dt|dd|footer|nav|li)\b[^>]*class=/);
	});

	for (const { name, options, base, env, shell } of cases) {
		it(name, async () => {
			// The plugin's path: the deploy read from Netlify's variables, then the kit filled.
			const saved = process.env;
			process.env = { ...clean, ...env };
			let pages;
			try {
				pages = await kitPages(kit, embeddedRules(options, base), undefined, undefined, shell);
			} finally {
				process.env = saved;
			}
			const publish = buildOutDir('kit-filled');
			await pages.place(publish);
			const filled = filesOf(join(publish, base));
			const expected = astro.get(name)!;
			expect([...filled.keys()]).toEqual([...expected.keys()]);
			for (const [path, text] of expected) expect(filled.get(path), path).toBe(text);
		});
	}
});
