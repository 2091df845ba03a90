/**
 * The host config generators (src/hosts/), checked on their text. Whether the servers behave as
 * the text intends is for tests/hosts/ on real servers; these catch a code that goes missing or
 * appears twice, and check the formats that no server here can run (CloudFront, Cloudflare, Vercel).
 */
import { describe, expect, it } from 'vitest';
import { ALLOWED_METHODS, statusCatalog } from '../../src/catalog/statuses';
import { appErrorPages } from '../../src/catalog/appErrors';
import { apacheProxyConfig, apacheStaticConfig, apacheUnsupportedStatuses } from '../../src/hosts/apache';
import { caddyProxyConfig, caddyStaticConfig } from '../../src/hosts/caddy';
import { cloudflareWranglerConfig } from '../../src/hosts/cloudflare';
import { cloudFrontConfig, type CloudFrontCustomErrorResponses } from '../../src/hosts/cloudfront';
import { defaultHostOptions, type HostOptions } from '../../src/hosts/common';
import { hostConfigFiles } from '../../src/hosts/index';
import { nginxProxyConfig, nginxStaticConfig } from '../../src/hosts/nginx';
import { vercelConfig, type VercelRoute } from '../../src/hosts/vercel';

const codes = statusCatalog.map((entry) => entry.code);
const serverErrorCodes = codes.filter((code) => code >= 500);
const withHeaders = statusCatalog.filter((entry) => Object.keys(entry.headers).length > 0);

/** How many lines of `text` are exactly `line` once trimmed. */
function countLines(text: string, line: string): number {
	return text.split('\n').filter((candidate) => candidate.trim() === line).length;
}

/** The `{ … }` block whose line starts with `opening` (`location = /400 {`), through its closing brace. */
function block(text: string, opening: string): string {
	const lines = text.split('\n');
	const start = lines.findIndex((line) => line.trim().startsWith(opening));
	if (start < 0) throw new Error(`no line "${opening}"`);
	let depth = 0;
	for (let index = start; index < lines.length; index++) {
		depth += (lines[index]!.match(/{/g) ?? []).length - (lines[index]!.match(/}/g) ?? []).length;
		if (depth === 0) return lines.slice(start, index + 1).join('\n');
	}
	throw new Error(`block "${opening}" is not closed`);
}

/** Braces balance outside comments and quoted strings. */
function expectBalancedBraces(text: string) {
	const code = text
		.split('\n')
		.filter((line) => !line.trim().startsWith('#'))
		.join('\n')
		.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '');
	expect((code.match(/{/g) ?? []).length).toBe((code.match(/}/g) ?? []).length);
}

const testOptions: HostOptions = {
	pagesRoot: '/srv/fallback-pages',
	listen: { host: '127.0.0.1', port: 8123 },
	upstream: '10.0.0.7:4321',
	upstreamTimeoutSeconds: 7,
};

describe('hostConfigFiles()', () => {
	const files = hostConfigFiles();

	it('writes one file per host and mode, under hosts/', () => {
		expect(files.map((file) => file.path).sort()).toEqual(
			[
				'apache/fallback-proxy.conf',
				'apache/fallback-static.conf',
				'caddy/Caddyfile.proxy',
				'caddy/Caddyfile.static',
				'cloudflare/wrangler.toml',
				'cloudfront/custom-error-responses.json',
				'nginx/fallback-proxy.conf',
				'nginx/fallback-static.conf',
				'vercel/vercel.json',
			].sort(),
		);
		for (const file of files) {
			expect(file.path).not.toMatch(/^\/|\.\.|\\/);
			expect(file.content.length).toBeGreaterThan(0);
			expect(file.content.endsWith('\n')).toBe(true);
		}
	});

	it('writes the server configs with the default settings their comments tell to change', () => {
		const byPath = new Map(files.map((file) => [file.path, file.content]));
		expect(byPath.get('nginx/fallback-static.conf')).toBe(nginxStaticConfig());
		expect(byPath.get('apache/fallback-proxy.conf')).toBe(apacheProxyConfig());
		for (const path of [
			'nginx/fallback-static.conf',
			'caddy/Caddyfile.static',
			'apache/fallback-static.conf',
		]) {
			expect(byPath.get(path)).toContain(defaultHostOptions.pagesRoot);
		}
		for (const path of ['nginx/fallback-proxy.conf', 'caddy/Caddyfile.proxy', 'apache/fallback-proxy.conf']) {
			expect(byPath.get(path)).toContain(defaultHostOptions.upstream);
		}
	});

	it('is the same every time (no dates, no randomness)', () => {
		expect(hostConfigFiles()).toEqual(files);
	});
});

describe('nginx', () => {
	const staticConfig = nginxStaticConfig(testOptions);
	const proxyConfig = nginxProxyConfig(testOptions);

	it('uses the settings it is given', () => {
		expect(staticConfig).toContain('\tlisten 127.0.0.1:8123;');
		expect(staticConfig).toContain('\troot /srv/fallback-pages;');
		expect(proxyConfig).toContain('\tserver 10.0.0.7:4321;');
		expect(proxyConfig).toContain('\t\tproxy_read_timeout 7s;');
		expect(nginxStaticConfig()).toContain('\tlisten 80;');
	});

	it('maps every catalogued status to its page once, and answers /{code} with it', () => {
		for (const code of codes) {
			expect(countLines(staticConfig, `error_page ${code} /${code}.html;`), `error_page ${code}`).toBe(1);
			const location = block(staticConfig, `location = /${code} {`);
			// 408 goes through a stand-in status (nginx drops the connection on `return 408`).
			expect(location).toMatch(new RegExp(`return ${code};|error_page \\d+ =${code} /${code}\\.html;`));
			expect(block(staticConfig, `location = /${code}.html {`)).toContain('internal;');
		}
	});

	it('answers the app-error paths with 500 and their own page', () => {
		for (const page of appErrorPages) {
			const location = block(staticConfig, `location = /${page.slug} {`);
			expect(location).toContain(`error_page ${page.status} /${page.slug}.html;`);
			expect(location).toContain(`return ${page.status};`);
		}
	});

	it('sends each status’s headers with its page, on error responses too', () => {
		for (const entry of withHeaders) {
			const location = block(staticConfig, `location = /${entry.code}.html {`);
			for (const [name, value] of Object.entries(entry.headers)) {
				expect(location).toContain(`add_header ${name} "${value}" always;`);
			}
		}
		const headerCount = withHeaders.reduce((sum, entry) => sum + Object.keys(entry.headers).length, 0);
		expect(staticConfig.match(/add_header /g)).toHaveLength(headerCount);
	});

	it('answers methods other than GET and HEAD with 405', () => {
		expect(staticConfig).toContain('if ($request_method !~ ^(GET|HEAD)$) {\n\t\treturn 405;');
		expect(ALLOWED_METHODS).toBe('GET, HEAD');
	});

	it('in front of an app, intercepts exactly the catalogued 5xx and keeps the rest', () => {
		const proxied = block(proxyConfig, 'location / {');
		expect(proxied).toContain('proxy_intercept_errors on;');
		const intercepted = [...proxied.matchAll(/error_page (\d+) /g)].map((match) => Number(match[1]));
		expect(intercepted).toEqual(serverErrorCodes);
		expect(block(proxyConfig, 'location ^~ /__fallback/ {')).toContain('alias /srv/fallback-pages/;');
		for (const entry of withHeaders) {
			const page = block(proxyConfig, `location = /__fallback/${entry.code}.html {`);
			expect(page).toContain(`alias /srv/fallback-pages/${entry.code}.html;`);
			for (const [name, value] of Object.entries(entry.headers)) {
				expect(page).toContain(`add_header ${name} "${value}" always;`);
			}
		}
	});

	it('balances its braces', () => {
		expectBalancedBraces(staticConfig);
		expectBalancedBraces(proxyConfig);
	});
});

describe('Caddy', () => {
	const staticConfig = caddyStaticConfig(testOptions);
	const proxyConfig = caddyProxyConfig(testOptions);

	it('uses the settings it is given', () => {
		expect(staticConfig.split('\n')).toContain('http://127.0.0.1:8123 {');
		expect(caddyStaticConfig().split('\n')).toContain(':80 {');
		expect(staticConfig).toContain('\troot * /srv/fallback-pages');
		expect(proxyConfig).toContain('\treverse_proxy 10.0.0.7:4321 {');
		expect(proxyConfig).toContain('response_header_timeout 7s');
	});

	it('answers every catalogued /{code} and the app-error paths with their status, once', () => {
		for (const code of codes) expect(countLines(staticConfig, `error /${code} ${code}`), `/${code}`).toBe(1);
		for (const page of appErrorPages) {
			expect(countLines(staticConfig, `error /${page.slug} ${page.status}`)).toBe(1);
		}
		expect(staticConfig).toContain('error @notRead 405');
	});

	it('serves the page of the error’s status, with its headers', () => {
		const errors = block(staticConfig, 'handle_errors {');
		expect(errors).toContain('rewrite * /{err.status_code}.html');
		for (const entry of withHeaders) {
			for (const [name, value] of Object.entries(entry.headers)) {
				expect(errors).toContain(`header @status${entry.code} ${name} "${value}"`);
			}
		}
	});

	it('in front of an app, turns exactly the catalogued 5xx into errors', () => {
		expect(proxyConfig).toContain(`@appFailed status ${serverErrorCodes.join(' ')}\n`);
		expect(block(proxyConfig, 'handle_errors {')).toContain('header @status503 Retry-After "300"');
	});

	it('balances its braces', () => {
		expectBalancedBraces(staticConfig);
		expectBalancedBraces(proxyConfig);
	});
});

describe('Apache', () => {
	const staticConfig = apacheStaticConfig(testOptions);
	const proxyConfig = apacheProxyConfig(testOptions);
	const answerable = codes.filter((code) => !apacheUnsupportedStatuses.has(code));

	it('leaves out only catalogued codes Apache cannot send', () => {
		expect([...apacheUnsupportedStatuses].every((code) => codes.includes(code))).toBe(true);
		expect(answerable.length).toBeGreaterThan(codes.length - 3);
		for (const code of apacheUnsupportedStatuses) {
			expect(staticConfig).not.toMatch(new RegExp(`^\\s*(ErrorDocument|RedirectMatch) ${code} `, 'm'));
		}
	});

	it('uses the settings it is given', () => {
		expect(staticConfig).toContain('<VirtualHost 127.0.0.1:8123>');
		expect(apacheStaticConfig()).toContain('<VirtualHost *:80>');
		expect(staticConfig).toContain('\tDocumentRoot "/srv/fallback-pages"');
		expect(proxyConfig).toContain('\tProxyPass "/" "http://10.0.0.7:4321/" timeout=7 retry=0');
	});

	it('maps every answerable status to a local page and answers /{code} with it, once', () => {
		for (const code of answerable) {
			expect(countLines(staticConfig, `ErrorDocument ${code} /${code}.html`), `ErrorDocument ${code}`).toBe(
				1,
			);
			expect(countLines(staticConfig, `RedirectMatch ${code} "^/${code}$"`), `RedirectMatch ${code}`).toBe(1);
		}
		for (const page of appErrorPages) {
			expect(staticConfig).toContain(
				`\t<Location "/${page.slug}">\n\t\tErrorDocument ${page.status} /${page.slug}.html\n\t</Location>`,
			);
		}
	});

	it('sends each status’s headers with it', () => {
		for (const entry of withHeaders) {
			for (const [name, value] of Object.entries(entry.headers)) {
				expect(staticConfig).toContain(
					`Header always set ${name} "${value}" "expr=%{REQUEST_STATUS} == ${entry.code}"`,
				);
			}
		}
	});

	it('in front of an app, overrides exactly the catalogued 5xx and keeps the pages out of the app', () => {
		expect(proxyConfig).toContain(`\tProxyErrorOverride On ${serverErrorCodes.join(' ')}\n`);
		expect(proxyConfig.indexOf('ProxyPass "/__fallback/" "!"')).toBeLessThan(
			proxyConfig.indexOf('ProxyPass "/" '),
		);
		// The app's own 401 challenge and 405 Allow must survive: no header rule for 4xx here.
		expect(proxyConfig).not.toMatch(/REQUEST_STATUS} == 4/);
	});
});

describe('CloudFront', () => {
	const config = JSON.parse(cloudFrontConfig()) as CloudFrontCustomErrorResponses;
	// From the CloudFront Developer Guide ("Create a custom error page for specific HTTP status codes").
	const documented = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504];

	it('is CustomErrorResponses JSON with a matching Quantity', () => {
		expect(config.Quantity).toBe(config.Items.length);
		expect(Object.keys(config).sort()).toEqual(['Items', 'Quantity']);
	});

	it('lists every catalogued code CloudFront accepts, and nothing else', () => {
		expect(config.Items.map((item) => item.ErrorCode)).toEqual(
			documented.filter((code) => codes.includes(code)),
		);
	});

	it('answers each with its own page and status, transient errors cached briefly', () => {
		for (const item of config.Items) {
			expect(item.ResponsePagePath).toBe(`/${item.ErrorCode}.html`);
			expect(item.ResponseCode).toBe(String(item.ErrorCode));
		}
		const ttl = (code: number) => config.Items.find((item) => item.ErrorCode === code)!.ErrorCachingMinTTL;
		expect(ttl(503)).toBeLessThan(ttl(404));
	});
});

describe('Cloudflare', () => {
	const config = cloudflareWranglerConfig();

	it('serves dist/ with the 404 page for unknown paths', () => {
		const settings = config.split('\n').filter((line) => line && !line.startsWith('#'));
		expect(settings).toContain('[assets]');
		expect(settings).toContain('directory = "./dist/"');
		expect(settings).toContain('not_found_handling = "404-page"');
	});

	it('says what it cannot do', () => {
		expect(config).toMatch(/200 or 3xx/);
	});
});

describe('Vercel', () => {
	const config = JSON.parse(vercelConfig()) as { routes: VercelRoute[]; outputDirectory: string };
	const files = new Set([
		...codes.map((code) => `/${code}.html`),
		...appErrorPages.map((page) => `/${page.slug}.html`),
		'/index.html',
	]);

	/**
	 * Vercel's legacy routing, as its docs describe it, reduced to what the config uses: routes in
	 * order until one with a dest matches; `handle: filesystem` serves a file that exists.
	 */
	function route(
		method: string,
		path: string,
	): { file: string; status: number; headers: Record<string, string> } {
		for (const entry of config.routes) {
			if (entry.handle === 'filesystem') {
				const file = path === '/' ? '/index.html' : path;
				if (files.has(file)) return { file, status: 200, headers: {} };
				continue;
			}
			if (entry.methods && !entry.methods.includes(method)) continue;
			if (!new RegExp(entry.src!).test(path)) continue;
			return { file: entry.dest!, status: entry.status ?? 200, headers: entry.headers ?? {} };
		}
		return { file: 'Vercel NOT_FOUND', status: 404, headers: {} };
	}

	it('answers every catalogued /{code} with its page, status and headers', () => {
		for (const entry of statusCatalog) {
			expect(route('GET', `/${entry.code}`)).toEqual({
				file: `/${entry.code}.html`,
				status: entry.code,
				headers: entry.headers,
			});
		}
	});

	it('answers the app-error paths with 500, unknown paths with the 404 page, files with 200', () => {
		for (const page of appErrorPages) {
			expect(route('GET', `/${page.slug}`)).toMatchObject({ file: `/${page.slug}.html`, status: 500 });
		}
		for (const path of ['/nope', '/deeply/nested', '/5030', '/503/']) {
			expect(route('GET', path)).toMatchObject({ file: '/404.html', status: 404 });
		}
		expect(route('GET', '/')).toMatchObject({ file: '/index.html', status: 200 });
	});

	it('answers other methods with 405 and Allow', () => {
		for (const method of ['POST', 'PUT', 'DELETE']) {
			expect(route(method, '/')).toEqual({
				file: '/405.html',
				status: 405,
				headers: { Allow: ALLOWED_METHODS },
			});
		}
		expect(config.routes[0]!.methods).not.toContain('GET');
		expect(config.routes[0]!.methods).not.toContain('HEAD');
	});

	it('has one filesystem phase and ends with the catch-all 404', () => {
		expect(config.routes.filter((entry) => entry.handle === 'filesystem')).toHaveLength(1);
		expect(config.routes.at(-1)).toMatchObject({ dest: '/404.html', status: 404 });
		expect(config.outputDirectory).toBe('dist');
	});
});
