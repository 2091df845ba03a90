/**
 * Fallback's build step: runs after Astro has written dist/ and writes everything derived from
 * the route contract that is not a page. Generators stay pure; this is the one place that writes.
 */
import { statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { errorRoutes, MAINTENANCE_STATUS, requiredStatusPage } from '../contract/contract';
import { maintainedContract } from '../config/maintenance';
import { catalogContract } from '../contract/fromCatalog';
import { pageHeaders } from '../contract/pageHeaders';
import { inlineCodeOf } from '../quality/pageAnalysis';
import { deploy } from '../config/deploy';
import { hostConfigFiles, netlifyFiles, type HostConfigFile } from '../hosts/index';
import { haproxyOversizedFiles, haproxyPayloadLimit } from '../hosts/haproxy';
import { netlifyEmbedHeaders, netlifyEmbedRedirects } from '../hosts/netlify';
import { EMBED_PREFIX_VARIABLE, embedPrefix } from '../config/embed';
import type { Locale } from '../i18n';
import {
	parseOptions,
	type FallbackConfig,
	type FallbackOptions,
	type ParsedOptions,
} from '../config/options';
import { contrasts, formatRatio, schemeClassesCss, themeCss } from '../brand/theme';
import { loadLogo } from '../brand/logo';
import { virtualModules } from './virtualModules';
import { CONTRACT_NAME, hostsDirOf } from '../verify/site';

type Pages = Map<string, string>;

/** Every page of the build, by its path in dist/ (`404.html`, `de/404.html`). */
async function readPages(dist: string): Promise<Pages> {
	const names = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html')).sort();
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

async function writeFiles(dir: string, files: readonly HostConfigFile[]) {
	for (const file of files) {
		const path = `${dir}${file.path}`;
		await mkdir(dirname(path), { recursive: true });
		await writeFile(path, file.content);
	}
}

export type { FallbackOptions };

interface ShippedLocales {
	/** Every shipped locale, the default first. */
	locales: Locale[];
	defaultLocale: Locale;
	/** The shipped locales besides the default: each has its folder. */
	others: Locale[];
}

/** The locales a build ships (options.locales has the default first). */
function shippedLocales({ locales, defaultLocale }: ParsedOptions): ShippedLocales {
	return { locales, defaultLocale, others: locales.filter((locale) => locale !== defaultLocale) };
}

/**
 * Embed mode writes no host configs: only the rules `npm run embed` appends to the site's own.
 * A page with inline code would break under the site's CSP, so the build stops on one.
 */
async function writeEmbedRules(
	dist: string,
	pages: Pages,
	prefix: string,
	locales: ShippedLocales,
	logger: AstroIntegrationLogger,
) {
	const inline = inlineCodeOf(pages.values());
	if (inline.styles.length + inline.scripts.length > 0) {
		throw new Error(
			`Embed build: ${inline.styles.length} inline style(s) and ${inline.scripts.length} inline script(s) left in the pages; a site's CSP would block them`,
		);
	}
	const contract = catalogContract({}, locales.others, locales.defaultLocale, []);
	await writeFiles(dist, [
		{ path: '_redirects', content: netlifyEmbedRedirects(contract, prefix) },
		{ path: '_headers', content: netlifyEmbedHeaders(contract, prefix) },
	]);
	logger.info(
		`embed: ${pages.size} pages under ${prefix}, no inline code; rules for the site's _redirects and _headers`,
	);
}

/** The site's public address: the option, then Netlify's main URL, then Astro's `site`. */
function siteUrl(option: string | undefined, astroSite: string | undefined): string {
	return option ?? deploy.siteUrl ?? astroSite ?? 'https://example.com';
}

export default function fallback(rawOptions: FallbackOptions = {}): AstroIntegration {
	// Checked before anything is built: a broken option stops the build at once, naming it.
	const options = parseOptions(rawOptions);
	const shipped = shippedLocales(options);
	const prefix = embedPrefix();
	if (prefix && options.maintenance.enabled) {
		// Embedded pages add rules after the site's own: they cannot put the site's paths on a 503.
		throw new Error(
			`fallback.maintenance: not available for embedded pages (${EMBED_PREFIX_VARIABLE}=${prefix}): the site's own rules come first. Put \`/*  ${prefix}503.html  503!\` at the top of the site's _redirects instead.`,
		);
	}
	let root = '';
	return {
		name: 'fallback',
		hooks: {
			'astro:config:setup': async ({ config, updateConfig, logger }) => {
				root = fileURLToPath(config.root);
				const { logo, ...brand } = options.brand;
				const logoMarkup = logo ? await loadLogo(logo, root) : undefined;
				const lowest = contrasts(brand).sort(
					(a, b) => a.ratio / a.pair.minimum - b.ratio / b.pair.minimum,
				)[0]!;
				logger.info(
					`brand: every colour pair meets WCAG 2.2 AA in both schemes; closest: ${lowest.pair.what} ${formatRatio(lowest.ratio)}:1 (${lowest.scheme}, needs ${lowest.pair.minimum}:1)${logoMarkup ? `; logo ${logo} inlined (${logoMarkup.length} B)` : ''}`,
				);
				const resolved: FallbackConfig = {
					site: { ...options.site, url: siteUrl(options.site.url, config.site) },
					brand: { ...brand, ...(logoMarkup ? { logo: logoMarkup } : {}) },
					actions: options.actions,
					links: options.links,
					help: options.help,
					locales: shipped.locales,
					defaultLocale: shipped.defaultLocale,
					mode: prefix ? 'embed' : 'site',
				};
				updateConfig({
					// dist/404.html, dist/de/503.html…: the names CDNs and web servers look for ('preserve':
					// a locale's gallery is de/index.html). Every page must render when nothing but its own
					// HTML can be fetched: styles inline.
					build: { format: 'preserve', inlineStylesheets: 'always' },
					vite: {
						plugins: [
							virtualModules(resolved, {
								theme: themeCss(brand, brand.font, { banner: deploy.isPreview }),
								schemes: schemeClassesCss(brand),
							}),
						],
					},
				});
				if (prefix) {
					// Under the prefix, with the stylesheet and scripts as files: a site-wide CSP such as
					// `default-src 'self'` allows them, where it would block inline ones.
					updateConfig({
						base: prefix,
						build: { inlineStylesheets: 'never' },
						vite: { build: { assetsInlineLimit: 0 } },
					});
				}
			},
			'astro:build:done': async ({ dir, logger }) => {
				const dist = fileURLToPath(dir);
				const pages = await readPages(dist);
				await removeUnreferencedAssets(dist, pages, logger);
				if (prefix) {
					await writeEmbedRules(dist, pages, prefix, shipped, logger);
					return;
				}
				// The page headers depend on the build: the CSP on the pages' inline code, noindex on
				// previews (netlify.toml's `[[headers]]` cannot depend on the deploy context).
				const built = catalogContract(
					pageHeaders(inlineCodeOf(pages.values()), { preview: deploy.isPreview }),
					shipped.others,
					shipped.defaultLocale,
					options.api.prefixes,
				);
				const contract = maintainedContract(built, options.maintenance);
				if (contract.maintenance) {
					logger.warn(
						`maintenance is on: every path but ${contract.maintenance.allowedPaths.join(', ') || '(none)'} answers ${MAINTENANCE_STATUS}, Retry-After: ${requiredStatusPage(contract, MAINTENANCE_STATUS).headers['Retry-After']}`,
					);
				}
				await writeFiles(dist, netlifyFiles(contract));
				logger.info(
					`wrote _redirects (${errorRoutes(contract).length} error routes) and _headers (${deploy.context}${deploy.isPreview ? ', noindex' : ''})`,
				);
				// HAProxy answers with pages it holds in one buffer: a page that does not fit would stop it.
				const oversized = haproxyOversizedFiles(contract, (file) => statSync(dist + file).size);
				if (oversized.length > 0) {
					throw new Error(
						`hosts/haproxy: ${oversized.map(({ file, bytes }) => `${file} (${bytes} B)`).join(', ')} exceed the ${haproxyPayloadLimit} B a page may have in HAProxy's buffer (haproxyBufferSize in src/hosts/haproxy.ts)`,
					);
				}
				const hostsDir = hostsDirOf(dist, root);
				const files = hostConfigFiles(contract, options.hosts);
				await rm(hostsDir, { recursive: true, force: true });
				// The contract itself, for `npm run verify`: what a deploy of this build must answer.
				await writeFiles(hostsDir, [
					...files,
					{
						path: CONTRACT_NAME,
						content: `${JSON.stringify(contract, null, '\t')}\n`,
					},
				]);
				logger.info(
					`wrote ${files.length} host configs (nginx, Caddy, Apache, HAProxy, CloudFront, Cloudflare, Vercel, Traefik, Kubernetes) and the route contract (${CONTRACT_NAME}) to ${hostsDir.startsWith(root) ? hostsDir.slice(root.length) : hostsDir}`,
				);
			},
		},
	};
}
