/**
 * The versions the test suite runs Fallback with, for the compatibility page: the workspace's own
 * (package-lock.json: Astro, Starlight, netlify-cli, Node) and the older Astro majors the package
 * tier installs (tests/package/astro-releases.json). The page lists nothing the suite does not run.
 */
import lock from '../../../package-lock.json' with { type: 'json' };
import releases from '../../../tests/package/astro-releases.json' with { type: 'json' };
import pages from '../../../packages/fallback-pages/package.json' with { type: 'json' };

const installed = (name: string): string => {
	const entry = (lock.packages as Record<string, { version?: string }>)[`node_modules/${name}`];
	if (!entry?.version) throw new Error(`compatibility: ${name} is not in package-lock.json`);
	return entry.version;
};

export interface Tested {
	what: string;
	version: string;
	how: string;
}

export const tested: readonly Tested[] = [
	{
		what: 'Astro',
		version: installed('astro'),
		how: "every test: the integration, the command, `embed`, the repository's own site, the Netlify plugin and the docs site",
	},
	...[...releases.older].reverse().map((version) => ({
		what: 'Astro',
		version,
		how: `a fresh site with \`fallback()\`, Astro's i18n (en, de) and its own 404 page (\`sitePages\`), installed from the packed package with plain \`npm install\`: it builds, netlify-cli serves it and \`verify\` passes${version.startsWith('5.') ? '; the Netlify plugin on the same site without the integration, through Netlify Build' : ''}`,
	})),
	{
		what: 'Starlight',
		version: installed('@astrojs/starlight'),
		how: 'this docs site, and a Starlight site with `fallback()` (its title names the pages, no error page in its sitemap)',
	},
	{
		what: 'Node.js',
		version: installed('node'),
		how: `every test (the repository pins it); the packages need ${pages.engines.node}`,
	},
	{
		what: 'netlify-cli',
		version: installed('netlify-cli'),
		how: "Netlify's rule engine for every Netlify test, and the plugin guide's local preview",
	},
];

/** The peer range of fallback-pages: the Astro majors it installs beside. */
export const astroPeerRange: string = pages.peerDependencies.astro;
