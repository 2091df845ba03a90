/**
 * The route contract of a build, from its options alone: nothing in it depends on the pages' build
 * (their inline code carries its own policy), so the integration, the golden files and the release
 * archive all derive it here, and a server config written from it outlives the pages.
 */
import type { ParsedOptions } from '../config/options';
import { maintenanceOf, type MaintenanceOptions } from '../config/maintenance';
import { joinBase, withMaintenance, type RouteContract } from './contract';
import { catalogContract } from './fromCatalog';
import { embeddedPageHeaders, pageHeaders } from './pageHeaders';
import type { Regions } from '../i18n';

export interface BuildSituation {
	/** The pages go into somebody else's site (`embed`, the Netlify plugin): its headers rule. */
	embedded: boolean;
	/**
	 * A deploy preview: noindex on every page. Embedded pages have a gallery on a preview only
	 * (nothing but the error pages is published in production).
	 */
	preview: boolean;
	/** Gallery folders the site has its own page at (found in an Astro site's routes). */
	siteGalleries?: readonly string[];
	/** Where the build is served (an Astro site's `base`, `/docs/`); default `/`. */
	siteBase?: string;
	/** The site's own locale folders that are not Fallback's (an Astro site's i18n), by locale. */
	localeAliases?: Readonly<Record<string, string>>;
	/** The site's region folders Fallback's pages are built in too (`pt-br` beside `pt-pt`). */
	regions?: Regions;
	/**
	 * The pages the site built itself of the statuses it keeps (`404`, `ja/404`, relative to the
	 * pages' base), read from an Astro site's build; default: `sitePages` in the default locale.
	 */
	sitePaths?: readonly string[];
	/**
	 * Whether the build has galleries; default `hasGalleries`. An Astro site's has none in production
	 * (nor where a route of its own may build pages at their paths): the integration says.
	 */
	galleries?: boolean;
}

/** Whether a build has galleries: pages added to another site have one on a preview only. */
export const hasGalleries = ({ embedded, preview }: Pick<BuildSituation, 'embedded' | 'preview'>): boolean =>
	!embedded || preview;

export function optionsContract(
	options: Pick<
		ParsedOptions,
		| 'locales'
		| 'defaultLocale'
		| 'api'
		| 'base'
		| 'sitePages'
		| 'maintenance'
		| 'requestId'
		| 'replaceAppStatuses'
		| 'layout'
	>,
	{
		embedded,
		preview,
		siteGalleries = [],
		siteBase = '/',
		localeAliases = {},
		regions = {},
		sitePaths,
		galleries = hasGalleries({ embedded, preview }),
	}: BuildSituation,
): RouteContract {
	const headers = embedded
		? embeddedPageHeaders({ preview })
		: pageHeaders({ preview, layout: options.layout !== undefined });
	const others = [
		...options.locales.filter((locale) => locale !== options.defaultLocale),
		...Object.keys(regions),
	];
	const built = catalogContract(headers, others, options.defaultLocale, options.api.prefixes, {
		base: joinBase(siteBase, options.base),
		siteBase: joinBase(siteBase, '/'),
		sitePages: sitePaths
			? options.sitePages.filter((status) => sitePaths.includes(String(status)))
			: options.sitePages,
		siteLocalePages: sitePaths?.filter((path) => path.includes('/')) ?? [],
		siteGalleries,
		galleries,
		localeAliases,
		regions,
		replaceAppStatuses: options.replaceAppStatuses,
	});
	const withIds = options.requestId === 'page' ? built : { ...built, requestId: options.requestId };
	return maintainedContract(withIds, options.maintenance);
}

/** The contract the site answers: `contract` under maintenance when it is switched on, else itself. */
export function maintainedContract(contract: RouteContract, options: MaintenanceOptions): RouteContract {
	const maintenance = maintenanceOf(options);
	return maintenance ? withMaintenance(contract, maintenance) : contract;
}
