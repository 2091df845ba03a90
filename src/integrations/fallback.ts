/**
 * Fallback's build step: runs after Astro has written dist/ and writes everything derived from
 * the catalogue that is not a page. Generators stay pure; this is the one place that writes.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { errorRoutes } from '../cdn/routes';
import { renderRedirects } from '../cdn/netlifyRedirects';
import { renderHeaders } from '../cdn/netlifyHeaders';
import { contentSecurityPolicy, securityHeaders } from '../cdn/securityHeaders';
import { analysePage } from '../quality/pageAnalysis';
import { deploy } from '../config/deploy';
import { hostConfigFiles } from '../hosts/index';

type Pages = Map<string, string>;

async function readPages(dist: string): Promise<Pages> {
	const names = (await readdir(dist)).filter((name) => name.endsWith('.html')).sort();
	return new Map(
		await Promise.all(names.map(async (name) => [name, await readFile(dist + name, 'utf8')] as const)),
	);
}

/**
 * @astrojs/react always bundles its hydration runtime, even when no component is hydrated.
 * Fallback renders React at build time only, so a bundle no page refers to is removed rather
 * than deployed.
 */
async function removeUnreferencedAssets(dist: string, pages: Pages, logger: AstroIntegrationLogger) {
	const assetsDir = `${dist}_astro/`;
	const assets = await readdir(assetsDir).catch(() => [] as string[]);
	if (assets.length === 0) return;
	const html = [...pages.values()].join('\n');
	const unused = assets.filter((asset) => !html.includes(asset));
	await Promise.all(unused.map((asset) => rm(assetsDir + asset)));
	if (unused.length === assets.length) await rm(assetsDir, { recursive: true });
	if (unused.length > 0) logger.info(`removed ${unused.length} unreferenced asset(s) from _astro/`);
}

/** Host configs go to hosts/ beside dist/: they are installed on servers, never deployed. */
async function writeHostConfigs(hostsDir: string, logger: AstroIntegrationLogger) {
	const files = hostConfigFiles();
	await rm(hostsDir, { recursive: true, force: true });
	for (const file of files) {
		const path = `${hostsDir}${file.path}`;
		await mkdir(dirname(path), { recursive: true });
		await writeFile(path, file.content);
	}
	logger.info(
		`wrote ${files.length} host configs to hosts/ (nginx, Caddy, Apache, CloudFront, Cloudflare, Vercel)`,
	);
}

/** The CSP allows exactly the inline styles and scripts the built pages contain. */
function policyFor(pages: Pages): string {
	const analyses = [...pages.values()].map(analysePage);
	return contentSecurityPolicy({
		styles: analyses.flatMap((a) => a.styles),
		scripts: analyses.flatMap((a) => a.inlineScripts),
	});
}

export default function fallback(): AstroIntegration {
	let root = '';
	return {
		name: 'fallback',
		hooks: {
			'astro:config:done': ({ config }) => {
				root = fileURLToPath(config.root);
			},
			'astro:build:done': async ({ dir, logger }) => {
				const dist = fileURLToPath(dir);
				const pages = await readPages(dist);
				await removeUnreferencedAssets(dist, pages, logger);
				await writeFile(`${dist}_redirects`, renderRedirects(errorRoutes));
				// Previews must never be indexed; `[[headers]]` in netlify.toml cannot depend on the
				// deploy context, so the header is written here, per build.
				const everyResponse = {
					...securityHeaders(policyFor(pages)),
					...(deploy.isPreview ? { 'X-Robots-Tag': 'noindex' } : {}),
				};
				await writeFile(`${dist}_headers`, renderHeaders(errorRoutes, everyResponse));
				await writeHostConfigs(`${root}hosts/`, logger);
				logger.info(
					`wrote _redirects (${errorRoutes.length + 1} rules) and _headers (${deploy.context}${deploy.isPreview ? ', noindex' : ''})`,
				);
			},
		},
	};
}
