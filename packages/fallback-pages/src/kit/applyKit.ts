/**
 * The prebuilt pages with a site's values: each stand-in (fillables.ts) replaced by the site's text,
 * each marked part (marks.ts) kept, reordered or taken out, each mark taken off. A real HTML parser
 * (parse5) finds where each stand-in and mark stands; the page's own text is copied around them, so
 * that the result is, byte for byte, what Astro builds with the same options (the kit's parity
 * test compares both). Each value is escaped as Astro escapes it where it stands.
 */
import { escape as escapeText } from 'html-escaper';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { edited, escapeAttribute, type Edit } from '../html/edits';
import { catalogues, DEFAULT_LOCALE, isLocale, locales as allLocales, type Locale } from '../i18n';
import { fillables, holdsStandIn, type Fillable, type KitValues, type KitVariant } from './fillables';
import { isMark, MARK, PART, type DeployValue, type Mark } from './marks';

export type { KitValues } from './fillables';

/** The version of the kit's shape that this code reads. */
export const KIT_FORMAT = 2;

/**
 * A build of the kit's: production or a preview, each also for a shell (`-shell`: the pages that go
 * into a site's own 404.html, built in layouts/Bare.astro).
 */
export type KitVariantName = KitVariant | `${KitVariant}-shell`;

/** The variant of a deploy's pages. */
export const kitVariant = (preview: boolean, shell: boolean): KitVariantName =>
	`${preview ? 'preview' : 'production'}${shell ? '-shell' : ''}`;

/** The kit as the plugin ships it: each variant's files, by path inside the pages' folder. */
export interface Kit {
	format: typeof KIT_FORMAT;
	/** The fallback-pages version that built it. */
	version: string;
	variants: Record<KitVariantName, Record<string, string>>;
}

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/**
 * Whether the kit's text that `edits` leave as it is holds a stand-in or a mark: one this version
 * cannot fill. Only the kit's own text is searched, never a site's value put in.
 */
function leftOver(
	source: string,
	edits: readonly Edit[],
	start = 0,
	end = source.length,
): string | undefined {
	let at = start;
	for (const edit of [...edits, { start: end, end, text: '' }].sort((a, b) => a.start - b.start)) {
		const kept = source.slice(at, edit.start);
		if (holdsStandIn(kept)) return 'a stand-in is left';
		if (kept.includes(MARK) || kept.includes(`<${PART}`)) return 'a mark is left';
		at = Math.max(at, edit.end);
	}
	return undefined;
}

/**
 * What filling one file needs: its text, the site's text of each fillable, the site's locales and
 * the file's (whose word for "unknown" a page shows).
 */
interface File {
	text: string;
	texts: Map<Fillable, string | null>;
	locales: readonly Locale[];
	locale: Locale;
}

/**
 * The stand-ins between `start` and `end` with the site's text; `escape`: how a value is escaped
 * there (none outside HTML, where only the unescaped ones are filled). Where stand-ins overlap, the
 * first found wins (the address, which holds the host). A stand-in whose value the site has not
 * stays, for the check that follows (leftOver).
 */
function words(file: File, start: number, end: number, escape: ((text: string) => string) | null): Edit[] {
	const source = file.text.slice(start, end);
	const found = fillables.flatMap((fillable, order) => {
		if (fillable.escaped && escape === null) return [];
		const at: { at: number; order: number; fillable: Fillable }[] = [];
		for (let i = source.indexOf(fillable.standIn); i !== -1; i = source.indexOf(fillable.standIn, i + 1)) {
			at.push({ at: i, order, fillable });
		}
		return at;
	});
	found.sort((a, b) => a.at - b.at || a.order - b.order);
	const edits: Edit[] = [];
	let free = 0;
	for (const { at, fillable } of found) {
		const text = file.texts.get(fillable);
		if (at < free || text === null || text === undefined) continue;
		free = at + fillable.standIn.length;
		edits.push({ start: start + at, end: start + free, text: fillable.escaped ? escape!(text) : text });
	}
	return edits;
}

type Located = NonNullable<Element['sourceCodeLocation']>;

/** Where a node stands in the page's text (an element's tags and attributes too). */
function location(node: ChildNode): Located {
	const where = node.sourceCodeLocation;
	if (!where) throw new Error(`a ${node.nodeName} the parser placed itself`);
	return where as Located;
}

/** Where an element's start and end tags stand: every element the kit fills has both. */
function tags(element: Element): { start: Located['startTag'] & {}; end: Located['endTag'] & {} } {
	const { startTag, endTag } = location(element);
	if (!startTag || !endTag) throw new Error(`a ${element.tagName} with no end tag`);
	return { start: startTag, end: endTag };
}

/** An element's mark, if it has one; throws on a mark this version does not know. */
function markOf(element: Element): Mark | undefined {
	const mark = element.attrs.find((attr) => attr.name === MARK)?.value;
	if (mark === undefined || isMark(mark, allLocales)) return mark;
	throw new Error(`a mark this version does not know: ${MARK}="${mark}"`);
}

const elementsOf = (element: Element): Element[] =>
	element.childNodes.filter((child): child is Element => 'tagName' in child);

/** The deploy's text of a value that marks name, or null where it has none. */
function deployText(file: File, value: DeployValue): string | null {
	const fillable = fillables.find((candidate) => candidate.marks === value)!;
	return file.texts.get(fillable) ?? null;
}

/** Every marked element under `element` with a mark that starts with `prefix`. */
function markedUnder(element: Element, prefix: string): Element[] {
	return elementsOf(element).flatMap((child) =>
		markOf(child)?.startsWith(prefix) ? [child] : markedUnder(child, prefix),
	);
}

/**
 * An element's edits, or null when it goes: its attributes' stand-ins, its mark taken off, and
 * what its mark asks for.
 */
function elementEdits(file: File, element: Element): Edit[] | null {
	const mark = markOf(element);
	// An element the page leaves implied (a head with no tag) has no attributes, and no mark.
	if (mark !== undefined) location(element);
	const attrs = element.sourceCodeLocation?.attrs ?? {};
	const unknown = () => escapeText(catalogues[file.locale].gallery.unknown);
	const ifValue = mark?.startsWith('if-') ? (mark.slice(3) as DeployValue | 'content') : undefined;
	if (ifValue !== undefined && ifValue !== 'content' && deployText(file, ifValue) === null) return null;
	const edits: Edit[] = [];
	// By their names in the page's text (the parser names an SVG's attributes in their own case).
	for (const [name, at] of Object.entries(attrs)) {
		if (name === MARK) {
			if (file.text[at.startOffset - 1] !== ' ') throw new Error(`a mark with no space before it: ${mark}`);
			if (element.tagName !== PART) edits.push({ start: at.startOffset - 1, end: at.endOffset, text: '' });
		} else {
			edits.push(...words(file, at.startOffset, at.endOffset, escapeAttribute));
		}
	}
	if (element.tagName === PART) {
		// Its element goes, and what it holds stays.
		const { start, end } = tags(element);
		edits.push({ start: start.startOffset, end: start.endOffset, text: '' });
		edits.push({ start: end.startOffset, end: end.endOffset, text: '' });
	}
	if (mark?.endsWith('-or-unknown')) {
		const value = mark.slice(0, -'-or-unknown'.length) as DeployValue;
		if (deployText(file, value) === null) {
			const { start, end } = tags(element);
			return [...edits, { start: start.endOffset, end: end.startOffset, text: unknown() }];
		}
	}
	if (mark === 'languages') {
		const items = languageItems(file, element);
		return items === null ? null : [...edits, items];
	}
	let kept = 0;
	for (const child of element.childNodes) {
		const childEdits = childNodeEdits(file, child, element);
		if (childEdits === null) {
			const at = location(child);
			edits.push({ start: at.startOffset, end: at.endOffset, text: '' });
		} else {
			edits.push(...childEdits);
			if ('tagName' in child) kept += 1;
		}
	}
	return ifValue === 'content' && kept === 0 ? null : edits;
}

/**
 * A language list's items (`language <locale>`, side by side in the page) as one edit: the site's
 * locales' items in the site's order, or null when none is left.
 */
function languageItems(file: File, list: Element): Edit | null {
	const items = markedUnder(list, 'language ');
	const order = new Map<string, number>(file.locales.map((locale, index) => [locale, index]));
	const kept = items
		.map((item) => ({ item, locale: markOf(item)!.slice('language '.length) }))
		.filter(({ locale }) => order.has(locale))
		.sort((a, b) => order.get(a.locale)! - order.get(b.locale)!);
	if (kept.length === 0) return null;
	const start = location(items[0]!).startOffset;
	const end = location(items.at(-1)!).endOffset;
	const side = items.every(
		(item, index) => index === 0 || location(items[index - 1]!).endOffset === location(item).startOffset,
	);
	if (!side) throw new Error('a language list whose items are not side by side');
	const text = kept
		.map(({ item }) => {
			const at = location(item);
			const edits = elementEdits(file, item) ?? [];
			const left = leftOver(file.text, edits, at.startOffset, at.endOffset);
			if (left) throw new Error(`${left} in a language list`);
			return edited(file.text, at.startOffset, at.endOffset, edits);
		})
		.join('');
	return { start, end, text };
}

/** A child node's edits, or null when it goes; the text of a script or style is not the page's. */
function childNodeEdits(file: File, node: ChildNode, parent: Element): Edit[] | null {
	if ('tagName' in node) return elementEdits(file, node);
	if (node.nodeName !== '#text' || parent.tagName === 'script' || parent.tagName === 'style') return [];
	const where = location(node);
	return words(file, where.startOffset, where.endOffset, escapeText);
}

/** A page's edits: every stand-in and mark the parser finds. */
function pageEdits(file: File): Edit[] {
	const document = parse(file.text, { sourceCodeLocationInfo: true });
	const html = document.childNodes.find((node): node is Element => 'tagName' in node);
	if (!html) throw new Error('a page with no html element');
	return elementEdits(file, html) ?? [];
}

/** Why the kit cannot take these values, or undefined: its default locale's pages are English. */
export function kitValuesProblem(values: KitValues): string | undefined {
	return values.locales[0] === DEFAULT_LOCALE
		? undefined
		: `the default locale is ${values.locales[0]}, not ${DEFAULT_LOCALE}`;
}

/**
 * The pages' files (path inside the pages' folder → text), but `contract.json`, which follows from
 * the options (embeddedRules); with `shell`, the pages built for a shell, not yet in it. Throws when
 * the kit holds a stand-in or a mark this code cannot fill.
 */
export function applyKit(kit: Kit, values: KitValues, shell = false): Map<string, string> {
	const problem = kitValuesProblem(values);
	if (problem) throw new Error(`the prebuilt pages cannot be used: ${problem}`);
	const leftOut = new Set<string>(allLocales.filter((locale) => !values.locales.includes(locale)));
	const texts = new Map(fillables.map((fillable) => [fillable, fillable.text(values)]));
	const files = new Map<string, string>();
	const variant = kit.variants[kitVariant(values.deploy.isPreview, shell)];
	for (const [path, text] of Object.entries(variant)) {
		const folder = path.split('/')[0]!;
		if (leftOut.has(folder)) continue;
		const file: File = {
			text,
			texts,
			locales: values.locales,
			locale: isLocale(folder) ? folder : DEFAULT_LOCALE,
		};
		const cannot = (why: string) =>
			new Error(`the prebuilt pages hold a value this version cannot fill, in ${path}: ${why}`);
		let edits: Edit[];
		try {
			edits = path.endsWith('.html') ? pageEdits(file) : words(file, 0, text.length, null);
		} catch (error) {
			throw cannot(error instanceof Error ? error.message : String(error));
		}
		const left = leftOver(text, edits);
		if (left) throw cannot(left);
		const filled = edited(text, 0, text.length, edits);
		files.set(path, filled);
	}
	return files;
}
