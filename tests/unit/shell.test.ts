/**
 * A site's own page as the shell of Fallback's pages (html/shell.ts): the page goes into the element
 * marked data-fallback, with its language, direction, title, description and stylesheet; the rest
 * of the shell stays byte for byte.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
	inShell,
	isMarked,
	shellPageOf,
	shellProblem,
	shellRelativeAddresses,
	type ShellPage,
} from '../../packages/fallback-pages/src/html/shell';
import { shellOf, siteShell } from '../../packages/fallback-pages/src/embed/siteShell';

const page: ShellPage = {
	lang: 'ar',
	dir: 'rtl',
	title: '503: <Service> "unavailable" & more',
	description: 'Back at 10 & "soon"',
	screen: '<h1>503</h1><p>خدمة غير متاحة</p>',
	head: '<link rel="stylesheet" href="/fallback/_astro/page.css">',
};

/** A Hugo-like 404.html: its own head, header, footer, stylesheet and script. */
const shell = [
	'<!DOCTYPE html>',
	'<html lang="en">',
	'<head>',
	'  <meta charset="utf-8">',
	'  <title>Page not found · Acme</title>',
	'  <meta name="description" content="Nothing here.">',
	'  <link rel="stylesheet" href="/css/site.css">',
	'</head>',
	'<body class="page">',
	'  <header><a href="/">Acme</a> <nav><a href="/docs/">Docs</a></nav></header>',
	'  <main id="content" data-fallback>',
	'    <h1>Not found</h1><p>Sorry.</p>',
	'  </main>',
	'  <footer>© Acme <script src="/js/site.js"></script></footer>',
	'</body>',
	'</html>',
	'',
].join('\n');

describe('inShell', () => {
	it('puts the page into the marked element and sets the shell’s language, direction, title and description', () => {
		const out = inShell(shell, page);
		const document = parse(out);
		const html = document.childNodes.find((node) => 'tagName' in node && node.tagName === 'html') as {
			attrs: { name: string; value: string }[];
		};
		expect(html.attrs).toEqual([
			{ name: 'lang', value: 'ar' },
			{ name: 'dir', value: 'rtl' },
		]);
		expect(out).toContain('<title>503: &lt;Service&gt; &quot;unavailable&quot; &amp; more</title>');
		expect(out).toContain('<meta name="description" content="Back at 10 &amp; &quot;soon&quot;">');
		expect(out).toContain(`${page.head}</head>`);
		expect(out).toContain(`<main id="content" data-fallback>${page.screen}</main>`);
	});

	it('keeps everything else of the shell byte for byte', () => {
		const out = inShell(shell, page);
		const kept = (text: string) => expect(out).toContain(text);
		kept('<!DOCTYPE html>\n<html lang="ar" dir="rtl">\n<head>\n  <meta charset="utf-8">\n  <title>');
		kept('  <link rel="stylesheet" href="/css/site.css">\n');
		kept(
			'<body class="page">\n  <header><a href="/">Acme</a> <nav><a href="/docs/">Docs</a></nav></header>\n  <main',
		);
		kept('</main>\n  <footer>© Acme <script src="/js/site.js"></script></footer>\n</body>\n</html>\n');
		expect(out).not.toContain('Not found');
	});

	it('adds a title, a description and the direction where the shell has none', () => {
		const bare =
			'<!doctype html><html><head><meta charset="utf-8"/></head><body><div data-fallback="">x</div></body></html>';
		expect(inShell(bare, { ...page, dir: 'ltr', lang: 'de' })).toBe(
			'<!doctype html><html lang="de" dir="ltr"><head><meta charset="utf-8"/>' +
				'<title>503: &lt;Service&gt; &quot;unavailable&quot; &amp; more</title>' +
				'<meta name="description" content="Back at 10 &amp; &quot;soon&quot;">' +
				`${page.head}</head><body><div data-fallback="">${page.screen}</div></body></html>`,
		);
	});

	it('sets the content of a description written as a self-closing tag without one', () => {
		const out = inShell(
			'<html><head><meta name="Description" /></head><body><main data-fallback></main></body></html>',
			page,
		);
		expect(out).toContain('<meta name="Description" content="Back at 10 &amp; &quot;soon&quot;" />');
	});
});

describe('shellProblem', () => {
	it('takes a whole page with one marked element that can hold the page', () => {
		expect(shellProblem(shell)).toBeUndefined();
	});

	it.each([
		['<html><head></head><body><main>x</main></body></html>', /no element is marked data-fallback/],
		[
			'<html><head></head><body><main data-fallback></main><aside data-fallback></aside></body></html>',
			/2 elements are marked data-fallback \(<main>, <aside>\); mark one/,
		],
		['<main data-fallback>x</main>', /no <html> and <head>/],
		['<html><head></head><body><img data-fallback src="x.png"></body></html>', /\(<img>\) has no end tag/],
	])('refuses %s, saying why', (text, why) => {
		expect(shellProblem(text)).toMatch(why);
		expect(() => inShell(text, page)).toThrow(why);
	});
});

describe('shellPageOf', () => {
	/** One of Fallback's pages as Bare.astro and Astro write it. */
	const built = [
		'<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>503: غير متاحة &amp; &lt;معطلة&gt;</title>',
		'<meta name="description" content="Back &quot;soon&quot;">',
		'<link rel="stylesheet" href="/fallback/_astro/ErrorScreen.css"><script type="module" src="/fallback/_astro/global-error.js"></script>',
		'</head><body><div class="fallback"><h1>503</h1></div></body></html>',
	].join('');

	it('takes the language, direction, title, description, head links and scripts, and the body as written', () => {
		expect(shellPageOf(built)).toEqual({
			lang: 'ar',
			dir: 'rtl',
			title: '503: غير متاحة & <معطلة>',
			description: 'Back "soon"',
			head: '<link rel="stylesheet" href="/fallback/_astro/ErrorScreen.css"><script type="module" src="/fallback/_astro/global-error.js"></script>',
			screen: '<div class="fallback"><h1>503</h1></div>',
		});
	});

	it('gives the shell exactly the page’s parts: in the shell the page reads as built', () => {
		const out = inShell(shell, shellPageOf(built));
		expect(out).toContain('<title>503: غير متاحة &amp; &lt;معطلة&gt;</title>');
		expect(out).toContain('<main id="content" data-fallback><div class="fallback"><h1>503</h1></div></main>');
	});

	it('refuses a page without its own head and body', () => {
		expect(() => shellPageOf('<div class="fallback"></div>')).toThrow(
			/no <html>, <head>, <body> and <title>/,
		);
	});
});

describe('the shell’s opt-in and its addresses', () => {
	it('is a shell only where the team marked an element', () => {
		expect(isMarked(shell)).toBe(true);
		expect(isMarked(shell.replace(' data-fallback', ''))).toBe(false);
		// The word in a text or another attribute's value is no mark, nor the attribute with a value.
		expect(isMarked('<p title="data-fallback">data-fallback</p>')).toBe(false);
		expect(isMarked('<img src="/a.png" data-fallback="/placeholder.png" alt="">')).toBe(false);
		expect(isMarked('<main data-fallback="">x</main>')).toBe(true);
	});

	it('lists the addresses relative to the shell’s own, which break in the pages’ folder', () => {
		const relative = shell
			.replace('href="/css/site.css"', 'href="css/site.css"')
			.replace('src="/js/site.js"', 'src="../js/site.js"');
		expect(shellRelativeAddresses(relative)).toEqual(['css/site.css', '../js/site.js']);
		expect(shellRelativeAddresses(shell)).toEqual([]);
		expect(
			shellRelativeAddresses('<a href="https://acme.example/">x</a><a href="#top">x</a><a href="?q=1">x</a>'),
		).toEqual([]);
	});
});

describe('marks a shell cannot take', () => {
	it.each([
		['<html lang="en" data-fallback>', '<html lang="en">', 'html'],
		['<title>Page not found · Acme</title>', '<title data-fallback>Page not found · Acme</title>', 'title'],
	])('refuses the mark on <%s>', (_, __, tag) => {
		const marked =
			tag === 'html'
				? shell
						.replace('<html lang="en">', '<html lang="en" data-fallback>')
						.replace(' data-fallback>\n    <h1>', '>\n    <h1>')
				: shell
						.replace('<title>', '<title data-fallback>')
						.replace(' data-fallback>\n    <h1>', '>\n    <h1>');
		expect(shellProblem(marked)).toBe(
			`the element marked data-fallback is <${tag}> or in the head: mark the element of the body that holds the page's message, e.g. <main data-fallback>`,
		);
	});
});

describe("a shell per language: the site's 404.html of each language folder that is marked", () => {
	const marked = (lang: string) =>
		`<!doctype html><html lang="${lang}"><head><title>404</title></head><body><main data-fallback>404 ${lang}</main></body></html>\n`;
	const unmarked =
		'<!doctype html><html lang="fr"><head><title>404</title></head><body><main>404</main></body></html>\n';

	it('reads the root 404.html and each language folder’s that is marked, Fallback’s own folder aside', async () => {
		const publish = await mkdtemp(join(tmpdir(), 'fallback-shells-'));
		try {
			const files = {
				'404.html': marked('en'),
				'de/404.html': marked('de'),
				'pt-BR/404.html': marked('pt-BR'),
				'fr/404.html': unmarked,
				'blog/404.html': marked('en'),
				'fallback/404.html': marked('en'),
			};
			for (const [file, text] of Object.entries(files)) {
				await mkdir(dirname(join(publish, file)), { recursive: true });
				await writeFile(join(publish, file), text);
			}
			const shells = (await siteShell(publish, '/fallback/'))!;
			expect(shells.text).toBe(marked('en'));
			expect(shells.locales).toEqual({ de: marked('de'), 'pt-br': marked('pt-BR') });
			expect(shells.lines[0]).toContain(
				'the pages of a language the site has a marked 404.html for go into that one (de/404.html, pt-br/404.html)',
			);
			// Without a marked root 404.html, no shell at all: the root one opts in.
			await writeFile(join(publish, '404.html'), unmarked);
			expect(await siteShell(publish, '/fallback/')).toBeUndefined();
		} finally {
			await rm(publish, { recursive: true, force: true });
		}
	});

	it("gives a locale its folder's shell, else a region's of its language, else the root one", () => {
		const shells = {
			text: 'root',
			locales: { de: 'de', 'pt-pt': 'pt-pt', 'pt-br': 'pt-br', 'zh-hant': 'zh-hant' },
		};
		expect(['de', 'pt', 'zh', 'ar', 'en'].map((locale) => shellOf(shells, locale))).toEqual([
			'de',
			'pt-br',
			'zh-hant',
			'root',
			'root',
		]);
	});
});
