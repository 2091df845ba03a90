import { describe, expect, it } from 'vitest';
import { wcagContrast } from 'culori';
import {
	contrastPairs,
	contrastProblems,
	contrasts,
	defaultColors,
	formatRatio,
	schemeClassesCss,
	schemeColors,
	themeCss,
} from '../../packages/fallback-pages/src/brand/theme';

describe('brand theme', () => {
	it('meets WCAG 2.2 AA on every pair in both schemes with the default colours', () => {
		expect(contrastProblems(defaultColors)).toEqual([]);
		expect(contrasts(defaultColors)).toHaveLength(contrastPairs.length * 2);
	});

	it('puts black or white on the accent, whichever reads better', () => {
		const dark = schemeColors({ ...defaultColors, accent: { light: '#0b3d91', dark: '#0b3d91' } }, 'light');
		expect(dark.onAccent).toBe('#ffffff');
		const light = schemeColors({ ...defaultColors, accent: { light: '#ffd43b', dark: '#ffd43b' } }, 'light');
		expect(light.onAccent).toBe('#000000');
	});

	it('derives the muted text between background and text', () => {
		const { muted, text, background } = schemeColors(defaultColors, 'light');
		expect(wcagContrast(muted, background)).toBeLessThan(wcagContrast(text, background));
		expect(wcagContrast(muted, background)).toBeGreaterThanOrEqual(4.5);
	});

	it('reports a failing pair with both colours and a ratio that never rounds up to passing', () => {
		const [problem] = contrastProblems({ ...defaultColors, accent: { light: '#959595', dark: '#ffffff' } });
		const ratio = wcagContrast('#959595', '#ffffff');
		expect(ratio).toBeLessThan(3);
		expect(problem).toContain(`#959595 on #ffffff is ${formatRatio(ratio)}:1`);
		expect(Number(formatRatio(ratio))).toBeLessThan(3);
	});

	it('writes the colours as custom properties per scheme and the font stack', () => {
		const css = themeCss(
			{ ...defaultColors, accent: { light: 'rebeccapurple', dark: '#ffffff' } },
			'Georgia,serif',
		);
		expect(css).toMatch(
			/^:root\{color-scheme:light dark;--fallback-text:#000000;--fallback-background:#ffffff;.*--fallback-accent:#663399;.*--fallback-font:Georgia,serif\}/,
		);
		expect(css).toMatch(
			/@media \(prefers-color-scheme:dark\)\{:root\{--fallback-text:#ffffff;--fallback-background:#000000;/,
		);
	});

	it('writes both schemes as classes for the gallery, with the same colours as the pages', () => {
		const css = schemeClassesCss(defaultColors);
		expect(css).toMatch(
			/^\.scheme-light\{--fallback-text:#000000;--fallback-background:#ffffff;[^}]*\}\.scheme-dark\{--fallback-text:#ffffff;--fallback-background:#000000;[^}]*\}$/,
		);
		const [lightBody] = /\.scheme-light\{([^}]*)\}/.exec(css)!.slice(1);
		expect(themeCss(defaultColors, 'serif')).toContain(
			`:root{color-scheme:light dark;${lightBody};--fallback-font:serif}`,
		);
	});
});
