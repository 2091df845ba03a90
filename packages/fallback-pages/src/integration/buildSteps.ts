/**
 * What the integration does after Astro's build (`astro:build:done`), one named step each, in the
 * order the hook runs them, once Fallback's pages are settled (ownPages.ts: settlePages). Each
 * takes what it needs: the checks throw what stops the build, the writers return the line the
 * build logs. Only these write; the generators they call stay pure.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import {
	baseOf,
	CONTRACT_NAME,
	errorRoutes,
	MAINTENANCE_STATUS,
	requiredStatusPage,
	siteBaseOf,
	type RouteContract,
} from '../contract/contract';
import { contractJson, mayReplace } from '../contract/contractFile';
import {
	hostConfigFiles,
	netlifyFiles,
	proxyFiles,
	siteModeConfigFiles,
	siteModeFiles,
	type HostConfigFile,
} from '../hosts/index';
import { checkHaproxyFits } from '../hosts/haproxy';
import type { BuildFolders } from '../hosts/format';
import { netlifySiteStatusRedirects } from '../hosts/netlify';
import type { HostOptions } from '../config/hostOptions';
import type { Deploy } from '../config/deploy';
import { inlineCodeOf } from '../html/pageAnalysis';
import { writeBlock } from './ruleFiles';
import { gitignoreHint, ignoringItself } from '../gitignore';
import { notOursError } from './userErrors';

async function writeFiles(dir: string, files: readonly HostConfigFile[]) {
	for (const file of files) {
		const path = join(dir, file.path);
		await mkdir(dirname(path), { recursive: true });
		await writeFile(path, file.content);
	}
}

/** A folder as the log names it: relative to the project, with a slash, when inside it. */
function shownPath(root: string, folder: string): string {
	const shown = relative(root, folder);
	return shown.startsWith('..') ? resolve(folder) : `${shown}/`;
}

/** Files of the hosts folder as the log names them, each with where it goes: `dist-hosts/nginx/… (nginx)`. */
function namedFiles(where: string, files: readonly { path: string; where: string }[]): string {
	const folder = where.replace(/\/?$/, '/');
	return files.map((file) => `${folder}${file.path} (${file.where})`).join(', ');
}

/** Embedded pages carry no inline code: the site's CSP would block it. Throws when some is left. */
export function checkNoInlineCode(pages: Iterable<string>): void {
	const inline = inlineCodeOf(pages);
	if (inline.styles.length + inline.scripts.length > 0) {
		throw new Error(
			`fallback: ${inline.styles.length} inline style(s) and ${inline.scripts.length} inline script(s) left in embedded pages; the site's CSP would block them`,
		);
	}
}

/** The warning a build in maintenance gives; none otherwise. */
export function maintenanceWarning(contract: RouteContract): string | undefined {
	if (!contract.maintenance) return undefined;
	const allowed = contract.maintenance.allowedPaths.join(', ') || '(none)';
	const retryAfter = requiredStatusPage(contract, MAINTENANCE_STATUS).headers['Retry-After'];
	return `maintenance is on: every path but ${allowed} answers ${MAINTENANCE_STATUS}, Retry-After: ${retryAfter}`;
}

export interface NetlifyRulesPlan {
	/** The page headers on every path (a build that is Fallback's alone, at the root), or on Fallback's own. */
	everyPath: boolean;
	/** Beside pages in a folder of their own: the statuses whose page the site has at its root. */
	siteStatusPages: readonly number[];
	/** How many pages the build settled, for the log. */
	pages: number;
	deploy: Pick<Deploy, 'context' | 'isPreview'>;
}

/**
 * Fallback's `_redirects` and `_headers` after whatever the build already holds (the site's
 * `public/_redirects`, its `_headers`): the site's own rules come first and keep winning,
 * Fallback's catch-all comes last. The site's own status pages at its root (beside pages in a
 * folder) answer with their status, never 200.
 */
export async function writeNetlifyRules(
	dist: string,
	contract: RouteContract,
	{ everyPath, siteStatusPages, pages, deploy }: NetlifyRulesPlan,
): Promise<string> {
	const [redirects, headers] = netlifyFiles(contract, { everyPath });
	const own = netlifySiteStatusRedirects(contract, siteStatusPages);
	for (const file of [{ ...redirects!, content: own + redirects!.content }, headers!]) {
		await writeBlock(join(dist, file.path), file.content);
	}
	const base = baseOf(contract);
	return `${pages} pages${base === '/' ? '' : ` under ${base}`}; _redirects (${errorRoutes(contract).length} error routes${own ? `, the site's own ${siteStatusPages.join(', ')} page at its status` : ''}) and _headers (${deploy.context}${deploy.isPreview ? ', noindex' : ''}${everyPath ? '' : ", on Fallback's pages only"}) after the site's own`;
}

/**
 * Pages under a base (a site served under `/docs/`, Fallback's in `/errors/`): the contract, for
 * `verify --base`, in the pages' folder too (its rules answer it as an unknown path); in `hostsDir`
 * the contract and the site-mode files, for a server whose root holds every file at the path it is
 * served at, replacing an earlier build's. The other configs serve pages at a server's root: none.
 * Pages embedded in another site's build (`hosts` undefined: the plugin, `embed`) get the contract
 * in their folder alone.
 */
export async function writeBaseHostConfigs(
	dist: string,
	contract: RouteContract,
	{ hostsDir, root, hosts }: { hostsDir: string; root: string; hosts: HostOptions | undefined },
): Promise<string> {
	const base = baseOf(contract);
	const siteBase = siteBaseOf(contract);
	await writeFiles(dist, [
		{ path: `${base.slice(siteBase.length)}${CONTRACT_NAME}`, content: contractJson(contract) },
	]);
	if (!hosts) return `the route contract is ${base}${CONTRACT_NAME}`;
	await writeSiteModeHosts(hostsDir, contract, hosts);
	const where = shownPath(root, hostsDir);
	const siteFiles = namedFiles(where, siteModeFiles);
	const layout =
		siteBase === '/'
			? "its root the build's folder"
			: `its root the folder that holds the build as ${siteBase.slice(1, -1)}/`;
	return `pages under ${base}: wrote the site-mode files ${siteFiles} for the server that serves the site (${layout}), and the route contract (${CONTRACT_NAME}, also at ${base}${CONTRACT_NAME}) to ${where}${gitignoreHint(hostsDir, root)}; no other host config: those serve pages at a server's root`;
}

/**
 * `hostsDir` with the site-mode files (nginx, Caddy, Apache) and the route contract alone,
 * replacing an earlier build's: pages under a base, and pages embedded in a site served by its own
 * server (`embed --hosts`).
 */
export async function writeSiteModeHosts(
	hostsDir: string,
	contract: RouteContract,
	hosts: HostOptions,
): Promise<void> {
	await replaceHostsDir(hostsDir, [
		...siteModeConfigFiles(contract, hosts),
		{ path: CONTRACT_NAME, content: contractJson(contract) },
	]);
}

/**
 * `hostsDir` with these files alone, replacing an earlier build's. Only a folder Fallback wrote (it
 * holds the contract) is replaced; any other at that path stops the build, untouched. The folder
 * ignores itself (ignoringItself): build output, which git and the tools that read .gitignore
 * (Tailwind 4's class scanner) leave alone.
 */
async function replaceHostsDir(hostsDir: string, files: readonly HostConfigFile[]): Promise<void> {
	if (existsSync(hostsDir)) {
		if (!mayReplace(hostsDir)) throw notOursError(hostsDir, 'hostsDir');
		await rm(hostsDir, { recursive: true, force: true });
	}
	await writeFiles(hostsDir, [...files, ignoringItself]);
}

/**
 * A build for a static host that serves it itself (`staticHost`): no server config, only the route
 * contract (for `verify`) in `hostsDir`, never in the published folder.
 */
export async function writeContractAlone(
	contract: RouteContract,
	{ hostsDir, root }: { hostsDir: string; root: string },
): Promise<string> {
	await replaceHostsDir(hostsDir, [{ path: CONTRACT_NAME, content: contractJson(contract) }]);
	return `wrote the route contract (${CONTRACT_NAME}, for verify) to ${shownPath(root, hostsDir)}; no server configs: the host serves the build itself${gitignoreHint(hostsDir, root)}`;
}

/**
 * Pages at the root: every host's config and the contract itself (for `verify`: what a deploy of
 * this build must answer) in `hostsDir`, replacing an earlier build's. Only a folder Fallback wrote
 * (it holds the contract) is replaced; any other at that path stops the build, untouched. Each page
 * is checked to fit HAProxy's buffer first. `site`: the build has pages of its own, and the line
 * says which files go into the server block that serves them (the site mode).
 */
export async function writeHostConfigs(
	dist: string,
	contract: RouteContract,
	{
		hostsDir,
		root,
		hosts,
		site = false,
		server,
		folders,
	}: {
		hostsDir: string;
		root: string;
		hosts: HostOptions;
		/** Where the team gets the pages and these files, from its project's root (hosts/format.ts). */
		folders: BuildFolders;
		site?: boolean;
		/** A server-rendered site: its adapter, and the folder its files and Fallback's pages are in. */
		server?: { adapter: string; client: string } | undefined;
	},
): Promise<string> {
	// A folder whose index is the site's (`siteGalleries`) may have none: a site's catch-all route
	// such as Starlight's builds `/` but not `/de/`. Nothing there can be too large.
	checkHaproxyFits(contract, (file) => (existsSync(join(dist, file)) ? statSync(join(dist, file)).size : 0));
	const files = hostConfigFiles(contract, hosts, folders);
	await replaceHostsDir(hostsDir, [...files, { path: CONTRACT_NAME, content: contractJson(contract) }]);
	const where = shownPath(root, hostsDir);
	const wrote = `wrote ${files.length} host configs (nginx, Caddy, Apache, HAProxy, CloudFront, Cloudflare, Vercel, Traefik, Kubernetes) and the route contract (${CONTRACT_NAME}) to ${where}${gitignoreHint(hostsDir, root)}`;
	if (server) {
		const proxies = namedFiles(where, proxyFiles);
		return `${wrote}; a server-rendered site (${server.adapter}): its server answers every path it routes itself, its own 404 included, so put one of the proxy configs ${proxies} in front of it, with the option hosts: { pagesRoot: '<where ${server.client} is on the server>', upstream: '<the server's host:port>' }, and replaceAppStatuses: [404] to answer its 404 with Fallback's page too; Fallback's pages are in ${server.client}`;
	}
	if (!site) return wrote;
	const siteFiles = namedFiles(where, siteModeFiles);
	return `${wrote}; for the nginx, Caddy or Apache that serves this site, add the site-mode files ${siteFiles} (the *-standalone files are for a server of Fallback's pages alone: their headers would go on every page of the site)`;
}
