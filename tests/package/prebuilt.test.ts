/**
 * The Netlify plugin's prebuilt pages (the kit, dist/kit.json) against Astro's build: for the
 * same options and deploy, the packed plugin's kit path (dist/fallback.js, no Astro) and `fallback-pages
 * embed` (Astro) write the same pages' folder, file for file and byte for byte. Astro's side is
 * this workspace's command, which built the kit when the plugin was packed: Astro names scoped
 * styles (`data-astro-cid-…`) after the components' paths, so the same pages built from another
 * folder differ in those names only. Each side runs in a process of its own with the deploy's
 * variables, as on Netlify.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
	environment,
	filesOf,
	makeProject,
	removeProject,
	repositoryRoot,
	run,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { locales } from '../../packages/fallback-pages/src/i18n';
import { fingerprint } from './netlifyBuild';

/** The kit's side: what placePages does with options the kit takes. */
const kitSide = [
	"import { join } from 'node:path';",
	"const plugin = join(process.cwd(), 'node_modules/netlify-plugin-fallback-pages/dist');",
	"const code = await import(join(plugin, 'fallback.js'));",
	'const [config, into, base] = process.argv.slice(2);',
	'const options = (await import(join(process.cwd(), config))).default;',
	'const planned = code.embeddedRules(options, base);',
	'const problem = code.kitProblem(planned);',
	'if (problem) throw new Error(`not the kit: ${problem}`);',
	"const pages = await code.kitPages(code.readKit(join(plugin, 'kit.json')), planned);",
	'await pages.place(into);',
	'console.log(`${pages.pages} pages in ${pages.seconds.toFixed(2)} s`);',
	'',
].join('\n');

/** A branch as untrusted as Netlify passes it on: markup, quotes, over 80 characters. */
const hostileBranch = `feat/<b>&"quoted"-'single'-${'long-'.repeat(16)}end`;

interface Case {
	name: string;
	options: Record<string, unknown>;
	base: string;
	env: Record<string, string>;
}

const netlify = (context: string, more: Record<string, string> = {}) => ({
	NETLIFY: 'true',
	CONTEXT: context,
	BRANCH: 'main',
	COMMIT_REF: '0123456789abcdef0123456789abcdef01234567',
	SOURCE_DATE_EPOCH: '1790000000',
	...more,
});

const cases: readonly Case[] = [
	{ name: 'the defaults, no platform', options: {}, base: '/fallback/', env: {} },
	{
		name: 'production: a name to escape, an address with a path, languages in their own order, a deeper folder',
		options: { site: { name: `Ünïcode & <Shop> "q" 'x' > y` }, locales: ['en', 'fa', 'ja', 'de'] },
		base: '/errors/site/',
		env: netlify('production', { URL: 'https://user@bücher.example:8443/shop/' }),
	},
	{
		name: 'a deploy preview in every language, with its deploy address',
		options: { site: { name: 'Acme' }, locales },
		base: '/fallback/',
		env: netlify('deploy-preview', {
			URL: 'https://acme.example',
			DEPLOY_PRIME_URL: 'https://deploy-preview-42--acme.netlify.app',
			BRANCH: hostileBranch,
		}),
	},
	{
		name: 'a local preview build: no branch, commit or address',
		options: { locales: ['en', 'de'] },
		base: '/fallback/',
		env: { NETLIFY: 'true', CONTEXT: 'deploy-preview', SOURCE_DATE_EPOCH: '1790000000' },
	},
	{
		name: 'a branch deploy without an address, right-to-left',
		options: { site: { name: 'A & B' }, locales: ['en', 'ar'] },
		base: '/fallback/',
		env: netlify('branch-deploy', { BRANCH: 'fix/ünïcode' }),
	},
];

let project: string;

beforeAll(async () => {
	const tarballs = inject('tarballs');
	// The plugin alone, as a site with the default look installs it.
	project = await makeProject('prebuilt', {
		'package.json': JSON.stringify({ name: 'prebuilt', private: true, type: 'module' }),
		'kit-side.mjs': kitSide,
	});
	await sharedNpmInstall(project, ['--save-dev', tarballs['netlify-plugin-fallback-pages']]);
}, 600_000);

afterAll(() => removeProject(project));

describe("the plugin's prebuilt pages are Astro's, byte for byte", () => {
	it.each(cases.map((one, index) => [one.name, index] as const))(
		'%s',
		async (_name, index) => {
			const { options, base, env } = cases[index]!;
			const config = `case-${index}.config.mjs`;
			writeFileSync(join(project, config), `export default ${JSON.stringify(options)};\n`);
			const deploy = { ...environment, ...env };
			// A built site's publish folder, with nothing in it.
			mkdirSync(join(project, `astro-${index}`));
			const astro = await run(
				project,
				process.execPath,
				[
					join(repositoryRoot, 'packages/fallback-pages/bin/fallback-pages.js'),
					...['embed', '--into', `astro-${index}`, '--config', config, '--base', base],
				],
				deploy,
			);
			expect(astro.code, astro.stdout + astro.stderr).toBe(0);
			const kit = await run(
				project,
				process.execPath,
				['kit-side.mjs', config, `kit-${index}`, base],
				deploy,
			);
			expect(kit.code, kit.stdout + kit.stderr).toBe(0);
			console.log(
				`${cases[index]!.name}: Astro ${astro.stdout.match(/built in [\d.]+ s/)?.[0]}; kit ${kit.stdout.trim()}`,
			);
			const ofAstro = join(project, `astro-${index}`, base.slice(0, -1));
			const ofKit = join(project, `kit-${index}`, base.slice(0, -1));
			expect(filesOf(ofKit)).toEqual(filesOf(ofAstro));
			expect(filesOf(ofKit).length).toBeGreaterThan(40);
			const astroFiles = fingerprint(ofAstro);
			const differing = Object.entries(fingerprint(ofKit))
				.filter(([file, hash]) => astroFiles[file] !== hash)
				.map(([file]) => file);
			expect(differing, differing.map((file) => readFileSync(join(ofKit, file), 'utf8')).join('\n')).toEqual(
				[],
			);
		},
		120_000,
	);

	it('names the options only Astro builds, and leaves the kit out for them', async () => {
		writeFileSync(
			join(project, 'branded.config.mjs'),
			"export default { brand: { accent: { light: '#0b5fff', dark: '#7aa2ff' } }, links: [{ label: 'Help', url: '/help' }] };\n",
		);
		const result = await run(
			project,
			process.execPath,
			['kit-side.mjs', 'branded.config.mjs', 'kit-branded', '/fallback/'],
			environment,
		);
		expect(result.code).not.toBe(0);
		expect(result.stderr).toContain('not the kit: brand.accent and links are not the default look');
	});
});
