/**
 * The build plan: what the integration makes of the parsed options and Astro's config before
 * anything is built (the languages, the pages' folder, the lines a team must read, the pages'
 * settings, the routes to inject), as Starlight's `processI18nConfig` does it: a pure function,
 * tested alone (tests/unit/buildPlan.test.ts). The hooks (fallback.ts) carry it out.
 */
import type { AstroConfig } from 'astro';
import { joinBase } from '../contract/contract';
import { hasGalleries } from '../contract/fromOptions';
import { describeDeploy, noSiteAddress, siteUrl, type Deploy } from '../config/deploy';
import { defaultLanguagesLine, type OptionNames } from '../config/optionNames';
import type { FallbackConfig, FallbackOptions, ParsedOptions } from '../config/options';
import type { Locale, Regions } from '../i18n';
import { siteLocaleAliases, siteLocales } from './siteLocales';

/**
 * Which of the options whose default depends on the site the team set, read from the options as
 * written (the schema fills every default): the languages (else Astro's i18n), the default locale,
 * the site's name (else Starlight's title or Astro's `site`) and its home (else Astro's base).
 */
export interface GivenOptions {
	locales: boolean;
	defaultLocale: boolean;
	siteName: boolean;
	homeUrl: boolean;
	brand: boolean;
}

export const givenOptions = (raw: FallbackOptions): GivenOptions => ({
	locales: raw.locales !== undefined,
	defaultLocale: raw.defaultLocale !== undefined,
	siteName: raw.site?.name !== undefined,
	homeUrl: raw.site?.homeUrl !== undefined,
	brand: raw.brand !== undefined,
});

export interface ShippedLocales {
	/** Every shipped locale, the default first. */
	locales: Locale[];
	defaultLocale: Locale;
	/** The shipped locales besides the default: each has its folder. */
	others: Locale[];
	/** The site's region folders the pages are built in too (`pt-br` beside `pt-pt`). */
	regions: Regions;
	/** Every locale the pages are built in, the default first: the shipped ones, then the regions. */
	pageLocales: string[];
}

/**
 * The locales a build ships (options.locales has the default first), and the regions among the
 * site's folders whose language ships.
 */
export function shippedLocales(
	{ locales, defaultLocale }: ParsedOptions,
	siteRegions: Regions = {},
): ShippedLocales {
	const regions = Object.fromEntries(
		Object.entries(siteRegions).filter(([, region]) => locales.includes(region.catalogue)),
	);
	return {
		locales,
		defaultLocale,
		others: locales.filter((locale) => locale !== defaultLocale),
		regions,
		pageLocales: [...locales, ...Object.keys(regions)],
	};
}

/** The routes Fallback injects, relative to its base; their files live in this package's src/routes/. */
export const routes: readonly { pattern: string; file: string }[] = [
	{ pattern: '[...locale]/[code]', file: '[...locale]/[code].astro' },
	{ pattern: '[...locale]/application-error', file: '[...locale]/application-error.astro' },
	{ pattern: '[...locale]/global-error', file: '[...locale]/global-error.astro' },
	{ pattern: '[...locale]', file: '[...locale]/index.astro' },
	{ pattern: '[...locale]/problem/[name].json', file: '[...locale]/problem/[name].json.ts' },
	{ pattern: '[...locale]/problem/[name].txt', file: '[...locale]/problem/[name].txt.ts' },
];

/** A route file that builds no page (noPages.astro): Fallback's routes' stand-ins under a locale. */
export const noPages = 'noPages.astro';

/**
 * The locales Astro's i18n `fallback` copies the default locale's page routes under (`fr` of
 * `fallback: { fr: 'en' }`, as a path segment): each gets a route of its own at Fallback's paths
 * (`/fr/[...locale]/[code]`), which builds nothing, so that Astro makes no copy of Fallback's
 * routes there (it would build Fallback's pages again at `/fr/de/404` and warn once a page).
 */
function fallingBackLocales(i18n: AstroConfig['i18n']): string[] {
	return Object.keys(i18n?.fallback ?? {}).filter((locale) => /^[A-Za-z0-9._~-]+$/.test(locale));
}

/** Astro's config, the parts the plan reads. */
export type AstroFacts = Pick<AstroConfig, 'base' | 'i18n' | 'site'>;

export interface PlanSettings {
	/** The pages for a site that is not an Astro site (the `embed` command, the Netlify plugin). */
	embedded: boolean;
	deploy: Deploy;
	names: OptionNames;
	/** The kit's build (kit/makeKit.ts): the components mark what the kit fills. */
	kit: boolean;
}

export interface BuildPlan {
	/** The options, with the site's languages (Astro's i18n) where they name none. */
	options: ParsedOptions;
	shipped: ShippedLocales;
	/** Where the build is served: Astro's base, `/` around (`/docs/`). */
	siteBase: string;
	/** The site's own locale folders that are not Fallback's (Astro's i18n), as URL folders. */
	localeAliases: Record<string, string>;
	/** What a team must know of this build, a line each, in this order: the deploy, the languages. */
	lines: string[];
	/** Said after the brand's line: no address names the site (the problem types are relative). */
	addressLine: string | undefined;
	/** The pages' settings (virtual:fallback/config); the logo's markup is loaded after. */
	config: FallbackConfig;
	/** The logo's file, as the options name it. */
	logo: string | undefined;
	/** The site's layout's file, as the options name it. */
	layout: string | undefined;
	/** Embedded pages: the folder their stylesheets and scripts go in, inside theirs. */
	embeddedAssets: string | undefined;
	/** The routes to inject: a pattern, and the file in src/routes/ that builds it. */
	routes: { pattern: string; file: string }[];
}

/** The plan of a build, from the parsed options, what the team set of them and Astro's config. */
export function planBuild(
	parsed: ParsedOptions,
	given: GivenOptions,
	astro: AstroFacts,
	{ embedded, deploy, names, kit }: PlanSettings,
): BuildPlan {
	const siteBase = joinBase(astro.base, '/');
	const lines = [describeDeploy(deploy, names.preview)];
	// The site's languages: the option, else Astro's i18n, else the default locale alone.
	const i18n = astro.i18n ? siteLocales(astro.i18n) : undefined;
	let options = parsed;
	if (i18n && !given.locales) {
		// The defaultLocale option, when given, stays the default.
		const defaultLocale = given.defaultLocale ? parsed.defaultLocale : i18n.defaultLocale;
		const others = i18n.locales.filter((locale) => locale !== defaultLocale);
		options = { ...parsed, locales: [defaultLocale, ...others], defaultLocale };
		lines.push(i18n.summary);
	} else if (!i18n && !given.locales) {
		lines.push(defaultLanguagesLine(parsed.defaultLocale, names));
	}
	const shipped = shippedLocales(options, i18n?.regions);
	const pagesBase = joinBase(astro.base, options.base);
	// A region's folder is Fallback's own folder of that locale: no alias.
	const folders = (i18n?.folders ?? []).filter((folder) => !Object.hasOwn(shipped.regions, folder.path));
	const localeAliases = siteLocaleAliases(folders, {
		siteBase,
		pagesBase,
		locales: shipped.locales,
		defaultLocale: shipped.defaultLocale,
	});
	const url = siteUrl(options.site.url, deploy, astro.site);
	const { logo, ...brand } = options.brand;
	return {
		options,
		shipped,
		siteBase,
		localeAliases,
		lines,
		addressLine: url === null ? noSiteAddress(pagesBase, names.address) : undefined,
		logo,
		layout: options.layout,
		config: {
			// "Go back home" leads to the site's home: under its base unless the option says where.
			site: { ...options.site, url, homeUrl: given.homeUrl ? options.site.homeUrl : siteBase },
			brand,
			actions: options.actions,
			links: options.links,
			help: options.help,
			locales: shipped.locales,
			regions: shipped.regions,
			defaultLocale: shipped.defaultLocale,
			mode: embedded ? 'embed' : 'astro',
			base: pagesBase,
			sitePaths: [],
			siteGalleries: [],
			galleries: hasGalleries({ embedded, preview: deploy.isPreview }),
			deploy,
			kit,
			layout: options.layout !== undefined,
		},
		// Fallback's pages alone, in their folder, with the stylesheet and scripts as files inside
		// it: a site-wide CSP such as `default-src 'self'` allows them, where it would block inline ones.
		embeddedAssets: embedded ? `${options.base.slice(1)}_astro` : undefined,
		routes: [
			...routes.map((route) => ({ pattern: `${options.base}${route.pattern}`, file: route.file })),
			...fallingBackLocales(astro.i18n).flatMap((locale) =>
				routes
					.filter((route) => route.file.endsWith('.astro'))
					.map((route) => ({ pattern: `/${locale}${options.base}${route.pattern}`, file: noPages })),
			),
		],
	};
}
