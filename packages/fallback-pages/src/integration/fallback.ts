/**
 * `fallback({ ... })`, the Astro integration: injects Fallback's pages into the site's build (from
 * this package, prerendered), serves them the validated options as virtual modules, and after the
 * build writes what is derived from the route contract but is not a page: the Netlify rules after
 * the site's own, the host configs and the contract. Generators stay pure; this is the one place
 * that writes. It touches nothing of the site's: its pages, settings, rules and files stay as the
 * site built them.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@astrojs/react';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import {
	baseOf,
	CONTRACT_NAME,
	errorRoutes,
	joinBase,
	MAINTENANCE_STATUS,
	requiredStatusPage,
	siteBaseOf,
} from '../contract/contract';
import { contractJson } from '../contract/contractFile';
import { optionsContract } from '../contract/fromOptions';
import { inlineCodeOf } from '../quality/pageAnalysis';
import { describeDeploy, readDeploy, type Deploy } from '../config/deploy';
import { hostConfigFiles, netlifyFiles, type HostConfigFile } from '../hosts/index';
import { netlifySiteStatusRedirects } from '../hosts/netlify';
import { haproxyOversizedFiles, haproxyPayloadLimit } from '../hosts/haproxy';
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
import { hostsDirOf } from '../verify/site';
import { clashError, collisions, ownPages, settlePages } from './ownPages';
import { packageRoot } from '../packageRoot';
import { defaultLanguagesLine, siteLocaleAliases, siteLocales } from './siteLocales';
import { writeBlock } from './ruleFiles';

export type { FallbackOptions };

/** Every HTML file of the build, by its path in dist/. */
async function readHtml(dist: string): Promise<Map<string, string>> {
	const names = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html')).sort();
	return new Map(
		await Promise.all(names.map(async (name) => [name, await readFile(join(dist, name), 'utf8')] as const)),
	);
}

/**
 * @astrojs/react always bundles its hydration runtime, even when no component is hydrated.
 * Fallback renders React at build time only: in a build that is Fallback's alone (no page of the
 * site's own), an `_astro` file no page names is removed rather than deployed. In a site, nothing
 * of `_astro` is touched: the site's chunks and fonts are named by other files, not by pages.
 */
async function removeUnreferencedAssets(dist: string, assetsFolder: string, logger: AstroIntegrationLogger) {
	const assetsDir = join(dist, assetsFolder);
	const assets = await readdir(assetsDir).catch(() => [] as string[]);
	if (assets.length === 0) return;
	const html = [...(await readHtml(dist)).values()].join('\n');
	const unused = assets.filter((asset) => !html.includes(asset));
	await Promise.all(unused.map((asset) => rm(join(assetsDir, asset))));
	if (unused.length === assets.length) await rm(assetsDir, { recursive: true });
	if (unused.length > 0) logger.info(`removed ${unused.length} unreferenced asset(s) from ${assetsFolder}/`);
}

async function writeFiles(dir: string, files: readonly HostConfigFile[]) {
	for (const file of files) {
		const path = join(dir, file.path);
		await mkdir(dirname(path), { recursive: true });
		await writeFile(path, file.content);
	}
}

/**
 * Fallback's rules after whatever the build already holds (the site's `public/_redirects`, its
 * `_headers`): the site's own rules come first and keep winning, Fallback's catch-all comes last.
 */
async function appendRules(dist: string, files: readonly HostConfigFile[]) {
	for (const file of files) await writeBlock(join(dist, file.path), file.content);
}

/** A folder as the log names it: relative to the project, with a slash, when inside it. */
function shownPath(root: string, folder: string): string {
	const shown = relative(root, folder);
	return shown.startsWith('..') ? resolve(folder) : `${shown}/`;
}

/**
 * Removes the host configs an earlier build wrote (a folder holding its contract); resolves to
 * whether there were any. Any other folder at that path is left alone.
 */
async function removeHostsDir(hostsDir: string): Promise<boolean> {
	if (!existsSync(join(hostsDir, CONTRACT_NAME))) return false;
	await rm(hostsDir, { recursive: true, force: true });
	return true;
}

/**
 * Replaces the host configs of an earlier build. Only a folder Fallback wrote (it holds the contract)
 * is removed; any other folder at that path stops the build instead.
 */
async function replaceHostsDir(hostsDir: string, files: readonly HostConfigFile[]) {
	if (existsSync(hostsDir)) {
		const ours = existsSync(join(hostsDir, CONTRACT_NAME));
		if (!ours && (await readdir(hostsDir)).length > 0) {
			throw new Error(
				`fallback: ${hostsDir} exists and is not Fallback's (no ${CONTRACT_NAME} in it); nothing was removed. Choose another folder with fallback({ hostsDir: '…' }).`,
			);
		}
		await rm(hostsDir, { recursive: true, force: true });
	}
	await writeFiles(hostsDir, files);
}

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

/** The site's public address: the option, then Netlify's main URL, then Astro's `site`; else none. */
function siteUrl(option: string | undefined, deploy: Deploy, astroSite: string | undefined): string | null {
	return option ?? deploy.siteUrl ?? astroSite ?? null;
}

/** The routes Fallback injects, relative to its base; their files live in this package's src/routes/. */
const routes: readonly { pattern: string; file: string }[] = [
	{ pattern: '[...locale]/[code]', file: '[...locale]/[code].astro' },
	{ pattern: '[...locale]/application-error', file: '[...locale]/application-error.astro' },
	{ pattern: '[...locale]/global-error', file: '[...locale]/global-error.astro' },
	{ pattern: '[...locale]', file: '[...locale]/index.astro' },
	{ pattern: '[...locale]/problem/[name].json', file: '[...locale]/problem/[name].json.ts' },
	{ pattern: '[...locale]/problem/[name].txt', file: '[...locale]/problem/[name].txt.ts' },
];

const routeFile = (file: string) => pathToFileURL(join(packageRoot, 'src/routes', file));

export default function fallback(rawOptions: FallbackOptions = {}): AstroIntegration {
	return fallbackIntegration(rawOptions, { embedded: false });
}

/**
 * The integration; `embedded`: the pages for a site that is not an Astro site (the `embed` command,
 * the Netlify build plugin), built alone under their base, with no inline code (the site's CSP
 * applies to them) and with the site's own security headers in charge. `notice`: where the lines a
 * team must read go besides Astro's log (the deploy context, the languages, a missing address).
 */
export function fallbackIntegration(
	rawOptions: FallbackOptions,
	{ embedded, notice }: { embedded: boolean; notice?: (line: string) => void },
): AstroIntegration {
	// Checked before anything is built: a broken option stops the build at once, naming it.
	let options = parseOptions(rawOptions);
	let shipped = shippedLocales(options);
	/** The site's own locale folders that are not Fallback's (Astro's i18n), as URL folders. */
	let localeAliases: Record<string, string> = {};
	let root = '';
	/** Where the build is served: Astro's base, `/` around (`/docs/`). */
	let siteBase = '/';
	/** Beside pages in a folder of their own: the statuses whose page the site has at its root. */
	let siteStatusPages: number[] = [];
	let assetsDir = '_astro';
	/** The build holds no page of the site's own: Fallback's alone (the starter, the CLI). */
	let ownsBuild = true;
	let resolved: FallbackConfig | undefined;
	const config = (): FallbackConfig => {
		if (!resolved) throw new Error('fallback: the pages were loaded before astro:config:setup');
		return resolved;
	};
	return {
		name: 'fallback-pages',
		hooks: {
			'astro:config:setup': async ({ config: astro, command, updateConfig, injectRoute, logger }) => {
				root = fileURLToPath(astro.root);
				siteBase = joinBase(astro.base, '/');
				// What a team must know of this build, in a line each: also said by the CLI and the
				// plugin, which run Astro with its log quiet.
				const tell = (line: string) => {
					logger.info(line);
					notice?.(line);
				};
				const deploy = readDeploy({ ...options, dev: command === 'dev' });
				tell(describeDeploy(deploy));
				// The site's languages: the option, else Astro's i18n, else the default locale alone.
				const i18n = astro.i18n ? siteLocales(astro.i18n) : undefined;
				if (i18n && rawOptions.locales === undefined) {
					// The defaultLocale option, when given, stays the default.
					const defaultLocale =
						rawOptions.defaultLocale === undefined ? i18n.defaultLocale : options.defaultLocale;
					const others = i18n.locales.filter((locale) => locale !== defaultLocale);
					options = { ...options, locales: [defaultLocale, ...others], defaultLocale };
					shipped = shippedLocales(options);
					tell(i18n.summary);
				} else if (!i18n && rawOptions.locales === undefined) {
					tell(defaultLanguagesLine(options.defaultLocale));
				}
				localeAliases = siteLocaleAliases(i18n?.folders ?? [], {
					siteBase,
					pagesBase: joinBase(siteBase, options.base),
					locales: shipped.locales,
					defaultLocale: shipped.defaultLocale,
				});
				assetsDir = astro.build.assets;
				// The icons are React components rendered at build time.
				if (!astro.integrations.some((integration) => integration.name === '@astrojs/react')) {
					updateConfig({ integrations: [react()] });
				}
				const { logo, ...brand } = options.brand;
				const logoMarkup = logo ? await loadLogo(logo, root) : undefined;
				const lowest = contrasts(brand).sort(
					(a, b) => a.ratio / a.pair.minimum - b.ratio / b.pair.minimum,
				)[0]!;
				logger.info(
					`brand: every colour pair meets WCAG 2.2 AA in both schemes; closest: ${lowest.pair.what} ${formatRatio(lowest.ratio)}:1 (${lowest.scheme}, needs ${lowest.pair.minimum}:1)${logoMarkup ? `; logo ${logo} inlined (${logoMarkup.length} B)` : ''}`,
				);
				const url = siteUrl(options.site.url, deploy, astro.site);
				if (url === null) {
					tell(
						"no site address (the option site.url, Astro's site or Netlify's URL): the problem documents' type is a relative reference (/404), which clients resolve against the address they asked",
					);
				}
				resolved = {
					// "Go back home" leads to the site's home: under its base unless the option says where.
					site: {
						...options.site,
						url,
						homeUrl: rawOptions.site?.homeUrl === undefined ? siteBase : options.site.homeUrl,
					},
					brand: { ...brand, ...(logoMarkup ? { logo: logoMarkup } : {}) },
					actions: options.actions,
					links: options.links,
					help: options.help,
					locales: shipped.locales,
					defaultLocale: shipped.defaultLocale,
					mode: embedded ? 'embed' : 'site',
					base: joinBase(astro.base, options.base),
					sitePages: options.sitePages,
					siteGalleries: [],
					deploy,
				};
				updateConfig({
					vite: {
						plugins: [
							virtualModules(config, {
								// Embedded pages carry no inline style: on a preview, the banner's styles
								// come with the stylesheet.
								theme:
									themeCss(brand, brand.font, { banner: deploy.isPreview }) +
									(embedded && deploy.isPreview
										? await readFile(join(packageRoot, 'src/styles/preview.css'), 'utf8')
										: ''),
								schemes: schemeClassesCss(brand),
							}),
						],
					},
				});
				if (embedded) {
					// Fallback's pages alone, in their folder, with the stylesheet and scripts as files
					// inside it: a site-wide CSP such as `default-src 'self'` allows them, where it would
					// block inline ones.
					assetsDir = `${options.base.slice(1)}_astro`;
					updateConfig({
						build: { inlineStylesheets: 'never', assets: assetsDir },
						vite: { build: { assetsInlineLimit: 0 } },
					});
				}
				for (const route of routes) {
					injectRoute({
						pattern: `${options.base}${route.pattern}`,
						entrypoint: routeFile(route.file),
						prerender: true,
					});
				}
			},
			'astro:routes:resolved': ({ routes: resolvedRoutes, logger }) => {
				const site = resolvedRoutes.filter((route) => route.origin === 'project');
				ownsBuild = site.length === 0;
				if (options.base !== '/') {
					siteStatusPages = [404, 500].filter((status) =>
						site.some((route) => route.pathname === `/${status}`),
					);
				}
				const found = collisions(
					site.map((route) => ({ pathname: route.pathname, entrypoint: route.entrypoint })),
					options.base,
					{ locales: shipped.locales, defaultLocale: shipped.defaultLocale, sitePages: options.sitePages },
				);
				if (found.clashes.length > 0) throw clashError(found.clashes);
				// Astro resolves the routes again in some builds: said once.
				const changed = found.galleries.join() !== config().siteGalleries.join();
				config().siteGalleries = found.galleries;
				if (changed) {
					logger.info(
						`the site has its own page at ${found.galleries.map((gallery) => `${options.base}${gallery}`).join(', ')}: Fallback's gallery is left out there`,
					);
				}
			},
			'astro:build:done': async ({ dir, logger }) => {
				const { deploy } = config();
				const dist = fileURLToPath(dir);
				const pages = ownPages({
					locales: shipped.locales,
					defaultLocale: shipped.defaultLocale,
					sitePages: options.sitePages,
					siteGalleries: config().siteGalleries,
				});
				const texts = await settlePages(dist, options.base, pages, assetsDir, { inline: !embedded });
				if (ownsBuild) await removeUnreferencedAssets(dist, assetsDir, logger);
				const inline = inlineCodeOf(texts.values());
				if (embedded && inline.styles.length + inline.scripts.length > 0) {
					throw new Error(
						`fallback: ${inline.styles.length} inline style(s) and ${inline.scripts.length} inline script(s) left in embedded pages; the site's CSP would block them`,
					);
				}
				// Each page carries the policy for its own inline code: the contract (and every
				// config written from it) depends on the options and the deploy context only.
				const contract = optionsContract(options, {
					embedded,
					preview: deploy.isPreview,
					siteGalleries: config().siteGalleries,
					siteBase,
					localeAliases,
				});
				const base = baseOf(contract);
				if (contract.maintenance) {
					logger.warn(
						`maintenance is on: every path but ${contract.maintenance.allowedPaths.join(', ') || '(none)'} answers ${MAINTENANCE_STATUS}, Retry-After: ${requiredStatusPage(contract, MAINTENANCE_STATUS).headers['Retry-After']}`,
					);
				}
				// At the root of a build that is Fallback's alone, the page headers go on every path;
				// otherwise on Fallback's own paths and files only.
				const everyPath = ownsBuild && options.base === '/';
				const [redirects, headers] = netlifyFiles(contract, { everyPath });
				// Beside pages in a folder of their own, the site's own status pages at its root answer
				// with their status, never 200.
				const own = netlifySiteStatusRedirects(contract, siteStatusPages);
				await appendRules(dist, [{ ...redirects!, content: own + redirects!.content }, headers!]);
				logger.info(
					`${pages.length} pages${base === '/' ? '' : ` under ${base}`}; _redirects (${errorRoutes(contract).length} error routes${own ? `, the site's own ${siteStatusPages.join(', ')} page at its status` : ''}) and _headers (${deploy.context}${deploy.isPreview ? ', noindex' : ''}${everyPath ? '' : ", on Fallback's pages only"}) after the site's own`,
				);
				const hostsDir = hostsDirOf(dist, root, options.hostsDir);
				if (base !== '/') {
					// The contract, for `verify --base`, in the pages' folder (its rules answer it as an
					// unknown path). The server configs describe pages at the root: none for a base,
					// and none of an earlier build stays behind to be mistaken for this one's.
					const folder = base.slice(siteBaseOf(contract).length);
					await writeFiles(dist, [{ path: `${folder}${CONTRACT_NAME}`, content: contractJson(contract) }]);
					const removed = await removeHostsDir(hostsDir);
					logger.info(
						`the route contract is ${base}${CONTRACT_NAME}; server configs describe pages at the root: none written for ${base}${removed ? `, and the earlier build's in ${shownPath(root, hostsDir)} removed` : ''}`,
					);
					return;
				}
				// HAProxy answers with pages it holds in one buffer: a page that does not fit would stop it.
				const oversized = haproxyOversizedFiles(contract, (file) => statSync(join(dist, file)).size);
				if (oversized.length > 0) {
					throw new Error(
						`hosts/haproxy: ${oversized.map(({ file, bytes }) => `${file} (${bytes} B)`).join(', ')} exceed the ${haproxyPayloadLimit} B a page may have in HAProxy's buffer`,
					);
				}
				const files = hostConfigFiles(contract, options.hosts);
				// The contract itself, for `verify`: what a deploy of this build must answer.
				await replaceHostsDir(hostsDir, [...files, { path: CONTRACT_NAME, content: contractJson(contract) }]);
				logger.info(
					`wrote ${files.length} host configs (nginx, Caddy, Apache, HAProxy, CloudFront, Cloudflare, Vercel, Traefik, Kubernetes) and the route contract (${CONTRACT_NAME}) to ${shownPath(root, hostsDir)}`,
				);
			},
		},
	};
}
