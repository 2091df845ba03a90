/**
 * The kit's parts that need no Astro build: which options it takes, and how applyKit fills the
 * real components' markup. The components render with Astro's container API, once as the kit's
 * build renders them (marks, stand-ins) and once as Astro renders them for a site; the filled kit
 * must equal the site's, byte for byte. Whole builds compared: tests/build/kit.test.ts.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { applyKit, KIT_FORMAT, type Kit } from '../../packages/fallback-pages/src/kit/applyKit';
import { kitProblem as problemOf } from '../../packages/fallback-pages/src/kit/prebuilt';
import { embeddedRules } from '../../packages/fallback-pages/src/embed/rules';
import type { FallbackOptions } from '../../packages/fallback-pages/src/config/options';
import {
	KIT_BASE,
	KIT_BRANCH,
	KIT_COMMIT,
	KIT_CONTEXT,
	KIT_DEPLOY_URL,
	KIT_HOST,
	KIT_NAME,
	KIT_URL,
	type KitValues,
} from '../../packages/fallback-pages/src/kit/fillables';
import type { FallbackConfig } from '../../packages/fallback-pages/src/config/options';
import type { Locale } from '../../packages/fallback-pages/src/i18n';

/** The pages' config (virtual:fallback/config), changed before each render. */
const config = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock('virtual:fallback/config', () => ({ default: config }));

/** The layout every page is rendered in, by path: TypeScript has no types for `.astro` files. */
const pageLayout = new URL('../../packages/fallback-pages/src/layouts/Page.astro', import.meta.url).pathname;
type Component = Parameters<AstroContainer['renderToString']>[0];

let container: AstroContainer;
beforeAll(async () => {
	container = await AstroContainer.create();
});

const BUILT_AT = '2001-02-03T04:05:06Z';

/** The config of a build: the kit's (stand-ins, every value known, marks) or a site's. */
function configOf(kit: boolean, values: KitValues): FallbackConfig {
	return {
		site: { name: values.name, url: values.url, homeUrl: '/' },
		brand: {} as FallbackConfig['brand'],
		actions: {} as FallbackConfig['actions'],
		links: [],
		help: {} as FallbackConfig['help'],
		locales: [...values.locales],
		regions: {},
		defaultLocale: 'en',
		mode: 'embed',
		base: values.base,
		sitePaths: [],
		siteGalleries: [],
		galleries: values.deploy.isPreview,
		deploy: { platform: 'Netlify', reason: 'CONTEXT', siteUrl: values.url, ...values.deploy },
		kit,
		layout: false,
	};
}

/** The page shell (layouts/Page.astro, its banner, header and footer) at `path` in the pages' folder. */
async function render(kit: boolean, values: KitValues, path: string): Promise<string> {
	for (const key of Object.keys(config)) Reflect.deleteProperty(config, key);
	Object.assign(config, configOf(kit, values));
	// Imported again for each config: modules read some of it when they load (the base).
	vi.resetModules();
	const { default: Page } = (await import(/* @vite-ignore */ pageLayout)) as { default: Component };
	return container.renderToString(Page, {
		props: { title: `${values.name}: 404`, description: `All pages of ${values.name}` },
		slots: { default: '<main></main>' },
		request: new Request(`https://example.invalid${values.base}${path}`),
	});
}

const allLocales: readonly Locale[] = ['en', 'de', 'ja', 'ar'];

/** The kit's values: every one a stand-in, every locale, a preview that knows everything. */
const kitValues = (isPreview: boolean): KitValues => ({
	name: KIT_NAME,
	url: KIT_URL,
	locales: allLocales,
	base: KIT_BASE,
	deploy: {
		isPreview,
		context: isPreview ? KIT_CONTEXT : 'production',
		branch: KIT_BRANCH,
		commit: KIT_COMMIT,
		deployUrl: KIT_DEPLOY_URL,
		builtAt: BUILT_AT,
	},
});

/** A kit of the shell at `404` in every locale, both variants, rendered by the components. */
async function shellKit(): Promise<Kit> {
	const variants = { production: {}, preview: {} } as Kit['variants'];
	for (const variant of ['production', 'preview'] as const) {
		for (const locale of allLocales) {
			const path = locale === 'en' ? '404' : `${locale}/404`;
			variants[variant][`${path}.html`] = await render(true, kitValues(variant === 'preview'), path);
		}
	}
	return { format: KIT_FORMAT, version: '0.0.0', variants };
}

const site = (more: Partial<KitValues> = {}): KitValues => ({
	name: 'Acme',
	url: null,
	locales: ['en'],
	base: '/fallback/',
	...more,
	deploy: {
		isPreview: false,
		context: 'production',
		branch: null,
		commit: null,
		deployUrl: null,
		builtAt: BUILT_AT,
		...more.deploy,
	},
});

/** The kit filled with `values` against the components rendered for them, page by page. */
async function expectParity(kit: Kit, values: KitValues) {
	const filled = applyKit(kit, values);
	expect([...filled.keys()].sort()).toEqual(
		values.locales.map((locale) => (locale === 'en' ? '404.html' : `${locale}/404.html`)).sort(),
	);
	for (const [path, text] of filled) {
		expect(text, path).toBe(await render(false, values, path.replace(/\.html$/, '')));
	}
	return filled;
}

/** Why the kit cannot make the pages of `options` under `base`. */
const kitProblem = (options: FallbackOptions, base: string) => problemOf(embeddedRules(options, base));

describe('kitProblem: the kit takes the default look', () => {
	it('takes a name, an address, languages and a folder', () => {
		expect(
			kitProblem({ site: { name: 'Acme', url: 'https://acme.example' }, locales: ['en', 'de'] }, '/errors/'),
		).toBeUndefined();
	});

	it('names every option it cannot take, by its path', () => {
		expect(
			kitProblem(
				{ brand: { footer: '© Acme', accent: { light: '#0b5fff' } }, help: { 503: 'Back at ten.' } },
				'/fallback/',
			),
		).toBe('brand.accent, brand.footer and help.503 are not the default look');
		expect(kitProblem({ site: { homeUrl: '/shop/' } }, '/fallback/')).toBe(
			'site.homeUrl is not the default look',
		);
	});

	it('needs English as the default locale: its pages are the kit’s root', () => {
		expect(kitProblem({ defaultLocale: 'de', locales: ['de', 'en'] }, '/fallback/')).toBe(
			'the default locale is de, not en',
		);
	});
});

describe('applyKit fills the real components as Astro renders them', () => {
	let kit: Kit;
	beforeAll(async () => {
		kit = await shellKit();
	});

	it('keeps the site’s locales, their pages and list items in the site’s order, and escapes the name as Astro does', async () => {
		const filled = await expectParity(
			kit,
			site({ name: `A & <B> "c" 'd'\u00a0e`, locales: ['en', 'ar', 'de'], base: '/errors/site/' }),
		);
		const page = filled.get('404.html')!;
		// Text: &, <, >, ' and " escaped; an attribute: & and " only.
		expect(page).toContain('<header>A &amp; &lt;B&gt; &quot;c&quot; &#39;d&#39;\u00a0e</header>');
		expect(page).toContain('content="All pages of A &amp; <B> &quot;c&quot; \'d\'\u00a0e"');
		expect(page).toMatch(/lang="ar">[^<]+<\/a><\/li><li><a href="\/errors\/site\/de\/404" lang="de">/);
	});

	it('names the host where the site has an address, the site where it has none', () => {
		const host: Kit = {
			...kit,
			variants: {
				...kit.variants,
				production: { '500.html': `<h2 data-host="${KIT_HOST}">${KIT_HOST}</h2>` },
			},
		};
		expect(applyKit(host, site({ url: 'https://bücher.example/shop/' })).get('500.html')).toBe(
			'<h2 data-host="xn--bcher-kva.example">xn--bcher-kva.example</h2>',
		);
		expect(applyKit(host, site({ name: 'A&B' })).get('500.html')).toBe(
			'<h2 data-host="A&amp;B">A&amp;B</h2>',
		);
	});

	it('drops the language list, and the footer it leaves empty, for one locale', async () => {
		const page = (await expectParity(kit, site())).get('404.html')!;
		expect(page).not.toContain('<footer');
		expect(page).not.toContain('<nav');
	});

	it('shows a preview’s context, branch and commit, escaped, and leaves out what it does not know', async () => {
		const deploy = {
			isPreview: true,
			context: 'deploy-preview',
			branch: `feat/<x>&"y"-${'long-'.repeat(12)}end`,
			commit: 'abcdef0123456789abcdef0123456789abcdef01',
			deployUrl: 'https://deploy-preview-1--acme.netlify.app',
			builtAt: '2026-11-27T00:00:00Z',
		};
		const known = await expectParity(kit, site({ locales: ['en', 'de'], deploy }));
		expect(known.get('404.html')).toContain(
			'deploy-preview · branch <bdi>feat/&lt;x&gt;&amp;&quot;y&quot;-long-',
		);
		const unknown = { ...deploy, branch: null, commit: null, deployUrl: null };
		const banner = (await expectParity(kit, site({ locales: ['en', 'de'], deploy: unknown }))).get(
			'de/404.html',
		)!;
		expect(banner).toContain('<strong>Vorschau</strong> deploy-preview · <a href="/fallback/">');
	});

	it('takes values that look like its stand-ins and marks', async () => {
		const deploy = {
			isPreview: true,
			context: 'data-kit',
			branch: 'fa11bac-zzkit',
			commit: 'fa11bac0ffee0000000000000000000000000001',
			deployUrl: null,
			builtAt: BUILT_AT,
		};
		const name = 'Pizzkitchen data-kit="x" <kit-part>';
		await expectParity(kit, site({ name, url: 'https://jazzkit.example', locales: ['en', 'de'], deploy }));
	});

	it('refuses a kit with a stand-in or a mark it cannot fill', () => {
		const page = (text: string): Kit => ({
			...kit,
			variants: { ...kit.variants, production: { 'x.html': text } },
		});
		expect(() => applyKit(page('<html><body>zzkitunknownzz</body></html>'), site())).toThrow(
			'the prebuilt pages hold a value this version cannot fill, in x.html: a stand-in is left',
		);
		expect(() => applyKit(page('<html><body><p data-kit="if-moon">x</p></body></html>'), site())).toThrow(
			'the prebuilt pages hold a value this version cannot fill, in x.html: a mark this version does not know: data-kit="if-moon"',
		);
	});

	it('puts the address, or the path alone, in the problem documents', () => {
		const problems: Kit = {
			...kit,
			variants: {
				...kit.variants,
				production: { 'problem/404.json': `{"type":"${KIT_URL}${KIT_BASE}404"}` },
			},
		};
		expect(applyKit(problems, site()).get('problem/404.json')).toBe('{"type":"/fallback/404"}');
		expect(
			applyKit(problems, site({ url: 'https://user@bücher.example:8443/shop/', base: '/errors/' })).get(
				'problem/404.json',
			),
		).toBe('{"type":"https://user@xn--bcher-kva.example:8443/errors/404"}');
	});
});
