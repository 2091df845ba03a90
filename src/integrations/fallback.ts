/**
 * Fallback's build step: runs after Astro has written dist/ and writes everything derived from
 * the catalogue that is not a page. Generators stay pure; this is the one place that writes.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';

/**
 * @astrojs/react always bundles its hydration runtime, even when no component is hydrated.
 * Fallback renders React at build time only, so a bundle no page refers to is removed rather
 * than deployed.
 */
async function removeUnreferencedAssets(dist: string, logger: AstroIntegrationLogger) {
	const assetsDir = `${dist}_astro/`;
	const assets = await readdir(assetsDir).catch(() => [] as string[]);
	if (assets.length === 0) return;
	const pages = (await readdir(dist)).filter((name) => name.endsWith('.html'));
	const html = (await Promise.all(pages.map((page) => readFile(dist + page, 'utf8')))).join('\n');
	const unused = assets.filter((asset) => !html.includes(asset));
	await Promise.all(unused.map((asset) => rm(assetsDir + asset)));
	if (unused.length === assets.length) await rm(assetsDir, { recursive: true });
	if (unused.length > 0) logger.info(`removed ${unused.length} unreferenced asset(s) from _astro/`);
}

export default function fallback(): AstroIntegration {
	return {
		name: 'fallback',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const dist = fileURLToPath(dir);
				await removeUnreferencedAssets(dist, logger);
			},
		},
	};
}
