/**
 * A plain HTML site, as a static site generator writes one: its own 404.html has a header,
 * navigation, footer, icon, stylesheet and script, and its <main> marked `data-fallback` (your look for a
 * site built otherwise); so has its Arabic one, ar/404.html. The packed package's shell suite and the quality tier's Lighthouse use it.
 */
/** The site's name and home in a language of its own. */
const english = { lang: 'en', dir: 'ltr', name: 'Plain site', home: '/' };
const arabic = { lang: 'ar', dir: 'rtl', name: 'الموقع البسيط', home: '/ar/' };

const page = (title: string, main: string, attributes = '', { lang, dir, name, home } = english) =>
	[
		'<!doctype html>',
		`<html lang="${lang}" dir="${dir}">`,
		'<head>',
		'<meta charset="utf-8">',
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		`<title>${title} · ${name}</title>`,
		'<meta name="description" content="The plain site.">',
		'<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
		'<link rel="stylesheet" href="/css/site.css">',
		'</head>',
		'<body>',
		`<header class="top"><a href="${home}">${name}</a> <nav aria-label="Site"><a href="/about/">About</a></nav></header>`,
		`<main${attributes}>`,
		main,
		'</main>',
		'<footer class="bottom"><p>© Plain people</p></footer>',
		'<script src="/js/site.js" defer></script>',
		'</body>',
		'</html>',
		'',
	].join('\n');

/** The site as its team publishes it, before anyone adds Fallback. */
export const plainSiteFiles: Readonly<Record<string, string>> = {
	'index.html': page('Home', '<h1>Welcome</h1>'),
	'about/index.html': page('About', '<h1>About us</h1><p>We make plain things.</p>'),
	'404.html': page(
		'Not found',
		'<h1>Not found</h1><p>This page is not here. <a href="/">Home</a></p>',
		' data-fallback',
	),
	// Its Arabic 404 page, marked too: Fallback's Arabic pages go into it.
	'ar/404.html': page(
		'غير موجود',
		'<h1>غير موجود</h1><p>هذه الصفحة غير موجودة. <a href="/ar/">الرئيسية</a></p>',
		' data-fallback',
		arabic,
	),
	'css/site.css': [
		'body { font-family: Georgia, serif; margin: 0 auto; max-width: 44rem; color: #222; background: #fdfaf3; }',
		'.top { display: flex; gap: 1rem; padding: 1rem 0; border-bottom: 3px double #8a5a00; }',
		'.bottom { padding: 1rem 0; border-top: 3px double #8a5a00; }',
		'',
	].join('\n'),
	'js/site.js': "document.documentElement.dataset.site = 'ran';\n",
	'favicon.svg':
		'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#8a5a00"/></svg>\n',
};
