/**
 * One variant of the kit (standIns.ts), built by Astro: run with `kitEnv(variant)` as the
 * environment, `node makeKit.js <out.json>` writes the pages' files (path inside the folder → text,
 * all but contract.json) as JSON. The plugin's bundle script runs it once per variant.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEmbedded } from '../embed/pages';
import { CONTRACT_NAME } from '../contract/contract';
import { KIT_BASE, kitOptions } from './standIns';

const out = process.argv[2];
if (!out) throw new Error('usage: node makeKit.js <out.json>');
const built = await buildEmbedded(kitOptions, KIT_BASE);
const publish = await mkdtemp(join(tmpdir(), 'fallback-kit-'));
try {
	await built.place(publish);
	const folder = join(publish, KIT_BASE);
	const paths = (await readdir(folder, { recursive: true, withFileTypes: true }))
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(folder.length))
		.filter((path) => path !== CONTRACT_NAME)
		.sort();
	const files: Record<string, string> = {};
	for (const path of paths) files[path] = await readFile(join(folder, path), 'utf8');
	await writeFile(out, JSON.stringify(files));
} finally {
	await built.dispose();
	await rm(publish, { recursive: true, force: true });
}
