/**
 * The kit's parts that need no Astro build: which options it takes, and how applyKit fills a page
 * of its markup. That the filled pages equal Astro's, byte for byte, is the package tier's
 * (tests/package/prebuilt.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { applyKit, type Kit, type KitValues } from '../../packages/fallback-pages/src/kit/applyKit';
import { kitProblem } from '../../packages/fallback-pages/src/kit/prebuilt';
import {
	KIT_BASE,
	KIT_BRANCH,
	KIT_COMMIT,
	KIT_CONTEXT,
	KIT_HOST,
	KIT_NAME,
	KIT_URL,
} from '../../packages/fallback-pages/src/kit/standIns';

/** The language list as LanguageList.astro renders it, in the catalogue's order. */
const languages = (page: string) =>
	`<footer><nav aria-label="Languages"><ul>${[
		['de', 'de', 'Deutsch'],
		['ja', 'ja', '日本語'],
		['zh', 'zh-Hans', '简体中文'],
		['ar', 'ar', 'العربية'],
	]
		.map(
			([folder, lang, name]) => `<li><a href="${KIT_BASE}${folder}/${page}" lang="${lang}">${name}</a></li>`,
		)
		.join('')}</ul></nav></footer>`;

const page = `<title>${KIT_NAME}: 404</title><meta name="description" content="All pages of ${KIT_NAME}"><header>${KIT_NAME}</header><h2 data-host="${KIT_HOST}">loading ${KIT_HOST}</h2>${languages('404')}`;

const kit: Kit = {
	format: 1,
	version: '0.0.0',
	variants: {
		production: {
			'404.html': page,
			'de/404.html': page,
			'ja/404.html': page,
			'problem/404.json': `{"type":"${KIT_URL}${KIT_BASE}404"}`,
		},
		preview: {
			'404.html': `<aside><strong>Preview</strong> ${KIT_CONTEXT} · Branch <bdi>${KIT_BRANCH}</bdi> · Commit ${KIT_COMMIT.slice(0, 7)}</aside>${page}`,
		},
	},
};

const values = (more: Partial<KitValues> = {}): KitValues => ({
	name: 'Acme',
	url: null,
	locales: ['en'],
	base: '/fallback/',
	deploy: {
		isPreview: false,
		context: 'production',
		branch: null,
		commit: null,
		deployUrl: null,
		builtAt: '2026-11-27T00:00:00Z',
	},
	...more,
});

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

describe('applyKit', () => {
	it('keeps the shipped locales’ files and list items, in their order, and escapes the name as Astro does', () => {
		const files = applyKit(kit, values({ name: `A & <B> "c"`, locales: ['en', 'ar', 'de'] }));
		expect([...files.keys()]).toEqual(['404.html', 'de/404.html', 'problem/404.json']);
		const filled = files.get('404.html')!;
		// Text: &, <, >, ' and " escaped; an attribute: & and " only.
		expect(filled).toContain('<header>A &amp; &lt;B&gt; &quot;c&quot;</header>');
		expect(filled).toContain('content="All pages of A &amp; <B> &quot;c&quot;"');
		// No address: the page names the site.
		expect(filled).toContain(
			'data-host="A &amp; <B> &quot;c&quot;">loading A &amp; &lt;B&gt; &quot;c&quot;</h2>',
		);
		expect(filled).toContain(
			'<ul><li><a href="/fallback/ar/404" lang="ar">العربية</a></li><li><a href="/fallback/de/404" lang="de">Deutsch</a></li></ul>',
		);
		expect(files.get('problem/404.json')).toBe('{"type":"/fallback/404"}');
	});

	it('puts the address in the problem types and the host on the page', () => {
		const files = applyKit(kit, values({ url: 'https://bücher.example/shop/', base: '/errors/' }));
		expect(files.get('problem/404.json')).toBe('{"type":"https://xn--bcher-kva.example/errors/404"}');
		expect(files.get('404.html')).toContain(
			'data-host="xn--bcher-kva.example">loading xn--bcher-kva.example</h2>',
		);
	});

	it('drops the language list, and the footer it leaves empty, for one locale', () => {
		const filled = applyKit(kit, values()).get('404.html')!;
		expect(filled).not.toContain('<footer');
		expect(filled).not.toContain('<nav');
	});

	it('shows a preview’s context, branch and commit, escaped', () => {
		const deploy = {
			isPreview: true,
			context: 'deploy-preview',
			branch: 'feat/<x>',
			commit: 'abcdef0123456789abcdef0123456789abcdef01',
			deployUrl: null,
			builtAt: '2026-11-27T00:00:00Z',
		};
		expect(applyKit(kit, values({ deploy })).get('404.html')).toContain(
			'deploy-preview · Branch <bdi>feat/&lt;x&gt;</bdi> · Commit abcdef0',
		);
		// A local preview build (no git): the banner says neither.
		expect(
			applyKit(kit, values({ deploy: { ...deploy, branch: null, commit: null } })).get('404.html'),
		).toContain('<strong>Preview</strong> deploy-preview</aside>');
	});

	it('refuses a kit with a stand-in it cannot fill', () => {
		const odd: Kit = { ...kit, variants: { ...kit.variants, production: { 'x.html': 'zzkitunknownzz' } } };
		expect(() => applyKit(odd, values())).toThrow(
			'the prebuilt pages hold a value this version cannot fill, in x.html',
		);
	});
});
