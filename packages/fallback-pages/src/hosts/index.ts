/**
 * Every host config Fallback generates from a route contract and the deployment's options: the
 * Netlify rule files, which go into dist/, and the server and CDN configs, which go into hosts/
 * at the repository root (they are installed on servers and CDNs, never deployed as pages).
 */
import { atServerRoot, type RouteContract } from '../contract/contract';
import { apacheFiles, apacheSiteFiles, siteFileName as apacheSiteFile } from './apache';
import { caddyFiles, caddySiteFiles, siteFileName as caddySiteFile } from './caddy';
import { cloudflareFiles } from './cloudflare';
import { cloudFrontFiles } from './cloudfront';
import { ASTRO_FOLDERS, type BuildFolders, type HostConfigFile } from './format';
import { haproxyFiles } from './haproxy';
import { kubernetesFiles } from './kubernetes';
import { netlifyFiles } from './netlify';
import {
	nginxFiles,
	nginxSiteFiles,
	siteConfigName as nginxSiteFile,
	siteHttpConfigName as nginxSiteHttpFile,
} from './nginx';
import type { HostOptions } from '../config/hostOptions';
import { traefikFiles } from './traefik';
import { vercelFiles } from './vercel';

export type { HostConfigFile } from './format';
export { netlifyFiles };

/**
 * The site mode's files, for the server that already serves a site, each with where it goes: what
 * a site's build points at.
 */
export const siteModeFiles: readonly { path: string; where: string }[] = [
	{ path: `nginx/${nginxSiteHttpFile}`, where: "nginx's http {}" },
	{ path: `nginx/${nginxSiteFile}`, where: 'its server {}' },
	{ path: `caddy/${caddySiteFile}`, where: "Caddy's site block" },
	{ path: `apache/${apacheSiteFile}`, where: "Apache's <VirtualHost>" },
];

/**
 * The files a server-rendered site (Astro's `output: 'server'`, a Node server) puts in front of
 * its server: the proxy configs, by the server each is for.
 */
export const proxyFiles: readonly { path: string; where: string }[] = [
	{ path: 'nginx/fallback-proxy.conf', where: 'nginx' },
	{ path: 'caddy/Caddyfile.proxy', where: 'Caddy' },
	{ path: 'apache/fallback-proxy.conf', where: 'Apache' },
];

/**
 * The files for the hosts' folder, written with `options` (the defaults are what their comments tell
 * to change); `folders`: where the build put the pages and these files (for the Docker files).
 */
export function hostConfigFiles(
	contract: RouteContract,
	options: HostOptions,
	folders: BuildFolders = ASTRO_FOLDERS,
): HostConfigFile[] {
	return [
		...nginxFiles(contract, options),
		...caddyFiles(contract, options),
		...apacheFiles(contract, options),
		...haproxyFiles(contract, options),
		...cloudFrontFiles(contract),
		...cloudflareFiles(contract, options),
		...vercelFiles(contract),
		...traefikFiles(contract, options, folders),
		...kubernetesFiles(contract, options, folders),
	];
}

/**
 * Pages under a base (a site served under `/docs/`, or Fallback's in a folder of the site's): the
 * site-mode files alone, for a server whose root holds every file at the path it is served at. The
 * other configs serve Fallback's pages at the root of a server of their own.
 */
export function siteModeConfigFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	const served = atServerRoot(contract);
	return [...nginxSiteFiles(served), ...caddySiteFiles(served), ...apacheSiteFiles(served, options)];
}
