/**
 * Apache: a VirtualHost for Fallback's pages alone (standalone.ts), one in front of an app
 * (proxy.ts), and the site mode's file for a team's own VirtualHost (site.ts). What they share:
 * shared.ts, and the type maps that negotiate each page's language and format (typeMaps.ts).
 */
import type { RouteContract } from '../../contract/contract';
import type { HostOptions } from '../../config/hostOptions';
import type { HostConfigFile } from '../format';
import { apacheProxyConfig } from './proxy';
import { apacheSiteFiles } from './site';
import { apacheStandaloneConfig } from './standalone';

export { apacheProxyConfig } from './proxy';
export { apacheSiteFiles, siteFileName } from './site';
export { apacheProxyFailureStatuses, apacheTypeMaps, typeMapsRoot } from './typeMaps';
export { apacheStandaloneConfig } from './standalone';

export function apacheFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'apache/fallback-standalone.conf', content: apacheStandaloneConfig(contract, options) },
		{ path: 'apache/fallback-proxy.conf', content: apacheProxyConfig(contract, options) },
		...apacheSiteFiles(contract, options),
	];
}
