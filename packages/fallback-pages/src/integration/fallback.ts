/**
 * `fallback({ ... })`, the Astro integration: injects Fallback's pages into the site's build (from
 * this package, prerendered), serves them the validated options as virtual modules, and after the
 * build writes what is derived from the route contract but is not a page: the Netlify rules after
 * the site's own, the host configs and the contract, in named steps (buildSteps.ts, the one place
 * that writes; the generators stay pure). It adds no renderer (the icons are rendered to SVG by
 * react-dom/server) and touches nothing of the site's: its pages, settings, rules and files stay
 * as the site built them.
 */
import { readFile, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { baseOf, joinBase } from '../contract/contract';
import { hostsDirOf } from '../contract/contractFile';
import { hasGalleries, optionsContract } from '../contract/fromOptions';
import { describeDeploy, noSiteAddress, readDeploy, siteUrl } from '../config/deploy';
import { javascriptNames, type OptionNames } from '../config/optionNames';
import type { Locale } from '../i18n';
import { type FallbackConfig, type FallbackOptions, type ParsedOptions } from '../config/options';
import { contrasts, formatRatio, schemeClassesCss, themeCss } from '../brand/theme';
import { loadLogo } from '../brand/logo';
import { packageRoot } from '../packageRoot';
import {
	checkNoInlineCode,
	maintenanceWarning,
	writeBaseHostConfigs,
	writeContractAlone,
	writeHostConfigs,
	writeNetlifyRules,
} from './buildSteps';
import {
	aliasSitePages,
	builtPages,
	candidatePaths,
	clashError,
	collisions,
	copySitePages,
	galleriesLine,
	ownPages,
	problemDocuments,
	settlePages,
	sitePagesLine,
	writtenFileOf,
	type OwnPage,
	type SiteRoute,
} from './ownPages';
import { keepStaticHostPages, staticHosts, type StaticHost } from './staticHosts';
import { fallbackPagePaths, keepOutOfSitemaps } from './sitemaps';
import { siteLocaleAliases, siteLocales } from './siteLocales';
import { defaultLanguagesLine } from '../config/optionNames';
import { virtualModules } from './virtualModules';
import { parseSiteOptions } from './userErrors';

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
 * The name of a site whose options name none: Starlight's title (read from its config by the pages:
 * `nameFrom`), else the host of Astro's `site`, else none.
 */
function siteName(
	starlight: boolean,
	astroSite: string | undefined,
): { name: string; nameFrom?: 'starlight' } {
	if (starlight) return { name: '', nameFrom: 'starlight' };
	return { name: astroSite ? new URL(astroSite).hostname : '' };
}

/**
 * For a static host that sets no status (the option `staticHost`): only the pages it answers errors
 * with are kept, no rule files are written; the line says which, and what was left out.
 */
async function staticHostLine(
	dist: string,
	host: StaticHost,
	pages: readonly OwnPage[],
	base: string,
	shipped: ShippedLocales,
): Promise<string> {
	const folder = base.slice(1);
	const problems = problemDocuments(shipped).map((path) => ({ file: `${folder}${path}` }));
	const files = [
		// The host answers its errors with the default locale's page alone.
		...pages.map((page) => ({
			file: `${folder}${page.file}`,
			status: page.locale === shipped.defaultLocale ? page.status : undefined,
		})),
		...problems,
	];
	const kept = await keepStaticHostPages(dist, files, host);
	const { name } = staticHosts[host];
	return `for ${name}: kept ${kept.length > 0 ? kept.join(', ') : "none of Fallback's pages (the site's own error pages answer)"}, which it serves for its errors; left out ${files.length - kept.length} pages and problem documents it would publish as files with 200, and wrote no _redirects or _headers (it would publish them, or cannot use their statuses and headers)`;
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

/** A route file that builds no page (noPages.astro): Fallback's routes' stand-ins under a locale. */
const noPages = 'noPages.astro';

/**
 * The locales Astro's i18n `fallback` copies the default locale's page routes under (`fr` of
 * `fallback: { fr: 'en' }`, as a path segment): each gets a route of its own at Fallback's paths
 * (`/fr/[...locale]/[code]`), which builds nothing, so that Astro makes no copy of Fallback's
 * routes there (it would build Fallback's pages again at `/fr/de/404` and warn once a page).
 */
function fallingBackLocales(i18n: AstroConfig['i18n']): string[] {
	return Object.keys(i18n?.fallback ?? {}).filter((locale) => /^[A-Za-z0-9._~-]+$/.test(locale));
}

export default function fallback(rawOptions: FallbackOptions = {}): AstroIntegration {
	return fallbackIntegration(rawOptions, { embedded: false });
}

/**
 * The integration; `embedded`: the pages for a site that is not an Astro site (the `embed` command,
 * the Netlify build plugin), built alone under their base, with no inline code (the site's CSP
 * applies to them) and with the site's own security headers in charge. `notice`: where the lines a
 * team must read go besides Astro's log (the deploy context, the languages, a missing address).
 * `kit`: the build of the prebuilt pages (kit/makeKit.ts), embedded: the deploy is read from these
 * variables (the stand-ins'), and the components mark what the kit fills (kit/marks.ts).
 */
export function fallbackIntegration(
	rawOptions: FallbackOptions,
	{
		embedded,
		notice,
		names = javascriptNames,
		kit,
	}: {
		embedded: boolean;
		notice?: (line: string) => void;
		names?: OptionNames | undefined;
		kit?: Record<string, string> | undefined;
	},
): AstroIntegration {
	// Checked before anything is built: a broken option stops the build at once, naming it.
	let options = parseSiteOptions(rawOptions);
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
	/** Astro's `site`, and whether Starlight builds the site: what can name it when the options do not. */
	let astroSite: string | undefined;
	let starlight = false;
	/** The sitemap integrations Fallback's pages are kept out of (sitemaps.ts). */
	let sitemaps: string[] = [];
	/** The site's own routes, and Fallback's route patterns as Astro names them (`/[...locale]/[code]`). */
	let siteRoutes: SiteRoute[] = [];
	/** Astro's `outDir`: the host configs go beside it, whatever folder the pages are built into. */
	let outDir = '';
	/** A server-rendered site's adapter (`output: 'server'`): its server answers unknown paths. */
	let adapter: string | undefined;
	let ownPatterns: string[] = [];
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
				const deploy = readDeploy({ ...options, dev: command === 'dev' }, kit);
				tell(describeDeploy(deploy, names.preview));
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
					tell(defaultLanguagesLine(options.defaultLocale, names));
				}
				localeAliases = siteLocaleAliases(i18n?.folders ?? [], {
					siteBase,
					pagesBase: joinBase(siteBase, options.base),
					locales: shipped.locales,
					defaultLocale: shipped.defaultLocale,
				});
				assetsDir = astro.build.assets;
				const { logo, ...brand } = options.brand;
				const logoMarkup = logo ? await loadLogo(logo, root) : undefined;
				const lowest = contrasts(brand).sort(
					(a, b) => a.ratio / a.pair.minimum - b.ratio / b.pair.minimum,
				)[0]!;
				logger.info(
					`brand: every colour pair meets WCAG 2.2 AA in both schemes; closest: ${lowest.pair.what} ${formatRatio(lowest.ratio)}:1 (${lowest.scheme}, needs ${lowest.pair.minimum}:1)${logoMarkup ? `; logo ${logo} inlined (${logoMarkup.length} B)` : ''}`,
				);
				const url = siteUrl(options.site.url, deploy, astro.site);
				if (url === null) tell(noSiteAddress(joinBase(astro.base, options.base), names.address));
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
					sitePaths: [],
					siteGalleries: [],
					galleries: hasGalleries({ embedded, preview: deploy.isPreview }),
					deploy,
					kit: kit !== undefined,
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
				const pageRoutes = routes.filter((route) => route.file.endsWith('.astro'));
				for (const locale of fallingBackLocales(astro.i18n)) {
					for (const route of pageRoutes) {
						injectRoute({
							pattern: `/${locale}${options.base}${route.pattern}`,
							entrypoint: routeFile(noPages),
							prerender: true,
						});
					}
				}
			},
			'astro:config:done': ({ config: astro }) => {
				astroSite = astro.site;
				outDir = fileURLToPath(astro.outDir);
				adapter = astro.output === 'server' ? (astro.adapter?.name ?? 'no adapter') : undefined;
				starlight = astro.integrations.some((integration) => integration.name === '@astrojs/starlight');
				// Read when the sitemap is written, once the site's own galleries are known.
				let ours: ((pathname: string) => boolean) | undefined;
				const isFallbacks = (pathname: string) => {
					if (!ours) {
						const set = {
							locales: shipped.locales,
							defaultLocale: shipped.defaultLocale,
							sitePaths: config().sitePaths,
							siteGalleries: config().siteGalleries,
							galleries: config().galleries,
						};
						ours = fallbackPagePaths(options.base.slice(1), [
							...ownPages(set).map((page) => page.path),
							...problemDocuments(set),
						]);
					}
					return ours(pathname);
				};
				sitemaps = keepOutOfSitemaps(astro.integrations, isFallbacks);
			},
			'astro:routes:resolved': ({ routes: resolvedRoutes, logger }) => {
				// The site's routes: its own files and those other integrations inject (Starlight's
				// `[...slug]` and `404`), everything but Astro's internals and Fallback's.
				const own = new Set(
					[...routes.map((route) => route.file), noPages].map((file) => fileURLToPath(routeFile(file))),
				);
				const isOwn = (route: (typeof resolvedRoutes)[number]) => own.has(resolve(root, route.entrypoint));
				ownPatterns = resolvedRoutes.filter(isOwn).map((route) => route.pattern);
				const site = resolvedRoutes.filter((route) => route.origin !== 'internal' && !isOwn(route));
				siteRoutes = site.map((route) => ({
					pathname: route.pathname,
					entrypoint: route.entrypoint,
					matches: (path: string) => route.patternRegex.test(path),
				}));
				ownsBuild = site.length === 0;
				// In a site of the team's, the pages carry the site's name, never Fallback's own.
				if (!ownsBuild && rawOptions.site?.name === undefined)
					config().site = { ...config().site, ...siteName(starlight, astroSite) };
				if (options.base !== '/') {
					siteStatusPages = [404, 500].filter((status) =>
						site.some((route) => route.pathname === `/${status}`),
					);
				}
				const found = collisions(siteRoutes, options.base, {
					locales: shipped.locales,
					defaultLocale: shipped.defaultLocale,
					sitePages: options.sitePages,
				});
				if (found.clashes.length > 0) throw clashError(found.clashes);
				// Galleries are for review: in Fallback's own build, and in a site's previews where no
				// route of the site's may build a page at their paths.
				const galleries =
					hasGalleries({ embedded, preview: config().deploy.isPreview }) &&
					(ownsBuild || config().deploy.isPreview) &&
					found.catchAll === undefined;
				// Astro resolves the routes again in some builds: said once.
				const changed =
					found.galleries.join() !== config().siteGalleries.join() || galleries !== config().galleries;
				Object.assign(config(), { sitePaths: found.sitePaths, siteGalleries: found.galleries, galleries });
				if (changed && !ownsBuild && !embedded) logger.info(galleriesLine(found, galleries, options.base));
			},
			'astro:build:done': async ({ dir, assets, logger }) => {
				const { deploy } = config();
				const dist = fileURLToPath(dir);
				const set = { locales: shipped.locales, defaultLocale: shipped.defaultLocale };
				const planned = ownPages({
					...set,
					sitePaths: config().sitePaths,
					siteGalleries: config().siteGalleries,
					galleries: config().galleries,
				});
				// Who wrote each of Fallback's paths, from the files Astro says each route wrote: the
				// site's routes win some (Astro warns), and those pages stay as the site built them.
				const ours = new Set(
					ownPatterns.flatMap((pattern) => assets.get(pattern) ?? []).map((url) => fileURLToPath(url)),
				);
				const built = builtPages(candidatePaths(set), planned, {
					base: options.base,
					writtenFile: (candidate) => writtenFileOf(dist, candidate, options.base),
					isOurs: (file) => ours.has(join(dist, file)),
					sitePages: options.sitePages,
					siteRoutes,
				});
				if (built.clashes.length > 0) throw clashError(built.clashes);
				if (built.missing.length > 0) {
					throw new Error(
						`fallback: Astro wrote no file for ${built.missing
							.slice(0, 3)
							.map((page) => `${options.base}${page.path}`)
							.join(', ')}${built.missing.length > 3 ? '…' : ''}. Nothing in the build was changed.`,
					);
				}
				// The site's pages in its own language folders (`/en/` where it prefixes its default
				// locale, `/pt-BR/`) answer for their locale too, at Fallback's paths.
				const aliased =
					options.base === '/'
						? aliasSitePages(dist, {
								aliases: localeAliases,
								siteBase,
								defaultLocale: shipped.defaultLocale,
								sitePages: options.sitePages,
							}).filter(
								(copy) =>
									!config().sitePaths.includes(copy.path) &&
									!built.sitePages.some((page) => page.path === copy.path),
							)
						: [];
				const sitePaths = [
					...new Set([...config().sitePaths, ...[...built.sitePages, ...aliased].map((copy) => copy.path)]),
				];
				config().siteGalleries = built.siteGalleries;
				// A preview whose galleries lost a folder to a page of the site's beside it (`de.html`
				// at `/de` in a `build.format: 'file'` build): no gallery at all, as in production.
				const galleriesKept = !config().galleries || built.emptyFolders.length === 0;
				if (!galleriesKept) {
					for (const gallery of built.ours.filter((page) => page.gallery !== undefined))
						await rm(join(dist, writtenFileOf(dist, gallery, options.base)!));
					config().galleries = false;
					logger.info(
						`no gallery of Fallback's: the site's own pages beside ${built.emptyFolders.map((folder) => `${options.base}${folder}`).join(', ')} leave those folders without one, so none is published`,
					);
				}
				const pages = built.ours.filter(
					(page) => !sitePaths.includes(page.path) && (galleriesKept || page.gallery === undefined),
				);
				const copies = await copySitePages(dist, options.base, [...built.sitePages, ...aliased]);
				if (sitePaths.length > 0)
					logger.info(sitePagesLine(sitePaths, joinBase(siteBase, options.base), copies));
				const texts = await settlePages(dist, options.base, pages, assetsDir, { inline: !embedded });
				if (embedded) checkNoInlineCode(texts.values());
				// Each page carries the policy for its own inline code: the contract (and every
				// config written from it) depends on the options and the deploy context only.
				const contract = optionsContract(options, {
					embedded,
					preview: deploy.isPreview,
					siteGalleries: config().siteGalleries,
					siteBase,
					localeAliases,
					sitePaths,
					galleries: config().galleries,
				});
				const warning = maintenanceWarning(contract);
				if (warning) logger.warn(warning);
				// Beside Astro's outDir (`dist-hosts/`), even where the pages are in `dist/client/`.
				const hostsDir = hostsDirOf(outDir || dist, root, options.hostsDir);
				if (options.staticHost) {
					logger.info(await staticHostLine(dist, options.staticHost, pages, options.base, shipped));
					logger.info(await writeContractAlone(contract, { hostsDir, root }));
					return;
				}
				const rules = await writeNetlifyRules(dist, contract, {
					everyPath: ownsBuild && options.base === '/',
					siteStatusPages,
					pages: pages.length,
					deploy,
				});
				logger.info(
					sitemaps.length > 0 ? `${rules}; none of the pages in the sitemap (${sitemaps.join(', ')})` : rules,
				);
				logger.info(
					baseOf(contract) === '/'
						? await writeHostConfigs(dist, contract, {
								hostsDir,
								root,
								hosts: options.hosts,
								site: !ownsBuild,
								server:
									adapter === undefined
										? undefined
										: { adapter, client: relative(root, dist).replace(/\/?$/, '/') },
							})
						: await writeBaseHostConfigs(dist, contract, {
								hostsDir,
								root,
								hosts: embedded ? undefined : options.hosts,
							}),
				);
			},
		},
	};
}
