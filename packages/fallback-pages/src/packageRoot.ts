/**
 * The folder of the installed package (the one with its package.json), found from this module
 * wherever it runs: its source in src/, its bundle in dist/, or bundled into another build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const NAME = 'fallback-pages';

function findPackageRoot(from: string): string {
	for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (
			existsSync(manifest) &&
			(JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === NAME
		) {
			return dir;
		}
	}
	// Bundled into another project's build (the docs site's): the package as Node resolves it there.
	return dirname(createRequire(join(from, 'index.js')).resolve(`${NAME}/package.json`));
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
