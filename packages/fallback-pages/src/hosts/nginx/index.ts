/**
 * nginx: a server block for Fallback's pages alone (standalone.ts), one for nginx in front of an
 * app (proxy.ts; each goes inside `http {}`, a file in /etc/nginx/conf.d/ is included there:
 * include one of the two), and the site mode's two files (site.ts), added to the server block that
 * serves a team's own site: its maps for `http {}` and its locations for that `server {}`. What
 * they share: the maps at http level (maps.ts), the locations at server level (locations.ts).
 */
import type { RouteContract } from '../../contract/contract';
import type { HostOptions } from '../../config/hostOptions';
import type { HostConfigFile } from '../format';
import { nginxProxyConfig } from './proxy';
import { nginxSiteFiles } from './site';
import { nginxStandaloneConfig } from './standalone';

export { nginxProxyConfig } from './proxy';
export { nginxSiteFiles, siteConfigName, siteHttpConfigName } from './site';
export { nginxStandaloneConfig } from './standalone';

export function nginxFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'nginx/fallback-standalone.conf', content: nginxStandaloneConfig(contract, options) },
		{ path: 'nginx/fallback-proxy.conf', content: nginxProxyConfig(contract, options) },
		...nginxSiteFiles(contract),
	];
}
