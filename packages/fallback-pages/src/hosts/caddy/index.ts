/**
 * Caddy: a site block for Fallback's pages alone (standalone.ts), one in front of an app
 * (proxy.ts), and the site mode's file for a team's own site block (site.ts). What they share:
 * shared.ts.
 */
import type { RouteContract } from '../../contract/contract';
import type { HostOptions } from '../../config/hostOptions';
import type { HostConfigFile } from '../format';
import { caddyProxyConfig } from './proxy';
import { caddySiteFiles } from './site';
import { caddyStandaloneConfig } from './standalone';

export { caddyProxyConfig } from './proxy';
export { caddySiteFiles, siteFileName } from './site';
export { caddyStandaloneConfig } from './standalone';

export function caddyFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'caddy/Caddyfile.standalone', content: caddyStandaloneConfig(contract, options) },
		{ path: 'caddy/Caddyfile.proxy', content: caddyProxyConfig(contract, options) },
		...caddySiteFiles(contract),
	];
}
