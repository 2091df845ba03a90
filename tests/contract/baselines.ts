/**
 * The server setups teams start from, run as Debian installs them: the distribution's own main
 * config (nginx.conf; apache2.conf with its enabled modules and confs; the Caddyfile is the whole
 * config), read from /etc where the Debian package put it, with only what ties it to this machine
 * changed (the port, the site's root, where it writes its pid and logs). Each baseline is a site
 * block as a team has it; with Fallback's site-mode files, they are added as the hosts pages say
 * (one include, Apache's modules enabled as its file's header says).
 *
 * - nginx: Debian's default site (sites-available/default), and the block on the nginx page as
 *   teams write it (security headers, a deny on dot files, expires, gzip; before Fallback, its own
 *   error_page 404, which the page says to remove), read from the page as written.
 * - Apache: Debian's default site (000-default.conf, under apache2.conf's `Options Indexes`), the
 *   virtual host on the Apache page, and Debian's default site with h5bp's apache-server-configs
 *   (the npm package) as the site's `.htaccess`.
 * - Caddy: Debian's default Caddyfile, and the site block on the Caddy page.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caddyEnvironment } from '../../scripts/server-mains';
import { startServer, writeConfig, type RunningServer } from './harness';
import { apache, caddy, nginx, type ServerUnderTest } from './servers';

/** Fallback's site-mode files, by their path under hosts/, each where the test copied it. */
type FallbackFiles = Readonly<Record<string, string>>;

export interface Baseline {
	/** `nginx, Debian's default site`. */
	name: string;
	server: ServerUnderTest;
	/** Starts the server on a copy of the site at `root`; with `fallback`, its files added. */
	start(options: {
		dir: string;
		root: string;
		port: number;
		executable: string;
		fallback?: FallbackFiles | undefined;
	}): Promise<RunningServer>;
}

/** A file the Debian package installed, read as it is; its absence names the package. */
async function debianFile(path: string, server: ServerUnderTest): Promise<string> {
	if (!existsSync(path)) throw new Error(`${path} is missing: the baselines need Debian's ${server.install}`);
	return readFile(path, 'utf8');
}

/** Replaces `from` with `to`, refusing a file that no longer has `from` (Debian changed it). */
function swap(text: string, from: string | RegExp, to: string, file: string): string {
	if (!(typeof from === 'string' ? text.includes(from) : from.test(text)))
		throw new Error(`${file} has no ${String(from)} any more: update tests/contract/baselines.ts`);
	return text.replace(from, to);
}

/** A site block with one line added before its last closing line (`}`, `</VirtualHost>`). */
function withLastLine(block: string, line: string, closing: string): string {
	const at = block.lastIndexOf(closing);
	if (at < 0) throw new Error(`no ${closing} in the site block`);
	return `${block.slice(0, at)}\t${line}\n${block.slice(at)}`;
}

// nginx ----------------------------------------------------------------------------------------

/** Debian's nginx.conf, its pid and logs in `dir`, its sites the one file given. */
async function debianNginx(
	{ dir, port, executable }: { dir: string; port: number; executable: string },
	site: string,
	label: string,
): Promise<RunningServer> {
	const file = '/etc/nginx/nginx.conf';
	let main = await debianFile(file, nginx);
	main = swap(main, /^pid [^;]+;/m, `pid ${join(dir, 'nginx.pid')};`, file);
	main = swap(main, /error_log [^;]+;/, `error_log ${join(dir, 'error.log')};`, file);
	main = swap(main, /access_log [^;]+;/, `access_log ${join(dir, 'access.log')};`, file);
	main = swap(main, 'include /etc/nginx/sites-enabled/*;', `include ${join(dir, 'sites-enabled')}/*;`, file);
	await writeConfig(join(dir, 'sites-enabled', 'site'), site);
	const config = await writeConfig(join(dir, 'nginx.conf'), main);
	return startServer({
		label,
		command: executable,
		args: ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'],
		port,
		logs: [join(dir, 'error.log')],
	});
}

/** An nginx site block with Fallback's two files added: http {} first, then inside the server {}. */
function nginxWithFallback(block: string, fallback: FallbackFiles | undefined): string {
	if (!fallback) return block;
	return `include ${fallback['nginx/fallback-site-http.conf']};\n${withLastLine(
		block,
		`include ${fallback['nginx/fallback-site.conf']};`,
		'}',
	)}`;
}

const nginxDebianDefault: Baseline = {
	name: "nginx, Debian's default site",
	server: nginx,
	async start({ dir, root, port, executable, fallback }) {
		const file = '/etc/nginx/sites-available/default';
		let site = await debianFile(file, nginx);
		site = swap(site, /^\tlisten 80 default_server;$/m, `\tlisten 127.0.0.1:${port} default_server;`, file);
		// This machine may have no IPv6.
		site = swap(site, /^\tlisten \[::\]:80 default_server;$/m, '', file);
		site = swap(site, /^\troot \/var\/www\/html;$/m, `\troot ${root};`, file);
		// The file's commented-out examples hold server blocks too: the default one is the first.
		const end = site.indexOf('\n}\n') + 3;
		return debianNginx(
			{ dir, port, executable },
			nginxWithFallback(site.slice(0, end), fallback),
			`${this.name}${fallback ? ', with Fallback' : ''}`,
		);
	},
};

/** The hosts page's fenced block in `language` (the first one): what teams copy, as written. */
async function hostsPageBlock(page: string, language: string): Promise<string> {
	const file = fileURLToPath(new URL(`../../docs/src/content/docs/hosts/${page}.mdx`, import.meta.url));
	const block = new RegExp(`\`\`\`${language}\n([\\s\\S]*?)\`\`\``).exec(await readFile(file, 'utf8'));
	if (!block)
		throw new Error(`${file} has no \`\`\`${language} block any more: update tests/contract/baselines.ts`);
	return block[1]!;
}

/**
 * The block on the nginx page, as written: before Fallback, its `error_page 404` in place of the
 * include; with it, the include and the http {} file.
 */
const nginxHostsPage: Baseline = {
	name: 'nginx, the block on the hosts page',
	server: nginx,
	async start({ dir, root, port, executable, fallback }) {
		const page = 'docs/src/content/docs/hosts/nginx.mdx';
		let block = await hostsPageBlock('nginx', 'nginx');
		block = swap(block, '    listen 80;', `    listen 127.0.0.1:${port};`, page);
		block = swap(block, '    root /var/www/acme;', `    root ${root};`, page);
		const include = '    include /etc/nginx/fallback-site.conf;';
		const before = '    # Before Fallback: error_page 404 /404.html;';
		block = fallback
			? swap(block, include, `    include ${fallback['nginx/fallback-site.conf']};`, page)
			: swap(swap(block, include, '', page), before, '    error_page 404 /404.html;', page);
		return debianNginx(
			{ dir, port, executable },
			fallback ? `include ${fallback['nginx/fallback-site-http.conf']};\n${block}` : block,
			`${this.name}${fallback ? ', with Fallback' : ''}`,
		);
	},
};

// Apache ---------------------------------------------------------------------------------------

/** The modules Fallback's site-mode file asks for (`a2enmod rewrite headers alias mime negotiation unique_id`). */
const fallbackApacheModules = ['rewrite', 'headers', 'alias', 'mime', 'negotiation', 'unique_id'];

/**
 * Debian's apache2.conf, run from `dir` as its ServerRoot: mods-enabled/ holds Debian's enabled
 * modules and those `modules` enables (a2enmod), conf-enabled/ Debian's, ports.conf the one port,
 * sites-enabled/ the one site. Its `<Directory /var/www/>` is the folder that holds the site's root.
 */
async function debianApache(
	{ dir, root, port, executable }: { dir: string; root: string; port: number; executable: string },
	site: string,
	modules: readonly string[],
	label: string,
): Promise<RunningServer> {
	const file = '/etc/apache2/apache2.conf';
	const main = swap(
		await debianFile(file, apache),
		'<Directory /var/www/>',
		`<Directory ${dirname(root)}/>`,
		file,
	);
	await mkdir(join(dir, 'mods-enabled'), { recursive: true });
	const enabled = [...new Set([...(await enabledModules()), ...modules])];
	for (const module of enabled) {
		for (const kind of ['load', 'conf']) {
			const available = `/etc/apache2/mods-available/${module}.${kind}`;
			if (existsSync(available)) await symlink(available, join(dir, 'mods-enabled', `${module}.${kind}`));
		}
	}
	await symlink('/etc/apache2/conf-enabled', join(dir, 'conf-enabled'));
	await writeFile(join(dir, 'ports.conf'), `Listen 127.0.0.1:${port}\n`);
	await writeConfig(join(dir, 'sites-enabled', '000-default.conf'), site);
	const config = await writeConfig(join(dir, 'apache2.conf'), main);
	await mkdir(join(dir, 'run'), { recursive: true });
	return startServer({
		label,
		command: executable,
		args: ['-X', '-d', dir, '-f', config],
		port,
		logs: [join(dir, 'error.log')],
		// What /etc/apache2/envvars exports, each path in `dir`.
		env: {
			APACHE_RUN_USER: 'www-data',
			APACHE_RUN_GROUP: 'www-data',
			APACHE_PID_FILE: join(dir, 'run', 'apache2.pid'),
			APACHE_RUN_DIR: join(dir, 'run'),
			APACHE_LOCK_DIR: join(dir, 'run'),
			APACHE_LOG_DIR: dir,
		},
	});
}

/** The modules Debian's package enables: what /etc/apache2/mods-enabled/ links to. */
async function enabledModules(): Promise<string[]> {
	return (await readdir('/etc/apache2/mods-enabled'))
		.filter((name) => name.endsWith('.load'))
		.map((name) => name.slice(0, -5));
}

/** Debian's 000-default.conf on `port` and `root`, with Fallback's file included in it. */
async function apacheDefaultSite(
	root: string,
	port: number,
	fallback: FallbackFiles | undefined,
	extra: string[] = [],
) {
	const file = '/etc/apache2/sites-available/000-default.conf';
	let site = await debianFile(file, apache);
	site = swap(site, '<VirtualHost *:80>', `<VirtualHost *:${port}>`, file);
	site = swap(site, /^\tDocumentRoot \/var\/www\/html$/m, `\tDocumentRoot ${root}`, file);
	for (const line of extra) site = withLastLine(site, line, '</VirtualHost>');
	return fallback
		? withLastLine(site, `Include ${fallback['apache/fallback-site.conf']}`, '</VirtualHost>')
		: site;
}

const apacheDebianDefault: Baseline = {
	name: "Apache, Debian's default site",
	server: apache,
	async start({ dir, root, port, executable, fallback }) {
		return debianApache(
			{ dir, root, port, executable },
			await apacheDefaultSite(root, port, fallback),
			fallback ? fallbackApacheModules : [],
			`${this.name}${fallback ? ', with Fallback' : ''}`,
		);
	},
};

/** The virtual host on the Apache page, as written; before Fallback, without its Include. */
const apacheHostsPage: Baseline = {
	name: 'Apache, the virtual host on the hosts page',
	server: apache,
	async start({ dir, root, port, executable, fallback }) {
		const page = 'docs/src/content/docs/hosts/apache.mdx';
		let site = await hostsPageBlock('apache', 'apache');
		site = swap(site, '<VirtualHost *:80>', `<VirtualHost *:${port}>`, page);
		site = swap(site, /\/var\/www\/acme/g, root, page);
		const include = 'Include /etc/apache2/fallback-site.conf';
		site = swap(site, include, fallback ? `Include ${fallback['apache/fallback-site.conf']}` : '', page);
		return debianApache(
			{ dir, root, port, executable },
			site,
			// Its own Header lines need mod_headers, which Debian does not enable.
			fallback ? fallbackApacheModules : ['headers'],
			`${this.name}${fallback ? ', with Fallback' : ''}`,
		);
	},
};

/** h5bp's apache-server-configs, as npm installs it. */
const h5bpHtaccess = fileURLToPath(
	new URL('../../node_modules/apache-server-configs/dist/.htaccess', import.meta.url),
);

const apacheH5bp: Baseline = {
	name: "Apache, Debian's default site with h5bp's .htaccess",
	server: apache,
	async start({ dir, root, port, executable, fallback }) {
		await cp(h5bpHtaccess, join(root, '.htaccess'));
		return debianApache(
			{ dir, root, port, executable },
			// h5bp's README: AllowOverride All for its .htaccess, and the modules it uses enabled.
			await apacheDefaultSite(root, port, fallback, [
				`<Directory ${root}>`,
				'\tAllowOverride All',
				'</Directory>',
			]),
			['rewrite', 'headers', 'expires', ...(fallback ? fallbackApacheModules : [])],
			`${this.name}${fallback ? ', with Fallback' : ''}`,
		);
	},
};

// Caddy ----------------------------------------------------------------------------------------

/** Caddy with this site block alone (no admin endpoint: every instance would take port 2019). */
async function runCaddy(
	{ dir, port, executable }: { dir: string; port: number; executable: string },
	block: string,
	label: string,
): Promise<RunningServer> {
	const config = await writeConfig(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\n\n${block}`);
	return startServer({
		label,
		command: executable,
		args: ['run', '--config', config, '--adapter', 'caddyfile'],
		port,
		logs: [],
		env: caddyEnvironment(dir),
	});
}

const caddyDebianDefault: Baseline = {
	name: "Caddy, Debian's default Caddyfile",
	server: caddy,
	async start({ dir, root, port, executable, fallback }) {
		const file = '/etc/caddy/Caddyfile';
		let site = await debianFile(file, caddy);
		site = swap(site, /^:80 \{$/m, `http://127.0.0.1:${port} {`, file);
		site = swap(site, /^\troot \* \/usr\/share\/caddy$/m, `\troot * ${root}`, file);
		const end = site.indexOf('\n}\n') + 3;
		let block = site.slice(0, end);
		if (fallback) block = withLastLine(block, `import ${fallback['caddy/fallback-site.caddy']}`, '}');
		return runCaddy({ dir, port, executable }, block, `${this.name}${fallback ? ', with Fallback' : ''}`);
	},
};

/** The site block on the Caddy page, as written; before Fallback, without its import. */
const caddyHostsPage: Baseline = {
	name: 'Caddy, the site block on the hosts page',
	server: caddy,
	async start({ dir, root, port, executable, fallback }) {
		const page = 'docs/src/content/docs/hosts/caddy.mdx';
		let block = await hostsPageBlock('caddy', 'caddy');
		block = swap(block, /^[a-z.]+ \{$/m, `http://127.0.0.1:${port} {`, page);
		block = swap(block, '\troot * /var/www/acme', `\troot * ${root}`, page);
		const include = '\timport /etc/caddy/fallback-site.caddy';
		block = swap(block, include, fallback ? `\timport ${fallback['caddy/fallback-site.caddy']}` : '', page);
		return runCaddy({ dir, port, executable }, block, `${this.name}${fallback ? ', with Fallback' : ''}`);
	},
};

export const baselines: readonly Baseline[] = [
	nginxDebianDefault,
	nginxHostsPage,
	apacheDebianDefault,
	apacheHostsPage,
	apacheH5bp,
	caddyDebianDefault,
	caddyHostsPage,
];
