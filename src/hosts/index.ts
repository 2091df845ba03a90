/**
 * Every host config Fallback generates, as files to write under hosts/ at the repository root
 * (outside dist/: they are installed on servers and CDNs, never deployed as pages).
 */
import { apacheProxyConfig, apacheStaticConfig } from './apache';
import { caddyProxyConfig, caddyStaticConfig } from './caddy';
import { cloudflareWranglerConfig } from './cloudflare';
import { cloudFrontConfig } from './cloudfront';
import { nginxProxyConfig, nginxStaticConfig } from './nginx';
import { vercelConfig } from './vercel';

export interface HostConfigFile {
	/** Path under hosts/, with `/` separators: `nginx/fallback-static.conf`. */
	path: string;
	content: string;
}

/** The files, written with the default settings (defaultHostOptions) their comments tell to change. */
export function hostConfigFiles(): HostConfigFile[] {
	return [
		{ path: 'nginx/fallback-static.conf', content: nginxStaticConfig() },
		{ path: 'nginx/fallback-proxy.conf', content: nginxProxyConfig() },
		{ path: 'caddy/Caddyfile.static', content: caddyStaticConfig() },
		{ path: 'caddy/Caddyfile.proxy', content: caddyProxyConfig() },
		{ path: 'apache/fallback-static.conf', content: apacheStaticConfig() },
		{ path: 'apache/fallback-proxy.conf', content: apacheProxyConfig() },
		{ path: 'cloudfront/custom-error-responses.json', content: cloudFrontConfig() },
		{ path: 'cloudflare/wrangler.toml', content: cloudflareWranglerConfig() },
		{ path: 'vercel/vercel.json', content: vercelConfig() },
	];
}
