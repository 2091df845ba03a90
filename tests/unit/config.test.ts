import { describe, expect, it } from 'vitest';
import { parseOptions, SYSTEM_FONTS } from '../../packages/fallback-pages/src/config/options';
import { defaultColors } from '../../packages/fallback-pages/src/brand/theme';

describe('fallback({ ... }) options', () => {
	it('builds with no options at all, with the framework look', () => {
		const options = parseOptions();
		expect(options.site).toEqual({ name: 'Fallback', homeUrl: '/' });
		expect(options.brand).toEqual({ ...defaultColors, font: SYSTEM_FONTS });
		expect(options.links).toEqual([]);
		expect(options.help).toEqual({});
		expect(options.hosts.pagesRoot).toBe('/var/www/fallback');
		expect(options.locales).toEqual(['en']);
		expect(options.defaultLocale).toBe('en');
	});

	it('ships the default locale first, and only it when no locales are named', () => {
		expect(parseOptions({ locales: ['ar', 'en', 'ja'] }).locales).toEqual(['en', 'ar', 'ja']);
		expect(parseOptions({ defaultLocale: 'de' }).locales).toEqual(['de']);
		expect(parseOptions({ defaultLocale: 'de', locales: ['en', 'de'] }).locales).toEqual(['de', 'en']);
	});

	it.each(['/', '/shop/', 'https://acme.example/start'])('accepts the home URL %s', (homeUrl) => {
		expect(parseOptions({ site: { homeUrl } }).site.homeUrl).toBe(homeUrl);
	});

	it('takes a whole brand, actions, links and help overrides', () => {
		const options = parseOptions({
			site: { name: 'Acme Shop', url: 'https://shop.acme.example', homeUrl: '/' },
			brand: {
				accent: { light: '#0b5fff', dark: 'oklch(75% 0.12 260)' },
				font: "Inter, 'Helvetica Neue'",
				footer: '© Acme Shop Ltd',
			},
			actions: { supportEmail: 'help@acme.example', statusPageUrl: 'https://status.acme.example' },
			links: [{ label: 'Help centre', url: 'https://help.acme.example' }],
			help: { 503: 'Back at 10:00 UTC.' },
		});
		expect(options.help['503']).toBe('Back at 10:00 UTC.');
		// A colour not given keeps the default; a font list without a generic family gets the system stack.
		expect(options.brand.text).toEqual(defaultColors.text);
		expect(options.brand.font).toBe(`Inter,'Helvetica Neue',${SYSTEM_FONTS}`);
	});

	it('keeps a font list that ends in a generic family as it is', () => {
		expect(parseOptions({ brand: { font: 'Georgia, serif' } }).brand.font).toBe('Georgia,serif');
	});

	it.each([
		[{ site: { url: 'not a url' } }, /fallback\.site\.url: must be an absolute http\(s\) URL/],
		[{ site: { url: 'javascript:alert(1)' } }, /fallback\.site\.url/],
		[{ site: { homeUrl: '//evil.example' } }, /fallback\.site\.homeUrl: must be a path on this site/],
		[{ site: { homeUrl: '/\\evil.example' } }, /fallback\.site\.homeUrl: must be a path on this site/],
		[{ site: { homeUrl: '/a\\..\\b' } }, /homeUrl: .*backslash/],
		[
			{ site: { homeUrl: 'javascript:alert(1)' } },
			/fallback\.site\.homeUrl: must be a path starting with \/ or an http\(s\) URL, not a javascript: URL/,
		],
		[{ site: { homeUrl: 'home' } }, /homeUrl: must be a path starting with \/ or an absolute http\(s\) URL/],
		[{ site: { name: '' } }, /fallback\.site\.name: must not be empty/],
		[{ site: { name: 'Acme\nShop' } }, /fallback\.site\.name: must be one line/],
		[{ actions: { supportEmail: 'nobody' } }, /fallback\.actions\.supportEmail/],
		[{ actions: { statusPageUrl: 'ftp://status.example' } }, /fallback\.actions\.statusPageUrl/],
		[
			{ links: [{ label: 'Evil', url: '/\\evil.example' }] },
			/fallback\.links\.0\.url: must be a path on this site/,
		],
		[{ links: Array(5).fill({ label: 'x', url: '/' }) }, /fallback\.links: must hold at most 4 links/],
		[{ help: { 499: 'x' } }, /fallback\.help\.499: 499 is not a catalogued/],
		[{ help: { 509: 'x' } }, /fallback\.help\.509/],
		[{ help: { 503: '  ' } }, /fallback\.help\.503: must not be empty/],
		[
			{ brand: { accent: { light: 'blurple' } } },
			/fallback\.brand\.accent\.light: must be an opaque CSS colour/,
		],
		[{ brand: { accent: { dark: 'rgb(0 0 0 / 50%)' } } }, /fallback\.brand\.accent\.dark: must be an opaque/],
		[
			{ brand: { font: 'Inter; } body { display: none' } },
			/fallback\.brand\.font: must be a comma-separated list/,
		],
		[{ brand: { font: 'url(https://evil.example/x.woff2)' } }, /fallback\.brand\.font/],
		[{ brand: { colour: 'red' } }, /fallback\.brand: Unrecognized key/i],
		[{ siteName: 'Acme' }, /fallback: Unrecognized key.*siteName/i],
		[{ hosts: { pagesRoot: 'relative' } }, /fallback\.hosts\.pagesRoot: must be an absolute path/],
		[{ locales: ['en', 'xx'] }, /fallback\.locales\.1: "xx" has no catalogue; available: en, /],
		[{ locales: [] }, /fallback\.locales: must name at least one locale/],
		[{ locales: ['en', 'en'] }, /fallback\.locales: must not name a locale twice/],
		[{ locales: ['de', 'fr'] }, /fallback\.locales: must include the default locale, en \(defaultLocale\)/],
		[{ defaultLocale: 'xx' }, /fallback\.defaultLocale: "xx" has no catalogue/],
	])('stops on a broken value and names the option: %j', (options, message) => {
		expect(() => parseOptions(options)).toThrow(message);
	});

	it('stops on a low-contrast accent, naming the options, both colours and the ratio', () => {
		expect(() => parseOptions({ brand: { accent: { light: '#aaaaaa' } } })).toThrow(
			/fallback\.brand\.accent\.light \+ fallback\.brand\.background\.light: buttons, their borders and the focus ring #aaaaaa on #ffffff is 2\.\d\d:1 in the light scheme; WCAG 2\.2 AA needs 3:1/,
		);
	});

	it('stops when a text and background pair leaves the muted text unreadable', () => {
		expect(() => parseOptions({ brand: { text: { dark: '#777777' } } })).toThrow(
			/fallback\.brand\.text\.dark \+ fallback\.brand\.background\.dark: muted text .* on #000000 is \d\.\d\d:1 in the dark scheme/,
		);
	});
});
