import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	layoutLine,
	layoutLoadLines,
	olderThanFrameMinimum,
	siteLayout,
	starlightVersion,
} from '../../packages/fallback-pages/src/integration/siteLayout';
import { optionProblems } from '../../packages/fallback-pages/src/config/options';
import { readConfigFile } from '../../packages/fallback-pages/src/embed/configFile';

describe('the option layout', () => {
	const root = mkdtempSync(join(tmpdir(), 'fallback-layout-'));
	writeFileSync(join(root, 'Base.astro'), '<slot />');

	it('is the layout file in the project, found from the project root', () => {
		expect(siteLayout('./Base.astro', { root, embedded: false, starlight: false, packageRoot: root })).toBe(
			join(root, 'Base.astro'),
		);
	});

	it('stops the build where the file is not there, saying where it looked', () => {
		expect(() =>
			siteLayout('./src/Nope.astro', { root, embedded: false, starlight: false, packageRoot: root }),
		).toThrow(`the layout ./src/Nope.astro is not there (no file at ${join(root, 'src/Nope.astro')})`);
	});

	it("is Starlight's frame in a site with Starlight, and refused in a site without", () => {
		expect(siteLayout('starlight', { root, embedded: false, starlight: true, packageRoot: '/pkg' })).toBe(
			join('/pkg', 'src/layouts/Starlight.astro'),
		);
		expect(() =>
			siteLayout('starlight', { root, embedded: false, starlight: false, packageRoot: '/pkg' }),
		).toThrow(
			"layout: 'starlight' puts the error pages in Starlight's frame, and this site has no Starlight among its integrations",
		);
	});

	it('is refused with a Starlight older than its frame needs, which installs and keeps the default look', () => {
		const old = mkdtempSync(join(tmpdir(), 'fallback-old-starlight-'));
		const starlight = join(old, 'node_modules/@astrojs/starlight');
		mkdirSync(starlight, { recursive: true });
		writeFileSync(join(old, 'package.json'), '{"name":"docs"}');
		writeFileSync(
			join(starlight, 'package.json'),
			JSON.stringify({ name: '@astrojs/starlight', version: '0.34.8', main: 'index.js' }),
		);
		writeFileSync(join(starlight, 'index.js'), '');
		expect(starlightVersion(old)).toBe('0.34.8');
		expect(() =>
			siteLayout('starlight', { root: old, embedded: false, starlight: true, packageRoot: '/pkg' }),
		).toThrow("layout: 'starlight' needs @astrojs/starlight 0.42 or newer, and this site has 0.34.8");
		expect([
			olderThanFrameMinimum('0.41.9'),
			olderThanFrameMinimum('0.42.0'),
			olderThanFrameMinimum('1.0.0'),
		]).toEqual([true, false, false]);
		expect(starlightVersion(root)).toBeUndefined();
	});

	it('is refused for pages of a site not built with Astro, pointing to the shell instead', () => {
		expect(() =>
			siteLayout('./Base.astro', { root, embedded: true, starlight: false, packageRoot: root }),
		).toThrow(/is an Astro component/);
	});

	it('takes the path of an .astro component, nothing else', () => {
		expect(optionProblems({ layout: './src/layouts/Base.astro' })).toEqual([]);
		expect(optionProblems({ layout: 'starlight' })).toEqual([]);
		for (const layout of ['./src/layouts/Base.tsx', ' ', '.astro']) {
			expect(optionProblems({ layout })).toEqual([
				"fallback.layout: must be the path of an .astro layout, e.g. ./src/layouts/Base.astro, or 'starlight'",
			]);
		}
	});

	it('says the brand options give way to the layout only where the team set them', () => {
		expect(layoutLine('./Base.astro', false)).not.toContain('brand');
		expect(layoutLine('./Base.astro', true)).toContain('the brand options are not used in it');
	});

	it('lists what the pages load besides themselves, once each, and the stylesheets from elsewhere left out', () => {
		const page = (body: string) =>
			`<!doctype html><html><head><title>x</title></head><body>${body}</body></html>`;
		const texts = new Map([
			[
				'404.html',
				page('<script type="module" src="/_astro/a.js"></script><img src="/_astro/logo.png" alt="">'),
			],
			[
				'503.html',
				page(
					'<script type="module" src="/_astro/a.js"></script><img src="https://cdn.example/x.png" alt="">',
				),
			],
		]);
		const [sizes, loads, elsewhere, blocked] = layoutLoadLines(
			'./Base.astro',
			[{ file: '404.html' }, { file: '503.html' }],
			texts,
			['https://fonts.example/css'],
		);
		expect(sizes).toMatch(
			/^layout: 2 error pages in it, 0\.\d KB gzip each \(median; the largest 503\.html, 0\.\d KB\)/,
		);
		expect(loads).toContain("load 2 files of the site's besides themselves (/_astro/a.js, /_astro/logo.png)");
		expect(elsewhere).toBe(
			'layout: ./Base.astro links 1 file from elsewhere (https://fonts.example/css), left out of the error pages, which load nothing from other sites; serve it with the site to have it there',
		);
		expect(blocked).toBe(
			'warning: layout: error pages would load 1 file from elsewhere, blocked by their policy; serve it with the site (https://cdn.example/x.png)',
		);
		expect(
			layoutLoadLines('./Base.astro', [{ file: '503.html' }], new Map([['503.html', page('')]]), []).slice(1),
		).toEqual([
			"layout: the error pages load nothing of the site's but themselves (the layout's stylesheets are inline)",
		]);
	});

	it('counts only the links a browser loads a file for, and names at most three', () => {
		const head = [
			'<link rel="canonical" href="https://docs.example/404/">',
			'<link rel="alternate" hreflang="de" href="https://docs.example/de/404/">',
			'<link rel="preconnect" href="https://fonts.example">',
			'<link rel="sitemap" href="/sitemap-index.xml">',
			'<link rel="shortcut icon" href="/favicon.svg">',
			...['a', 'b', 'c', 'd', 'e'].map(
				(name) => `<link rel="stylesheet" href="https://cdn.example/${name}.css">`,
			),
		].join('');
		const texts = new Map([
			['404.html', `<!doctype html><html><head><title>x</title>${head}</head><body></body></html>`],
		]);
		const [, loads, blocked] = layoutLoadLines('./Base.astro', [{ file: '404.html' }], texts, []);
		expect(loads).toContain("load 1 file of the site's besides themselves (/favicon.svg)");
		expect(blocked).toBe(
			'warning: layout: error pages would load 5 files from elsewhere, blocked by their policy; serve them with the site (https://cdn.example/a.css, https://cdn.example/b.css, https://cdn.example/c.css and 2 more)',
		);
		expect(blocked!.slice('warning: '.length).length).toBeLessThanOrEqual(200);
	});

	it('is refused by the command, which builds the pages outside any site', async () => {
		const file = join(root, 'fallback.config.mjs');
		writeFileSync(file, "export default { layout: './src/layouts/Base.astro' };\n");
		await expect(readConfigFile(file)).rejects.toThrow(
			/layout \(\.\/src\/layouts\/Base\.astro\) is a layout of an Astro site, for fallback\(\) in its astro\.config\.mjs/,
		);
	});
});
