/**
 * Every command and file of the Start pages, in one place: the pages show them (QuickStart.astro),
 * the package suite runs them as written in fresh projects (tests/package/start-pages.test.ts), and
 * the docs test holds the README's quick starts to them. A command a page shows is one a test ran,
 * but the installs from npm (`published`, `publishedWith`), which wait for the packages to be there.
 */
import fallbackPackage from '../../../packages/fallback-pages/package.json' with { type: 'json' };
import pluginPackage from '../../../packages/netlify-plugin-fallback-pages/package.json' with { type: 'json' };

/** Where the Start pages assume Fallback's repository is checked out, until the packages are on npm. */
export const clone = '~/fallback';

/** The folder `npm run pack` writes both tarballs to, in the clone. */
export const packsFolder = 'packs';

/**
 * The folder of a team's repository the tarballs are copied to and committed in: installed from
 * there, `package.json` and the lock file name a path inside the repository (`file:vendor/…`), so a
 * clean clone (Netlify's build, any CI) installs it with nothing else on the machine.
 */
export const vendorFolder = 'vendor';

/** A package's tarball as `npm run pack` names it. */
const tarballName = ({ name, version }: { name: string; version: string }) => `${name}-${version}.tgz`;

/**
 * Before the packages are on npm: the tarball copied from the clone into the site's `vendor/`
 * (committed with the site), and installed from there.
 */
const vendoredInstall = (pack: { name: string; version: string }, saveDev: boolean): string[] => [
	`mkdir -p ${vendorFolder}`,
	`cp ${clone}/${packsFolder}/${tarballName(pack)} ${vendorFolder}/`,
	`npm install${saveDev ? ' --save-dev' : ''} ./${vendorFolder}/${tarballName(pack)}`,
];

/** What `package.json` records for a vendored tarball: a path inside the repository. */
const vendored = (pack: { name: string; version: string }) => ({
	name: pack.name,
	spec: `file:${vendorFolder}/${tarballName(pack)}`,
});

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
	/**
	 * Install from the tarballs `npm run pack` made in the clone, copied into the site's `vendor/`:
	 * the way that works now, on a laptop and in a clean clone alike.
	 */
	today: string[];
	/** The package `today` installs, and what `package.json` records for it: `file:vendor/….tgz`. */
	installs: { name: string; spec: string };
	/** Install once the packages are on npm, with npm. */
	published: string[];
	/** The same with pnpm and with yarn, shown beside npm's. */
	publishedWith: Record<'pnpm' | 'yarn', string[]>;
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
		today: vendoredInstall(fallbackPackage, false),
		installs: vendored(fallbackPackage),
		published: ['npx astro add fallback-pages'],
		publishedWith: { pnpm: ['pnpm astro add fallback-pages'], yarn: ['yarn astro add fallback-pages'] },
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
		today: vendoredInstall(pluginPackage, true),
		installs: vendored(pluginPackage),
		published: ['npm install --save-dev netlify-plugin-fallback-pages'],
		publishedWith: {
			pnpm: ['pnpm add --save-dev netlify-plugin-fallback-pages'],
			yarn: ['yarn add --dev netlify-plugin-fallback-pages'],
		},
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
		today: vendoredInstall(fallbackPackage, true),
		installs: vendored(fallbackPackage),
		published: ['npm install --save-dev fallback-pages'],
		publishedWith: { pnpm: ['pnpm add --save-dev fallback-pages'], yarn: ['yarn add --dev fallback-pages'] },
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
	...start.publishedWith.pnpm,
	...start.publishedWith.yarn,
	...(start.build ?? []),
	start.serve,
	...start.check,
];
