/**
 * The main configs around a site config that the contract suite (tests/contract/servers.ts) and the
 * benchmark (scripts/bench/servers.ts) run nginx, Apache and Caddy with: in the foreground, on
 * loopback, everything the server writes kept in its own folder. What differs between the two
 * (the suite's small fixtures, the benchmark's production settings) is passed in. Imports nothing
 * of the package, so Node runs it as it is.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** nginx's temp folders, each kept in the run's folder. */
const nginxTemps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/**
 * The least nginx.conf that includes `siteFile` (one worker, in `dir`), with these `http {}` lines;
 * returns nginx's arguments for it, `-g 'daemon off;'` aside.
 */
export function nginxMain(
	dir: string,
	siteFile: string,
	{ workerConnections, http }: { workerConnections: number; http: readonly string[] },
): string[] {
	const temp = (name: string) => join(dir, 'temp', name);
	for (const name of nginxTemps) mkdirSync(temp(name), { recursive: true });
	const main = join(dir, 'nginx.conf');
	writeFileSync(
		main,
		[
			'worker_processes 1;',
			`pid ${join(dir, 'nginx.pid')};`,
			`error_log ${join(dir, 'error.log')} warn;`,
			`events { worker_connections ${workerConnections}; }`,
			'http {',
			...http.map((line) => `\t${line}`),
			...nginxTemps.map((name) => `\t${name}_temp_path ${temp(name)};`),
			`\tinclude ${siteFile};`,
			'}',
			'',
		].join('\n'),
	);
	// -e: nginx opens its error log before reading the config; keep even that one in dir.
	return ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', main];
}

/** Where distributions keep Apache's modules. */
const apacheModuleDirs = ['/usr/lib/apache2/modules', '/usr/lib64/httpd/modules', '/usr/lib/httpd/modules'];

/**
 * The least httpd.conf around `siteFile` (Debian's apache2.conf, ports.conf and a2enmod do this on
 * a server): these modules (`rewrite`: mod_rewrite.so; one with no file is built in), listening on
 * loopback at `port`, with these lines too; returns its path.
 */
export function apacheMain(
	dir: string,
	siteFile: string,
	port: number,
	{ modules, lines }: { modules: readonly string[]; lines: readonly string[] },
): string {
	const modulesDir = apacheModuleDirs.find((candidate) => existsSync(join(candidate, 'mod_rewrite.so')));
	if (!modulesDir) throw new Error(`Apache modules not found in ${apacheModuleDirs.join(', ')}`);
	const main = join(dir, 'httpd.conf');
	writeFileSync(
		main,
		[
			`ServerRoot ${dir}`,
			'ServerName 127.0.0.1',
			`PidFile ${join(dir, 'httpd.pid')}`,
			`DefaultRuntimeDir ${dir}`,
			`Mutex file:${dir}`,
			`ErrorLog ${join(dir, 'error.log')}`,
			'LogLevel warn',
			...modules
				.filter((name) => existsSync(join(modulesDir, `mod_${name}.so`)))
				.map((name) => `LoadModule ${name}_module ${join(modulesDir, `mod_${name}.so`)}`),
			...lines,
			`Listen 127.0.0.1:${port}`,
			`Include ${siteFile}`,
			'',
		].join('\n'),
	);
	return main;
}

/** Caddy keeps its data and autosaved config under these: the run's own folder. */
export function caddyEnvironment(dir: string): NodeJS.ProcessEnv {
	return { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
}
