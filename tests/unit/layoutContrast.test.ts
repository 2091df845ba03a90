import { wcagContrast } from 'culori';
import { describe, expect, it } from 'vitest';
import { layoutContrasts, sortedContrasts } from '../../packages/fallback-pages/src/brand/layoutContrast';
import { formatRatio } from '../../packages/fallback-pages/src/brand/theme';
import {
	layoutContrastError,
	layoutContrastLines,
} from '../../packages/fallback-pages/src/integration/siteLayout';

/** The pairs as [scheme, what, foreground, background], for comparing with what the stylesheet says. */
const drawn = (css: string[]) =>
	layoutContrasts(css).map(({ scheme, what, foreground, background }) => [
		scheme,
		what,
		foreground.hex,
		background.hex,
	]);

describe("the contrast of Fallback's screen in a site's layout", () => {
	it("reads the layout's text colour and the screen's properties; the browser's canvas where the layout sets no background", () => {
		const css = [
			':root{--fallback-accent:#0b7285;--fallback-on-accent:#fff}',
			'body{color:#1d2b36;margin:0}',
		];
		expect(drawn(css)).toEqual([
			['light', 'text', '#1d2b36', '#ffffff'],
			['light', 'buttons, their borders and the focus ring', '#0b7285', '#ffffff'],
			['light', 'the label of the main button', '#ffffff', '#0b7285'],
		]);
		const [text] = layoutContrasts(css);
		expect(text!.ratio).toBe(wcagContrast('#1d2b36', '#ffffff'));
		expect(text!.foreground.where).toBe('color in body');
		expect(text!.background.where).toBe("the browser's background");
	});

	it('checks the dark scheme where the layout has one: a media query, a class or data-theme on the root', () => {
		for (const dark of [
			'@media (prefers-color-scheme: dark){body{background:#101418;color:#e6e6e6}}',
			'html.dark body{background:#101418;color:#e6e6e6}',
			":root[data-theme='dark']{--bg:#101418;--fg:#e6e6e6}",
		]) {
			const css = [`:root{--bg:#fff;--fg:#222}body{background:var(--bg);color:var(--fg)}${dark}`];
			expect(drawn(css), dark).toEqual([
				['light', 'text', '#222222', '#ffffff'],
				['dark', 'text', '#e6e6e6', '#101418'],
			]);
		}
	});

	it("takes a scheme's own selector over a plain one, as its specificity does (Starlight: dark on :root, light on data-theme)", () => {
		const css = [
			":root[data-theme='light']{--sl-accent:#3d50f5;--sl-bg:#fff}",
			':root{--sl-accent:#b3c7ff;--sl-bg:#17181c}body{background:var(--sl-bg)}',
			'.not-content[data-astro-cid-x1]{--fallback-accent:var(--sl-accent)}',
		];
		expect(drawn(css).filter(([, what]) => what?.startsWith('buttons'))).toEqual([
			['light', 'buttons, their borders and the focus ring', '#3d50f5', '#ffffff'],
			['dark', 'buttons, their borders and the focus ring', '#b3c7ff', '#17181c'],
		]);
	});

	it('fills in var() with its fallback, light-dark() per scheme, and the dark canvas where color-scheme lets it in', () => {
		const css = [
			':root{color-scheme:light dark;--fallback-text:light-dark(#111, #eee);--fallback-accent:var(--nope, #0b7285)}',
		];
		expect(drawn(css)).toEqual([
			['light', 'text', '#111111', '#ffffff'],
			['light', 'buttons, their borders and the focus ring', '#0b7285', '#ffffff'],
			['light', 'the label of the main button', '#111111', '#0b7285'],
			['dark', 'text', '#eeeeee', '#121212'],
			['dark', 'buttons, their borders and the focus ring', '#0b7285', '#121212'],
			['dark', 'the label of the main button', '#eeeeee', '#0b7285'],
		]);
	});

	it("leaves out what does not reach the screen: print, other elements' colours, body with a class", () => {
		const css = [
			'body{color:#222}@media print{body{color:#777}}',
			'.card{color:#999;background:#000}body.home{color:#aaa}main{--other:#000}',
		];
		expect(drawn(css)).toEqual([['light', 'text', '#222222', '#ffffff']]);
	});

	it('reads a theme class or attribute on its own as the root, wherever the scheme is in its name, and :not() of one as the other', () => {
		for (const dark of ['.dark', '.dark-mode', "[data-theme='dark']", ":root:not([data-theme='light'])"]) {
			const css = [
				`:root{--bg:#fff;--fallback-accent:#0b5cad}${dark}{--bg:#111;--fallback-accent:#8ab4f8}body{background:var(--bg)}`,
			];
			expect(
				drawn(css).filter(([, what]) => what?.startsWith('buttons')),
				dark,
			).toEqual([
				['light', 'buttons, their borders and the focus ring', '#0b5cad', '#ffffff'],
				['dark', 'buttons, their borders and the focus ring', '#8ab4f8', '#111111'],
			]);
		}
	});

	it("draws on the canvas of the root's color-scheme (the property, or the page's meta), and light-dark() in it", () => {
		// Dark only: the browser draws the dark canvas whatever the visitor prefers.
		expect(drawn([':root{color-scheme:dark;--fallback-text:#eee}'])).toEqual([
			['light', 'text', '#eeeeee', '#121212'],
			['dark', 'text', '#eeeeee', '#121212'],
		]);
		const media = ['@media (prefers-color-scheme: dark){:root{--fallback-text:#eee}}'];
		expect(layoutContrasts(media, { colorScheme: 'light dark' }).map((c) => c.background.hex)).toEqual([
			'#ffffff',
			'#121212',
		]);
		// No color-scheme: the browser draws light, and light-dark() gives its first colour in both.
		expect(
			drawn([
				':root{--fallback-text:light-dark(#111, #eee)}body{color:red}@media (prefers-color-scheme:dark){body{color:#222}}',
			]),
		).toEqual([
			['light', 'text', '#111111', '#ffffff'],
			['dark', 'text', '#111111', '#ffffff'],
		]);
	});

	it('follows the cascade: later rules over media queries, specificity, unlayered over layered, nested media queries', () => {
		const accent = (css: string) =>
			layoutContrasts([css])
				.filter((contrast) => contrast.what.startsWith('buttons'))
				.map((contrast) => `${contrast.scheme} ${contrast.foreground.hex}`);
		// The later plain rule wins in the dark scheme too: both schemes alike, one is checked.
		expect(
			accent(
				'@media (prefers-color-scheme: dark){:root{--fallback-accent:#111}}:root{--fallback-accent:#0b5cad}',
			),
		).toEqual(['light #0b5cad']);
		expect(accent(':root{--fallback-accent:#0b5cad}html{--fallback-accent:#8ab4f8}')).toEqual([
			'light #0b5cad',
		]);
		expect(accent(':root{--fallback-accent:#0b5cad}@layer base{:root{--fallback-accent:#8ab4f8}}')).toEqual([
			'light #0b5cad',
		]);
		expect(
			accent(
				':root{--fallback-accent:#0b5cad;@media (prefers-color-scheme:dark){--fallback-accent:#8ab4f8}}',
			),
		).toEqual(['light #0b5cad', 'dark #8ab4f8']);
		expect(accent(':where(:root){--fallback-accent:#0b5cad}')).toEqual(['light #0b5cad']);
		expect(drawn(['BODY{color:#333}'])).toEqual([['light', 'text', '#333333', '#ffffff']]);
	});

	it('reads media queries as a browser does: not, and, print; and a <style> with a media attribute', () => {
		const text = (css: string, media?: string) =>
			layoutContrasts([{ text: css, media }])
				.filter((contrast) => contrast.what === 'text')
				.map((contrast) => `${contrast.scheme} ${contrast.foreground.hex}`);
		expect(text('body{color:#111}@media not all and (prefers-color-scheme: dark){body{color:#222}}')).toEqual(
			['light #222222', 'dark #111111'],
		);
		expect(
			text(
				'body{color:#111}@media (prefers-color-scheme: dark) and (not (prefers-contrast: more)){body{color:#eee}}',
			),
		).toEqual(['light #111111', 'dark #eeeeee']);
		expect(text('@media not print{body{color:#333}}')).toEqual(['light #333333']);
		expect(text('body{color:#777}', 'print')).toEqual(['light #000000']);
		expect(text('body{color:#eee}', '(prefers-color-scheme: dark)')).toEqual([
			'light #000000',
			'dark #eeeeee',
		]);
	});

	it('lets --fallback-background name what is behind the screen (a white card on a dark page)', () => {
		const css = ['body{background:#0d1117;color:#24292f}main{--fallback-background:#ffffff}'];
		expect(drawn(css)).toEqual([['light', 'text', '#24292f', '#ffffff']]);
	});

	it("sorts the failing pairs: one with the screen's colour stops the build, the layout's own is a warning, an unreadable one is neither", () => {
		const failing = layoutContrasts([
			':root{--fallback-accent:#7fd1e0;--fallback-on-accent:#ffffff}body{color:#9a9a9a}',
		]);
		const { screen, layout, unread } = sortedContrasts(failing);
		expect(screen.map((contrast) => contrast.what)).toEqual([
			'buttons, their borders and the focus ring',
			'the label of the main button',
		]);
		expect(layout.map((contrast) => contrast.what)).toEqual(['text']);
		expect(unread).toEqual([]);
		const gradient = sortedContrasts(layoutContrasts(['body{background:linear-gradient(red, blue)}']));
		expect(gradient.unread.map((contrast) => contrast.background.value)).toEqual([
			'linear-gradient(red,blue)',
		]);
		expect(gradient.screen.length + gradient.layout.length).toBe(0);
	});

	it('says in the build which pair fails, in which scheme, and the rule that sets each colour', () => {
		const page = (css: string) =>
			`<!doctype html><html lang="en"><head><style>${css}</style></head><body><main><div class="fallback"></div></main></body></html>`;
		const texts = new Map([
			[
				'404.html',
				page(
					'body{color:#1d2b36}@media (prefers-color-scheme:dark){:root{--fallback-accent:#1a1a2e}body{background:#000;color:#fff}}',
				),
			],
			[
				'503.html',
				page(
					'body{color:#1d2b36}@media (prefers-color-scheme:dark){:root{--fallback-accent:#1a1a2e}body{background:#000;color:#fff}}',
				),
			],
		]);
		const { lines, failures } = layoutContrastLines(
			'./src/layouts/Base.astro',
			[{ file: '404.html' }, { file: '503.html' }],
			texts,
		);
		expect(lines).toEqual([]);
		expect(failures).toHaveLength(1);
		expect(failures[0]).toMatch(
			/^dark scheme: buttons, their borders and the focus ring, #1a1a2e \(--fallback-accent in @media \(prefers-color-scheme:dark\) :root\) on #000000 \(background in @media \(prefers-color-scheme:dark\) body\), is 1\.\d\d:1; WCAG 2\.2 AA needs 3:1$/,
		);
		const error = layoutContrastError('./src/layouts/Base.astro', failures);
		expect(error.message).toContain(
			"the colours ./src/layouts/Base.astro gives Fallback's screen fail WCAG 2.2 AA contrast",
		);
		expect(error.hint).toContain('--fallback-background');
	});

	it('says so when every pair passes, with the closest one', () => {
		const texts = new Map([
			['404.html', '<style>:root{--fallback-accent:#0b7285;--fallback-on-accent:#fff}</style>'],
		]);
		const { lines, failures } = layoutContrastLines('starlight', [{ file: '404.html' }], texts);
		expect(failures).toEqual([]);
		expect(lines).toEqual([
			`layout: the screen's colours in Starlight's frame meet WCAG 2.2 AA contrast (light, as its stylesheets set them; verify --axe checks the served pages in a browser); closest: the label of the main button ${formatRatio(wcagContrast('#ffffff', '#0b7285'))}:1 (light, needs 4.5:1)`,
		]);
	});
});
