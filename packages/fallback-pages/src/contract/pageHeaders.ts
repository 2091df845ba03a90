/**
 * The headers every response with a Fallback page carries, on every host. The
 * Content-Security-Policy allows no inline code but the exact inline style and script Fallback
 * builds, by hash, so an injected tag cannot run; nothing on the pages fetches, so nothing may.
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

export function contentSecurityPolicy(inline: InlineCode): string {
	const sources = (texts: readonly string[]) => [...new Set(texts.map(cspHash))].sort().join(' ') || "'none'";
	return [
		"default-src 'none'",
		`style-src ${sources(inline.styles)}`,
		`script-src ${sources(inline.scripts)}`,
		// The pages' only image is their empty `data:` favicon, which spares a /favicon.ico request.
		'img-src data:',
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	].join('; ');
}

/**
 * Error pages change only on deploy and must never outlive the condition they describe:
 * browsers revalidate every time, the CDN keeps them until the next deploy.
 */
export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The page headers for pages with these inline styles and scripts; previews add noindex. */
export function pageHeaders(inline: InlineCode, { preview }: { preview: boolean }): Record<string, string> {
	return {
		...securityHeaders(contentSecurityPolicy(inline)),
		// Previews must never be indexed, on any host.
		...(preview ? { 'X-Robots-Tag': 'noindex' } : {}),
	};
}

export function securityHeaders(csp: string): Record<string, string> {
	return {
		'Content-Security-Policy': csp,
		'X-Content-Type-Options': 'nosniff',
		'X-Frame-Options': 'DENY',
		'Referrer-Policy': 'no-referrer',
		'Permissions-Policy':
			'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
		'Cache-Control': CACHE_CONTROL,
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
