/**
 * The four servers as the benchmark runs them: each with a main config like a distribution's
 * (production settings, not the contract suite's small test fixtures) around a site config, the
 * generated one or the hand-written one, everything it writes kept in its own folder.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
	generated: 'nginx/fallback-static.conf',
	handWritten: nginxHandWritten,
	launch(executable, dir, siteConfig) {
		for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
			mkdirSync(join(dir, temp), { recursive: true });
		const main = write(
			join(dir, 'nginx.conf'),
			[
				// One worker: the figures are per request, and the machine runs wrk too.
				'worker_processes 1;',
				`pid ${join(dir, 'nginx.pid')};`,
				`error_log ${join(dir, 'error.log')} warn;`,
				'events { worker_connections 4096; }',
				'http {',
				'\tinclude /etc/nginx/mime.types;',
				'\tdefault_type application/octet-stream;',
				'\tsendfile on;',
				'\ttcp_nopush on;',
				'\tkeepalive_timeout 65;',
				...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
					(temp) => `\t${temp === 'body' ? 'client_body' : temp}_temp_path ${join(dir, temp)};`,
				),
				`\tinclude ${write(join(dir, 'site.conf'), siteConfig)};`,
				'}',
				'',
			].join('\n'),
		);
		return {
			command: executable,
			args: ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', main, '-g', 'daemon off;'],
		};
	},
};

export const caddy: BenchServer = {
	name: 'Caddy',
	debianPackage: 'caddy',
	executables: ['caddy'],
	generated: 'caddy/Caddyfile.static',
	handWritten: caddyHandWritten,
	launch(executable, dir, siteConfig) {
		const config = write(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\n\n${siteConfig}`);
		return {
			command: executable,
			args: ['run', '--config', config, '--adapter', 'caddyfile'],
			env: { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
		};
	},
};

const apacheModuleDirs = ['/usr/lib/apache2/modules', '/usr/lib64/httpd/modules', '/usr/lib/httpd/modules'];
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
];

export const apache: BenchServer = {
	name: 'Apache',
	debianPackage: 'apache2',
	executables: ['apache2', 'httpd'],
	generated: 'apache/fallback-static.conf',
	handWritten: apacheHandWritten,
	launch(executable, dir, siteConfig, port) {
		const modules = apacheModuleDirs.find((candidate) => existsSync(join(candidate, 'mod_rewrite.so')));
		if (!modules) throw new Error(`Apache modules not found in ${apacheModuleDirs.join(', ')}`);
		const main = write(
			join(dir, 'httpd.conf'),
			[
				`ServerRoot ${dir}`,
				'ServerName 127.0.0.1',
				`PidFile ${join(dir, 'httpd.pid')}`,
				`DefaultRuntimeDir ${dir}`,
				`Mutex file:${dir}`,
				`ErrorLog ${join(dir, 'error.log')}`,
				'LogLevel warn',
				// Debian's default user; the event MPM with its default settings.
				'User www-data',
				'Group www-data',
				...apacheModules
					.filter((name) => existsSync(join(modules, `mod_${name}.so`)))
					.map((name) => `LoadModule ${name}_module ${join(modules, `mod_${name}.so`)}`),
				'TypesConfig /etc/mime.types',
				`Listen 127.0.0.1:${port}`,
				`Include ${write(join(dir, 'site.conf'), siteConfig)}`,
				'',
			].join('\n'),
		);
		return { command: executable, args: ['-DFOREGROUND', '-f', main] };
	},
};

export const haproxy: BenchServer = {
	name: 'HAProxy',
	debianPackage: 'haproxy',
	executables: ['haproxy'],
	generated: 'haproxy/haproxy-static.cfg',
	handWritten: haproxyHandWritten,
	launch(executable, dir, siteConfig) {
		return {
			command: executable,
			args: ['-db', '-f', write(join(dir, 'haproxy.cfg'), siteConfig)],
			stdout: join(dir, 'access.log'),
		};
	},
};

export const benchServers: readonly BenchServer[] = [nginx, caddy, apache, haproxy];
