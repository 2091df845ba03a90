/**
 * An existing site that adds Fallback with `npm run embed`: its own home page, its own not-found
 * page, a redirect of its own and a strict site-wide CSP. The embed suite checks that all of it
 * survives and that Fallback's pages render under that CSP.
 */
export const EMBED_SITE_DIR = '.embed-site';

/** `fallback-pages embed` with the starter's options, as a team runs it (the package's command). */
export const EMBED_COMMAND = [
	'packages/fallback-pages/bin/fallback-pages.js',
	'embed',
	'--config',
	'fallback.config.mjs',
];

export const mockSiteFiles: Readonly<Record<string, string>> = {
	'index.html':
		'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme home</title></head><body><main><h1>Acme home</h1></main></body></html>\n',
	'404.html':
		'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>Acme: nothing here</h1></main></body></html>\n',
	_redirects: '/old-shop  /  301\n',
	_headers: "/*\n  Content-Security-Policy: default-src 'self'\n  X-Site-Header: acme\n",
};
