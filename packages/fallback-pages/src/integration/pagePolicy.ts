/**
 * Each standalone page carries its own Content-Security-Policy in a `<meta>` element: the hashes of
 * exactly its inline style and script. A server config then holds only the constant part
 * (`HEADER_POLICY`) and keeps working when new pages (another brand, other texts) are copied under it.
 */
import { pagePolicy } from '../contract/pageHeaders';
import { edited } from '../html/edits';
import { analysePage, locatedElements } from '../html/pageAnalysis';

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
 * governs only what comes after it), its styles trimmed at the end (trimmedStyles).
 */
export function withPagePolicy(page: string, { wasm = false }: { wasm?: boolean } = {}): string {
	const html = trimmedStyles(page);
	const elements = locatedElements(html);
	const charset = elements.findIndex(
		(element) => element.nodeName === 'meta' && element.attrs!.some((attr) => attr.name === 'charset'),
	);
	if (charset < 0) throw new Error('fallback: a page has no <meta charset> to put its policy after');
	if (elements.slice(0, charset).some((element) => ['style', 'script'].includes(element.nodeName))) {
		throw new Error('fallback: a page has a style or script before its <meta charset>');
	}
	const { styles, inlineScripts, scriptFiles, styleAttributes } = analysePage(html);
	const policy = pagePolicy(
		{ styles, scripts: inlineScripts },
		{
			scriptFiles: scriptFiles.length > 0,
			styleAttributes: styleAttributes.length > 0,
			wasm,
		},
	);
	// Hash sources, keywords and `data:`: nothing a double-quoted attribute would need escaped.
	if (/["&<>]/.test(policy)) throw new Error(`fallback: a page policy that is not attribute-safe: ${policy}`);
	const at = elements[charset]!.sourceCodeLocation!.endOffset;
	return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${policy}">${html.slice(at)}`;
}
