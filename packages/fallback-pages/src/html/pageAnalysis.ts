/**
 * What a built page asks the browser to fetch or run, read with a real HTML parser (parse5).
 * Used by the size report and the tests on dist/.
 */
import { gzipSync } from 'node:zlib';
import { parse } from 'parse5';
import type { InlineCode } from '../contract/pageHeaders';

/** The parts of a parse5 node this module reads. */
export interface HtmlNode {
	nodeName: string;
	tagName?: string;
	value?: string;
	attrs?: { name: string; value: string }[];
	childNodes?: HtmlNode[];
	content?: { childNodes: HtmlNode[] };
	/** Where the node sits in the page's text (locatedElements only), and its tags. */
	sourceCodeLocation?: {
		startOffset: number;
		endOffset: number;
		startTag?: {
			startOffset: number;
			endOffset: number;
			attrs?: Record<string, { startOffset: number; endOffset: number }>;
		};
		endTag?: { startOffset: number; endOffset: number };
	};
}

export function parseHtml(html: string): HtmlNode {
	return parse(html) as unknown as HtmlNode;
}

/** Calls `visit` on every element, template contents included, in document order. */
export function walkElements(node: HtmlNode, visit: (element: HtmlNode & { tagName: string }) => void) {
	if (node.tagName !== undefined) visit(node as HtmlNode & { tagName: string });
	for (const child of node.content?.childNodes ?? node.childNodes ?? []) walkElements(child, visit);
}

/** Every element of a page in document order, each with where it sits in the page's text. */
export function locatedElements(html: string): (HtmlNode & { tagName: string })[] {
	const found: (HtmlNode & { tagName: string })[] = [];
	walkElements(parse(html, { sourceCodeLocationInfo: true }) as unknown as HtmlNode, (element) =>
		found.push(element),
	);
	return found;
}

/** The text of a node and its descendants. */
export function textContent(node: HtmlNode): string {
	return node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(textContent).join('');
}

export interface PageAnalysis {
	/** Bytes of the HTML file. */
	raw: number;
	/** Bytes after gzip -9 (what a CDN sends when it compresses). */
	gzip: number;
	/** Contents of inline `<script>` elements. */
	inlineScripts: string[];
	/** The `src` of each `<script>` element that has one. */
	scriptFiles: string[];
	/** Contents of `<style>` elements and `style` attributes. */
	styles: string[];
	/** The `style` attributes alone (a policy allows their hashes with 'unsafe-hashes' only). */
	styleAttributes: string[];
	/** The `<style>` elements alone, in document order, each with its `media` attribute. */
	stylesheets: { text: string; media: string | undefined }[];
	/** The content of `<meta name="color-scheme">`, where the page has one. */
	colorScheme: string | undefined;
	/** URLs the page would fetch (src, srcset, link href, CSS url()/@import), `data:` excluded. */
	externalReferences: string[];
	/** Bytes of JavaScript: inline scripts plus inline event-handler attributes. */
	jsBytes: number;
	/** Requests a page load makes: the document plus each external reference. */
	requests: number;
}

/** Attributes that make the browser fetch something. `href` counts on these elements only. */
const FETCHING_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'data', 'background', 'imagesrcset']);
const FETCHING_HREF = new Set(['link', 'base', 'image', 'use', 'feimage']);
/**
 * The kinds of `<link>` a browser loads a file for; a canonical, alternate, preconnect or sitemap
 * link loads nothing.
 */
const FETCHING_LINKS = new Set([
	'stylesheet',
	'icon',
	'apple-touch-icon',
	'apple-touch-icon-precomposed',
	'mask-icon',
	'manifest',
	'preload',
	'modulepreload',
	'prefetch',
]);
const loadsFile = (element: HtmlNode): boolean =>
	element.tagName !== 'link' ||
	(element.attrs ?? [])
		.find((attribute) => attribute.name === 'rel')
		?.value.toLowerCase()
		.split(/\s+/)
		.some((rel) => FETCHING_LINKS.has(rel)) === true;

function cssReferences(css: string): string[] {
	const found: string[] = [];
	for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)|@import\s+(['"])([^'"]*)\3/g)) {
		found.push(match[2] ?? match[4] ?? '');
	}
	return found;
}

export function analysePage(html: string): PageAnalysis {
	return analysedTree(html, parseHtml(html));
}

/**
 * The page's elements with where each sits (locatedElements) and its analysis (analysePage), from
 * one parse: a build reads hundreds of pages.
 */
export function locatedAnalysis(html: string): {
	elements: (HtmlNode & { tagName: string })[];
	analysis: PageAnalysis;
} {
	const root = parse(html, { sourceCodeLocationInfo: true }) as unknown as HtmlNode;
	const elements: (HtmlNode & { tagName: string })[] = [];
	walkElements(root, (element) => elements.push(element));
	return { elements, analysis: analysedTree(html, root) };
}

function analysedTree(html: string, root: HtmlNode): PageAnalysis {
	const inlineScripts: string[] = [];
	const scriptFiles: string[] = [];
	const styles: string[] = [];
	const styleAttributes: string[] = [];
	const stylesheets: PageAnalysis['stylesheets'] = [];
	let colorScheme: string | undefined;
	const references: string[] = [];
	let handlerBytes = 0;
	walkElements(root, (element) => {
		const attrs = element.attrs ?? [];
		for (const { name, value } of attrs) {
			if (
				FETCHING_ATTRIBUTES.has(name) ||
				(FETCHING_HREF.has(element.tagName) && /(^|:)href$/.test(name) && loadsFile(element))
			) {
				references.push(
					...(name.endsWith('srcset')
						? value.split(',').map((s) => s.trim().split(/\s+/)[0] ?? '')
						: [value]),
				);
			}
			if (name === 'style') {
				styles.push(value);
				styleAttributes.push(value);
			}
			if (name.startsWith('on')) handlerBytes += Buffer.byteLength(value);
		}
		if (element.tagName === 'script') {
			const src = attrs.find((a) => a.name === 'src');
			if (src) scriptFiles.push(src.value);
			else inlineScripts.push(textContent(element));
			return;
		}
		if (element.tagName === 'style') {
			styles.push(textContent(element));
			stylesheets.push({ text: textContent(element), media: attrs.find((a) => a.name === 'media')?.value });
		}
		if (
			element.tagName === 'meta' &&
			attrs.some((a) => a.name === 'name' && a.value.toLowerCase() === 'color-scheme')
		)
			colorScheme ??= attrs.find((a) => a.name === 'content')?.value;
	});
	for (const css of styles) references.push(...cssReferences(css));
	const externalReferences = references.filter((url) => !url.trim().toLowerCase().startsWith('data:'));
	let gzip: number | undefined;
	return {
		raw: Buffer.byteLength(html),
		// Compressed when asked: a page's policy needs no size, and a build analyses hundreds.
		get gzip() {
			return (gzip ??= gzipSync(html, { level: 9 }).length);
		},
		inlineScripts,
		scriptFiles,
		styles,
		styleAttributes,
		stylesheets,
		colorScheme,
		externalReferences,
		jsBytes: inlineScripts.reduce((sum, script) => sum + Buffer.byteLength(script), handlerBytes),
		requests: 1 + externalReferences.length,
	};
}

/** The inline styles and scripts of these pages: exactly what their Content-Security-Policy allows. */
export function inlineCodeOf(pages: Iterable<string>): InlineCode {
	const analyses = [...pages].map(analysePage);
	return {
		styles: analyses.flatMap((analysis) => analysis.styles),
		scripts: analyses.flatMap((analysis) => analysis.inlineScripts),
	};
}
