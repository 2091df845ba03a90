/**
 * The headers every response with a Fallback page carries, on every host, and the policy each page
 * carries itself. Together they allow no inline code but the exact inline style and script of the
 * page, by hash, so an injected tag cannot run; nothing on the pages fetches, so nothing may.
 */
import { createHash } from 'node:crypto';

/** The CSP source for an inline `<style>` or `<script>` body, hashed exactly as browsers do. */
export function cspHash(inlineText: string): string {
	return `'sha256-${createHash('sha256').update(inlineText, 'utf8').digest('base64')}'`;
}

export interface InlineCode {
	styles: readonly string[];
	scripts: readonly string[];
}

/**
 * The policy each page carries in its own `<meta http-equiv="Content-Security-Policy">`: no inline
 * code but its own, by hash. It changes with every build (another accent is another style), so it
 * travels with the page, never in a server config; the rest of the policy is the header's
 * (`HEADER_POLICY`), and a browser enforces both.
 */
export function pagePolicy(
	inline: InlineCode,
	{
		scriptFiles = false,
		styleAttributes = false,
		wasm = false,
	}: { scriptFiles?: boolean; styleAttributes?: boolean; wasm?: boolean } = {},
): string {
	const sources = (texts: readonly string[], keyword?: string) =>
		[...[...new Set(texts.map(cspHash))].sort(), ...(keyword ? [keyword] : [])].join(' ') || "'none'";
	// A hash allows a `style` attribute with 'unsafe-hashes' beside it (a site's layout's: Starlight
	// writes some); script files are the site's own (a layout's; Fallback's own pages have none);
	// WebAssembly is Starlight's search (Pagefind).
	const scriptKeywords = [...(scriptFiles ? ["'self'"] : []), ...(wasm ? ["'wasm-unsafe-eval'"] : [])].join(
		' ',
	);
	return `style-src ${sources(inline.styles, styleAttributes ? "'unsafe-hashes'" : undefined)}; script-src ${sources(inline.scripts, scriptKeywords || undefined)}`;
}

/**
 * The policy servers send with every Fallback page and file, the same for every build: nothing is
 * fetched, framed or submitted, inline code only. A page's inline code must also pass the page's
 * own policy (`pagePolicy`), so only the hashes of that very page run.
 */
export const HEADER_POLICY = [
	"default-src 'none'",
	"style-src 'unsafe-inline'",
	"script-src 'unsafe-inline'",
	'img-src data:',
	"base-uri 'none'",
	"form-action 'none'",
	"frame-ancestors 'none'",
].join('; ');

/**
 * The policy servers send with pages in a site's own layout (the option `layout`): the layout's
 * fonts, images and script files are the site's own, so they may come from the site, and from
 * nowhere else. Still the same for every build, and the page's own policy narrows inline code to
 * its hashes (and script files to the site's, where the layout has any).
 */
export const LAYOUT_HEADER_POLICY = [
	"default-src 'self'",
	"style-src 'unsafe-inline'",
	// WebAssembly: Starlight's search (Pagefind) compiles its index reader; a page's own policy
	// allows it only in Starlight's frame.
	"script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
	"img-src 'self' data:",
	"object-src 'none'",
	"base-uri 'none'",
	"form-action 'self'",
	"frame-ancestors 'none'",
].join('; ');

/**
 * Error pages change only on deploy and must never outlive the condition they describe:
 * browsers revalidate every time, the CDN keeps them until the next deploy.
 */
export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The page headers: the same for every build of the same routes, so a server config outlives the
 * pages it was written with. Previews add noindex; pages in the site's layout may load its files.
 */
export function pageHeaders({
	preview,
	layout = false,
}: {
	preview: boolean;
	layout?: boolean;
}): Record<string, string> {
	return {
		'Content-Security-Policy': layout ? LAYOUT_HEADER_POLICY : HEADER_POLICY,
		'X-Content-Type-Options': 'nosniff',
		'X-Frame-Options': 'DENY',
		'Referrer-Policy': 'no-referrer',
		'Permissions-Policy':
			'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
		'Cache-Control': CACHE_CONTROL,
		// Previews must never be indexed, on any host.
		...(preview ? { 'X-Robots-Tag': 'noindex' } : {}),
	};
}

/**
 * The page headers of pages embedded in a site that is not Fallback's: the site's own security
 * headers and CSP stay in charge of them (the pages carry no inline code); Fallback adds only how
 * long they may be kept, and noindex on previews.
 */
export function embeddedPageHeaders({ preview }: { preview: boolean }): Record<string, string> {
	return { 'Cache-Control': CACHE_CONTROL, ...(preview ? { 'X-Robots-Tag': 'noindex' } : {}) };
}
