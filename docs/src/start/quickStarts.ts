/**
 * Every command and file of the Start pages, in one place: the pages show them (QuickStart.astro),
 * the package suite runs them as written in fresh projects (tests/package/start-pages.test.ts), and
 * the docs test holds the README's quick starts to them. A command a page shows is one a test ran.
 */
import fallbackPackage from '../../../packages/fallback-pages/package.json' with { type: 'json' };
import pluginPackage from '../../../packages/netlify-plugin-fallback-pages/package.json' with { type: 'json' };

/** Where the Start pages assume Fallback's repository is checked out, until the packages are on npm. */
export const clone = '~/fallback';

/** The folder `npm run pack` writes both tarballs to, in the clone. */
export const packsFolder = 'packs';

/** A package's tarball as `npm run pack` names it, in the clone. */
export const tarballOf = ({ name, version }: { name: string; version: string }) =>
	`${clone}/${packsFolder}/${name}-${version}.tgz`;

export const fallbackTarball = tarballOf(fallbackPackage);
export const pluginTarball = tarballOf(pluginPackage);

/** In the clone, once: install the workspace and pack both packages. */
export const packCommands = [`cd ${clone}`, 'npm install', 'npm run pack'];

/** In the clone, for a server without Node: the release archive (start/archive.md; tests/package/release.test.ts). */
export const releaseCommands = [`cd ${clone}`, 'npm install', 'npm run release'];

/** netlify-cli 27, offline, with no Edge Functions (without the flag it downloads Deno and stops). */
const netlifyCli = 'npx --yes --package netlify-cli@27 netlify';

/** A code block of a Start page: shell commands (one per line) or a file's text. */
export interface Block {
	lang: 'sh' | 'js' | 'toml';
	/** A file's name in the project, for a file. */
	file?: string;
	code: string;
}

export interface QuickStart {
	/** The Start page that shows it: `start/astro.mdx`. */
	page: string;
	/** Install from the tarballs `npm run pack` made in the clone: the way that works now. */
	today: string[];
	/** Install once the packages are on npm. */
	published: string[];
	/** Files the team writes, by name. */
	files: Block[];
	/** The build, when serving does not run it. */
	build?: string[];
	/** The local check's server: Netlify's own rule engine on http://localhost:8888. */
	serve: string;
	/** Run against that server while it runs. */
	check: string[];
	/** What the check shows, by path: the status each answers with. */
	answers: Record<string, number>;
}

export const localOrigin = 'http://localhost:8888';

const verifyLocally = `npx fallback-pages verify ${localOrigin} --host netlify-cli`;

export const quickStarts = {
	astro: {
		page: 'start/astro.mdx',
		today: [`npm install ${fallbackTarball}`],
		published: ['npx astro add fallback-pages'],
		files: [
			{
				lang: 'js',
				file: 'astro.config.mjs',
				code: [
					"import { defineConfig } from 'astro/config';",
					"import fallback from 'fallback-pages';",
					'',
					'export default defineConfig({',
					"\tintegrations: [fallback({ site: { name: 'Acme' }, locales: ['en', 'de'] })],",
					'});',
				].join('\n'),
			},
		],
		build: ['npx astro build'],
		serve: `${netlifyCli} dev --offline --dir dist --internal-disable-edge-functions`,
		check: [verifyLocally],
		answers: { '/nope': 404, '/503': 503, '/de/404': 404 },
	},
	netlify: {
		page: 'start/netlify.mdx',
		today: [`npm install --save-dev ${pluginTarball}`],
		published: ['npm install --save-dev netlify-plugin-fallback-pages'],
		files: [
			{
				lang: 'toml',
				file: 'netlify.toml',
				code: [
					'[build]',
					'  command = "npm run build"   # your site\'s own build',
					'  publish = "dist"            # the folder it writes',
					'',
					'[build.environment]',
					'  NODE_VERSION = "24"   # the plugin needs Node >= 22.12',
					'',
					'[[plugins]]',
					'  package = "netlify-plugin-fallback-pages"',
				].join('\n'),
			},
		],
		// `netlify serve` runs the build, plugins included, then serves what it made.
		serve: `${netlifyCli} serve --offline --internal-disable-edge-functions`,
		check: [],
		answers: { '/nope': 404, '/fallback/503': 503, '/fallback/404': 404 },
	},
	cli: {
		page: 'start/cli.mdx',
		today: [`npm install --save-dev ${fallbackTarball}`],
		published: ['npm install --save-dev fallback-pages'],
		files: [
			{
				lang: 'js',
				file: 'fallback.config.mjs',
				code: [
					"import { defineConfig } from 'fallback-pages/config';",
					'',
					'export default defineConfig({',
					"\tsite: { name: 'Acme', url: 'https://acme.example' },",
					"\tlocales: ['en', 'fr'],",
					'});',
				].join('\n'),
			},
		],
		build: ['npx fallback-pages build --config fallback.config.mjs --out fallback'],
		serve: `${netlifyCli} dev --offline --dir fallback --internal-disable-edge-functions`,
		check: [verifyLocally],
		answers: { '/nope': 404, '/503': 503, '/fr/404': 404 },
	},
} satisfies Record<string, QuickStart>;

export type Way = keyof typeof quickStarts;

/** Every command a way's page shows, in the order a reader runs them. */
export const commandsOf = (start: QuickStart): string[] => [
	...start.today,
	...start.published,
	...(start.build ?? []),
	start.serve,
	...start.check,
];
