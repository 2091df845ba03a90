import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	LogoError,
	MAX_LOGO_BYTES,
	MAX_LOGO_FILE_BYTES,
	loadLogo,
	safeLogoMarkup,
} from '../../packages/fallback-pages/src/brand/logo';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GOOD = 'tests/unit/fixtures/logos/good.svg';
const FILE = 'brand/logo.svg';

const svg = (inner: string, attributes = 'viewBox="0 0 24 24"') =>
	`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${inner}</svg>`;
const square = '<rect width="24" height="24" fill="#000"/>';
const rootTag = (markup: string) => /^<svg[^>]*>/.exec(markup)?.[0] ?? '';

/** The LogoError message for text that must be refused; fails the test if it is accepted. */
function refusal(text: string): string {
	try {
		safeLogoMarkup(text, FILE);
	} catch (error) {
		expect(error).toBeInstanceOf(LogoError);
		return (error as Error).message;
	}
	throw new Error('the logo was accepted');
}

describe('safeLogoMarkup and loadLogo accept a clean logo', () => {
	it('inlines a design-tool export as small, decorative, CSS-sized markup', async () => {
		const markup = await loadLogo(GOOD, repo);
		const root = rootTag(markup);
		expect(markup.startsWith('<svg')).toBe(true);
		expect(root).toContain('aria-hidden="true"');
		expect(root).toContain('focusable="false"');
		expect(root).toContain('viewBox="0 0 64 64"');
		expect(root).not.toMatch(/\s(width|height)=/);
		// Prolog, comments, title and description are gone; the drawing is not.
		expect(markup).not.toMatch(/<\?xml|<!--|<!DOCTYPE|<title|<desc/);
		expect(markup.match(/<use /g)).toHaveLength(2);
		expect(markup).toContain('<linearGradient');
		expect(Buffer.byteLength(markup)).toBeLessThan((await stat(path.join(repo, GOOD))).size);
	});

	it('prefixes the ids it keeps, and the references to them', async () => {
		const markup = await loadLogo(GOOD, repo);
		const ids = [...markup.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
		expect(ids.length).toBeGreaterThan(0);
		for (const id of ids) expect(id).toMatch(/^logo__/);
		expect(markup).toMatch(/fill="url\(#logo__[^)]+\)"/);
		expect(markup).toMatch(/href="#logo__[^"]+"/);
		// "title" would clobber document.title; it was unused, so cleanupIds dropped it.
		expect(markup).not.toContain('id="title"');
	});

	it('accepts its own output again', async () => {
		const markup = await loadLogo(GOOD, repo);
		expect(() => safeLogoMarkup(markup, FILE)).not.toThrow();
	});

	it('accepts the Acme example, which stays under 1 KB', async () => {
		const file = 'examples/acme/logo.svg';
		expect((await stat(path.join(repo, file))).size).toBeLessThan(1024);
		const markup = await loadLogo(file, repo);
		expect(rootTag(markup)).toContain('viewBox="0 0 24 24"');
		expect(markup).toContain('<path');
	});

	it('keeps the size of a nested <svg>, which has no CSS to size it', () => {
		const nested =
			'<svg x="2" y="2" width="8" height="8" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
		const markup = safeLogoMarkup(svg(nested, 'viewBox="0 0 24 24" width="48" height="48"'), FILE);
		expect(rootTag(markup)).not.toMatch(/\s(width|height)=/);
		expect(markup).toMatch(/<svg[^>]*\swidth="8"/);
	});

	it.each([
		['comments', svg(`<!-- Layer 1 -->${square}`)],
		['a reference inside the file', svg(`<defs><path id="p" d="M0 0h9v9z"/></defs><use href="#p"/>`)],
		[
			'a quoted url(#id)',
			svg(`<defs><linearGradient id="g"/></defs><rect width="9" height="9" fill="url('#g')"/>`),
		],
		['a byte order mark', `\uFEFF${svg(square)}`],
		['no xmlns, as inline SVG is often written', `<svg viewBox="0 0 24 24">${square}</svg>`],
	])('accepts %s', (_, text) => {
		expect(safeLogoMarkup(text, FILE).startsWith('<svg')).toBe(true);
	});
});

describe('safeLogoMarkup refuses what cannot ship, naming the file and the construct', () => {
	const prefix = `fallback.brand.logo: ${FILE}: `;

	it.each([
		['a script', svg(`${square}<script>alert(1)</script>`), '<script> element', 'static picture'],
		['a script in capitals (HTML lower-cases it)', svg('<SCRIPT>alert(1)</SCRIPT>'), '<script> element', ''],
		[
			'an event handler',
			svg(square, 'viewBox="0 0 24 24" onload="alert(1)"'),
			'onload attribute on <svg>',
			'',
		],
		[
			'HTML in <foreignObject>',
			svg(
				'<foreignObject width="24" height="24"><div xmlns="http://www.w3.org/1999/xhtml">Acme</div></foreignObject>',
			),
			'<foreignObject> element',
			'instead of HTML',
		],
		[
			'an external href on <use>',
			svg('<use href="https://cdn.example.com/sprite.svg#logo"/>'),
			'external reference href="https://cdn.example.com/sprite.svg#logo" on <use>',
			'href="#id"',
		],
		[
			'an xlink:href to http',
			svg('<linearGradient id="g" xlink:href="http://evil.example/g.svg#base"/>'),
			'external reference xlink:href="http://evil.example/g.svg#base" on <linearGradient>',
			'',
		],
		[
			'a javascript: href',
			svg('<use href="javascript:alert(1)"/>'),
			'href="javascript:alert(1)" on <use>',
			'',
		],
		[
			'url(http…) in fill',
			svg('<rect width="24" height="24" fill="url(http://evil.example/paint.svg#p)"/>'),
			'external reference fill="url(http://evil.example/paint.svg#p)" on <rect>',
			'url(#id)',
		],
		[
			'a quoted external url()',
			svg(`<rect width="24" height="24" fill="url( 'https://evil.example/p.svg#p' )"/>`),
			'fill=',
			'',
		],
		[
			'a CSS escape that spells url(',
			svg('<rect width="24" height="24" fill="\\75 rl(http://evil.example/p.svg#p)"/>'),
			'CSS escape in fill attribute on <rect>',
			'backslashes',
		],
		[
			'a raster <image>',
			svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="24" height="24"/>'),
			'<image> element',
			'vector shapes',
		],
		['a link', svg(`<a href="#home">${square}</a>`), '<a> element', 'must not be a link'],
		[
			'an animation of href',
			svg(
				`<defs><path id="p" d="M0 0h9v9z"/></defs><use href="#p"><set attributeName="href" to="https://evil.example/x.svg#p"/></use>`,
			),
			'<set> element animating href',
			'',
		],
		[
			'any animation',
			svg(
				`<g>${square}<animateTransform attributeName="transform" type="rotate" from="0 12 12" to="360 12 12" dur="2s"/></g>`,
			),
			'<animateTransform> element',
			'static picture',
		],
		[
			'HTML that would end the <svg> early',
			svg(`<p>Acme</p>${square}`),
			'<p> element that ends the <svg> early',
			'',
		],
	])('refuses %s', (_, text, construct, help) => {
		const message = refusal(text);
		expect(message.startsWith(prefix)).toBe(true);
		expect(message).toContain(construct);
		expect(message).toContain(help);
	});

	it.each([
		['a <style> element', svg(`<style>rect{fill:red}</style>${square}`), '<style> element'],
		[
			'a style attribute',
			svg('<rect width="24" height="24" style="fill:red"/>'),
			'style attribute on <rect>',
		],
		[
			'an external stylesheet',
			`<?xml-stylesheet href="logo.css"?>${svg(square)}`,
			'<?xml-stylesheet?> instruction',
		],
	])('refuses %s and says how to do without CSS', (_, text, construct) => {
		const message = refusal(text);
		expect(message.startsWith(prefix)).toBe(true);
		expect(message).toContain(construct);
		expect(message).toContain('Content-Security-Policy');
		expect(message).toContain('presentation attributes (fill, stroke');
		expect(message).toContain('svgo --config');
		expect(message).toContain('convertStyleToAttrs');
		expect(message).toContain('inlineStyles');
	});

	it('refuses what only DOMPurify knows about, such as editor data, and points to svgo', () => {
		const inkscape = svg(
			`<sodipodi:namedview pagecolor="#ffffff"/><g inkscape:label="Layer 1">${square}</g>`,
			'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 24 24"',
		);
		const message = refusal(inkscape);
		expect(message.startsWith(prefix)).toBe(true);
		expect(message).toContain('<sodipodi:namedview> element');
		expect(message).toContain('inkscape:label attribute on <g>');
		expect(message).toContain('DOMPurify');
		expect(message).toContain(`npx svgo ${FILE}`);
	});

	it('lists every problem at once, each piece of advice once', () => {
		const message = refusal(
			svg(
				'<rect width="9" height="9" style="fill:red" onclick="go()"/><rect x="9" width="9" height="9" style="fill:blue"/>',
			),
		);
		expect(message).toContain('style attribute on <rect>');
		expect(message).toContain('onclick attribute on <rect>');
		expect(message.match(/Content-Security-Policy/g)).toHaveLength(1);
		expect(message).toContain('static picture');
	});

	it('refuses a root without a viewBox, suggesting one from width and height', () => {
		const message = refusal(svg(square, 'width="48" height="32"'));
		expect(message.startsWith(prefix)).toBe(true);
		expect(message).toContain('has no viewBox');
		expect(message).toContain('sized by CSS');
		expect(message).toContain('viewBox="0 0 48 32"');
	});

	it('refuses a viewBox without a positive size', () => {
		expect(refusal(svg(square, 'viewBox="0 0 0 24"'))).toContain('viewBox "0 0 0 24" is not four numbers');
		expect(refusal(svg(square, 'viewBox="0 0 24"'))).toContain('is not four numbers');
	});

	it.each([
		['plain text', 'Acme logo', 'not well-formed XML'],
		['broken XML', '<svg xmlns="http://www.w3.org/2000/svg"><path></svg>', 'not well-formed XML (line 1'],
		[
			'HTML',
			'<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
			'root element is <html>, not <svg>',
		],
		['an empty file', '', 'the file is empty'],
		['a blank file', ' \n\t', 'the file is empty'],
	])('refuses %s as not SVG', (_, text, what) => {
		const message = refusal(text);
		expect(message.startsWith(prefix)).toBe(true);
		expect(message).toContain(what);
	});

	it('refuses text over the file limit without parsing it', () => {
		const text = `${svg(square)}<${'x'.repeat(MAX_LOGO_FILE_BYTES)}`;
		const message = refusal(text);
		expect(message).toContain(`is ${Buffer.byteLength(text)} bytes`);
		expect(message).toContain(`at most ${MAX_LOGO_FILE_BYTES} bytes`);
		expect(message).not.toContain('XML');
	});

	it('refuses markup over the inline limit, with its size and the limit', () => {
		// Distinct shapes, colours and positions, so minification cannot merge them away.
		const dots = Array.from(
			{ length: 150 },
			(_, i) =>
				`<circle cx="${(i * 7.31) % 24}" cy="${(i * 3.17) % 24}" r="${1 + (i % 7) / 10}" fill="#${((i + 1) * 104729).toString(16).slice(-6).padStart(6, '0')}"/>`,
		).join('');
		const text = svg(dots);
		expect(Buffer.byteLength(text)).toBeLessThan(MAX_LOGO_FILE_BYTES);
		const message = refusal(text);
		expect(message.startsWith(prefix)).toBe(true);
		const bytes = Number(/is (\d+) bytes after minification/.exec(message)?.[1]);
		expect(bytes).toBeGreaterThan(MAX_LOGO_BYTES);
		expect(message).toContain(`${MAX_LOGO_BYTES} bytes allowed`);
		expect(message).toContain('every page inlines the logo; simplify it or run it through svgo');
	});
});

describe('loadLogo reads the file with care', () => {
	let dir = '';
	beforeAll(async () => {
		dir = await mkdtemp(path.join(tmpdir(), 'fallback-logo-'));
	});
	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it('names the path it looked at when the file is missing', async () => {
		const file = 'tests/unit/fixtures/logos/missing.svg';
		const error = await loadLogo(file, repo).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(LogoError);
		expect((error as Error).message).toContain(
			`fallback.brand.logo: ${file}: no file at ${path.join(repo, file)}`,
		);
	});

	it('refuses a file over the limit before reading it as SVG', async () => {
		// Not even XML: the size must stop it first.
		await writeFile(path.join(dir, 'huge.svg'), 'x'.repeat(MAX_LOGO_FILE_BYTES + 1));
		await expect(loadLogo('huge.svg', dir)).rejects.toThrow(
			`fallback.brand.logo: huge.svg: is ${MAX_LOGO_FILE_BYTES + 1} bytes; a logo file may be at most ${MAX_LOGO_FILE_BYTES} bytes`,
		);
	});

	it('refuses a bitmap renamed to .svg', async () => {
		await writeFile(
			path.join(dir, 'logo.svg'),
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		);
		await expect(loadLogo('logo.svg', dir)).rejects.toThrow(
			'fallback.brand.logo: logo.svg: is not UTF-8 text',
		);
	});

	it('refuses a directory', async () => {
		await expect(loadLogo('.', dir)).rejects.toThrow(`${dir} is not a file`);
	});
});

describe('the final check', () => {
	it('refuses minified markup that is unsafe, whatever svgo returns', () => {
		const unsafe = () => ({ data: '<svg viewBox="0 0 24 24"><script>alert(1)</script></svg>' });
		expect(() => safeLogoMarkup(svg(square), FILE, unsafe)).toThrow(
			/^fallback\.brand\.logo: brand\/logo\.svg: the minified logo fails the checks the file passed \(<script> element/,
		);
	});
});
