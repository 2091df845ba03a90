/**
 * The host config generators, on a three-route fixture contract: what each writes comes from the
 * contract and the options it is given, nothing else. Whether servers behave as the text intends is
 * the contract suite's job (tests/contract/); these check the text, and the formats no server here
 * runs (CloudFront, Vercel) against their documented behaviour; the Cloudflare Worker has its own
 * file (cloudflare.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	apacheProxyConfig,
	apacheStandaloneConfig,
	apacheTypeMaps,
} from '../../packages/fallback-pages/src/hosts/apache';
import {
	firstListedCapture,
	firstListedPattern,
	hostLocales,
} from '../../packages/fallback-pages/src/hosts/language';
import { caddyProxyConfig, caddyStandaloneConfig } from '../../packages/fallback-pages/src/hosts/caddy';
import { cloudFrontCustomErrorResponses } from '../../packages/fallback-pages/src/hosts/cloudfront';
import { hostConfigFiles } from '../../packages/fallback-pages/src/hosts/index';
import { nginxProxyConfig, nginxStandaloneConfig } from '../../packages/fallback-pages/src/hosts/nginx';
import { vercelRoutes, type VercelRoute } from '../../packages/fallback-pages/src/hosts/vercel';
import { defaultHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import {
	fixtureContract,
	fixtureOptions,
	fixtureWithExtraPage,
	fixtureWithGerman,
} from './fixtures/contract';

/** Status codes a text mentions as a word of three digits 400–599. */
const statusesIn = (text: string) =>
	[...new Set([...text.matchAll(/(?<![\d.:-])([45]\d\d)(?![\d])/g)].map((match) => Number(match[1])))].sort();

/** Braces balance outside comments and quoted strings. */
function expectBalancedBraces(text: string) {
	const code = text
		.split('\n')
		.filter((line) => !line.trim().startsWith('#'))
		.join('\n')
		.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`|'[^']*'/g, '');
	expect((code.match(/{/g) ?? []).length).toBe((code.match(/}/g) ?? []).length);
}

const servers = {
	'nginx static': nginxStandaloneConfig,
	'nginx proxy': nginxProxyConfig,
	'Caddy static': caddyStandaloneConfig,
	'Caddy proxy': caddyProxyConfig,
	'Apache static': apacheStandaloneConfig,
	'Apache proxy': apacheProxyConfig,
};

describe.each(Object.entries(servers))('%s', (name, generate) => {
	const config = generate(fixtureContract, fixtureOptions);
	const configLines = config.split('\n').filter((line) => !line.trim().startsWith('#'));

	it('mentions only the contract’s statuses (no catalogue behind its back)', () => {
		// (494, nginx's own code for headers too large, is mapped to 431 only when the contract has 431.)
		for (const status of statusesIn(configLines.join('\n'))) expect([404, 405, 503]).toContain(status);
	});

	it('uses the options it is given', () => {
		expect(config).toContain('/srv/fallback-pages');
		expect(config).toMatch(
			name.endsWith('proxy') ? /10\.0\.0\.7:4321/ : /127\.0\.0\.1:?8123|127\.0\.0\.1 8123/,
		);
		expect(config).not.toContain(defaultHostOptions.pagesRoot);
	});

	it('sends every page header', () => {
		for (const value of Object.values(fixtureContract.pageHeaders)) {
			expect(config).toContain(value);
		}
	});

	it('balances its braces', () => expectBalancedBraces(config));
});

describe('in front of an app', () => {
	it.each(Object.entries(servers).filter(([name]) => name.endsWith('proxy')))(
		'%s replaces only the statuses the contract names and does not send the app’s own headers',
		(_name, generate) => {
			const code = generate(fixtureContract, fixtureOptions)
				.split('\n')
				.filter((line) => !line.trim().startsWith('#'))
				.join('\n');
			expect(code).toContain('Retry-After');
			expect(code).not.toMatch(/\bAllow\b/);
		},
	);

	it('nginx passes WebSocket upgrades and leaves body limits to the app', () => {
		const config = nginxProxyConfig(fixtureContract, fixtureOptions);
		expect(config).toContain('proxy_set_header Upgrade $http_upgrade;');
		expect(config).toContain('proxy_set_header Connection $fallback_proxy_connection;');
		expect(config).toMatch(/location \/ \{[^}]*client_max_body_size 0;/);
		expect(config).toMatch(
			/proxy_intercept_errors on;\n\t\terror_page 503 \/__fallback\/\$\{fallback_proxy_format_folder\}503\.\$\{fallback_proxy_format_extension\};\n\t\}/,
		);
	});

	it.each([
		['nginx', nginxProxyConfig, ['proxy_connect_timeout 3s;', 'proxy_read_timeout 7s;']],
		['Caddy', caddyProxyConfig, ['dial_timeout 3s\n', 'response_header_timeout 7s\n']],
		['Apache', apacheProxyConfig, [' connectiontimeout=3 timeout=7 ']],
	] as const)(
		'%s tries to connect for upstreamConnectTimeoutSeconds, then waits upstreamTimeoutSeconds',
		(_name, generate, lines) => {
			const config = generate(fixtureContract, fixtureOptions);
			for (const line of lines) expect(config).toContain(line);
		},
	);

	it('Apache passes WebSocket upgrades and refuses direct requests for its pages', () => {
		const config = apacheProxyConfig(fixtureContract, fixtureOptions);
		expect(config).toContain(
			'ProxyPass "/" "http://10.0.0.7:4321/" connectiontimeout=3 timeout=7 retry=0 upgrade=websocket',
		);
		expect(config).toContain('RewriteRule "^/__fallback/" "-" [R=404,L]');
		expect(config).toContain('ProxyErrorOverride On 503\n');
	});
});

describe('pages that share a status', () => {
	it.each(Object.entries(servers).filter(([name]) => name.endsWith('static')))(
		'%s answers the extra page with its own file',
		(_name, generate) => {
			const config = generate(fixtureWithExtraPage, fixtureOptions);
			// The page, or its problem document or text twin: nginx names it in the format asked for,
			// Apache sets its name for ErrorDocument's type map, Caddy has it in its table of statuses.
			expect(config).toMatch(
				/maintenance\.(?:html|\$\{fallback_static_format_extension\})|E=FALLBACK_NAME:maintenance\.,R=503|^\t+maintenance 503$/m,
			);
			expect(generate(fixtureContract, fixtureOptions)).not.toContain('maintenance');
		},
	);
});

describe('no version disclosed', () => {
	it('nginx: server_tokens off; Apache: ServerTokens Prod and no signature', () => {
		for (const config of [nginxStandaloneConfig, nginxProxyConfig].map((g) =>
			g(fixtureContract, fixtureOptions),
		)) {
			expect(config).toContain('\tserver_tokens off;');
		}
		for (const config of [apacheStandaloneConfig, apacheProxyConfig].map((g) =>
			g(fixtureContract, fixtureOptions),
		)) {
			expect(config).toMatch(/^ServerTokens Prod$/m);
			expect(config).toContain('\tServerSignature Off');
		}
	});
});

describe('hostConfigFiles()', () => {
	const files = hostConfigFiles(fixtureContract, fixtureOptions);

	it('writes one file per host and mode, relative paths under hosts/', () => {
		expect(files.map((file) => file.path).sort()).toEqual([
			'apache/fallback-proxy.conf',
			'apache/fallback-site.conf',
			'apache/fallback-standalone.conf',
			'apache/languages/404.problem.var',
			'apache/languages/404.var',
			'apache/languages/405.var',
			'apache/languages/503.problem.var',
			'apache/languages/503.var',
			'caddy/Caddyfile.proxy',
			'caddy/Caddyfile.standalone',
			'caddy/fallback-site.caddy',
			'cloudflare/worker-proxy.js',
			'cloudflare/worker.js',
			'cloudflare/wrangler-proxy.toml',
			'cloudflare/wrangler.toml',
			'cloudfront/custom-error-responses.json',
			'haproxy/haproxy-proxy.cfg',
			'haproxy/haproxy-standalone.cfg',
			'kubernetes/Dockerfile',
			'kubernetes/default-backend.conf',
			'kubernetes/fallback.yml',
			'nginx/fallback-proxy.conf',
			'nginx/fallback-site-http.conf',
			'nginx/fallback-site.conf',
			'nginx/fallback-standalone.conf',
			'traefik/docker-compose.yml',
			'traefik/dynamic.yml',
			'traefik/kubernetes.yml',
			'vercel/vercel.json',
		]);
		for (const file of files) expect(file.content.endsWith('\n')).toBe(true);
	});

	it('no generator imports the catalogue: they read the contract they are given', () => {
		const sources = readdirSync(new URL('../../packages/fallback-pages/src/hosts/', import.meta.url), {
			recursive: true,
			encoding: 'utf8',
		}).filter((source) => source.endsWith('.ts'));
		expect(sources).toContain('cloudflare/worker.ts');
		for (const source of sources) {
			const text = readFileSync(
				new URL(`../../packages/fallback-pages/src/hosts/${source}`, import.meta.url),
				'utf8',
			);
			expect(text, source).not.toMatch(/from '(\.\.\/)+catalog\//);
			expect(text, source).not.toMatch(/from '(\.\.\/)+contract\/fromCatalog'/);
		}
	});
});

describe('CloudFront', () => {
	const { Quantity, Items } = cloudFrontCustomErrorResponses(fixtureContract);

	it('replaces the statuses CloudFront accepts with their page and status, transient ones briefly cached', () => {
		// 405 and 404 and 503 are all among CloudFront's documented codes.
		expect(Quantity).toBe(Items.length);
		expect(Items.map((item) => [item.ErrorCode, item.ResponsePagePath, item.ResponseCode])).toEqual([
			[404, '/404.html', '404'],
			[405, '/405.html', '405'],
			[503, '/503.html', '503'],
		]);
		const ttl = (code: number) => Items.find((item) => item.ErrorCode === code)!.ErrorCachingMinTTL;
		expect(ttl(503)).toBeLessThan(ttl(404));
	});

	it('leaves out a status CloudFront does not accept', () => {
		const withTeapot = {
			...fixtureContract,
			statusPages: [
				...fixtureContract.statusPages,
				{
					path: '/418',
					file: '418.html',
					status: 418,
					headers: {},
					transient: false,
					problemFile: 'problem/418.json',
				},
			],
		};
		expect(cloudFrontCustomErrorResponses(withTeapot).Items.map((item) => item.ErrorCode)).not.toContain(418);
	});
});

describe('Vercel', () => {
	const files = new Set(['/404.html', '/405.html', '/503.html', '/maintenance.html', '/index.html']);

	/**
	 * Vercel's legacy routing, as its docs describe it, reduced to what the config uses: routes in
	 * order; one whose `has` header does not match is skipped; one with `continue` adds its headers
	 * and goes on; the first with a dest answers; `handle: filesystem` serves a file that exists.
	 */
	function answer(
		routes: readonly VercelRoute[],
		method: string,
		path: string,
		requestHeaders: Record<string, string> = {},
	): { file: string; status: number; headers: Record<string, string> } {
		let headers: Record<string, string> = {};
		for (const route of routes) {
			if (route.handle === 'filesystem') {
				const file = path === '/' ? '/index.html' : path;
				if (files.has(file)) return { file, status: 200, headers };
				continue;
			}
			if (route.methods && !route.methods.includes(method)) continue;
			if (!new RegExp(route.src!).test(path)) continue;
			const unmet = (route.has ?? []).some(
				(condition) => !new RegExp(condition.value).test(requestHeaders[condition.key] ?? ''),
			);
			if (unmet) continue;
			headers = { ...headers, ...route.headers };
			if (route.continue) continue;
			return { file: route.dest!, status: route.status ?? 200, headers };
		}
		return { file: 'Vercel NOT_FOUND', status: 404, headers };
	}

	const routes = vercelRoutes(fixtureWithExtraPage);
	const page = { ...fixtureContract.pageHeaders, 'Content-Language': 'en' };

	it('answers every route and its file with its page, status, headers and the page headers', () => {
		for (const path of ['/503', '/503.html']) {
			expect(answer(routes, 'GET', path)).toEqual({
				file: '/503.html',
				status: 503,
				headers: { ...page, 'Retry-After': '120' },
			});
		}
		expect(answer(routes, 'GET', '/maintenance')).toMatchObject({ file: '/maintenance.html', status: 503 });
	});

	it('answers unknown paths and rule files with the not-found page, files with 200', () => {
		for (const path of ['/nope', '/5030', '/503/', '/_rules']) {
			expect(answer(routes, 'GET', path)).toEqual({ file: '/404.html', status: 404, headers: page });
		}
		expect(answer(routes, 'GET', '/')).toEqual({
			file: '/index.html',
			status: 200,
			headers: fixtureContract.pageHeaders,
		});
	});

	it('answers a missing path under the API with the problem document; hides the problem folder', () => {
		expect(answer(routes, 'GET', '/api/orders/1')).toEqual({
			file: '/problem/404.json',
			status: 404,
			headers: { ...page, 'Content-Type': 'application/problem+json' },
		});
		expect(answer(routes, 'GET', '/problem/404.json')).toEqual({
			file: '/404.html',
			status: 404,
			headers: page,
		});
	});

	it('answers other methods with 405 and Allow, GET and HEAD never', () => {
		for (const method of ['POST', 'PUT', 'DELETE', 'TRACE']) {
			expect(answer(routes, method, '/')).toEqual({
				file: '/405.html',
				status: 405,
				headers: { ...page, Allow: 'GET, HEAD' },
			});
		}
		expect(answer(routes, 'HEAD', '/503')).toMatchObject({ status: 503 });
	});

	describe('with German as a second locale', () => {
		const german = vercelRoutes(fixtureWithGerman);
		const asking = (acceptLanguage: string) => ({ 'accept-language': acceptLanguage });

		it.each([
			['de-CH,de;q=0.9,en;q=0.8', '/de/503.html', 'de'],
			['DE', '/de/503.html', 'de'],
			['xx, de;q=0.5', '/de/503.html', 'de'],
			['xx', '/503.html', 'en'],
			['en;q=0.1, de', '/503.html', 'en'],
			['deu, fr', '/503.html', 'en'],
		])('Accept-Language %s on /503: %s', (acceptLanguage, file, language) => {
			expect(answer(german, 'GET', '/503', asking(acceptLanguage))).toEqual({
				file,
				status: 503,
				headers: {
					...fixtureContract.pageHeaders,
					Vary: 'Accept-Language',
					'Retry-After': '120',
					'Content-Language': language,
				},
			});
		});

		it('negotiates unknown paths and other methods too; /de/503 is German whatever is asked', () => {
			expect(answer(german, 'GET', '/nope', asking('de'))).toMatchObject({
				file: '/de/404.html',
				status: 404,
			});
			expect(answer(german, 'POST', '/', asking('de'))).toMatchObject({ file: '/de/405.html', status: 405 });
			expect(answer(german, 'GET', '/de/503', asking('en'))).toMatchObject({
				file: '/de/503.html',
				headers: { 'Content-Language': 'de' },
			});
		});
	});
});

describe('language negotiation', () => {
	it('writes an Apache type map per error page and locale: its page, problem document and text twin', () => {
		const maps = apacheTypeMaps(fixtureWithGerman);
		expect(maps.map((file) => file.path)).toEqual([
			...fixtureContract.statusPages.map((route) => `apache/languages/${route.status}.var`),
			...fixtureContract.statusPages.map((route) => `apache/languages/de/${route.status}.var`),
			// Problem documents only, for the API prefix: not found, and Apache's own 503.
			'apache/languages/404.problem.var',
			'apache/languages/de/404.problem.var',
			'apache/languages/503.problem.var',
			'apache/languages/de/503.problem.var',
		]);
		// No Content-Language: the language is chosen before (the map's folder), the map picks the format.
		const variants = (prefix: string) => [
			`URI: ${prefix}404.html\nContent-Type: text/html; charset=utf-8; qs=1.0\n`,
			`URI: ${prefix}problem/404.json\nContent-Type: application/problem+json; qs=0.9\n`,
			`URI: ${prefix}problem/404.json\nContent-Type: application/json; qs=0.9\n`,
			`URI: ${prefix}problem/404.txt\nContent-Type: text/plain; charset=utf-8; qs=0.8\n`,
		];
		const content = (path: string) => maps.find((file) => file.path === path)?.content;
		expect(content('apache/languages/404.var')).toBe(variants('../').join('\n'));
		// The German maps, one folder down, reach the German pages.
		expect(content('apache/languages/de/404.var')).toBe(variants('../../de/').join('\n'));
		expect(content('apache/languages/de/404.problem.var')).toBe(variants('../../de/').slice(1, 3).join('\n'));
		// A page named otherwise than its status: its name before the status, which ErrorDocument adds.
		expect(apacheTypeMaps(fixtureWithExtraPage).map((file) => file.path)).toContain(
			'apache/languages/maintenance.503.var',
		);
	});

	it.each(Object.entries(servers))('%s: negotiates only where other locales ship', (_name, generate) => {
		expect(generate(fixtureContract, fixtureOptions)).not.toMatch(/Accept-Language|accept_language/i);
		expect(generate(fixtureWithGerman, fixtureOptions)).toMatch(/Accept-Language|accept_language/i);
	});

	it('finds with one pattern the language a pattern per locale finds (the first listed that ships)', () => {
		const shipped = ['en', 'de', 'fr', 'ar', 'ja'];
		const capture = new RegExp(firstListedCapture(shipped, 'portable'));
		const perLocale = shipped.map((locale) => ({
			locale,
			pattern: new RegExp(firstListedPattern(locale, shipped, 'portable')),
		}));
		const headers = [
			'de-CH,de;q=0.9,en;q=0.8',
			'DE',
			'xx, fr;q=0.5',
			'en;q=0.1, fr',
			'zh-TW,zh;q=0.9, ja;q=0.8',
			'*, ar',
			'd, dee, de',
			'es-ES,es',
			'',
			'fr-CA;q=0.9',
			' \tja',
		];
		for (const header of headers) {
			const one = capture.exec(header)?.[1]?.toLowerCase();
			const each = perLocale.find(({ pattern }) => pattern.test(header))?.locale;
			expect(one, header).toBe(each);
		}
		expect(capture.exec('xx, fr;q=0.5')?.[1]).toBe('fr');
	});

	it.each([
		['static', caddyStandaloneConfig],
		['proxy', caddyProxyConfig],
	])(
		'Caddy %s: reads each pattern map once (a map runs again at each read), into vars',
		(_mode, generate) => {
			const config = generate(fixtureWithGerman, fixtureOptions);
			const errors = config.slice(config.indexOf('handle_errors'));
			for (const asked of ['{fallback_locale_asked}', '{fallback_format_asked}']) {
				// Once where the map defines it, once where vars keeps its answer.
				expect(errors.split(asked)).toHaveLength(3);
				expect(errors).toMatch(new RegExp(`\\n\\t+fallback_\\w+ ${asked}\\n`));
			}
		},
	);

	it('refuses a locale that is not a two-letter code, where it would reach a config', () => {
		expect(() => firstListedPattern('de', ['en', 'de"'])).toThrow(/two-letter language code/);
		for (const locale of ['d|e', 'pt-br|.*', 'p.t']) {
			expect(() =>
				nginxStandaloneConfig({ ...fixtureWithGerman, otherLocales: ['de', locale] }, fixtureOptions),
			).toThrow(/two-letter language code nor a region folder/);
		}
	});

	it("negotiates languages only: a site's region folder answers under its folder alone", () => {
		const contract = { ...fixtureWithGerman, otherLocales: ['de', 'pt-br'] };
		expect(hostLocales(contract)).toEqual(['en', 'de']);
		const nginx = nginxStandaloneConfig(contract, fixtureOptions);
		// The folder is matched, the Accept-Language pattern lists the languages alone.
		expect(nginx).toContain('(de|pt-br)/');
		expect(nginx).toContain('pt-br "pt-br/"');
		expect(nginx).toMatch(/\(en\|de\)\(\?:/);
	});
});

describe('the option requestId', () => {
	const configsOf = (requestId?: 'header' | false) =>
		hostConfigFiles(
			requestId === undefined ? fixtureContract : { ...fixtureContract, requestId },
			fixtureOptions,
		);
	const code = (requestId?: 'header' | false) =>
		configsOf(requestId)
			.filter((file) => !file.path.startsWith('apache/languages/'))
			.map((file) => ({
				path: file.path,
				code: file.content
					.split('\n')
					.filter((line) => !/^\s*(#|\/\/)/.test(line))
					.join('\n'),
			}));

	it("'page' (the default): nginx and the Kubernetes backend filter the body for it", () => {
		const withFilter = code().filter((file) => file.code.includes('sub_filter '));
		expect(withFilter.map((file) => file.path).sort()).toEqual([
			'kubernetes/default-backend.conf',
			// The same file, in the ConfigMap.
			'kubernetes/fallback.yml',
			'nginx/fallback-proxy.conf',
			'nginx/fallback-site.conf',
			'nginx/fallback-standalone.conf',
		]);
	});

	it("'header': no server filters a body; every one still sends and logs its ID", () => {
		for (const file of code('header')) {
			expect(file.code, file.path).not.toContain('sub_filter');
			expect(file.code, file.path).not.toContain('request_id_line');
		}
		const ids = code('header').filter((file) => file.code.includes('X-Request-ID'));
		expect(ids.map((file) => file.path)).toEqual(
			code()
				.filter((file) => file.code.includes('X-Request-ID'))
				.map((file) => file.path),
		);
		expect(ids.length).toBeGreaterThanOrEqual(9);
	});

	it('false: no config names the header, makes an ID or logs one; the Worker is told', () => {
		for (const file of code(false).filter((file) => !file.path.startsWith('cloudflare/'))) {
			expect(file.code, file.path).not.toContain('X-Request-ID');
			expect(file.code, file.path).not.toMatch(/request_id|unique-id|UNIQUE_ID|\buuid\b/);
		}
		for (const worker of code(false).filter((file) => file.path.endsWith('.js'))) {
			expect(worker.code).toContain('"requestIds":false');
		}
	});
});
