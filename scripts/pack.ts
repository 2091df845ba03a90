/**
 * `npm run pack`: both packages packed into packs/, as npm would publish them, for a site to install
 * from until they are on npm (the Start pages copy one into the site's vendor/ and install it from there).
 * The plugin's tarball takes about 40 s: packing builds its prebuilt pages.
 */
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packsFolder } from '../docs/src/start/quickStarts.ts';
import { packTarball, repositoryRoot } from './fresh-project.ts';

const folder = join(repositoryRoot, packsFolder);
mkdirSync(folder, { recursive: true });
for (const workspace of ['fallback-pages', 'netlify-plugin-fallback-pages']) {
	console.log(`Packing ${workspace}…`);
	const tarball = await packTarball(workspace, folder);
	console.log(`  ${relative(process.cwd(), tarball)}`);
}
console.log(
	"\nCopy one into your site's vendor/ folder and install it from there (npm install ./vendor/<file>), then commit vendor/: fallback-pages for Astro and the command, the plugin for Netlify.",
);
