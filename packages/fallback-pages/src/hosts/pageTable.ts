/**
 * The error routes as a lookup table rather than a list: each route is a locale and a name
 * (`/de/404` → `de`, `404`), and the names ship in the same locales, so one pattern (or one map)
 * over `[<locale>/]<name>[.html]` finds any of them and one table gives its status. The servers
 * that test a request against patterns in turn (Caddy, Apache, HAProxy) then pay for one lookup per
 * request, whatever the number of locales and pages.
 */
import {
	baseOf,
	errorRoutes,
	localeFolder,
	localePrefix,
	routeLocale,
	siteHasIndex,
	type PageRoute,
	type RouteContract,
} from '../contract/contract';
import { literalPathPattern } from './format';

/** A route's name in its locale's folder: `/de/404` → `404`, `/global-error` → `global-error`. */
export function pageName(contract: RouteContract, route: PageRoute): string {
	literalPathPattern(route.path); // throws, naming the path, on a character no config may hold
	const name = route.path.slice(localeFolder(contract, routeLocale(contract, route)).length);
	if (`/${route.file}` !== `${route.path}.html` || name.includes('/')) {
		throw new Error(`${route.path}: an error route is <locale folder><name>, its file <name>.html`);
	}
	return name;
}

/** Names that ship in the same locales: one pattern finds them all. */
export interface PageGroup {
	names: string[];
	/** Whether the default locale has them (at the base) … */
	inDefault: boolean;
	/** … and which other locales (in their folders). */
	otherLocales: string[];
}

/** The routes' names, grouped by the locales that have them: one group for a catalogue's build. */
export function pageGroups(contract: RouteContract): PageGroup[] {
	const localesOf = new Map<string, string[]>();
	for (const route of errorRoutes(contract)) {
		const name = pageName(contract, route);
		localesOf.set(name, [...(localesOf.get(name) ?? []), routeLocale(contract, route)]);
	}
	const groups = new Map<string, PageGroup>();
	for (const [name, locales] of localesOf) {
		const key = [...locales].sort().join(' ');
		const group = groups.get(key) ?? {
			names: [],
			inDefault: locales.includes(contract.defaultLocale),
			otherLocales: contract.otherLocales.filter((locale) => locales.includes(locale)),
		};
		group.names.push(name);
		groups.set(key, group);
	}
	return [...groups.values()];
}

/**
 * A regular expression for a group's paths, the page's own and its file's (`/de/404`,
 * `/de/404.html`): group 1 the locale (empty for the default's), group 2 the name. RE2 and PCRE alike;
 * `localeName` names the locale's group (PCRE only: `(?<name>…)`).
 */
export function pageGroupPattern(contract: RouteContract, group: PageGroup, localeName?: string): string {
	const open = localeName ? `(?<${localeName}>` : '(';
	const locales = group.otherLocales.join('|');
	const locale =
		group.otherLocales.length === 0
			? `${open})`
			: group.inDefault
				? `(?:${open}${locales})/)?`
				: `${open}${locales})/`;
	const names = group.names.map((name) => literalPathPattern(`/${name}`).slice(1)).join('|');
	return `^${literalPathPattern(baseOf(contract))}${locale}(${names})(?:[.]html)?$`;
}

/** The status each name answers with, in every locale: `404` → 404, `application-error` → 500. */
export function pageStatuses(contract: RouteContract): Map<string, number> {
	const statuses = new Map<string, number>();
	for (const route of errorRoutes(contract)) {
		const name = pageName(contract, route);
		const known = statuses.get(name);
		if (known !== undefined && known !== route.status) {
			throw new Error(`${name} answers ${known} in one locale and ${route.status} in another`);
		}
		statuses.set(name, route.status);
	}
	return statuses;
}

/**
 * The status of each name that is not itself a status (`application-error` → 500): the others
 * answer with the status they are named after.
 */
export function namedStatuses(contract: RouteContract): Map<string, number> {
	return new Map([...pageStatuses(contract)].filter(([name, status]) => name !== String(status)));
}

/** The route of a name in a locale (`de`, `404` → `/de/404`), where that locale ships it. */
export function pageIn(contract: RouteContract, locale: string, name: string): PageRoute | undefined {
	return errorRoutes(contract).find(
		(route) => routeLocale(contract, route) === locale && pageName(contract, route) === name,
	);
}

/**
 * The galleries that are Fallback's (where the build has any, and the site has no page of its own,
 * `siteGalleries`), by locale: each answers at its folder and its index file (`/de/`,
 * `/de/index.html`).
 */
export function fallbackGalleries(contract: RouteContract): { locale: string; paths: string[] }[] {
	if (contract.galleries === false) return [];
	return localesWithoutSiteIndex(contract).map((locale) => {
		const folder = localeFolder(contract, locale);
		return { locale, paths: [folder, `${folder}${contract.indexFile}`] };
	});
}

/**
 * The language folders that have nothing at their index in a build without galleries (a site's
 * production build): neither Fallback's gallery nor a page of the site's. Each answers as an unknown
 * path there, in its language, where a server would list or refuse the folder (403).
 */
export function foldersWithoutIndex(contract: RouteContract): string[] {
	if (contract.galleries !== false) return [];
	return localesWithoutSiteIndex(contract).map((locale) => localeFolder(contract, locale));
}

/** The locales whose folder's index is not the site's own page: Fallback's gallery, or nothing. */
const localesWithoutSiteIndex = (contract: RouteContract): string[] =>
	[contract.defaultLocale, ...contract.otherLocales].filter((locale) => !siteHasIndex(contract, locale));

/**
 * The site's own pages (`sitePage`) by name: for each name, the language folders (`''` for the
 * default locale, `de/`) where its page is the one the site built (`sitePages`; an Astro site's
 * `[lang]/404.astro` gives `de/`). Served there as built, with the site's headers.
 */
export function sitePageFolders(contract: RouteContract): Map<string, string[]> {
	const folders = new Map<string, string[]>();
	for (const route of errorRoutes(contract)) {
		if (!route.sitePage) continue;
		const name = pageName(contract, route);
		folders.set(name, [...(folders.get(name) ?? []), localePrefix(contract, routeLocale(contract, route))]);
	}
	return folders;
}
