/**
 * The integration's build plan (integration/plan.ts), alone: what it makes of the parsed options and
 * Astro's config before anything is built, as Starlight tests its processI18nConfig.
 */
import { describe, expect, it } from 'vitest';
import { deployOf } from '../../packages/fallback-pages/src/config/deploy';
import { javascriptNames } from '../../packages/fallback-pages/src/config/optionNames';
import { parseOptions, type FallbackOptions } from '../../packages/fallback-pages/src/config/options';
import { givenOptions, planBuild, type AstroFacts } from '../../packages/fallback-pages/src/integration/plan';

const production = deployOf({ id: null, name: null }, {});
const preview = deployOf(
	{ id: null, name: null },
	{ CONTEXT: 'deploy-preview', URL: 'https://acme.example' },
);

const plan = (
	options: FallbackOptions,
	astro: Partial<AstroFacts> = {},
	{ embedded = false, deploy = production } = {},
) =>
	planBuild(
		parseOptions(options),
		givenOptions(options),
		{ base: '/', i18n: undefined, site: undefined, ...astro },
		{
			embedded,
			deploy,
			names: javascriptNames,
			kit: false,
		},
	);

describe('planBuild', () => {
	it('ships the default locale alone where neither the options nor Astro name languages, and says so', () => {
		const built = plan({});
		expect(built.options.locales).toEqual(['en']);
		expect(built.lines).toHaveLength(2);
		expect(built.lines[1]).toMatch(/^languages: en only; 19 more/);
		expect(built.addressLine).toMatch(/^no site address/);
	});

	it('takes Astro’s i18n languages where the options name none, keeping a default the options set', () => {
		const i18n = {
			defaultLocale: 'en',
			locales: ['en', 'de', 'fr'],
			routing: 'manual',
		} as unknown as AstroFacts['i18n'];
		expect(plan({}, { i18n }).options.locales).toEqual(['en', 'de', 'fr']);
		const german = plan({ defaultLocale: 'de' }, { i18n });
		expect(german.options.defaultLocale).toBe('de');
		expect(german.options.locales).toEqual(['de', 'en', 'fr']);
		expect(german.config.locales).toEqual(['de', 'en', 'fr']);
		// Named by the options: Astro's i18n is not read, and no line is said of the languages.
		const named = plan({ locales: ['en', 'ja'] }, { i18n });
		expect(named.options.locales).toEqual(['en', 'ja']);
		expect(named.lines).toHaveLength(1);
		expect(plan({}, { i18n }).lines[1]).toMatch(/^languages from Astro's i18n: en, de, fr/);
	});

	it('serves the pages under Astro’s base, home at the site’s base unless the options say where', () => {
		const built = plan({ base: '/errors/' }, { base: '/docs', site: 'https://acme.example' });
		expect(built.siteBase).toBe('/docs/');
		expect(built.config.base).toBe('/docs/errors/');
		expect(built.config.site.homeUrl).toBe('/docs/');
		expect(built.config.site.url).toBe('https://acme.example');
		expect(built.addressLine).toBeUndefined();
		expect(plan({ site: { homeUrl: '/shop/' } }, { base: '/docs' }).config.site.homeUrl).toBe('/shop/');
	});

	it('puts embedded pages’ files in their folder, with galleries in a preview only', () => {
		const embedded = plan({ base: '/fallback/' }, {}, { embedded: true });
		expect(embedded.embeddedAssets).toBe('fallback/_astro');
		expect(embedded.config.mode).toBe('embed');
		expect(embedded.config.galleries).toBe(false);
		expect(plan({ base: '/fallback/' }, {}, { embedded: true, deploy: preview }).config.galleries).toBe(true);
		expect(plan({}).embeddedAssets).toBeUndefined();
		expect(plan({}).config.galleries).toBe(true);
	});

	it('injects each route under the pages’ folder, and a route that builds nothing under a locale Astro falls back from', () => {
		const i18n = {
			defaultLocale: 'en',
			locales: ['en', 'fr'],
			fallback: { fr: 'en' },
			routing: 'manual',
		} as unknown as AstroFacts['i18n'];
		const { routes } = plan({ base: '/errors/' }, { i18n });
		expect(routes).toContainEqual({
			pattern: '/errors/[...locale]/[code]',
			file: '[...locale]/[code].astro',
		});
		expect(routes).toContainEqual({ pattern: '/fr/errors/[...locale]/[code]', file: 'noPages.astro' });
		expect(routes.filter((route) => route.file === 'noPages.astro')).toHaveLength(4);
		expect(routes).toHaveLength(10);
	});
});
