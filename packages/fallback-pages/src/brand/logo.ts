/**
 * The team's logo, checked and minified at build so every page can inline it. Nothing is cleaned
 * silently: whatever the sanitiser or our own rules would take out stops the build, named, with
 * what to do about it. A logo changed behind the team's back could look broken on pages nobody
 * looks at until something is down.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config, DOMPurify, RemovedAttribute, RemovedElement } from 'dompurify';
import type { DOMWindow } from 'jsdom';
import type { CustomPlugin, optimize } from 'svgo';

/** The file as read from disk: anything bigger is not a logo, and is not parsed at all. */
export const MAX_LOGO_FILE_BYTES = 64 * 1024;
/** The inlined markup after minification: every page carries it, including the 404 people wait on. */
export const MAX_LOGO_BYTES = 4096;

export class LogoError extends Error {
	constructor(file: string, problem: string) {
		super(`fallback.brand.logo: ${file}: ${problem}`);
		this.name = 'LogoError';
	}
}

const SVG_NS = 'http://www.w3.org/2000/svg';
// Where jsdom's DOMParser (like Firefox's) puts the message of a not-well-formed document.
const PARSER_ERROR_NS = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;

/** Kinds of problem, each with one piece of advice, so a file with ten style attributes gets it once. */
type Category = 'script' | 'external' | 'escape' | 'image' | 'link' | 'html' | 'style' | 'unsupported';

interface Problem {
	/** Same construct, same key: our rules and DOMPurify often both find it. */
	key: string;
	text: string;
	category: Category;
}

const advice = (file: string): Record<Category, string> => ({
	script: 'Remove scripts, event handlers and animations: the logo must be a static picture.',
	external:
		'Refer only to elements inside the file (href="#id", url(#id)): the pages must show everything without loading anything else.',
	escape:
		'Write attribute values without CSS escapes (backslashes): they can hide references to other files.',
	image:
		'Draw the logo with vector shapes instead of embedding or linking a bitmap (export it as a vector SVG).',
	link: 'Remove the <a> element and keep what it contains: the logo is decorative and must not be a link of its own.',
	html: 'Use SVG shapes and <text> instead of HTML inside the SVG.',
	style:
		"The pages' Content-Security-Policy allows only the inline code Fallback hashes, so browsers would ignore these styles: use presentation attributes (fill, stroke, opacity…) instead. svgo can convert them: `npx svgo --config svgo.config.mjs " +
		`${file}\` with \`export default { plugins: ['preset-default', 'convertStyleToAttrs'] }\` in svgo.config.mjs (preset-default's inlineStyles moves <style> rules onto the elements, convertStyleToAttrs turns style attributes into presentation attributes).`,
	unsupported: `Elements and attributes outside the SVG sanitiser's allowlist (DOMPurify, SVG profile), such as editor data from Inkscape, Illustrator or Sketch, go away with \`npx svgo ${file}\` or an "optimized/plain SVG" export.`,
});

/** Elements we refuse by name, allowed or not by DOMPurify's SVG profile (lower-cased names). */
const refusedElements: Record<string, Category> = {
	script: 'script',
	foreignobject: 'html',
	a: 'link',
	image: 'image',
	style: 'style',
};
const animations = new Set(['set', 'animate', 'animatecolor', 'animatemotion', 'animatetransform']);

// The sanitiser for every check. <use> is outside DOMPurify's SVG profile because it can pull in
// other documents; our own rules allow only `#id` references, which makes it safe and keeps logos
// that reuse a shape. `focusable` is ours (set below), harmless, and unknown to DOMPurify.
const purifyConfig = {
	USE_PROFILES: { svg: true, svgFilters: true },
	ADD_TAGS: ['use'],
	ADD_ATTR: ['focusable'],
	IN_PLACE: true as const,
} satisfies Config;

/**
 * The packages a logo is checked and minified with, needed for a logo only: fallback-pages does not
 * depend on them (jsdom is the largest part of its install; svgo's own dependencies would move
 * the versions a site's other packages use), a site with a logo installs them. Astro 5.15 and newer
 * install svgo already.
 */
export const SANITISER_PACKAGES = ['jsdom', 'dompurify', 'svgo'] as const;

let tools: { window: DOMWindow; purify: DOMPurify; optimize: typeof optimize } | undefined;
/**
 * One jsdom window for the whole build, made on first use, and svgo: a site without a logo never
 * loads (nor needs to install) jsdom, the largest part of a DOM sanitiser on Node, nor svgo.
 */
function sanitiser() {
	if (!tools) {
		const require = createRequire(import.meta.url);
		let modules: [typeof import('jsdom'), typeof import('dompurify').default, typeof import('svgo')];
		try {
			modules = [require('jsdom'), require('dompurify'), require('svgo')];
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
			throw new Error(
				`fallback.brand.logo: checking a logo needs the packages ${SANITISER_PACKAGES.join(', ')} (the SVG sanitiser, its DOM and the minifier); install them with \`npm install ${SANITISER_PACKAGES.join(' ')}\``,
			);
		}
		const [{ JSDOM }, createDOMPurify, { optimize }] = modules;
		const { window } = new JSDOM('');
		tools = { window, purify: createDOMPurify(window), optimize };
	}
	return tools;
}

const quote = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}…` : value);

/** External references and other things DOMPurify lets through but these pages cannot ship. */
function ownProblems(svg: Element): Problem[] {
	const problems: Problem[] = [];
	for (const element of [svg, ...svg.querySelectorAll('*')]) {
		const name = element.localName;
		const lower = name.toLowerCase();
		const refused = refusedElements[lower];
		if (refused) problems.push({ key: `element ${lower}`, text: `<${name}> element`, category: refused });
		// All animation, not only of links: SMIL ignores prefers-reduced-motion, and an error page
		// is no place for a logo that moves (DOMPurify already drops <animate> and <set>).
		if (animations.has(lower)) {
			const target = element.getAttribute('attributeName');
			const animating = target?.toLowerCase().includes('href') ? ` animating ${target}` : '';
			problems.push({ key: `element ${lower}`, text: `<${name}> element${animating}`, category: 'script' });
		}
		for (const { name: attribute, localName, value } of element.attributes) {
			const key = `attribute ${attribute.toLowerCase()} on ${lower}`;
			const where = `${attribute} attribute on <${name}>`;
			if (/^on/i.test(attribute)) problems.push({ key, text: where, category: 'script' });
			else if (attribute.toLowerCase() === 'style') problems.push({ key, text: where, category: 'style' });
			else if (localName.toLowerCase() === 'href' && !value.trim().startsWith('#')) {
				problems.push({
					key,
					text: `external reference ${attribute}=${quote(value)} on <${name}>`,
					category: 'external',
				});
			} else if (
				[...value.matchAll(/url\(\s*['"]?\s*(.)/gi)].some((match) => match[1] !== '#') ||
				/image-set\(/i.test(value)
			) {
				problems.push({
					key,
					text: `external reference ${attribute}=${quote(value)} on <${name}>`,
					category: 'external',
				});
			} else if (value.includes('\\')) {
				problems.push({ key, text: `CSS escape in ${where}`, category: 'escape' });
			}
		}
	}
	return problems;
}

function removedProblem(entry: RemovedElement | RemovedAttribute): Problem {
	if ('element' in entry) {
		const node = entry.element;
		if (node.nodeType === ELEMENT_NODE) {
			const name = (node as Element).localName;
			const lower = name.toLowerCase();
			return {
				key: `element ${lower}`,
				text: `<${name}> element`,
				category: refusedElements[lower] ?? (animations.has(lower) ? 'script' : 'unsupported'),
			};
		}
		const what = node.nodeType === COMMENT_NODE ? 'comment' : node.nodeName;
		return { key: `node ${what}`, text: what, category: 'unsupported' };
	}
	const attribute = entry.attribute?.name ?? 'an';
	const owner = (entry.from as Element).localName;
	const lower = attribute.toLowerCase();
	return {
		key: `attribute ${lower} on ${owner.toLowerCase()}`,
		text: `${attribute} attribute on <${owner}>`,
		category: /^on/.test(lower)
			? 'script'
			: lower === 'style'
				? 'style'
				: lower.endsWith('href')
					? 'external'
					: 'unsupported',
	};
}

/**
 * Checks markup the way a browser will read it once inlined: parsed as HTML, where an element such
 * as <p> ends the SVG and case does not protect <SCRIPT>. Our rules look first, on the untouched
 * tree; then DOMPurify sanitises it and whatever it removed is a problem too.
 */
function markupProblems(markup: string, final: boolean): Problem[] {
	const { window, purify } = sanitiser();
	const holder = window.document.createElement('div');
	holder.innerHTML = markup;
	const [svg, ...outside] = [...holder.childNodes].filter(
		(node) => node.nodeType !== TEXT_NODE || node.textContent?.trim(),
	);
	const problems: Problem[] = outside.map((node) => {
		const what = node.nodeType === ELEMENT_NODE ? `<${(node as Element).localName}> element` : node.nodeName;
		return { key: `outside ${what}`, text: `${what} that ends the <svg> early`, category: 'html' };
	});
	if (!(svg?.nodeType === ELEMENT_NODE && (svg as Element).namespaceURI === SVG_NS)) {
		return [{ key: 'no svg', text: 'no <svg> element', category: 'html' }, ...problems];
	}
	problems.unshift(...ownProblems(svg as Element));
	// Ids are prefixed before shipping (see minify), so only the final markup is checked for ids
	// that would clobber document properties; a layer named "title" is fine in the source.
	purify.sanitize(svg, { ...purifyConfig, SANITIZE_DOM: final });
	problems.push(...purify.removed.map(removedProblem));
	return unique(problems);
}

/** The first finding of each construct: ours, with the better advice, come before DOMPurify's. */
function unique(problems: Problem[]): Problem[] {
	const byKey = new Map<string, Problem>();
	for (const problem of problems) if (!byKey.has(problem.key)) byKey.set(problem.key, problem);
	return [...byKey.values()];
}

const listed = (problems: Problem[]) => {
	const shown = problems.slice(0, 8).map((problem) => problem.text);
	if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more`);
	return shown.join('; ');
};

/** Width and height as numbers, when both are plain lengths: they make a good viewBox. */
function viewBoxHint(svg: Element): string {
	const size = ['width', 'height'].map((name) =>
		/^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(svg.getAttribute(name) ?? ''),
	);
	const [width, height] = size.map((match) => match?.[1]);
	return width && height
		? `viewBox="0 0 ${width} ${height}"`
		: 'viewBox="0 0 WIDTH HEIGHT" (the drawing\'s size)';
}

/** Parses the file as XML (what it is) and returns its root, serialised, or throws what is wrong. */
function parseSvg(text: string, file: string): { markup: string; problems: Problem[] } {
	const { window } = sanitiser();
	const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
	const root = doc.documentElement;
	if (root.namespaceURI === PARSER_ERROR_NS) {
		const detail = (root.textContent ?? '').trim().replace(/\.$/, '');
		const at = /^(\d+):(\d+): (.*)$/s.exec(detail);
		throw new LogoError(
			file,
			`is not an SVG file: it is not well-formed XML (${at ? `line ${at[1]}, column ${at[2]}: ${at[3]}` : detail}). Export the logo as SVG from your design tool and point brand.logo at that file.`,
		);
	}
	if (root.localName !== 'svg' || (root.namespaceURI !== SVG_NS && root.namespaceURI !== null)) {
		throw new LogoError(
			file,
			`is not an SVG file: its root element is <${root.nodeName}>, not <svg>. Export the logo as SVG and point brand.logo at that file.`,
		);
	}
	const viewBox = root.getAttribute('viewBox');
	if (viewBox === null) {
		throw new LogoError(
			file,
			`the root <svg> has no viewBox. The logo is sized by CSS (as high as the site name, as wide as its proportions give), which needs a viewBox: add ${viewBoxHint(root)}.`,
		);
	}
	const box = viewBox
		.trim()
		.split(/[\s,]+/)
		.map(Number);
	if (box.length !== 4 || !box.every(Number.isFinite) || !(box[2]! > 0 && box[3]! > 0)) {
		throw new LogoError(
			file,
			`the viewBox ${quote(viewBox)} is not four numbers "x y width height" with a positive width and height. Fix it, e.g. ${viewBoxHint(root)}.`,
		);
	}
	const problems: Problem[] = [];
	// An external stylesheet would apply to the standalone file only; the inlined logo would lose it.
	for (const node of doc.childNodes) {
		if (node.nodeType === PROCESSING_INSTRUCTION_NODE && node.nodeName === 'xml-stylesheet') {
			problems.push({ key: 'xml-stylesheet', text: '<?xml-stylesheet?> instruction', category: 'style' });
		}
	}
	dropComments(root, problems);
	return { markup: new window.XMLSerializer().serializeToString(root), problems };
}

/**
 * Comments are never shown and svgo drops them anyway, so they go before the checks (DOMPurify's
 * SVG profile removes every comment, and refusing "<!-- Layer 1 -->" would help nobody).
 * Processing instructions inside the drawing have no place in HTML: they are problems.
 */
function dropComments(node: Node, problems: Problem[]) {
	for (const child of [...node.childNodes]) {
		if (child.nodeType === COMMENT_NODE) child.parentNode?.removeChild(child);
		else if (child.nodeType === PROCESSING_INSTRUCTION_NODE) {
			problems.push({
				key: `instruction ${child.nodeName}`,
				text: `<?${child.nodeName}?> instruction`,
				category: 'unsupported',
			});
		} else dropComments(child, problems);
	}
}

// The root only: a nested <svg> needs its width and height. CSS sizes the logo, and it is
// decorative (the site name next to it is text), so assistive technology and Tab skip it.
const rootAttributes: CustomPlugin = {
	name: 'fallbackLogoRoot',
	fn: () => ({
		element: {
			enter: (node, parent) => {
				if (parent.type !== 'root' || node.name !== 'svg') return;
				delete node.attributes['width'];
				delete node.attributes['height'];
				node.attributes['aria-hidden'] = 'true';
				node.attributes['focusable'] = 'false';
			},
		},
	}),
};

function minify(markup: string, file: string, optimize: Minifier): string {
	try {
		return optimize(markup, {
			multipass: true,
			plugins: [
				{
					name: 'preset-default',
					params: {
						overrides: {
							// No "legal" comments either: the final check refuses every comment.
							removeComments: { preservePatterns: false },
							// aria-hidden hides descriptions from everyone; they would only cost bytes.
							removeDesc: { removeAny: true },
						},
					},
				},
				// A <title> shows as a tooltip over a logo that is meant to be decorative.
				'removeTitle',
				// Inline SVG in HTML needs neither xmlns nor xlink (href is SVG 2).
				'removeXMLNS',
				'removeXlink',
				// cleanupIds (in preset-default) drops unused ids and shortens the rest to "a", "b"…;
				// the prefix keeps those from colliding with ids of the page around the logo.
				{ name: 'prefixIds', params: { prefix: 'logo', prefixClassNames: false } },
				rootAttributes,
			],
		}).data;
	} catch (error) {
		throw new LogoError(
			file,
			`svgo could not minify it (${String(error)}). Check the file in a browser or an SVG editor.`,
		);
	}
}

/** svgo's `optimize`, or what a test hands in instead. */
type Minifier = (markup: string, config: Parameters<typeof optimize>[1]) => { data: string };

/**
 * The checking core, for tests: takes the SVG text, returns inline markup or throws LogoError.
 * `optimize`: svgo's (a test hands in another).
 */
export function safeLogoMarkup(
	svgText: string,
	file: string,
	optimize: Minifier = sanitiser().optimize,
): string {
	const size = Buffer.byteLength(svgText);
	if (size > MAX_LOGO_FILE_BYTES) throw tooLargeFile(file, size);
	const text = svgText.replace(/^\uFEFF/, '');
	if (!text.trim()) {
		throw new LogoError(file, 'the file is empty. Export the logo as SVG and point brand.logo at that file.');
	}
	const parsed = parseSvg(text, file);
	const problems = unique([...parsed.problems, ...markupProblems(parsed.markup, false)]);
	if (problems.length) {
		const categories = [...new Set(problems.map((problem) => problem.category))];
		const help = advice(file);
		throw new LogoError(
			file,
			`contains ${listed(problems)}, which cannot be inlined into the error pages. ${categories.map((category) => help[category]).join(' ')}`,
		);
	}
	const minified = minify(parsed.markup, file, optimize);
	// What ships is what was checked: the minified markup goes through every check again.
	const left = markupProblems(minified, true);
	if (left.length) {
		throw new LogoError(
			file,
			`the minified logo fails the checks the file passed (${listed(left)}). This is a bug in Fallback's minification; please report it with the logo file.`,
		);
	}
	const bytes = Buffer.byteLength(minified);
	if (bytes > MAX_LOGO_BYTES) {
		throw new LogoError(
			file,
			`is ${bytes} bytes after minification, more than the ${MAX_LOGO_BYTES} bytes allowed: every page inlines the logo; simplify it or run it through svgo (fewer shapes and points, e.g. \`npx svgo --precision 1 ${file}\`).`,
		);
	}
	return minified;
}

function tooLargeFile(file: string, size: number) {
	return new LogoError(
		file,
		`is ${size} bytes; a logo file may be at most ${MAX_LOGO_FILE_BYTES} bytes. Simplify the logo or run it through svgo (\`npx svgo ${file}\`).`,
	);
}

/** Reads, checks and minifies the logo; `file` as the user wrote it (for messages), resolved against `root`. */
export async function loadLogo(file: string, root: string): Promise<string> {
	const absolute = path.resolve(root, file);
	let handle: FileHandle;
	try {
		handle = await open(absolute, 'r');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new LogoError(
			file,
			code === 'ENOENT'
				? `no file at ${absolute}. brand.logo is a path relative to the project root (${root}); check it.`
				: `cannot open ${absolute} (${code ?? String(error)}). Check that the file is readable.`,
		);
	}
	let bytes: Buffer;
	try {
		const stats = await handle.stat();
		if (!stats.isFile())
			throw new LogoError(file, `${absolute} is not a file. Point brand.logo at an .svg file.`);
		if (stats.size > MAX_LOGO_FILE_BYTES) throw tooLargeFile(file, stats.size);
		bytes = await handle.readFile();
	} finally {
		await handle.close();
	}
	// The file may have grown between stat and read.
	if (bytes.length > MAX_LOGO_FILE_BYTES) throw tooLargeFile(file, bytes.length);
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		throw new LogoError(
			file,
			'is not UTF-8 text, so it is not an SVG file (a PNG or JPEG logo has to be redrawn or exported as SVG). Save the SVG as UTF-8.',
		);
	}
	return safeLogoMarkup(text, file);
}
