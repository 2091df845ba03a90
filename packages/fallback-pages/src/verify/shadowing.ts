/**
 * In site mode, a directive of the server block's own for 404 can answer before Fallback's: an
 * unknown path then shows a page that is none of Fallback's (nor the site's own it kept). One
 * request finds it; the line names the directive for the server and how to fix it.
 */
import { baseOf, errorRoutes } from '../contract/contract.ts';
import { siteChecks, type Site } from './cases.ts';
import type { HostProfile } from './hosts.ts';
import { send } from './http.ts';

/** The directive of each server's own that answers a 404 first, and its fix. */
const shadowingDirectives: Readonly<Record<string, string>> = {
	'nginx-site':
		'an `error_page 404 …` of your server block names another page and comes first (nginx uses the first it reads): remove it',
	'apache-site':
		"an `ErrorDocument 404 …` of your VirtualHost after the Include of fallback-site.conf, or in a .htaccess, replaces Fallback's (Apache uses the last one, and a .htaccess comes after the VirtualHost): remove it, or, in the VirtualHost, move it above the Include",
	'caddy-site':
		"a `handle_errors` of your site block answers the error before Fallback's: remove it (Fallback's file holds the site's error handling)",
};

/** The line that names the directive, or nothing when an unknown path shows Fallback's page. */
export async function shadowingDirective(
	base: URL,
	site: Site,
	host: HostProfile,
	timeoutMs?: number,
): Promise<string | undefined> {
	const directive = shadowingDirectives[host.id];
	if (!directive) return undefined;
	const { contract } = site;
	const path = `${baseOf(contract)}fallback-verify-no-such-page-${Date.now().toString(36)}`;
	const answer = await send(
		base,
		path,
		{ headers: { Accept: 'text/html', 'Accept-Language': contract.defaultLocale } },
		timeoutMs,
	).catch(() => undefined);
	if (!answer) return undefined;
	const { sentText } = siteChecks(site, host);
	const pages = errorRoutes(contract).filter((route) => route.status === 404);
	if (pages.some((route) => answer.body === sentText(answer, route.file))) return undefined;
	return `An unknown path (${path}) answered ${answer.status} with a page that is none of Fallback's: ${directive}.`;
}
