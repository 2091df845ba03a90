/**
 * Each standalone page carries its own Content-Security-Policy in a `<meta>` element: the hashes of
 * exactly its inline style and script. A server config then holds only the constant part
 * (`HEADER_POLICY`) and keeps working when new pages (another brand, other texts) are copied under it.
 */
import { escapeAttribute } from 'entities';
import { pagePolicy } from '../contract/pageHeaders';
import { edited } from '../html/edits';
import { locatedAnalysis, locatedElements, type PageAnalysis } from '../html/pageAnalysis';

/**
 * The page with no white space at the end of its inline styles (Astro's end in a line break).
 * Browsers hash a style exactly as it is; the Nu HTML checker, which checks the page's policy too,
 * hashes it trimmed: without the trailing space both agree, and the byte is saved.
 */
function trimmedStyles(html: string): string {
	const texts = locatedElements(html)
		.filter((element) => element.tagName === 'style')
		.flatMap((style) => (style.childNodes ?? []).filter((child) => child.nodeName === '#text'));
	const edits = texts.map((text) => {
		const { startOffset: start, endOffset: end } = text.sourceCodeLocation!;
		return { start, end, text: html.slice(start, end).trimEnd() };
	});
	return edited(html, 0, html.length, edits);
}

/**
 * The page with its policy right after `<meta charset>`, before any style or script (a meta policy
 * governs only what comes after it), its styles trimmed at the end (trimmedStyles). `siteDirectives`:
 * the site's own directives besides the page's style-src and script-src (siteDirectivesOf).
 */
export function withPagePolicy(
	page: string,
	{
		wasm = false,
		siteDirectives = [],
		analysed,
	}: {
		wasm?: boolean;
		siteDirectives?: readonly string[];
		/** Told the page's analysis, as the policy was made from it (its styles trimmed). */
		analysed?: ((analysis: PageAnalysis) => void) | undefined;
	} = {},
): string {
	const html = trimmedStyles(page);
	const { elements, analysis } = locatedAnalysis(html);
	analysed?.(analysis);
	const charset = elements.findIndex(
		(element) => element.nodeName === 'meta' && element.attrs!.some((attr) => attr.name === 'charset'),
	);
	if (charset < 0) throw new Error('fallback: a page has no <meta charset> to put its policy after');
	if (elements.slice(0, charset).some((element) => ['style', 'script'].includes(element.nodeName))) {
		throw new Error('fallback: a page has a style or script before its <meta charset>');
	}
	const { styles, inlineScripts, scriptFiles, styleAttributes } = analysis;
	const policy = [
		pagePolicy(
			{ styles, scripts: inlineScripts },
			{
				scriptFiles: scriptFiles.length > 0,
				styleAttributes: styleAttributes.length > 0,
				wasm,
			},
		),
		...siteDirectives,
	].join('; ');
	const at = elements[charset]!.sourceCodeLocation!.endOffset;
	// Hash sources and keywords need no escaping; a site's directive may (a `&` in a source's path).
	return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">${html.slice(at)}`;
}

/** The directives a page's policy sets from the page's own inline code, in place of the site's. */
const PAGE_DIRECTIVES = new Set(['style-src', 'script-src']);

/**
 * Directives left out of the page's policy: the site's narrower ones for styles and scripts (they
 * would take the page's hashes out of force), and those a browser ignores in a policy of a
 * `<meta>` element (CSP 3) and reports as an error.
 */
const LEFT_OUT = new Set([
	'style-src-elem',
	'style-src-attr',
	'script-src-elem',
	'script-src-attr',
	'frame-ancestors',
	'report-uri',
	'sandbox',
]);

/** What a page's policy takes of the site's own (siteDirectivesOf). */
export interface SiteDirectives {
	/** The page had a policy of the site's (Astro's `security.csp`). */
	found: boolean;
	/** Its directives the page's policy keeps, as written. */
	kept: string[];
	/** The names of those it leaves out (LEFT_OUT). */
	left: string[];
}

/**
 * The site's own directives in the policies Astro put on a page under its `security.csp` setting
 * (`default-src`, `img-src`, `object-src`…: its `directives`), each once as CSP 3 parses a policy
 * (the first of a name counts), without the page's own style-src and script-src.
 */
/** Whether a page's text names a policy at all (case-insensitively), before it is parsed for one. */
export const hasPolicyText = (html: string): boolean => /content-security-policy/i.test(html);

export function siteDirectivesOf(html: string): SiteDirectives {
	const kept = new Map<string, string>();
	const left = new Set<string>();
	let found = false;
	// A page that does not name the header holds no policy: not parsed (a build parses hundreds).
	if (!hasPolicyText(html)) return { found, kept: [], left: [] };
	for (const element of locatedElements(html)) {
		const attrs = element.attrs ?? [];
		const isPolicy = attrs.some(
			(attr) => attr.name === 'http-equiv' && attr.value.toLowerCase() === 'content-security-policy',
		);
		if (element.tagName !== 'meta' || !isPolicy) continue;
		found = true;
		for (const directive of (attrs.find((attr) => attr.name === 'content')?.value ?? '').split(';')) {
			const text = directive.trim().replace(/\s+/g, ' ');
			const name = text.split(' ')[0]!.toLowerCase();
			if (!name || kept.has(name) || PAGE_DIRECTIVES.has(name)) continue;
			if (LEFT_OUT.has(name)) left.add(name);
			else kept.set(name, text);
		}
	}
	return { found, kept: [...kept.values()], left: [...left] };
}
