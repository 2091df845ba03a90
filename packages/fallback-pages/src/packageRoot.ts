/**
 * The folder of the installed package (the one with its package.json), found from this module
 * wherever it runs: its source in src/ or its bundle in dist/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
	for (let dir = from; ; dir = dirname(dir)) {
		if (existsSync(join(dir, 'package.json'))) return dir;
		if (dirname(dir) === dir) throw new Error(`fallback-pages: no package.json above ${from}`);
	}
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The installed package's version (its package.json's). */
export const packageVersion = (
	JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
