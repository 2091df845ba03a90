/**
 * `fallback({ ... })`, the Astro integration: injects Fallback's pages into the site's build (from
 * this package, prerendered), serves them the validated options as virtual modules, and after the
 * build writes what is derived from the route contract but is not a page: the Netlify rules after
 * the site's own, the host configs and the contract, in named steps (buildSteps.ts, the one place
 * that writes; the generators stay pure). It adds no renderer (the icons are rendered to SVG by
 * react-dom/server) and touches nothing of the site's: its pages, settings, rules and files stay
 * as the site built them.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, HookParameters } from 'astro';
import type { BuildFolders } from '../hosts/format';
import type { PageAnalysis } from '../html/pageAnalysis';
import { baseOf, joinBase } from '../contract/contract';
import { hostsDirOf } from '../contract/contractFile';
import { hasGalleries, optionsContract } from '../contract/fromOptions';
import { readDeploy } from '../config/deploy';
import { javascriptNames, type OptionNames } from '../config/optionNames';
import { type FallbackConfig, type FallbackOptions, type ParsedOptions } from '../config/options';
import { contrasts, formatRatio, layoutThemeCss, schemeClassesCss, themeCss } from '../brand/theme';
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
import { virtualModules } from './virtualModules';
import {
	copyPassPages,
	pagesPass,
	passFolder,
	quietAfterBuild,
	runPagesPass,
	siteRoutesStubbed,
	wantsPagesPass,
	withoutUnusedAssets,
	type StubbedRoute,
} from './pagesPass';
import { parseSiteOptions } from './userErrors';
import {
	layoutContrastError,
	layoutContrastLines,
	layoutLine,
	layoutLoadLines,
	layoutName,
	siteLayout,
	sitePolicyLines,
} from './siteLayout';
import {
	givenOptions,
	noPages,
	planBuild,
	routes,
	shippedLocales,
	type GivenOptions,
	type ShippedLocales,
} from './plan';

export type { FallbackOptions };

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
	const problems = problemDocuments({
		locales: shipped.pageLocales,
		defaultLocale: shipped.defaultLocale,
	}).map((path) => ({ file: `${folder}${path}` }));
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

const routeFile = (file: string) => pathToFileURL(join(packageRoot, 'src/routes', file));

export default function fallback(rawOptions: FallbackOptions = {}): AstroIntegration {
	return fallbackIntegration(rawOptions, { embedded: false });
}

/** How the integration is run: by a site's `fallback({ … })`, or embedded (the command, the plugin). */
interface Settings {
	embedded: boolean;
	/** Where the lines a team must read go besides Astro's log. */
	notice?: ((line: string) => void) | undefined;
	names: OptionNames;
	/** The kit's build: its deploy's variables. */
	kit?: Record<string, string> | undefined;
	/** Embedded pages that go into the site's own 404.html (html/shell.ts): built in Bare.astro. */
	shell?: boolean | undefined;
	/**
	 * The command's build (embed/build.ts): where the team gets the pages and the host files, which
	 * the Docker files name; an Astro site's are its own outDir and hostsDir.
	 */
	folders?: BuildFolders | undefined;
}

/** What the hooks learn and share, in the order they run. */
interface BuildState {
	/** The options, parsed before anything is built, and which of them the team set. */
	options: ParsedOptions;
	given: GivenOptions;
	shipped: ShippedLocales;
	/** astro:config:setup: the site's folder, where it is served, its locale folders. */
	root: string;
	siteBase: string;
	/** The site's own locale folders that are not Fallback's (Astro's i18n), as URL folders. */
	localeAliases: Record<string, string>;
	assetsDir: string;
	/** The pages' settings (virtual:fallback/config); the routes resolved complete them. */
	config: FallbackConfig | undefined;
	/** astro:config:done: Astro's `site`, whether Starlight builds the site, Astro's `outDir`. */
	astroSite: string | undefined;
	starlight: boolean;
	outDir: string;
	/** A server-rendered site's adapter (`output: 'server'`): its server answers unknown paths. */
	adapter: string | undefined;
	/** The sitemap integrations Fallback's pages are kept out of (sitemaps.ts). */
	sitemaps: string[];
	/** astro:routes:resolved: the site's own routes, and Fallback's patterns as Astro names them. */
	siteRoutes: SiteRoute[];
	ownPatterns: string[];
	/** The build holds no page of the site's own: Fallback's alone (the starter, the CLI). */
	ownsBuild: boolean;
	/** Beside pages in a folder of their own: the statuses whose page the site has at its root. */
	siteStatusPages: number[];
	/**
	 * How the pages are built (pagesPass.ts): `single`, in the one build (`astro dev`, Fallback's
	 * own builds, a server-rendered site); `site`, a site's build, which runs the pages' pass when it
	 * is done; `pages`, that pass, whose routes of the site's are stand-ins.
	 */
	pass: 'single' | 'site' | 'pages';
	/** The pages' pass: the site's routes, for their stand-ins. */
	stubbed: StubbedRoute[];
}

/** The pages' settings, once astro:config:setup has made them. */
function configOf(state: BuildState): FallbackConfig {
	if (!state.config) throw new Error('fallback: the pages were loaded before astro:config:setup');
	return state.config;
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
		shell,
		folders,
	}: Omit<Settings, 'names'> & { names?: OptionNames | undefined },
): AstroIntegration {
	const settings: Settings = { embedded, notice, names, kit, shell, folders };
	// Checked before anything is built: a broken option stops the build at once, naming it.
	const options = parseSiteOptions(rawOptions);
	const state: BuildState = {
		options,
		given: givenOptions(rawOptions),
		shipped: shippedLocales(options),
		root: '',
		siteBase: '/',
		localeAliases: {},
		assetsDir: '_astro',
		config: undefined,
		astroSite: undefined,
		starlight: false,
		outDir: '',
		adapter: undefined,
		sitemaps: [],
		siteRoutes: [],
		ownPatterns: [],
		ownsBuild: true,
		siteStatusPages: [],
		pass: 'single',
		stubbed: [],
	};
	return {
		name: 'fallback-pages',
		hooks: {
			'astro:config:setup': (params) => setUp(state, settings, params),
			'astro:config:done': (params) => configDone(state, params),
			'astro:routes:resolved': (params) => routesResolved(state, settings, params),
			'astro:build:done': (params) => buildDone(state, settings, params),
		},
	};
}

/**
 * astro:config:setup: the plan carried out. Its lines told, the logo loaded and the brand's
 * contrast said, the pages' settings handed to the pages, the routes injected.
 */
async function setUp(
	state: BuildState,
	{ embedded, notice, names, kit, shell = false }: Settings,
	{
		config: astro,
		command,
		updateConfig,
		injectRoute,
		addWatchFile,
		logger,
	}: HookParameters<'astro:config:setup'>,
): Promise<void> {
	state.root = fileURLToPath(astro.root);
	state.pass = pagesPass()
		? 'pages'
		: !embedded &&
			  kit === undefined &&
			  !shell &&
			  wantsPagesPass({
					command,
					adapter: astro.adapter !== undefined,
					sitePages:
						existsSync(new URL('pages/', astro.srcDir)) ||
						astro.integrations.some(
							(integration) =>
								integration.name !== 'fallback-pages' && !integration.name.startsWith('astro:'),
						),
			  })
			? 'site'
			: 'single';
	// What a team must know of this build, in a line each: also said by the CLI and the plugin,
	// which run Astro with its log quiet.
	const tell = (line: string) => {
		logger.info(line);
		notice?.(line);
	};
	const deploy = readDeploy({ ...state.options, dev: command === 'dev' }, kit);
	const plan = planBuild(state.options, state.given, astro, {
		embedded,
		deploy,
		names,
		kit: kit !== undefined,
	});
	Object.assign(state, {
		options: plan.options,
		shipped: plan.shipped,
		siteBase: plan.siteBase,
		localeAliases: plan.localeAliases,
		assetsDir: plan.embeddedAssets ?? astro.build.assets,
	});
	for (const line of plan.lines) tell(line);
	const { config, logo } = plan;
	const { brand } = config;
	const layout =
		plan.layout &&
		siteLayout(plan.layout, {
			root: state.root,
			embedded,
			starlight: astro.integrations.some((integration) => integration.name === '@astrojs/starlight'),
			packageRoot,
		});
	const logoMarkup = logo ? await loadLogo(logo, state.root) : undefined;
	if (layout) {
		addWatchFile(layout);
		tell(layoutLine(plan.layout!, state.given.brand));
	} else {
		const lowest = contrasts(brand).sort((a, b) => a.ratio / a.pair.minimum - b.ratio / b.pair.minimum)[0]!;
		logger.info(
			`brand: every colour pair meets WCAG 2.2 AA in both schemes; closest: ${lowest.pair.what} ${formatRatio(lowest.ratio)}:1 (${lowest.scheme}, needs ${lowest.pair.minimum}:1)${logoMarkup ? `; logo ${logo} inlined (${logoMarkup.length} B)` : ''}`,
		);
	}
	if (plan.addressLine) tell(plan.addressLine);
	state.config = {
		...config,
		layout: config.layout || shell,
		brand: { ...brand, ...(logoMarkup ? { logo: logoMarkup } : {}) },
	};
	const banner = deploy.isPreview;
	const css = (name: string) => readFile(join(packageRoot, 'src/styles', name), 'utf8');
	// The error pages' layout: the site's (the option), the shell's (embed, the plugin: the site's
	// 404.html), else Fallback's own page.
	const pagesLayout = layout || (shell ? join(packageRoot, 'src/layouts/Bare.astro') : undefined);
	if (state.pass === 'pages') {
		updateConfig({ vite: { plugins: [siteRoutesStubbed(() => state.stubbed)] } });
		quietAfterBuild(astro.integrations, 'fallback-pages');
	}
	updateConfig({
		vite: {
			plugins: [
				virtualModules(
					() => configOf(state),
					{
						// Pages with no inline style of their own (embedded, or in a layout; the
						// gallery of embedded pages): on a preview, the banner's styles come with the
						// stylesheet.
						theme:
							themeCss(brand, brand.font, { banner }) + (embedded && banner ? await css('preview.css') : ''),
						layout: pagesLayout
							? layoutThemeCss({ banner }) +
								(await css('layout.css')) +
								(banner ? await css('preview.css') : '')
							: '',
						schemes: schemeClassesCss(brand),
					},
					pagesLayout ?? join(packageRoot, 'src/layouts/Page.astro'),
				),
			],
		},
	});
	if (plan.embeddedAssets) {
		updateConfig({
			build: { inlineStylesheets: 'never', assets: plan.embeddedAssets },
			vite: { build: { assetsInlineLimit: 0 } },
		});
	}
	// A site's build holds none of Fallback's routes: its pass does (pagesPass.ts). Its virtual
	// modules stay, for a page of the site's own that shows Fallback's (this project's docs do):
	// they change nothing of a build whose pages do not import them.
	if (state.pass === 'site') return;
	for (const route of plan.routes) {
		injectRoute({ pattern: route.pattern, entrypoint: routeFile(route.file), prerender: true });
	}
}

/** astro:config:done: what the site is (its address, Starlight, an adapter), and its sitemaps. */
function configDone(state: BuildState, { config: astro }: HookParameters<'astro:config:done'>): void {
	state.astroSite = astro.site;
	state.outDir = fileURLToPath(astro.outDir);
	state.adapter = astro.output === 'server' ? (astro.adapter?.name ?? 'no adapter') : undefined;
	state.starlight = astro.integrations.some((integration) => integration.name === '@astrojs/starlight');
	// Read when the sitemap is written, once the site's own galleries are known.
	let ours: ((pathname: string) => boolean) | undefined;
	const isFallbacks = (pathname: string) => {
		if (!ours) {
			const config = configOf(state);
			const set = {
				locales: state.shipped.pageLocales,
				defaultLocale: state.shipped.defaultLocale,
				sitePaths: config.sitePaths,
				siteGalleries: config.siteGalleries,
				galleries: config.galleries,
			};
			ours = fallbackPagePaths(state.options.base.slice(1), [
				...ownPages(set).map((page) => page.path),
				...problemDocuments(set),
			]);
		}
		return ours(pathname);
	};
	state.sitemaps = keepOutOfSitemaps(astro.integrations, isFallbacks);
}

/**
 * astro:routes:resolved: the site's own routes, and what follows from them: whether the build is
 * Fallback's alone, the site's name, its status pages, the paths it keeps, and the galleries.
 */
function routesResolved(
	state: BuildState,
	{ embedded }: Settings,
	{ routes: resolvedRoutes, logger }: HookParameters<'astro:routes:resolved'>,
): void {
	const { options, shipped } = state;
	const config = configOf(state);
	// The site's routes: its own files and those other integrations inject (Starlight's
	// `[...slug]` and `404`), everything but Astro's internals and Fallback's.
	const own = new Set(
		[...routes.map((route) => route.file), noPages].map((file) => fileURLToPath(routeFile(file))),
	);
	const isOwn = (route: (typeof resolvedRoutes)[number]) => own.has(resolve(state.root, route.entrypoint));
	state.ownPatterns = resolvedRoutes.filter(isOwn).map((route) => route.pattern);
	const site = resolvedRoutes.filter((route) => route.origin !== 'internal' && !isOwn(route));
	state.stubbed = site.map((route) => ({
		entrypoint: route.entrypoint,
		type: route.type,
		dynamic: route.params.length > 0,
	}));
	state.siteRoutes = site.map((route) => ({
		pathname: route.pathname,
		entrypoint: route.entrypoint,
		matches: (path: string) => route.patternRegex.test(path),
	}));
	state.ownsBuild = site.length === 0;
	// In a site of the team's, the pages carry the site's name, never Fallback's own.
	if (!state.ownsBuild && !state.given.siteName)
		config.site = { ...config.site, ...siteName(state.starlight, state.astroSite) };
	if (options.base !== '/') {
		state.siteStatusPages = [404, 500].filter((status) =>
			site.some((route) => route.pathname === `/${status}`),
		);
	}
	const found = collisions(state.siteRoutes, options.base, {
		locales: shipped.pageLocales,
		defaultLocale: shipped.defaultLocale,
		sitePages: options.sitePages,
	});
	if (found.clashes.length > 0) throw clashError(found.clashes);
	// Galleries are for review: in Fallback's own build, and in a site's previews where no route of
	// the site's may build a page at their paths.
	const galleries =
		hasGalleries({ embedded, preview: config.deploy.isPreview }) &&
		(state.ownsBuild || config.deploy.isPreview) &&
		found.catchAll === undefined;
	// Astro resolves the routes again in some builds: said once.
	const changed = found.galleries.join() !== config.siteGalleries.join() || galleries !== config.galleries;
	Object.assign(config, { sitePaths: found.sitePaths, siteGalleries: found.galleries, galleries });
	if (changed && !state.ownsBuild && !embedded) logger.info(galleriesLine(found, galleries, options.base));
}

/**
 * astro:build:done: Fallback's pages settled (the site's kept, its own language folders aliased,
 * the galleries that cannot be whole removed), then the contract and what follows from it written:
 * the Netlify rules after the site's own, the host configs (buildSteps.ts).
 */
async function buildDone(
	state: BuildState,
	{ embedded, folders }: Settings,
	{ dir, assets, logger }: HookParameters<'astro:build:done'>,
): Promise<void> {
	const { options, shipped, siteBase, localeAliases, siteRoutes, ownPatterns, ownsBuild } = state;
	const { root, outDir, adapter, assetsDir, sitemaps, siteStatusPages } = state;
	const config = configOf(state);
	const { deploy } = config;
	const dist = fileURLToPath(dir);
	const pass = pagesPass();
	if (state.pass === 'pages' && pass) {
		pass.written = ownPatterns.flatMap((pattern) => assets.get(pattern) ?? []);
		return;
	}
	// Who wrote each of Fallback's paths: the pass, where the site's build has no file of that
	// name; else, in a build of its own, Astro says which files each route wrote. The site's
	// routes win some (Astro warns), and those pages stay as the site built them.
	let ours: Set<string>;
	let passAssets: string[] = [];
	if (state.pass === 'site') {
		try {
			const built = await runPagesPass(root, logger);
			const copied = await copyPassPages(built, dist, assetsDir);
			ours = new Set(copied.pages.map((file) => join(dist, file)));
			passAssets = copied.assets;
			logger.info(
				`Fallback's pages built in a pass of their own (${built.seconds.toFixed(1)} s): ${copied.pages.length} files added, none of the site's changed`,
			);
		} finally {
			await rm(passFolder(root), { recursive: true, force: true });
		}
	} else {
		ours = new Set(
			ownPatterns.flatMap((pattern) => assets.get(pattern) ?? []).map((url) => fileURLToPath(url)),
		);
	}
	const set = { locales: shipped.pageLocales, defaultLocale: shipped.defaultLocale };
	const planned = ownPages({
		...set,
		sitePaths: config.sitePaths,
		siteGalleries: config.siteGalleries,
		galleries: config.galleries,
	});
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
						!config.sitePaths.includes(copy.path) && !built.sitePages.some((page) => page.path === copy.path),
				)
			: [];
	const sitePaths = [
		...new Set([...config.sitePaths, ...[...built.sitePages, ...aliased].map((copy) => copy.path)]),
	];
	config.siteGalleries = built.siteGalleries;
	// A preview whose galleries lost a folder to a page of the site's beside it (`de.html`
	// at `/de` in a `build.format: 'file'` build): no gallery at all, as in production.
	const galleriesKept = !config.galleries || built.emptyFolders.length === 0;
	if (!galleriesKept) {
		for (const gallery of built.ours.filter((page) => page.gallery !== undefined))
			await rm(join(dist, writtenFileOf(dist, gallery, options.base)!));
		config.galleries = false;
		logger.info(
			`no gallery of Fallback's: the site's own pages beside ${built.emptyFolders.map((folder) => `${options.base}${folder}`).join(', ')} leave those folders without one, so none is published`,
		);
	}
	const pages = built.ours.filter(
		(page) => !sitePaths.includes(page.path) && (galleriesKept || page.gallery === undefined),
	);
	const copies = await copySitePages(dist, options.base, [...built.sitePages, ...aliased]);
	if (sitePaths.length > 0) logger.info(sitePagesLine(sitePaths, joinBase(siteBase, options.base), copies));
	const elsewhere = new Set<string>();
	const analyses = new Map<string, PageAnalysis>();
	const siteDirectives = { found: false, kept: new Set<string>(), left: new Set<string>() };
	const texts = await settlePages(dist, options.base, pages, assetsDir, {
		inline: !embedded,
		layout: options.layout
			? {
					name: layoutName(options.layout),
					siteBase,
					wasm: options.layout === 'starlight',
					starlight: options.layout === 'starlight',
					elsewhere: (href) => elsewhere.add(href),
					analysed: (file, analysis) => analyses.set(file, analysis),
					siteDirectives: ({ found, kept, left }) => {
						siteDirectives.found ||= found;
						for (const directive of kept) siteDirectives.kept.add(directive);
						for (const name of left) siteDirectives.left.add(name);
					},
				}
			: undefined,
	});
	if (embedded) checkNoInlineCode(texts.values());
	// The pass's asset files that no settled page loads (their stylesheets are inline now; a
	// renderer's client script of the site's integrations) go.
	await withoutUnusedAssets(dist, passAssets, texts.values());
	if (options.layout) {
		const errorPages = pages.filter((page) => page.gallery === undefined);
		const contrast = layoutContrastLines(options.layout, errorPages, texts, analyses);
		for (const line of [
			...layoutLoadLines(options.layout, errorPages, texts, [...elsewhere], analyses),
			...sitePolicyLines(siteDirectives),
			...contrast.lines,
		]) {
			if (line.startsWith('warning: ')) logger.warn(line.slice('warning: '.length));
			else logger.info(line);
		}
		if (contrast.failures.length > 0) throw layoutContrastError(options.layout, contrast.failures);
	}
	// Each page carries the policy for its own inline code: the contract (and every
	// config written from it) depends on the options and the deploy context only.
	const contract = optionsContract(options, {
		embedded,
		preview: deploy.isPreview,
		siteGalleries: config.siteGalleries,
		siteBase,
		localeAliases,
		regions: shipped.regions,
		sitePaths,
		galleries: config.galleries,
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
					folders: folders ?? {
						pages: relative(root, dist).split(sep).join('/'),
						hosts: relative(root, hostsDir).split(sep).join('/'),
					},
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
}
