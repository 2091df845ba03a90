/**
 * The colours every page draws, for the light and the dark scheme, derived from the brand
 * options; the WCAG 2.2 AA check of every pair the pages draw; and the CSS custom properties
 * that carry them. Colour maths is culori's, never ours.
 */
import { formatHex, interpolate, parse, wcagContrast } from 'culori';

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** One colour per scheme, as the options give it. */
export type SchemePair = Record<Scheme, string>;

export interface BrandColors {
	text: SchemePair;
	background: SchemePair;
	/** Buttons, their borders, icons in them and the focus ring. */
	accent: SchemePair;
}

/** The framework's own look: black on white, white on black, monochrome buttons. */
export const defaultColors: BrandColors = {
	text: { light: '#000000', dark: '#ffffff' },
	background: { light: '#ffffff', dark: '#000000' },
	accent: { light: '#000000', dark: '#ffffff' },
};

/** The help line and footer: this share of the way from the background to the text colour. */
const MUTED_SHARE = 0.7;

/** The deploy-preview banner: the same in both schemes, so a preview is never mistaken. */
const previewBanner = { text: '#000000', background: '#ffe066' };

/** Every colour one scheme draws, as #rrggbb. */
export interface SchemeColors {
	text: string;
	background: string;
	muted: string;
	accent: string;
	/** Text on an accent-filled button: black or white, whichever reads better. */
	onAccent: string;
	bannerText: string;
	bannerBackground: string;
}

/** A colour as #rrggbb, or undefined when it is not an opaque CSS colour culori can read. */
export function opaqueHex(value: string): string | undefined {
	const color = parse(value);
	if (!color || (color.alpha !== undefined && color.alpha < 1)) return undefined;
	return formatHex(color);
}

function hex(value: string): string {
	const result = opaqueHex(value);
	if (!result) throw new Error(`not an opaque CSS colour: ${JSON.stringify(value)}`);
	return result;
}

export function schemeColors(colors: BrandColors, scheme: Scheme): SchemeColors {
	const text = hex(colors.text[scheme]);
	const background = hex(colors.background[scheme]);
	const accent = hex(colors.accent[scheme]);
	const onAccent = wcagContrast(accent, '#000000') >= wcagContrast(accent, '#ffffff') ? '#000000' : '#ffffff';
	return {
		text,
		background,
		muted: formatHex(interpolate([background, text], 'rgb')(MUTED_SHARE)),
		accent,
		onAccent,
		bannerText: previewBanner.text,
		bannerBackground: previewBanner.background,
	};
}

/** A pair of colours the pages draw against each other, and the ratio WCAG 2.2 AA asks of it. */
export interface ContrastPair {
	/** What is drawn, in a visitor's words. */
	what: string;
	/** The options that set the two colours, for the error message; none for built-in ones. */
	options: readonly ('text' | 'background' | 'accent')[];
	foreground: keyof SchemeColors;
	background: keyof SchemeColors;
	/** 4.5 for text (1.4.3), 3 for the boundaries of controls and the focus ring (1.4.11). */
	minimum: number;
}

export const contrastPairs: readonly ContrastPair[] = [
	{
		what: 'text',
		options: ['text', 'background'],
		foreground: 'text',
		background: 'background',
		minimum: 4.5,
	},
	{
		what: 'muted text (help line, footer)',
		options: ['text', 'background'],
		foreground: 'muted',
		background: 'background',
		minimum: 4.5,
	},
	{
		what: 'buttons, their borders and the focus ring',
		options: ['accent', 'background'],
		foreground: 'accent',
		background: 'background',
		minimum: 3,
	},
	{
		what: 'the label of the main button',
		options: ['accent'],
		foreground: 'onAccent',
		background: 'accent',
		minimum: 4.5,
	},
	{
		what: 'the deploy-preview banner',
		options: [],
		foreground: 'bannerText',
		background: 'bannerBackground',
		minimum: 4.5,
	},
];

export interface Contrast {
	scheme: Scheme;
	pair: ContrastPair;
	foreground: string;
	background: string;
	ratio: number;
}

/** The contrast of every pair the pages draw, in both schemes. */
export function contrasts(colors: BrandColors): Contrast[] {
	return SCHEMES.flatMap((scheme) => {
		const drawn = schemeColors(colors, scheme);
		return contrastPairs.map((pair) => ({
			scheme,
			pair,
			foreground: drawn[pair.foreground],
			background: drawn[pair.background],
			ratio: wcagContrast(drawn[pair.foreground], drawn[pair.background]),
		}));
	});
}

/** One line per pair below its minimum, naming the options, both colours and the ratio. */
export function contrastProblems(colors: BrandColors, optionPath = 'fallback.brand'): string[] {
	return contrasts(colors)
		.filter(({ ratio, pair }) => ratio < pair.minimum)
		.map(
			({ scheme, pair, foreground, background, ratio }) =>
				`${pair.options.map((option) => `${optionPath}.${option}.${scheme}`).join(' + ') || 'built-in colours'}: ${pair.what} ${foreground} on ${background} is ${formatRatio(ratio)}:1 in the ${scheme} scheme; WCAG 2.2 AA needs ${pair.minimum}:1`,
		);
}

/** Rounded down, so a ratio shown as passing never is below the minimum. */
export function formatRatio(ratio: number): string {
	return (Math.floor(ratio * 100) / 100).toFixed(2);
}

/** The custom properties the pages' stylesheet draws with, and a scheme's value of each. */
export function schemeProperties(colors: SchemeColors): [name: string, value: string][] {
	return [
		['--fallback-text', colors.text],
		['--fallback-background', colors.background],
		['--fallback-muted', colors.muted],
		['--fallback-accent', colors.accent],
		['--fallback-on-accent', colors.onAccent],
	];
}

function customProperties(colors: SchemeColors): string {
	return schemeProperties(colors)
		.map(([name, value]) => `${name}:${value}`)
		.join(';');
}

/**
 * Both schemes at once, as classes (`.scheme-light`, `.scheme-dark`): for the gallery, which
 * shows each page in both side by side. Error pages do not carry it.
 */
export function schemeClassesCss(colors: BrandColors): string {
	return SCHEMES.map((scheme) => `.scheme-${scheme}{${customProperties(schemeColors(colors, scheme))}}`).join(
		'',
	);
}

/**
 * The theme of pages in a site's layout: none of the brand's, which would restyle the site's
 * document; the colours come from the layout (screen.css). A preview's banner keeps its own,
 * scoped to Fallback's screen.
 */
export function layoutThemeCss({ banner = false } = {}): string {
	return banner
		? `.fallback{--fallback-banner-text:${previewBanner.text};--fallback-banner-background:${previewBanner.background}}`
		: '';
}

/**
 * The theme as CSS: both schemes, colours in custom properties per scheme, and the font stack. Every value
 * is a #rrggbb from culori or a font list the options schema allowed, so nothing can break out.
 */
export function themeCss(colors: BrandColors, fontFamily: string, { banner = false } = {}): string {
	const [light, dark] = SCHEMES.map((scheme) => customProperties(schemeColors(colors, scheme)));
	// The preview banner is the same in both schemes, and only previews draw it.
	const bannerColors = banner
		? `;--fallback-banner-text:${previewBanner.text};--fallback-banner-background:${previewBanner.background}`
		: '';
	// color-scheme: the browser's own parts (scroll bars, focus) follow the scheme too.
	return `:root{color-scheme:light dark;${light};--fallback-font:${fontFamily}${bannerColors}}@media (prefers-color-scheme:dark){:root{${dark}}}`;
}
