/**
 * Caddy's site mode: `fallback-site.caddy`, imported into the site block that serves a team's own
 * site; it adds what answers errors, with Fallback's headers on its answers alone.
 */
import { contentLanguage, type RouteContract } from '../../contract/contract';
import { caddyString, fileHeader, literalPath, type HostConfigFile, pagesFolderLines } from '../format';
import { fallbackGalleries } from '../pageTable';
import { block, caddySyntax, comment, renderFile, type ConfigNode } from '../syntax/braces';
import {
	everyErrorsPage,
	hiddenPathLines,
	maintenanceLines,
	pageHeaderLines,
	pageRouteLines,
} from './shared';

/** Site mode: Fallback's galleries (where the site has no page of its own) carry its headers. */
function galleryHeaderLines(contract: RouteContract): ConfigNode[] {
	return fallbackGalleries(contract).flatMap(({ locale, paths }) => [
		`@gallery_${locale} path ${paths.map((path) => literalPath(path)).join(' ')}`,
		block(`header @gallery_${locale}`, [
			...pageHeaderLines(contract),
			`Content-Language ${caddyString(contentLanguage(contract, locale), `language of ${locale}`)}`,
		]),
	]);
}

/** Where the site mode's file goes, to be imported in the site's block. */
export const siteFileName = 'fallback-site.caddy';

/**
 * Site mode: what a team imports into the site block that already serves its built site (its root
 * is the build's folder, Fallback's pages in it). The pages' paths answer with their status and
 * every error shows its page; only those answers carry Fallback's headers (set in handle_errors).
 * Nothing of the site's own answers changes, and no method is refused that it answers today.
 */
export function caddySiteConfig(contract: RouteContract): string {
	const header = fileHeader([
		'Fallback for Caddy v2, added to the site block that already serves your site.',
		`Copy this file to /etc/caddy/${siteFileName} and add one line inside your site's block, whose root is`,
		`the built site (Fallback's pages in it): import /etc/caddy/${siteFileName}`,
		'Nothing here needs changing; remove a handle_errors of your own (this file brings one).',
		"Only Fallback's answers (errors, its pages, problem documents) carry its headers: your pages and",
		"files keep your block's own, and any method you answer today is answered as before.",
		...pagesFolderLines(contract),
	]);
	return renderFile(caddySyntax, header, [
		'',
		comment([
			"`route` runs before file_server and reverse_proxy at the block's top level (Caddy orders it so; a",
			'handle, handle_path or try_files of yours runs before it): a request for one of the pages, or for',
			'something that is no page, ends here with its error; anything else goes on to your directives.',
		]),
		block('route', [
			...maintenanceLines(contract),
			comment("Fallback's galleries, where the site has no page of its own: its headers, their language."),
			...galleryHeaderLines(contract),
			...pageRouteLines(contract),
			...hiddenPathLines(contract),
		]),
		'',
		...everyErrorsPage(contract, 'site'),
	]);
}

/** The site mode's file, for the site's block. */
export const caddySiteFiles = (contract: RouteContract): HostConfigFile[] => [
	{ path: `caddy/${siteFileName}`, content: caddySiteConfig(contract) },
];
