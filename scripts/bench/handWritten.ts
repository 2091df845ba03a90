/**
 * The configs a team would write by hand for the same site on each server, the benchmark's
 * yardstick: the page of a status with its status (every unknown path the 404 page, `/503` the 503
 * page), the gallery at `/`, and the same page headers as Fallback's (the contract's). No language,
 * no format, no request ID: what Fallback adds is what the benchmark measures.
 */
import { apacheUnsupportedStatuses } from '../../packages/fallback-pages/src/hosts/unsupportedStatuses.ts';

export interface Site {
	/** The build's pages folder. */
	pagesRoot: string;
	port: number;
	/** The statuses the build has a page for. */
	statuses: readonly number[];
	/** The contract's page headers. */
	pageHeaders: Readonly<Record<string, string>>;
}

const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
const headers = (site: Site) => Object.entries(site.pageHeaders);

export function nginxHandWritten(site: Site): string {
	return [
		'server {',
		`\tlisten 127.0.0.1:${site.port};`,
		`\troot ${site.pagesRoot};`,
		'\tindex index.html;',
		'\tserver_tokens off;',
		'\taccess_log /var/log/nginx/access.log;',
		...headers(site).map(([name, value]) => `\tadd_header ${name} ${quoted(value)} always;`),
		...site.statuses.map((status) => `\terror_page ${status} /${status}.html;`),
		'\tlocation = /503 { return 503; }',
		'}',
		'',
	].join('\n');
}

export function caddyHandWritten(site: Site): string {
	return [
		`http://127.0.0.1:${site.port} {`,
		`\troot * ${site.pagesRoot}`,
		'\theader {',
		...headers(site).map(([name, value]) => `\t\t${name} ${quoted(value)}`),
		'\t}',
		'\terror /503 503',
		'\tfile_server',
		'\thandle_errors {',
		'\t\trewrite * /{err.status_code}.html',
		'\t\tfile_server',
		'\t}',
		'}',
		'',
	].join('\n');
}

export function apacheHandWritten(site: Site): string {
	return [
		`<VirtualHost 127.0.0.1:${site.port}>`,
		`\tDocumentRoot ${site.pagesRoot}`,
		`\t<Directory ${site.pagesRoot}>`,
		'\t\tRequire all granted',
		'\t</Directory>',
		'\tDirectoryIndex index.html',
		'\tCustomLog /var/log/apache2/access.log combined',
		...headers(site).map(([name, value]) => `\tHeader always set ${name} ${quoted(value)}`),
		...site.statuses
			.filter((status) => !apacheUnsupportedStatuses.has(status))
			.map((status) => `\tErrorDocument ${status} /${status}.html`),
		'\tRewriteEngine On',
		'\tRewriteRule ^/503$ - [R=503]',
		'</VirtualHost>',
		'',
	].join('\n');
}

export function haproxyHandWritten(site: Site): string {
	const page = (status: number, file: string, condition: string) =>
		`\thttp-request return status ${status} content-type "text/html; charset=utf-8" file ${site.pagesRoot}/${file}${condition}`;
	return [
		'global',
		'\ttune.bufsize 262144',
		'\tlog stdout format raw local0',
		'\tuser haproxy',
		'\tgroup haproxy',
		'defaults',
		'\tmode http',
		'\tlog global',
		'\toption httplog',
		'\ttimeout connect 5s',
		'\ttimeout client 30s',
		'\ttimeout http-request 10s',
		'\ttimeout http-keep-alive 10s',
		'frontend site',
		`\tbind 127.0.0.1:${site.port}`,
		...headers(site).map(([name, value]) => `\thttp-after-response set-header ${name} ${quoted(value)}`),
		page(200, 'index.html', ' if { path / }'),
		page(503, '503.html', ' if { path /503 }'),
		page(404, '404.html', ''),
		'',
	].join('\n');
}
