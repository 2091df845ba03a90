/**
 * The three real servers the generated configs are tested on, each wrapped in the smallest main
 * config that runs it in the foreground on loopback with everything it writes kept in its own dir.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
	apacheProxyConfig,
	apacheProxyFailureStatuses,
	apacheStaticConfig,
	apacheUnsupportedStatuses,
} from '../../src/hosts/apache';
import { caddyProxyConfig, caddyStaticConfig } from '../../src/hosts/caddy';
import type { HostOptions } from '../../src/hosts/common';
import { nginxProxyConfig, nginxStaticConfig } from '../../src/hosts/nginx';
import { checkConfig, findExecutable, startServer, writeConfig, type RunningServer } from './harness';

export interface ServerStart {
	/** An empty folder of its own for this server's config, pid and logs. */
	dir: string;
	/** The generated config under test. */
	siteConfig: string;
	port: number;
	label: string;
	executable: string;
}

export interface HostUnderTest {
	name: string;
	/** Executable names to look for on PATH, in order. */
	executables: readonly string[];
	/** The Debian package that provides it. */
	aptPackage: string;
	/** The generator file a failing test points at. */
	source: string;
	staticConfig(options: HostOptions): string;
	proxyConfig(options: HostOptions): string;
	start(server: ServerStart): Promise<RunningServer>;
	/** The server's own config check (`nginx -t`…) on a generated config; throws with its output. */
	check(dir: string, siteConfig: string, executable: string): Promise<void>;
	/** The files hostConfigFiles() writes for this server, under hosts/. */
	shippedFiles: readonly string[];
	/** Catalogued statuses the server cannot answer with at all (a documented limitation). */
	unsupportedStatuses: ReadonlySet<number>;
	/** What the server itself answers when the app is unreachable, and when it is too slow. */
	proxyFailureStatuses: { unreachable: number; timeout: number };
}

/** What nginx and Caddy answer, and RFC 9110 (15.6.3, 15.6.5) describes: 502 and 504. */
const gatewayStatuses = { unreachable: 502, timeout: 504 };

export const nginx: HostUnderTest = {
	name: 'nginx',
	executables: ['nginx'],
	aptPackage: 'nginx',
	source: 'src/hosts/nginx.ts',
	shippedFiles: ['nginx/fallback-static.conf', 'nginx/fallback-proxy.conf'],
	staticConfig: nginxStaticConfig,
	proxyConfig: nginxProxyConfig,
	unsupportedStatuses: new Set(),
	proxyFailureStatuses: gatewayStatuses,
	async start({ dir, siteConfig, port, label, executable }) {
		return startServer({
			label,
			command: executable,
			args: [...(await nginxMainConfig(dir, siteConfig)), '-g', 'daemon off;'],
			port,
			logs: [join(dir, 'error.log')],
		});
	},
	async check(dir, siteConfig, executable) {
		await checkConfig(executable, ['-t', ...(await nginxMainConfig(dir, siteConfig))]);
	},
};

/** The least nginx.conf that includes the generated server block; returns nginx's arguments for it. */
async function nginxMainConfig(dir: string, siteConfig: string): Promise<string[]> {
	const site = await writeConfig(join(dir, 'site.conf'), siteConfig);
	const temp = (name: string) => join(dir, 'temp', name);
	const main = await writeConfig(
		join(dir, 'nginx.conf'),
		[
			'worker_processes 1;',
			`pid ${join(dir, 'nginx.pid')};`,
			`error_log ${join(dir, 'error.log')} warn;`,
			'events { worker_connections 64; }',
			'http {',
			'\ttypes { text/html html; }',
			'\tdefault_type application/octet-stream;',
			'\taccess_log off;',
			`\tclient_body_temp_path ${temp('body')};`,
			`\tproxy_temp_path ${temp('proxy')};`,
			`\tfastcgi_temp_path ${temp('fastcgi')};`,
			`\tuwsgi_temp_path ${temp('uwsgi')};`,
			`\tscgi_temp_path ${temp('scgi')};`,
			`\tinclude ${site};`,
			'}',
			'',
		].join('\n'),
	);
	await writeConfig(join(dir, 'temp', '.keep'), '');
	// -e: nginx opens its error log before reading the config; keep even that one in dir.
	return ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', main];
}

export const caddy: HostUnderTest = {
	name: 'Caddy',
	executables: ['caddy'],
	aptPackage: 'caddy',
	source: 'src/hosts/caddy.ts',
	shippedFiles: ['caddy/Caddyfile.static', 'caddy/Caddyfile.proxy'],
	staticConfig: caddyStaticConfig,
	proxyConfig: caddyProxyConfig,
	unsupportedStatuses: new Set(),
	proxyFailureStatuses: gatewayStatuses,
	async start({ dir, siteConfig, port, label, executable }) {
		return startServer({
			label,
			command: executable,
			args: ['run', '--config', await caddyfileWithOptions(dir, siteConfig), '--adapter', 'caddyfile'],
			port,
			logs: [],
			env: caddyEnvironment(dir),
		});
	},
	async check(dir, siteConfig, executable) {
		const caddyfile = await caddyfileWithOptions(dir, siteConfig);
		await checkConfig(executable, ['adapt', '--config', caddyfile, '--adapter', 'caddyfile', '--validate'], {
			env: caddyEnvironment(dir),
		});
		// Caddy warns at every start about a Caddyfile `caddy fmt` would change.
		const bare = await writeConfig(join(dir, 'Caddyfile.generated'), siteConfig);
		const formatted = await checkConfig(executable, ['fmt', bare], { env: caddyEnvironment(dir) });
		if (formatted !== siteConfig)
			throw new Error(`caddy fmt would change the generated Caddyfile:\n${formatted}`);
	},
};

/** No admin endpoint (it would take port 2019 on every instance); global options come first. */
function caddyfileWithOptions(dir: string, siteConfig: string): Promise<string> {
	return writeConfig(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\n\n${siteConfig}`);
}

/** Caddy keeps its data and autosaved config under these: the test's own dir. */
function caddyEnvironment(dir: string): NodeJS.ProcessEnv {
	return { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
}

/** Where distributions keep Apache's modules. */
const apacheModuleDirs = ['/usr/lib/apache2/modules', '/usr/lib64/httpd/modules', '/usr/lib/httpd/modules'];

/** The modules the generated virtual hosts use, and the event MPM to run them. */
const apacheModules = {
	mpm_event_module: 'mod_mpm_event.so',
	authz_core_module: 'mod_authz_core.so',
	mime_module: 'mod_mime.so',
	dir_module: 'mod_dir.so',
	alias_module: 'mod_alias.so',
	rewrite_module: 'mod_rewrite.so',
	headers_module: 'mod_headers.so',
	proxy_module: 'mod_proxy.so',
	proxy_http_module: 'mod_proxy_http.so',
};

export const apache: HostUnderTest = {
	name: 'Apache',
	executables: ['apache2', 'httpd'],
	aptPackage: 'apache2',
	source: 'src/hosts/apache.ts',
	shippedFiles: ['apache/fallback-static.conf', 'apache/fallback-proxy.conf'],
	staticConfig: apacheStaticConfig,
	proxyConfig: apacheProxyConfig,
	unsupportedStatuses: apacheUnsupportedStatuses,
	proxyFailureStatuses: apacheProxyFailureStatuses,
	async start({ dir, siteConfig, port, label, executable }) {
		return startServer({
			label,
			command: executable,
			// -X: one process in the foreground, so stopping it stops everything it started.
			args: ['-X', '-f', await apacheMainConfig(dir, siteConfig, port)],
			port,
			logs: [join(dir, 'error.log')],
		});
	},
	async check(dir, siteConfig, executable) {
		await checkConfig(executable, ['-t', '-f', await apacheMainConfig(dir, siteConfig, 80)]);
	},
};

/**
 * The least httpd.conf around the generated VirtualHost (Debian's apache2.conf, ports.conf and
 * a2enmod do this on a server).
 */
async function apacheMainConfig(dir: string, siteConfig: string, port: number): Promise<string> {
	const modules = apacheModuleDirs.find((candidate) => existsSync(join(candidate, 'mod_rewrite.so')));
	if (!modules) throw new Error(`Apache modules not found in ${apacheModuleDirs.join(', ')}`);
	const site = await writeConfig(join(dir, 'site.conf'), siteConfig);
	return writeConfig(
		join(dir, 'httpd.conf'),
		[
			`ServerRoot ${dir}`,
			'ServerName 127.0.0.1',
			`PidFile ${join(dir, 'httpd.pid')}`,
			`DefaultRuntimeDir ${dir}`,
			`Mutex file:${dir}`,
			`ErrorLog ${join(dir, 'error.log')}`,
			'LogLevel warn',
			...Object.entries(apacheModules).map(([name, file]) => `LoadModule ${name} ${join(modules, file)}`),
			// Only the one type the pages need, rather than a distribution's mime.types.
			'TypesConfig /dev/null',
			'AddType text/html .html',
			`Listen 127.0.0.1:${port}`,
			`Include ${site}`,
			'',
		].join('\n'),
	);
}

export function findHostExecutable(host: HostUnderTest): string | undefined {
	for (const name of host.executables) {
		const found = findExecutable(name);
		if (found) return found;
	}
	return undefined;
}
