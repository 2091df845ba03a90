/**
 * The kit: Fallback's embedded pages built by Astro with stand-ins for a site's values
 * (fillables.ts) and marks on what changes by more than a word (marks.ts), once for production and
 * once for a preview, each also for a shell (a site's own 404.html). The Netlify plugin's bundle
 * makes it when the plugin is packed, and ships it.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { CONTRACT_NAME } from '../contract/contract';
import { astroBuild } from '../embed/build';
import { locales, type Locale } from '../i18n';
import { packageVersion } from '../version';
import { KIT_FORMAT, type Kit } from './applyKit';
import { KIT_BASE, kitEnv, kitOptions, type KitVariant } from './fillables';

/** One variant's files (path inside the pages' folder → text), all but contract.json. */
async function variantFiles(
	variant: KitVariant,
	only: readonly Locale[],
	shell = false,
): Promise<Record<string, string>> {
	const { work, outDir } = await astroBuild(
		{ ...kitOptions(only), base: KIT_BASE },
		{ embedded: true, kit: kitEnv(variant), shell },
	);
	try {
		const folder = join(outDir, KIT_BASE);
		const paths = (await readdir(folder, { recursive: true, withFileTypes: true }))
			.filter((entry) => entry.isFile())
			.map((entry) => join(entry.parentPath, entry.name).slice(folder.length))
			.filter((path) => path !== CONTRACT_NAME)
			.sort();
		const files: Record<string, string> = {};
		for (const path of paths) files[path] = await readFile(join(folder, path), 'utf8');
		return files;
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}

/**
 * Builds the kit: production and a preview, each also for a shell, in `only` the locales (every one
 * by default; English, the kit's default locale, first).
 */
export async function makeKit(only: readonly Locale[] = locales): Promise<Kit> {
	return {
		format: KIT_FORMAT,
		version: packageVersion,
		variants: {
			production: await variantFiles('production', only),
			preview: await variantFiles('preview', only),
			'production-shell': await variantFiles('production', only, true),
			'preview-shell': await variantFiles('preview', only, true),
		},
	};
}

/**
 * The kit's file as the plugin ships it (readKit reads it): JSON, each variant's files compressed
 * with Brotli on their own, so that a deploy decompresses and parses only the variant it uses.
 */
export const packKit = (kit: Kit): Buffer =>
	Buffer.from(
		JSON.stringify({
			format: kit.format,
			version: kit.version,
			variants: Object.fromEntries(
				Object.entries(kit.variants).map(([name, files]) => [
					name,
					brotliCompressSync(JSON.stringify(files), {
						params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
					}).toString('base64'),
				]),
			),
		}),
	);
