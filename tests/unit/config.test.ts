import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../../src/config/schema';
import { site } from '../../src/config/site';

const valid = { siteName: 'Acme', siteUrl: 'https://acme.example', homeUrl: '/' };

describe('site configuration', () => {
	it('ships working defaults', () => {
		expect(site.siteName).toBeTruthy();
		expect(() => new URL(site.siteUrl)).not.toThrow();
		expect(site.help).toEqual({});
	});

	it.each(['/', '/shop/', 'https://acme.example/start'])('accepts the home URL %s', (homeUrl) => {
		expect(parseSiteConfig({ ...valid, homeUrl }).homeUrl).toBe(homeUrl);
	});

	it('accepts optional support e-mail, status page and help overrides', () => {
		const config = parseSiteConfig({
			...valid,
			supportEmail: 'help@acme.example',
			statusPageUrl: 'https://status.acme.example',
			help: { 503: 'Back at 10:00 UTC.' },
		});
		expect(config.help['503']).toBe('Back at 10:00 UTC.');
	});

	it.each([
		[{ siteUrl: 'not a url' }, /siteUrl/],
		[{ siteUrl: 'javascript:alert(1)' }, /siteUrl/],
		[{ homeUrl: '//evil.example' }, /homeUrl: must be a path on this site/],
		[{ homeUrl: '/\\evil.example' }, /homeUrl: must be a path on this site/],
		[{ homeUrl: '/a\\..\\b' }, /homeUrl: .*backslash/],
		[
			{ homeUrl: 'javascript:alert(1)' },
			/homeUrl: must be a path starting with \/ or an http\(s\) URL, not a javascript: URL/,
		],
		[{ homeUrl: 'home' }, /homeUrl: must be a path starting with \/ or an absolute http\(s\) URL/],
		[{ supportEmail: 'nobody' }, /supportEmail/],
		[{ statusPageUrl: 'ftp://status.example' }, /statusPageUrl/],
		[{ help: { 499: 'x' } }, /help\.499.*not a catalogued/],
		[{ help: { 509: 'x' } }, /help\.509/],
		[{ help: { 503: '  ' } }, /help\.503/],
		[{ siteName: '' }, /siteName/],
		[{ colour: 'red' }, /colour|Unrecognized/i],
	])('stops on a broken value and names the field: %j', (override, field) => {
		expect(() => parseSiteConfig({ ...valid, ...override })).toThrow(field);
	});
});
