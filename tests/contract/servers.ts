/**
 * The servers the contract suite runs: Netlify's own engine (netlify-cli, offline), real nginx,
 * Caddy, Apache and HAProxy, and workerd under wrangler dev, each wrapped in the smallest main
 * config that runs it in the foreground on loopback with everything it writes kept in its own dir.
 * What each cannot do is declared in its host profile (src/verify/hosts.ts, which the verifier
 * reads too) or here for what only the local server or the test app shows, with the reason, and
 * checked as declared: a difference that goes away fails too.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import {
	apacheProxyConfig,
	apacheProxyFailureStatuses,
	apacheStandaloneConfig,
	apacheTypeMaps,
	typeMapsRoot,
} from '../../packages/fallback-pages/src/hosts/apache';
import { caddyProxyConfig, caddyStandaloneConfig } from '../../packages/fallback-pages/src/hosts/caddy';
import {
	cloudflareCompatibilityDate,
	cloudflareWorker,
	cloudflareWranglerConfig,
} from '../../packages/fallback-pages/src/hosts/cloudflare';
import {
	haproxyProxyConfig,
	haproxyProxyFailureStatuses,
	haproxyStandaloneConfig,
} from '../../packages/fallback-pages/src/hosts/haproxy';
import { netlifyFiles } from '../../packages/fallback-pages/src/hosts/netlify';
import { defaultHostOptions, type HostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { nginxProxyConfig, nginxStandaloneConfig } from '../../packages/fallback-pages/src/hosts/nginx';
import { apacheMain, caddyEnvironment, nginxMain } from '../../scripts/server-mains';
import { findExecutable, systemRequirements } from '../../scripts/system-requirements';
import type { FuzzRequest } from './fuzz';
import * as profiles from '../../packages/fallback-pages/src/verify/hosts';
import type { CaseId, Difference, HostProfile } from '../../packages/fallback-pages/src/verify/hosts';
import type { Answer } from '../../packages/fallback-pages/src/verify/http';
import type { SiteModeException } from './siteModeRequests';
import {
	checkConfig,
	freePort,
	startServer,
	upstreamMarker,
	writeConfig,
	type RunningServer,
} from './harness';

export interface ServerStart {
	/** An empty folder of its own for this server's config, pid and logs. */
	dir: string;
	/** The copy of dist/ it serves. */
	pagesRoot: string;
	/** The generated config under test (none for Netlify: the rules are in the pages folder). */
	siteConfig: string;
	port: number;
	label: string;
	executable: string;
}

export type Mode = 'static' | 'proxy';

export type { CaseId, Difference };

/**
 * A server the suite runs: its host profile (src/verify/hosts.ts: negotiation, formats, statuses it
 * cannot answer, request IDs, declared differences), and how to install, start and check it.
 */
export interface ServerUnderTest extends HostProfile {
	/** Executable names to look for, in order. */
	executables: readonly string[];
	/** How to get it. */
	install: string;
	/** The generator a failing test points at: its file, or its folder (one file per mode). */
	source: string;
	/** The generated config for each mode the server is tested in. */
	configs: Partial<Record<Mode, (contract: RouteContract, options: HostOptions) => string>>;
	start(server: ServerStart): Promise<RunningServer>;
	/** Files the server needs beside its config and the pages (Apache's type maps), put in place. */
	installFiles?(contract: RouteContract, pagesRoot: string): Promise<void>;
	/** The server's own config check (`nginx -t`…) on a generated config; throws with its output. */
	check?(dir: string, siteConfig: string, executable: string): Promise<void>;
	/** The files hostConfigFiles() writes for this server, under hosts/. */
	shippedFiles: readonly string[];
	/**
	 * Site mode: the server block a team already serves its site with, as teams write them (a
	 * security header on every answer, a year's cache on /_astro/), and the files of Fallback's it
	 * includes there (under hosts/).
	 */
	teamBlock?: TeamServerBlock;
	/** What the server itself answers when the app is unreachable, and when it is too slow. */
	proxyFailureStatuses: { unreachable: number; timeout: number };
	/**
	 * What the server answers when its connect timeout (fallback.hosts.upstreamConnectTimeoutSeconds)
	 * ends: the app's host drops connection attempts. Absent: the config has no connect timeout.
	 */
	connectTimeoutStatus?: number;
	/** Request IDs (see HostProfile); `log`, the access log the shipped config writes them to. */
	requestIds?: { log?: string; inBody?: boolean };
	/**
	 * Requests the fuzz test (fuzz.ts) does not send to this server, and why: only what the server
	 * refuses itself before any config of Fallback's runs. Absent: every request is sent.
	 */
	fuzzExclusion?: { reason: string; excludes(request: FuzzRequest): boolean };
}

export interface TeamServerBlock {
	/** Fallback's site-mode files for this server, under hosts/. */
	files: readonly string[];
	/**
	 * The server's config for a team's built site at `root`, listening on `port`, with its own
	 * headers; with `fallback` (each of `files` by where it was copied), Fallback's files included.
	 * `team`: more of the team's own, as teams write it — `app` (`127.0.0.1:port`), its `/api/`
	 * proxied to that app; `notFoundPage` (`/404.html`), its own directive for 404 left in place
	 * before Fallback's (h5bp's nginx `error_page 404 /404.html;`, Apache's `ErrorDocument`).
	 */
	config(root: string, port: number, fallback?: Readonly<Record<string, string>>, team?: TeamExtras): string;
	/** What the server answers itself before any config of Fallback's runs (siteModeRequests.ts). */
	exceptions?: readonly SiteModeException[];
}

/** More of a team's own server block: see TeamServerBlock.config. */
export interface TeamExtras {
	app?: string | undefined;
	notFoundPage?: string | undefined;
	/** Apache: the team's ErrorDocument after the Include of Fallback's file (the last one wins there). */
	notFoundAfterFallback?: boolean | undefined;
	/** Caddy: a handle_errors of the team's own, before Fallback's import. */
	ownErrors?: boolean | undefined;
}

/** An answer of one of `statuses` that is the same with Fallback's files as without: status, body, headers. */
function sameAnswer(before: Answer, after: Answer, statuses: readonly number[]): boolean {
	const pairs = (answer: Answer) =>
		JSON.stringify([...answer.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
	return (
		statuses.includes(after.status) &&
		after.status === before.status &&
		after.body === before.body &&
		pairs(after) === pairs(before)
	);
}

/** The headers a team's own server block sets, as teams write them. */
export const teamHeaders = {
	everyAnswer: { name: 'X-Content-Type-Options', value: 'nosniff' },
	assets: { path: '/_astro/', cacheControl: 'public, max-age=31536000, immutable' },
} as const;

/** The declared difference of a server that replaces an app's errors on their status alone. */
const replacedByStatus = (how: string): Difference => ({
	reason: `${how} replaces an app's answer by its status before it could look at its Content-Type: outside the API prefixes, the app's JSON 500 becomes the 500 page (under them, nothing of the app's is replaced)`,
	check(run, answer) {
		run.status(answer, 500);
		run.header(answer, upstreamMarker.name, null);
	},
});

/** What nginx and Caddy answer, and RFC 9110 (15.6.3, 15.6.5) describes: 502 and 504. */
const gatewayStatuses = { unreachable: 502, timeout: 504 };

const debianPackage = (executable: string) =>
	systemRequirements.find((requirement) => requirement.executables.includes(executable))!.debianPackage;

export const nginx: ServerUnderTest = {
	...profiles.nginx,
	executables: ['nginx'],
	install: `apt-get install ${debianPackage('nginx')}`,
	source: 'src/hosts/nginx/',
	shippedFiles: ['nginx/fallback-standalone.conf', 'nginx/fallback-proxy.conf'],
	requestIds: { log: '/var/log/nginx/access.log', inBody: true },
	configs: { static: nginxStandaloneConfig, proxy: nginxProxyConfig },
	teamBlock: {
		files: ['nginx/fallback-site-http.conf', 'nginx/fallback-site.conf'],
		config: (root, port, fallback, { app, notFoundPage } = {}) =>
			[
				...(fallback ? [`include ${fallback['nginx/fallback-site-http.conf']};`] : []),
				'server {',
				`\tlisten 127.0.0.1:${port};`,
				`\troot ${root};`,
				'\tindex index.html;',
				'\tinclude /etc/nginx/mime.types;',
				...(notFoundPage ? [`\terror_page 404 ${notFoundPage};`] : []),
				`\tadd_header ${teamHeaders.everyAnswer.name} ${teamHeaders.everyAnswer.value} always;`,
				`\tlocation ${teamHeaders.assets.path} { add_header Cache-Control "${teamHeaders.assets.cacheControl}"; }`,
				'\tlocation / { try_files $uri $uri/ =404; }',
				...(app ? [`\tlocation /api/ { proxy_pass http://${app}; }`] : []),
				...(fallback ? [`\tinclude ${fallback['nginx/fallback-site.conf']};`] : []),
				'}',
				'',
			].join('\n'),
		exceptions: [
			{
				reason:
					"nginx finds a range impossible after the file's headers are set: its 416 keeps them (the file's ETag and Content-Range, a location's Cache-Control), and Fallback's page follows with its own, without the request ID line",
				covers: (_, before, after) =>
					before.status === 416 &&
					after.status === 416 &&
					after.headers.has('content-security-policy') &&
					after.headers.get('content-range') === before.headers.get('content-range') &&
					(after.headers.get('cache-control') ?? '').startsWith(before.headers.get('cache-control') ?? ''),
			},
		],
	},
	proxyFailureStatuses: gatewayStatuses,
	// "upstream timed out while connecting": a timeout, like a silent app.
	connectTimeoutStatus: 504,
	differences: {
		...profiles.nginx.differences,
		'app JSON error outside the API': replacedByStatus('nginx (proxy_intercept_errors)'),
	},
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
export async function nginxMainConfig(dir: string, siteConfig: string): Promise<string[]> {
	return nginxMain(dir, await writeConfig(join(dir, 'site.conf'), siteConfig), {
		workerConnections: 64,
		http: ['types { text/html html; }', 'default_type application/octet-stream;', 'access_log off;'],
	});
}

export const caddy: ServerUnderTest = {
	...profiles.caddy,
	executables: ['caddy'],
	install: `apt-get install ${debianPackage('caddy')}`,
	source: 'src/hosts/caddy/',
	shippedFiles: ['caddy/Caddyfile.standalone', 'caddy/Caddyfile.proxy'],
	configs: { static: caddyStandaloneConfig, proxy: caddyProxyConfig },
	teamBlock: {
		files: ['caddy/fallback-site.caddy'],
		config: (root, port, fallback, { app, ownErrors } = {}) =>
			[
				`http://127.0.0.1:${port} {`,
				`\troot * ${root}`,
				...(ownErrors
					? ['\thandle_errors {', '\t\trespond "Our own error page" {err.status_code}', '\t}']
					: []),
				`\theader ${teamHeaders.everyAnswer.name} ${teamHeaders.everyAnswer.value}`,
				`\theader ${teamHeaders.assets.path}* Cache-Control "${teamHeaders.assets.cacheControl}"`,
				...(app ? [`\thandle /api/* {`, `\t\treverse_proxy ${app}`, '\t}'] : []),
				'\tfile_server',
				...(fallback ? [`\timport ${fallback['caddy/fallback-site.caddy']}`] : []),
				'}',
				'',
			].join('\n'),
		exceptions: [
			{
				reason:
					"Caddy's file server answers a failed precondition (412) or an impossible range (416) on a file itself, before any handler: the same answer as without Fallback",
				covers: (_, before, after) => sameAnswer(before, after, [412, 416]),
			},
		],
	},
	proxyFailureStatuses: gatewayStatuses,
	// A dial that timed out is a dial that failed.
	connectTimeoutStatus: 502,
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

/** The modules the generated virtual hosts use, and the event MPM to run them. */
const apacheModules = [
	'mpm_event',
	'authz_core',
	'mime',
	'dir',
	'alias',
	'rewrite',
	'headers',
	'proxy',
	'proxy_http',
	'negotiation',
	'unique_id',
];

export const apache: ServerUnderTest = {
	...profiles.apache,
	requestIds: { log: '/var/log/apache2/access.log' },
	executables: ['apache2', 'httpd'],
	install: `apt-get install ${debianPackage('apache2')}`,
	source: 'src/hosts/apache/',
	shippedFiles: ['apache/fallback-standalone.conf', 'apache/fallback-proxy.conf'],
	configs: { static: apacheStandaloneConfig, proxy: apacheProxyConfig },
	teamBlock: {
		files: ['apache/fallback-site.conf'],
		config: (root, port, fallback, { app, notFoundPage, notFoundAfterFallback } = {}) =>
			[
				`<VirtualHost 127.0.0.1:${port}>`,
				`\tDocumentRoot "${root}"`,
				`\t<Directory "${root}">`,
				'\t\tRequire all granted',
				'\t</Directory>',
				// As Debian's security.conf has it (server-wide there): Apache's Allow then lists no TRACE.
				'\tTraceEnable Off',
				// The suite's main config types .html alone; a server's mime.types types the rest.
				'\tAddType text/css .css',
				'\tAddType text/javascript .js',
				'\tAddType image/png .png',
				'\tAddType font/woff2 .woff2',
				...(notFoundPage && !notFoundAfterFallback ? [`\tErrorDocument 404 ${notFoundPage}`] : []),
				`\tHeader always set ${teamHeaders.everyAnswer.name} ${teamHeaders.everyAnswer.value}`,
				`\t<Location "${teamHeaders.assets.path}">`,
				`\t\tHeader set Cache-Control "${teamHeaders.assets.cacheControl}"`,
				'\t</Location>',
				...(app ? [`\tProxyPass "/api/" "http://${app}/api/"`] : []),
				...(fallback ? [`\tInclude "${fallback['apache/fallback-site.conf']}"`] : []),
				...(notFoundPage && notFoundAfterFallback ? [`\tErrorDocument 404 ${notFoundPage}`] : []),
				'</VirtualHost>',
				'',
			].join('\n'),
		exceptions: [
			{
				reason:
					'Apache answers a failed precondition on a file for a method other than GET or HEAD (412) itself, with no body and no error document: the same answer as without Fallback',
				covers: (request, before, after) =>
					!['GET', 'HEAD'].includes(request.method) && sameAnswer(before, after, [412]),
			},
		],
	},
	proxyFailureStatuses: apacheProxyFailureStatuses,
	connectTimeoutStatus: apacheProxyFailureStatuses.unreachable,
	differences: {
		...profiles.apache.differences,
		'app JSON error outside the API': replacedByStatus('Apache (ProxyErrorOverride)'),
	},
	async installFiles(contract, pagesRoot) {
		// Where the config's comments tell to copy hosts/apache/languages/.
		const root = typeMapsRoot({ ...defaultHostOptions, pagesRoot });
		for (const file of apacheTypeMaps(contract)) {
			await writeConfig(join(root, file.path.replace(/^apache\/languages\//, '')), file.content);
		}
	},
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

/** The least httpd.conf around the generated VirtualHost, with only the one type the pages need. */
async function apacheMainConfig(dir: string, siteConfig: string, port: number): Promise<string> {
	return apacheMain(dir, await writeConfig(join(dir, 'site.conf'), siteConfig), port, {
		modules: apacheModules,
		lines: ['TypesConfig /dev/null', 'AddType text/html .html'],
	});
}

/**
 * HAProxy logs to stdout (`log stdout format raw`: the journal under systemd); here its stdout is
 * appended to this file, which the request ID check reads.
 */
const haproxyAccessLog = join(tmpdir(), 'fallback-haproxy-access.log');

export const haproxy: ServerUnderTest = {
	...profiles.haproxy,
	executables: ['haproxy'],
	install: `apt-get install ${debianPackage('haproxy')}`,
	source: 'src/hosts/haproxy/',
	shippedFiles: ['haproxy/haproxy-standalone.cfg', 'haproxy/haproxy-proxy.cfg'],
	requestIds: { log: haproxyAccessLog },
	configs: { static: haproxyStandaloneConfig, proxy: haproxyProxyConfig },
	proxyFailureStatuses: haproxyProxyFailureStatuses,
	connectTimeoutStatus: haproxyProxyFailureStatuses.unreachable,
	async start({ dir, siteConfig, port, label, executable }) {
		const config = await writeConfig(join(dir, 'haproxy.cfg'), siteConfig);
		return startServer({
			label,
			command: '/bin/sh',
			// -db: in the foreground; -dW: any warning is fatal (a page over the buffer's free space);
			// its log lines (stdout) appended to the access log, its alerts (stderr) to the test's output.
			args: ['-c', 'exec "$0" -db -dW -f "$1" >>"$2"', executable, config, haproxyAccessLog],
			port,
			logs: [],
		});
	},
	async check(dir, siteConfig, executable) {
		// HAProxy reads every page a config names while it checks it: the shipped files' pages folder
		// (the default pagesRoot, empty here) is pointed at the work dir's copy of dist/.
		const pages = join(dir, '..', 'pages');
		const config = siteConfig.replaceAll(`"${defaultHostOptions.pagesRoot}/`, `"${pages}/`);
		await checkConfig(executable, ['-c', '-dW', '-f', await writeConfig(join(dir, 'haproxy.cfg'), config)]);
	},
};

export function findServerExecutable(server: ServerUnderTest): string | undefined {
	return findExecutable(server.executables);
}

const netlifyCli = fileURLToPath(new URL('../../node_modules/.bin/netlify', import.meta.url));

export const netlify: ServerUnderTest = {
	...profiles.netlifyCli,
	executables: [netlifyCli],
	install: 'npm install (netlify-cli is a dev dependency)',
	source: 'src/hosts/netlify.ts',
	async installFiles(contract, pagesRoot) {
		// The build wrote its rules; a contract of the suite's own (maintenance, the site's locale
		// folders) brings its own.
		if (!contract.maintenance && !contract.localeAliases) return;
		for (const file of netlifyFiles(contract)) await writeConfig(join(pagesRoot, file.path), file.content);
	},
	shippedFiles: [],
	configs: { static: () => '' },
	proxyFailureStatuses: gatewayStatuses,
	async start({ dir, pagesRoot, port, label, executable }) {
		// --offline: no account, no network. --internal-disable-edge-functions: without it the CLI
		// downloads Deno for Edge Functions and crashes offline. Run from an empty folder, so that
		// nothing of the repository (netlify.toml, its build command) takes part. --staticServerPort
		// (a hidden flag): the file server behind the rules takes 3999 when it looks free, so two
		// instances starting at once (the package suite's and this suite's) took the same port and
		// one of them died.
		await mkdir(dir, { recursive: true });
		const staticServerPort = await freePort();
		return startServer({
			label,
			command: executable,
			args: [
				'dev',
				'--offline',
				'--dir',
				pagesRoot,
				'--port',
				String(port),
				'--internal-disable-edge-functions',
				'--staticServerPort',
				String(staticServerPort),
			],
			port,
			logs: [],
			cwd: dir,
			env: { NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none' },
			startupSeconds: 120,
		});
	},
};

/** Wrangler keeps its settings, logs and metrics consent under these: the test's own dir, no telemetry. */
function wranglerEnvironment(dir: string): NodeJS.ProcessEnv {
	return {
		WRANGLER_SEND_METRICS: 'false',
		CI: 'true',
		HOME: dir,
		XDG_CONFIG_HOME: join(dir, 'config'),
		WRANGLER_LOG_PATH: join(dir, 'logs'),
	};
}

const wrangler = fileURLToPath(new URL('../../node_modules/.bin/wrangler', import.meta.url));

/**
 * Cloudflare's runtime: workerd, run by `wrangler dev` offline, with the generated Worker and
 * wrangler.toml, its assets the copy of dist/. The site config under test is the Worker.
 */
export const cloudflare: ServerUnderTest = {
	...profiles.cloudflare,
	name: 'Cloudflare (workerd)',
	executables: [wrangler],
	install: 'npm install (wrangler, with workerd, is a dev dependency)',
	source: 'src/hosts/cloudflare.ts',
	shippedFiles: [
		'cloudflare/wrangler.toml',
		'cloudflare/worker.js',
		'cloudflare/wrangler-proxy.toml',
		'cloudflare/worker-proxy.js',
	],
	configs: {
		static: (contract, options) => cloudflareWorker(contract, 'static', options),
		proxy: (contract, options) => cloudflareWorker(contract, 'proxy', options),
	},
	proxyFailureStatuses: gatewayStatuses,
	fuzzExclusion: {
		reason:
			"wrangler dev's local server answers a request-target holding a character a URL may not (a raw `<`) with its own `400 invalid URI`, before the Worker runs",
		// RFC 3986: unreserved, sub-delims, `:@/?` and percent escapes.
		excludes: (request) => /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/.test(request.target),
	},
	differences: {
		...profiles.cloudflare.differences,
		'malformed request': {
			reason:
				"wrangler dev's local server (Node's HTTP parser, in front of workerd) answers a request it cannot parse itself, before the Worker runs: 400 with a plain-text reason",
			check(run, answer) {
				run.status(answer, 400);
				run.body(answer, 'invalid HTTP version parsed');
			},
		},
	},
	/**
	 * Wrangler's own check, offline: `wrangler deploy --dry-run` validates a config and bundles its
	 * Worker (esbuild), and stops before uploading. A config is checked with a stand-in Worker, a
	 * Worker with the smallest config that names it; each with an assets folder of its own.
	 */
	async check(dir, siteConfig, executable) {
		const assets = join(dir, 'assets');
		await writeConfig(join(assets, '404.html'), '<!doctype html><title>404</title>');
		const main = /^main = "([\w.-]+)"$/m.exec(siteConfig)?.[1];
		const config = main
			? siteConfig.replace('directory = "./dist/"', `directory = ${JSON.stringify(assets)}`)
			: [
					'name = "fallback-check"',
					'main = "worker.js"',
					`compatibility_date = "${cloudflareCompatibilityDate}"`,
					'[assets]',
					`directory = ${JSON.stringify(assets)}`,
					'binding = "ASSETS"',
					'',
				].join('\n');
		if (main) await writeConfig(join(dir, main), 'export default { fetch: () => new Response(null) };\n');
		else await writeConfig(join(dir, 'worker.js'), siteConfig);
		const file = await writeConfig(join(dir, 'wrangler.toml'), config);
		await checkConfig(executable, ['deploy', '--dry-run', '--outdir', join(dir, 'out'), '--config', file], {
			env: wranglerEnvironment(dir),
		});
	},
	async installFiles(contract, pagesRoot) {
		// The config names the Worker (worker.js, whichever mode it is in) and the assets (this copy
		// of dist/); each server copies it beside its own Worker.
		const config = cloudflareWranglerConfig(contract)
			.replace('directory = "./dist/"', `directory = ${JSON.stringify(pagesRoot)}`)
			.replace(/^compatibility_date/m, 'workers_dev = false\ncompatibility_date');
		await writeConfig(join(pagesRoot, '..', 'wrangler.toml'), config);
	},
	async start({ dir, pagesRoot, siteConfig, port, label, executable }) {
		// Each server its own config and Worker (wrangler dev reloads a Worker whose file changes).
		await writeConfig(join(dir, 'worker.js'), siteConfig);
		const config = await writeConfig(
			join(dir, 'wrangler.toml'),
			await readFile(join(pagesRoot, '..', 'wrangler.toml'), 'utf8'),
		);
		return startServer({
			label,
			command: executable,
			args: [
				'dev',
				'--config',
				config,
				'--ip',
				'127.0.0.1',
				'--port',
				String(port),
				'--local',
				'--persist-to',
				join(dir, 'state'),
				// Its own devtools port: by default each wrangler dev takes 9229 if it looks free, so two
				// starting at once (a suite run beside this one) could both try it.
				'--inspector-port',
				String(await freePort()),
			],
			port,
			logs: [],
			cwd: dir,
			env: wranglerEnvironment(dir),
			startupSeconds: 90,
		});
	},
};
