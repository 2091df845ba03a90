/**
 * The contrast check of Fallback's screen in a site's layout (the option `layout`). The screen draws
 * with the colours the layout gives it: the custom properties it reads (`--fallback-text`,
 * `--fallback-muted`, `--fallback-accent`, `--fallback-on-accent`, `--fallback-background`) wherever
 * the layout sets them, and otherwise the document's own text and background (`:root`, `html`,
 * `body`). Those are read here from the page's stylesheets with a CSS parser (css-tree), in each
 * colour scheme (`prefers-color-scheme`, or a `dark`/`light` class or `data-theme` on the root), as
 * far as a stylesheet says them without a browser: a colour set on another element around the
 * screen, or an image behind it, only a browser sees (`verify --axe` checks the served pages in one).
 */
import * as csstree from 'css-tree';
import { wcagContrast } from 'culori';
import { formatRatio, opaqueHex, type Scheme, SCHEMES } from './theme';

/** A colour the screen draws with, and where it comes from, in a visitor's words. */
export interface DrawnColor {
	/** #rrggbb; undefined when the stylesheet's value is not an opaque colour the build can read. */
	hex: string | undefined;
	/** The value as written, after its var() are filled in. */
	value: string;
	where: string;
	/** Set by one of the --fallback-* properties, for Fallback's screen. */
	forTheScreen: boolean;
}

export interface LayoutContrast {
	scheme: Scheme;
	what: string;
	foreground: DrawnColor;
	background: DrawnColor;
	/** undefined when a colour cannot be read. */
	ratio: number | undefined;
	minimum: number;
}

/** A page's `<style>`: its text, and its `media` attribute where it has one. */
export interface Stylesheet {
	text: string;
	media: string | undefined;
}

/** A declaration that may reach the screen: its value, where it is, and how it ranks in the cascade. */
interface Declared {
	value: string;
	where: string;
	/** For one scheme only: in a prefers-color-scheme query, or on a selector naming a scheme. */
	schemed: boolean;
	/**
	 * Compared in order, as the cascade does: nearer the screen (inherited from the root, the body,
	 * or set on an element around it), !important, outside any @layer, the selector's specificity,
	 * later in the page.
	 */
	rank: [nearness: number, important: number, unlayered: number, specificity: number, order: number];
}

type Target = 'root' | 'body' | 'other';
const NEARNESS: Record<Target, number> = { root: 0, body: 1, other: 2 };

/** What the cascade gives the screen in one scheme. */
interface SchemeDeclarations {
	properties: Map<string, Declared>;
	root: Map<string, Declared>;
	body: Map<string, Declared>;
}

const SCREEN_PROPERTIES = [
	'--fallback-text',
	'--fallback-muted',
	'--fallback-accent',
	'--fallback-on-accent',
	'--fallback-background',
];

/** The browser's own canvas and text colours (Chromium's) in each colour scheme it draws in. */
const CANVAS: Record<Scheme, { background: string; text: string }> = {
	light: { background: '#ffffff', text: '#000000' },
	dark: { background: '#121212', text: '#ffffff' },
};

/** A class or attribute value naming a scheme: `.dark`, `.dark-mode`, `.theme-light`, `[data-theme='dark']`. */
function schemeNamed(token: string): Scheme | undefined {
	const match = /(?:^|[-_])(dark|light)(?:$|[-_])/i.exec(token);
	return match ? (match[1]!.toLowerCase() as Scheme) : undefined;
}

const other = (scheme: Scheme): Scheme => (scheme === 'light' ? 'dark' : 'light');

/** The scheme a simple selector names: a class or attribute value, or `:not()` of one (the other scheme). */
function schemeOf(node: csstree.CssNode): Scheme | undefined {
	if (node.type === 'ClassSelector') return schemeNamed(node.name);
	if (node.type === 'AttributeSelector' && node.value?.type === 'String')
		return schemeNamed(node.value.value);
	if (node.type === 'AttributeSelector' && node.value?.type === 'Identifier')
		return schemeNamed(node.value.name);
	if (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'not' && node.children) {
		const named = new Set<Scheme>();
		csstree.walk(node, (inner) => {
			if (inner !== node && (inner.type === 'ClassSelector' || inner.type === 'AttributeSelector')) {
				const scheme = schemeOf(inner);
				if (scheme) named.add(scheme);
			}
		});
		return named.size === 1 ? other([...named][0]!) : undefined;
	}
	return undefined;
}

/** Astro's scoping of a component's styles: `[data-astro-cid-…]`, `.astro-…`, `:where(.astro-…)`. */
function isAstroScope(node: csstree.CssNode): boolean {
	if (node.type === 'AttributeSelector') return node.name.name.startsWith('data-astro-cid-');
	if (node.type === 'ClassSelector') return node.name.startsWith('astro-');
	if (node.type === 'PseudoClassSelector' && node.name === 'where') {
		let scoped = true;
		csstree.walk(node, (inner) => {
			if (inner.type === 'ClassSelector' && !inner.name.startsWith('astro-')) scoped = false;
		});
		return scoped;
	}
	return false;
}

/** `:root` or `html`, also as the one selector of `:where()` or `:is()`. */
function isRoot(node: csstree.CssNode): boolean {
	if (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'root') return true;
	if (node.type === 'TypeSelector') return node.name.toLowerCase() === 'html';
	if (node.type === 'PseudoClassSelector' && ['where', 'is'].includes(node.name.toLowerCase())) {
		const lists = node.children?.toArray() ?? [];
		const selectors = lists.flatMap((list) => (list.type === 'SelectorList' ? list.children.toArray() : []));
		const only =
			selectors.length === 1 && selectors[0]!.type === 'Selector' ? selectors[0].children.toArray() : [];
		return only.length === 1 && isRoot(only[0]!);
	}
	return false;
}

const isBody = (node: csstree.CssNode) => node.type === 'TypeSelector' && node.name.toLowerCase() === 'body';

/**
 * A selector's specificity as one number (ids, then classes, attributes and pseudo-classes, then
 * types), as far as the cascade here compares it: `:where()` counts nothing, `:is()` and `:not()`
 * their argument.
 */
function specificity(selector: csstree.CssNode): number {
	let [ids, classes, types] = [0, 0, 0];
	csstree.walk(selector, function (node) {
		if (node.type === 'IdSelector') ids++;
		else if (node.type === 'ClassSelector' || node.type === 'AttributeSelector') classes++;
		else if (node.type === 'PseudoClassSelector') {
			const name = node.name.toLowerCase();
			if (name === 'where') return csstree.walk.skip;
			if (!['is', 'not', 'has'].includes(name)) classes++;
		} else if (node.type === 'TypeSelector' && node.name !== '*') types++;
		else if (node.type === 'PseudoElementSelector') types++;
		return undefined;
	});
	return ids * 10_000 + classes * 100 + types;
}

/** Which element a selector picks (the document's root, its body, or another), and its scheme if it names one. */
function selectorTarget(selector: csstree.Selector): { target: Target; scheme: Scheme | undefined } {
	const compounds: csstree.CssNode[][] = [[]];
	for (const node of selector.children) {
		if (node.type === 'Combinator') compounds.push([]);
		else if (!isAstroScope(node)) compounds.at(-1)!.push(node);
	}
	let scheme: Scheme | undefined;
	const kinds = compounds.map((compound) => {
		const rest = compound.filter((node) => {
			const named = schemeOf(node);
			scheme ??= named;
			return named === undefined;
		});
		if (rest.length === 1 && isRoot(rest[0]!)) return 'root';
		if (rest.length === 1 && isBody(rest[0]!)) return 'body';
		// `.dark`, `[data-theme='dark']` alone: on the root, where a site's theme switch puts them.
		return rest.length === 0 ? 'root' : 'other';
	});
	const subject = kinds.at(-1);
	const above = kinds.slice(0, -1);
	const target: Target =
		subject === 'root' && above.length === 0
			? 'root'
			: subject === 'body' && above.every((kind) => kind === 'root')
				? 'body'
				: 'other';
	return { target, scheme };
}

/** The scheme a media query is for (`prefers-color-scheme`, or its `not`); 'none' for print and the like. */
function mediaScheme(query: string): Scheme | 'both' | 'none' {
	const text = query.toLowerCase().trim();
	const named = /prefers-color-scheme\s*:\s*(dark|light)/.exec(text)?.[1] as Scheme | undefined;
	if (text.startsWith('not ')) {
		if (named) return other(named);
		return /\bprint\b/.test(text) ? 'both' : 'none';
	}
	if (named) return named;
	return /\bprint\b/.test(text) && !/\bscreen\b/.test(text) ? 'none' : 'both';
}

/**
 * Every declaration that may reach Fallback's screen, per scheme, from the page's stylesheets in
 * order (each with the `media` of its `<style>`, which counts as an @media around it).
 */
function declarations(stylesheets: readonly Stylesheet[]): Record<Scheme, SchemeDeclarations> {
	const found = Object.fromEntries(
		SCHEMES.map((scheme) => [scheme, { properties: new Map(), root: new Map(), body: new Map() }]),
	) as Record<Scheme, SchemeDeclarations>;
	let order = 0;
	const keep = (into: Map<string, Declared>, name: string, declared: Declared) => {
		const held = into.get(name);
		if (!held || compareRanks(declared.rank, held.rank) >= 0) into.set(name, declared);
	};
	/** In scope of a rule: media's scheme, whether it is in a layer, what to say of where it is. */
	interface Scope {
		media: Scheme | 'both';
		layered: boolean;
		conditions: string;
	}
	const within = (scope: Scope, query: string): Scope | undefined => {
		const scheme = mediaScheme(query);
		if (scheme === 'none' || (scheme !== 'both' && scope.media !== 'both' && scheme !== scope.media))
			return undefined;
		return {
			...scope,
			media: scheme === 'both' ? scope.media : scheme,
			conditions: `${scope.conditions}@media ${query} `,
		};
	};
	const declare = (
		declaration: csstree.Declaration,
		{ target, named, selector }: { target: Target; named: Scheme | undefined; selector: csstree.Selector },
		scope: Scope,
	) => {
		const property = declaration.property.toLowerCase();
		const custom = property.startsWith('--');
		if (target === 'other' && !SCREEN_PROPERTIES.includes(property)) return;
		if (!custom && !['color', 'background', 'background-color', 'color-scheme'].includes(property)) return;
		if (named && scope.media !== 'both' && named !== scope.media) return;
		const schemes = named ? [named] : scope.media === 'both' ? SCHEMES : [scope.media];
		const declared: Declared = {
			value: csstree.generate(declaration.value).trim(),
			where: `${scope.conditions}${csstree.generate(selector)}`,
			schemed: Boolean(named) || scope.media !== 'both',
			rank: [
				NEARNESS[target],
				declaration.important ? 1 : 0,
				scope.layered ? 0 : 1,
				specificity(selector),
				order++,
			],
		};
		for (const scheme of schemes) {
			const into = custom
				? found[scheme].properties
				: target === 'body'
					? found[scheme].body
					: found[scheme].root;
			keep(into, property === 'background-color' ? 'background' : property, declared);
		}
	};
	const visit = (node: csstree.CssNode, scope: Scope) => {
		if (node.type === 'StyleSheet' || node.type === 'Block') {
			for (const child of node.children) visit(child, scope);
		} else if (node.type === 'Atrule' && node.block) {
			const name = node.name.toLowerCase();
			const prelude = node.prelude ? csstree.generate(node.prelude) : '';
			if (name === 'media') {
				const inner = within(scope, prelude);
				if (inner) visit(node.block, inner);
			} else if (name === 'layer') visit(node.block, { ...scope, layered: true });
			else if (name === 'supports') visit(node.block, scope);
		} else if (node.type === 'Rule' && node.prelude.type === 'SelectorList') {
			const selectors = node.prelude.children.toArray().filter((selector) => selector.type === 'Selector');
			for (const selector of selectors) {
				const { target, scheme: named } = selectorTarget(selector);
				const picked = { target, named, selector };
				for (const child of node.block.children) {
					if (child.type === 'Declaration') declare(child, picked, scope);
					// Nested media queries in the rule (CSS nesting): its declarations under their condition.
					else if (child.type === 'Atrule' && child.name.toLowerCase() === 'media' && child.block) {
						const inner = within(scope, child.prelude ? csstree.generate(child.prelude) : '');
						if (!inner) continue;
						for (const nested of child.block.children)
							if (nested.type === 'Declaration') declare(nested, picked, inner);
					}
				}
			}
		}
	};
	for (const { text, media } of stylesheets) {
		let ast: csstree.CssNode;
		try {
			ast = csstree.parse(text, { parseCustomProperty: true });
		} catch {
			continue;
		}
		const scope: Scope = { media: 'both', layered: false, conditions: '' };
		const inner = media ? within(scope, media) : scope;
		if (inner) visit(ast, inner);
	}
	return found;
}

function compareRanks(a: Declared['rank'], b: Declared['rank']): number {
	for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return a[index]! - b[index]!;
	return 0;
}

/**
 * A value with its var() filled in from the custom properties, and light-dark() picked for the
 * scheme the browser draws in (`drawn`: the root's color-scheme lets dark in, or not); undefined
 * when a var() has no value.
 */
function resolved(
	value: string,
	properties: Map<string, Declared>,
	drawn: Scheme,
	depth = 0,
): string | undefined {
	if (depth > 16) return undefined;
	let ast: csstree.CssNode;
	try {
		ast = csstree.parse(value, { context: 'value' });
	} catch {
		return value;
	}
	let missing = false;
	csstree.walk(ast, {
		visit: 'Function',
		enter(node, item, list) {
			const name = node.name.toLowerCase();
			if (!list || (name !== 'var' && name !== 'light-dark')) return;
			const parts = splitArguments(node.children.toArray());
			let text: string | undefined;
			if (name === 'light-dark') {
				text = parts[drawn === 'light' ? 0 : 1];
			} else {
				const declared = properties.get(parts[0] ?? '');
				text = declared ? declared.value : parts.length > 1 ? parts.slice(1).join(',') : undefined;
			}
			const filled = text === undefined ? undefined : resolved(text, properties, drawn, depth + 1);
			if (filled === undefined) missing = true;
			else list.replace(item, list.createItem({ type: 'Raw', value: filled }));
			return csstree.walk.skip;
		},
	});
	return missing ? undefined : csstree.generate(ast).trim();
}

/** A function's arguments as text, split at its top-level commas. */
function splitArguments(nodes: csstree.CssNode[]): string[] {
	const parts: csstree.CssNode[][] = [[]];
	for (const node of nodes) {
		if (node.type === 'Operator' && node.value === ',') parts.push([]);
		else parts.at(-1)!.push(node);
	}
	return parts.map((part) =>
		part
			.map((node) => csstree.generate(node))
			.join(' ')
			.trim(),
	);
}

/** The colours the screen draws with in one scheme (drawn by the browser as `drawn`), each with where it comes from. */
function drawnColors(found: SchemeDeclarations, drawn: Scheme) {
	const color = (
		declared: Declared | undefined,
		what: string,
		forTheScreen: boolean,
	): DrawnColor | undefined => {
		if (!declared) return undefined;
		const value = resolved(declared.value, found.properties, drawn);
		if (value === undefined) return undefined;
		return { hex: opaqueHex(value), value, where: `${what} in ${declared.where}`, forTheScreen };
	};
	const screen = (name: string) => color(found.properties.get(name), name, true);
	const canvas = CANVAS[drawn];
	const browser = (hex: string, what: string): DrawnColor => ({
		hex,
		value: hex,
		where: `the browser's ${what}`,
		forTheScreen: false,
	});
	const background =
		screen('--fallback-background') ??
		color(found.body.get('background'), 'background', false) ??
		color(found.root.get('background'), 'background', false) ??
		browser(canvas.background, 'background');
	const text =
		screen('--fallback-text') ??
		color(found.body.get('color'), 'color', false) ??
		color(found.root.get('color'), 'color', false) ??
		browser(canvas.text, 'text colour');
	return {
		background,
		text,
		muted: screen('--fallback-muted'),
		accent: screen('--fallback-accent'),
		onAccent: screen('--fallback-on-accent'),
	};
}

/**
 * Every pair of colours the screen draws against each other in the layout, in each scheme the
 * layout has colours for (the dark one where it sets any, or lets the browser's dark canvas in).
 */
export function layoutContrasts(
	stylesheets: readonly (string | Stylesheet)[],
	{ colorScheme: metaColorScheme = '' }: { colorScheme?: string } = {},
): LayoutContrast[] {
	const found = declarations(
		stylesheets.map((sheet) => (typeof sheet === 'string' ? { text: sheet, media: undefined } : sheet)),
	);
	/** The scheme the browser draws the page in when the visitor prefers `scheme` (the root's color-scheme). */
	const drawnIn = (scheme: Scheme): Scheme => {
		const value = (found[scheme].root.get('color-scheme')?.value ?? metaColorScheme).toLowerCase();
		const allowed = SCHEMES.filter((name) => new RegExp(`\\b${name}\\b`).test(value));
		return allowed.includes(scheme) ? scheme : (allowed[0] ?? 'light');
	};
	const darkCanvas = SCHEMES.some((scheme) => drawnIn(scheme) === 'dark');
	// One scheme's own colours (its media query, its class) make the other differ too.
	const schemed = SCHEMES.some((scheme) =>
		[found[scheme].properties, found[scheme].root, found[scheme].body].some((map) =>
			[...map.values()].some((declared) => declared.schemed),
		),
	);
	const schemes = schemed || darkCanvas ? SCHEMES : (['light'] as const);
	return schemes.flatMap((scheme) => {
		const drawn = drawnColors(found[scheme], drawnIn(scheme));
		const pair = (
			what: string,
			foreground: DrawnColor,
			background: DrawnColor,
			minimum: number,
		): LayoutContrast => ({
			scheme,
			what,
			foreground,
			background,
			minimum,
			ratio: foreground.hex && background.hex ? wcagContrast(foreground.hex, background.hex) : undefined,
		});
		const pairs = [pair('text', drawn.text, drawn.background, 4.5)];
		if (drawn.muted) pairs.push(pair('muted text (the help line)', drawn.muted, drawn.background, 4.5));
		if (drawn.accent) {
			pairs.push(pair('buttons, their borders and the focus ring', drawn.accent, drawn.background, 3));
			pairs.push(pair('the label of the main button', drawn.onAccent ?? drawn.text, drawn.accent, 4.5));
		}
		return pairs;
	});
}

const shown = (color: DrawnColor) => `${color.hex ?? color.value} (${color.where})`;

/** A failing pair in a line: the scheme, what is drawn, both colours and where each is set, the ratio. */
export function contrastLine({
	scheme,
	what,
	foreground,
	background,
	ratio,
	minimum,
}: LayoutContrast): string {
	return `${scheme} scheme: ${what}, ${shown(foreground)} on ${shown(background)}, is ${formatRatio(ratio ?? 0)}:1; WCAG 2.2 AA needs ${minimum}:1`;
}

/** The pairs split as the build says them: failing with a colour set for the screen (the build stops), failing with the layout's own colours only, and not readable. */
export function sortedContrasts(contrasts: readonly LayoutContrast[]) {
	const failing = contrasts.filter(
		(contrast) => contrast.ratio !== undefined && contrast.ratio < contrast.minimum,
	);
	return {
		screen: failing.filter(
			(contrast) => contrast.foreground.forTheScreen || contrast.background.forTheScreen,
		),
		layout: failing.filter(
			(contrast) => !contrast.foreground.forTheScreen && !contrast.background.forTheScreen,
		),
		unread: contrasts.filter((contrast) => contrast.ratio === undefined),
	};
}
