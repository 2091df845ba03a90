/**
 * The four servers as the benchmark runs them: each with a main config like a distribution's
 * (production settings, not the contract suite's small test fixtures) around a site config, the
 * generated one or the hand-written one, everything it writes kept in its own folder.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apacheMain, caddyEnvironment, nginxMain } from '../server-mains.ts';
import {
	apacheHandWritten,
	caddyHandWritten,
	haproxyHandWritten,
	nginxHandWritten,
	type Site,
} from './handWritten.ts';

export interface Launch {
	command: string;
	args: string[];
	env?: NodeJS.ProcessEnv;
	/** Where its standard output goes (HAProxy's log), else nowhere. */
	stdout?: string;
}

export interface BenchServer {
	name: string;
	/** Debian's package, for the message when it is missing. */
	debianPackage: string;
	executables: readonly string[];
	/** The generated static site config, under the build's hosts folder. */
	generated: string;
	/** The generated config in front of an app, under the build's hosts folder. */
	proxy: string;
	handWritten(site: Site): string;
	/** Writes its main config around `siteConfig` into `dir`; how to start it in the foreground. */
	launch(executable: string, dir: string, siteConfig: string, port: number): Launch;
}

function write(path: string, content: string): string {
	writeFileSync(path, content);
	return path;
}

export const nginx: BenchServer = {
	name: 'nginx',
	debianPackage: 'nginx',
	executables: ['nginx'],
	generated: 'nginx/fallback-standalone.conf',
	proxy: 'nginx/fallback-proxy.conf',
	handWritten: nginxHandWritten,
	launch(executable, dir, siteConfig) {
		// One worker: the figures are per request, and the machine runs wrk too.
		const args = nginxMain(dir, write(join(dir, 'site.conf'), siteConfig), {
			workerConnections: 4096,
			http: [
				'include /etc/nginx/mime.types;',
				'default_type application/octet-stream;',
				'sendfile on;',
				'tcp_nopush on;',
				'keepalive_timeout 65;',
			],
		});
		return { command: executable, args: [...args, '-g', 'daemon off;'] };
	},
};

export const caddy: BenchServer = {
	name: 'Caddy',
	debianPackage: 'caddy',
	executables: ['caddy'],
	generated: 'caddy/Caddyfile.standalone',
	proxy: 'caddy/Caddyfile.proxy',
	handWritten: caddyHandWritten,
	launch(executable, dir, siteConfig) {
		const config = write(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\n\n${siteConfig}`);
		return {
			command: executable,
			args: ['run', '--config', config, '--adapter', 'caddyfile'],
			env: caddyEnvironment(dir),
		};
	},
};

const apacheModules = [
	'mpm_event',
	'authz_core',
	'mime',
	'dir',
	'alias',
	'rewrite',
	'headers',
	'negotiation',
	'unique_id',
	'log_config',
	'setenvif',
	// In front of an app (--blackhole).
	'proxy',
	'proxy_http',
];

export const apache: BenchServer = {
	name: 'Apache',
	debianPackage: 'apache2',
	executables: ['apache2', 'httpd'],
	generated: 'apache/fallback-standalone.conf',
	proxy: 'apache/fallback-proxy.conf',
	handWritten: apacheHandWritten,
	launch(executable, dir, siteConfig, port) {
		const main = apacheMain(dir, write(join(dir, 'site.conf'), siteConfig), port, {
			modules: apacheModules,
			// Debian's default user; the event MPM with its default settings.
			lines: ['User www-data', 'Group www-data', 'TypesConfig /etc/mime.types'],
		});
		return { command: executable, args: ['-DFOREGROUND', '-f', main] };
	},
};

export const haproxy: BenchServer = {
	name: 'HAProxy',
	debianPackage: 'haproxy',
	executables: ['haproxy'],
	generated: 'haproxy/haproxy-standalone.cfg',
	proxy: 'haproxy/haproxy-proxy.cfg',
	handWritten: haproxyHandWritten,
	launch(executable, dir, siteConfig) {
		// One thread, as nginx runs one worker: two threads beside wrk on two cores contend, and the
		// same config measured 66 and 113 µs a request in one run (2026-11-26).
		if (!/^global$/m.test(siteConfig)) throw new Error('HAProxy config without a global section');
		const oneThread = siteConfig.replace(/^global$/m, 'global\n\tnbthread 1');
		return {
			command: executable,
			args: ['-db', '-f', write(join(dir, 'haproxy.cfg'), oneThread)],
			stdout: join(dir, 'access.log'),
		};
	},
};

export const benchServers: readonly BenchServer[] = [nginx, caddy, apache, haproxy];
