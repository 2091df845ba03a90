/**
 * HAProxy: Fallback's pages alone (standalone.ts) or in front of an app (proxy.ts), every answer
 * from memory within its buffer (limits.ts); HAProxy has no site mode. What they share: shared.ts.
 */
import type { RouteContract } from '../../contract/contract';
import type { HostOptions } from '../../config/hostOptions';
import type { HostConfigFile } from '../format';
import { haproxyProxyConfig } from './proxy';
import { haproxyStandaloneConfig } from './standalone';

export {
	checkHaproxyFits,
	haproxyBufferSize,
	haproxyOversizedFiles,
	haproxyPayloadLimit,
	haproxyProxyFailureStatuses,
	haproxyServedFiles,
} from './limits';
export { haproxyProxyConfig } from './proxy';
export { haproxyStandaloneConfig } from './standalone';

export function haproxyFiles(contract: RouteContract, options: HostOptions): HostConfigFile[] {
	return [
		{ path: 'haproxy/haproxy-standalone.cfg', content: haproxyStandaloneConfig(contract, options) },
		{ path: 'haproxy/haproxy-proxy.cfg', content: haproxyProxyConfig(contract, options) },
	];
}
