/**
 * Values that reach a config file: escaped for their format or refused with a message naming them.
 * Hostile values are those that would change a config's meaning if written as they are.
 */
import { describe, expect, it } from 'vitest';
import {
	apacheHeaderValue,
	apacheString,
	caddyString,
	headerName,
	nginxString,
	oneLine,
} from '../../packages/fallback-pages/src/hosts/format';
import { parseHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { nginxStandaloneConfig } from '../../packages/fallback-pages/src/hosts/nginx';
import { caddyStandaloneConfig } from '../../packages/fallback-pages/src/hosts/caddy';
import { apacheStandaloneConfig } from '../../packages/fallback-pages/src/hosts/apache';
import { netlifyHeaders } from '../../packages/fallback-pages/src/hosts/netlify';
import { fixtureOptions, withHeaderValue } from './fixtures/contract';

describe('nginx strings', () => {
	it('escape quotes and backslashes, keep ; { } # inside the quotes', () => {
		expect(nginxString('a "b" \\c; {d} #e', 'x')).toBe('"a \\"b\\" \\\\c; {d} #e"');
	});
	it('refuse $, which nginx expands inside quotes, naming the value', () => {
		expect(() => nginxString('$host', 'header X of status 503')).toThrow(
			/header X of status 503: "\$host" contains '\$'/,
		);
	});
	it('refuse line breaks', () => {
		expect(() => nginxString('a\nadd_header X y;', 'page header X')).toThrow(/page header X: .*line break/);
	});
});

describe('Caddyfile strings', () => {
	it('keep {placeholders} literal and escape quotes', () => {
		expect(caddyString('{path} "q" $host;', 'x')).toBe('"\\{path\\} \\"q\\" $host;"');
	});
	it('refuse backslashes and line breaks', () => {
		expect(() => caddyString('a\\b', 'page header X')).toThrow(/page header X: .*backslash/);
		expect(() => caddyString('a\r\nb', 'page header X')).toThrow(/line break/);
	});
});

describe('Apache strings', () => {
	it('escape quotes; header values double % (mod_headers formats)', () => {
		expect(apacheString('say "hi"; {x} $y', 'x')).toBe('"say \\"hi\\"; {x} $y"');
		expect(apacheHeaderValue('100% %{HTTP_HOST}e', 'x')).toBe('"100%% %%{HTTP_HOST}e"');
	});
	it('refuse backslashes and line breaks', () => {
		expect(() => apacheString('C:\\pages', 'fallback.hosts.pagesRoot')).toThrow(/fallback.hosts.pagesRoot/);
		expect(() => apacheString('a\nb', 'x')).toThrow(/line break/);
	});
});

describe('header names and one-line values', () => {
	it('accept tokens, refuse anything else', () => {
		expect(headerName('X-Robots-Tag', 'x')).toBe('X-Robots-Tag');
		expect(() => headerName('X Bad', 'page header name')).toThrow(
			/page header name: "X Bad" is not a valid header name/,
		);
		expect(() => headerName('X:Y', 'x')).toThrow();
	});
	it('refuse a line break that would start a new rule', () => {
		expect(() => oneLine('ok\n/*\n  X: injected', 'header X on /*')).toThrow(/header X on \/\*/);
	});
});

describe('a hostile header value in the contract', () => {
	it('stops nginx and Netlify, which cannot carry it, and is written literally by Caddy and Apache', () => {
		expect(() => nginxStandaloneConfig(withHeaderValue('X-Fixture', 'a$host'), fixtureOptions)).toThrow(
			/page header X-Fixture/,
		);
		expect(() => netlifyHeaders(withHeaderValue('X-Fixture', 'a\nb'))).toThrow(/header X-Fixture on \/\*/);
		expect(caddyStandaloneConfig(withHeaderValue('X-Fixture', '{path}'), fixtureOptions)).toContain(
			'X-Fixture "\\{path\\}"',
		);
		expect(apacheStandaloneConfig(withHeaderValue('X-Fixture', '50%'), fixtureOptions)).toContain(
			'Header always set X-Fixture "50%%"',
		);
	});
});

describe('host options', () => {
	it('default to what the README says', () => {
		expect(parseHostOptions({})).toEqual({
			pagesRoot: '/var/www/fallback',
			listen: { port: 80 },
			upstream: '127.0.0.1:3000',
			upstreamTimeoutSeconds: 60,
			upstreamConnectTimeoutSeconds: 5,
		});
	});

	it.each([
		[{ pagesRoot: '/var/www/$host' }, 'fallback.hosts.pagesRoot'],
		[{ pagesRoot: '/srv/{path}' }, 'fallback.hosts.pagesRoot'],
		[{ pagesRoot: '/srv/a"b' }, 'fallback.hosts.pagesRoot'],
		[{ pagesRoot: '/srv/a\\b' }, 'fallback.hosts.pagesRoot'],
		[{ pagesRoot: '/srv/x;\nserver {' }, 'fallback.hosts.pagesRoot'],
		[{ pagesRoot: 'relative/path' }, 'fallback.hosts.pagesRoot'],
		[{ pagesRoot: '/srv/../etc' }, 'fallback.hosts.pagesRoot'],
		[{ upstream: '127.0.0.1:3000; proxy_pass http://evil' }, 'fallback.hosts.upstream'],
		[{ upstream: 'app:70000' }, 'fallback.hosts.upstream'],
		[{ listen: { host: '0.0.0.0 evil', port: 80 } }, 'fallback.hosts.listen.host'],
		[{ listen: { port: 0 } }, 'fallback.hosts.listen.port'],
		[{ upstreamTimeoutSeconds: 1.5 }, 'fallback.hosts.upstreamTimeoutSeconds'],
		[{ pagesroot: '/srv' }, 'fallback.hosts'],
	])('refuse %j, naming %s', (raw, option) => {
		expect(() => parseHostOptions(raw)).toThrow(new RegExp(`- ${option.replace(/\./g, '\\.')}[.:]`));
	});
});
