/**
 * Cloudflare Workers static assets (and Pages): the one error page Cloudflare serves with its
 * status is 404.html. Its `_redirects` rules accept only 200, 301, 302, 303, 307 and 308, so no
 * rule can answer a path with any other status, and `_headers` cannot tie a header to a status.
 */
import { notFoundPage, type RouteContract } from '../contract/contract';
import { fileHeader, hashComment, type HostConfigFile } from './format';

/** `wrangler.toml` for a Worker that serves dist/ with the not-found page for unknown paths. */
export function cloudflareWranglerConfig(contract: RouteContract): string {
	const notFound = notFoundPage(contract);
	return [
		fileHeader([
			'Fallback on Cloudflare Workers static assets: unknown paths answer 404 with 404.html.',
			'Copy this file to the project root next to dist/ and set name; deploy with `npx wrangler deploy`.',
			'Cloudflare Pages needs no file: it serves 404.html with 404 when dist/ holds one.',
			'Not possible here: /{code} answering its status (a _redirects rule can only answer 200 or 3xx,',
			'so /503 shows 503.html with 200), the app-error pages with 500, and Retry-After, Allow or',
			'WWW-Authenticate with their statuses.',
		]),
		'',
		'name = "fallback"',
		'compatibility_date = "2026-11-01"',
		'',
		'[assets]',
		'directory = "./dist/"',
		hashComment(`Unknown paths answer ${notFound.status} with the nearest ${notFound.file}.`),
		'not_found_handling = "404-page"',
		hashComment('/503 serves 503.html (the default, written out because the pages rely on it).'),
		'html_handling = "auto-trailing-slash"',
		'',
	].join('\n');
}

export function cloudflareFiles(contract: RouteContract): HostConfigFile[] {
	return [{ path: 'cloudflare/wrangler.toml', content: cloudflareWranglerConfig(contract) }];
}
