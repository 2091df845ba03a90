/**
 * A site's own page as the shell of Fallback's pages (issue "your look", for sites not built with
 * Astro): the team marks the element of its built 404.html that holds the message with
 * `data-fallback`, and each of Fallback's pages goes into that element, with its language,
 * direction, title and description on the shell and its stylesheet in the shell's head. Everything
 * else of the shell (its header, footer, stylesheets and scripts) stays byte for byte: a real HTML
 * parser (parse5) finds where each part stands, and the shell's text is copied around them.
 */
import { escape as escapeText } from 'html-escaper';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { edited, escapeAttribute, type Edit } from './edits';
import { locatedElements } from './pageAnalysis';

/** The attribute that marks the shell's element for Fallback's screen. */
export const SHELL_MARK = 'data-fallback';

type Element = DefaultTreeAdapterTypes.Element;
type Located = NonNullable<Element['sourceCodeLocation']>;

/** One of Fallback's pages, as the shell takes it. */
export interface ShellPage {
	lang: string;
	dir: 'ltr' | 'rtl';
	title: string;
	description: string;
	/** Fallback's screen: the markup that goes into the marked element. */
	screen: string;
	/** Markup for the shell's head: Fallback's stylesheet. */
	head: string;
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/** The mark: the attribute with no value (see isMarked). */
const isMark = (element: Element) => attribute(element, SHELL_MARK) === '';

/** The parts of a shell that a page changes, or why it cannot take one. */
function shellParts(
	shell: string,
):
	| { problem: string }
	| { html: Element; head: Element; title?: Element; description?: Element; marked: Element } {
	// parse5's elements, which locatedElements types by the parts it reads.
	const all = locatedElements(shell) as unknown as Element[];
	const tagged = (element: Element | undefined) =>
		element?.sourceCodeLocation?.startTag !== undefined ? element : undefined;
	const html = tagged(all.find((element) => element.tagName === 'html'));
	const head = tagged(all.find((element) => element.tagName === 'head'));
	if (!html || !head || !head.sourceCodeLocation?.endTag) {
		return {
			problem: 'it has no <html> and <head> … </head> of its own (a whole page is a shell, not a fragment)',
		};
	}
	const marked = all.filter(isMark);
	if (marked.length === 0) {
		return {
			problem: `no element is marked ${SHELL_MARK}: mark the element that holds the page's message, e.g. <main ${SHELL_MARK}>`,
		};
	}
	if (marked.length > 1) {
		return {
			problem: `${marked.length} elements are marked ${SHELL_MARK} (${marked.map((element) => `<${element.tagName}>`).join(', ')}); mark one`,
		};
	}
	const [element] = marked as [Element];
	const at = element.sourceCodeLocation?.startOffset ?? -1;
	if (
		['html', 'head', 'body', 'title'].includes(element.tagName) ||
		(at > head.sourceCodeLocation!.startOffset && at < head.sourceCodeLocation!.endOffset)
	) {
		return {
			problem: `the element marked ${SHELL_MARK} is <${element.tagName}>${element.tagName === 'body' ? '' : ' or in the head'}: mark the element of the body that holds the page's message, e.g. <main ${SHELL_MARK}>`,
		};
	}
	if (!element.sourceCodeLocation?.endTag) {
		return {
			problem: `the element marked ${SHELL_MARK} (<${element.tagName}>) has no end tag to hold the message`,
		};
	}
	const inHead = (element: Element) => {
		const at = element.sourceCodeLocation?.startOffset ?? -1;
		return at > head.sourceCodeLocation!.startOffset && at < head.sourceCodeLocation!.endOffset;
	};
	const title = all.find((candidate) => candidate.tagName === 'title' && inHead(candidate));
	const description = all.find(
		(candidate) =>
			candidate.tagName === 'meta' &&
			attribute(candidate, 'name')?.toLowerCase() === 'description' &&
			inHead(candidate),
	);
	return {
		html,
		head,
		marked: element,
		...(title ? { title } : {}),
		...(description ? { description } : {}),
	};
}

/** Why `shell` cannot be a shell of Fallback's pages, or undefined when it can. */
export function shellProblem(shell: string): string | undefined {
	const parts = shellParts(shell);
	return 'problem' in parts ? parts.problem : undefined;
}

/**
 * An attribute set on an element: its value replaced where it has one, else added at the end of its
 * start tag (before `/>` on a tag written so).
 */
function setAttribute(source: string, element: Element, name: string, value: string): Edit {
	const where = element.sourceCodeLocation as Located;
	const text = `${name}="${escapeAttribute(value)}"`;
	const at = where.attrs?.[name];
	if (at) return { start: at.startOffset, end: at.endOffset, text };
	const close = where.startTag!.endOffset - 1;
	if (source[close - 1] === '/') {
		const spaced = /\s/.test(source[close - 2] ?? '');
		return { start: close - 1, end: close - 1, text: spaced ? `${text} ` : ` ${text} ` };
	}
	return { start: close, end: close, text: ` ${text}` };
}

/** What an element holds replaced by `text` (markup). */
function content(element: Element, text: string): Edit {
	const where = element.sourceCodeLocation as Located;
	return { start: where.startTag!.endOffset, end: where.endTag!.startOffset, text };
}

/**
 * The shell parsed once, as a function that puts a page in it: for the many pages of one shell.
 * Throws, saying why, for a shell that cannot take a page (shellProblem).
 */
export function shellFiller(shell: string): (page: ShellPage) => string {
	const parts = shellParts(shell);
	if ('problem' in parts) throw new Error(`the page cannot be a shell of Fallback's pages: ${parts.problem}`);
	const { html, head, title, description, marked } = parts;
	const headEnd = head.sourceCodeLocation!.endTag!.startOffset;
	return (page) => {
		const added = [
			...(title ? [] : [`<title>${escapeText(page.title)}</title>`]),
			...(description ? [] : [`<meta name="description" content="${escapeAttribute(page.description)}">`]),
			page.head,
		].join('');
		const edits: Edit[] = [
			setAttribute(shell, html, 'lang', page.lang),
			setAttribute(shell, html, 'dir', page.dir),
			...(title ? [content(title, escapeText(page.title))] : []),
			...(description ? [setAttribute(shell, description, 'content', page.description)] : []),
			{ start: headEnd, end: headEnd, text: added },
			content(marked, page.screen),
		];
		return edited(shell, 0, shell.length, edits);
	};
}

/** The page in the shell. Throws, saying why, for a shell that cannot take it (shellProblem). */
export const inShell = (shell: string, page: ShellPage): string => shellFiller(shell)(page);

/**
 * One of Fallback's pages built for a shell (layouts/Bare.astro) as the shell takes it: its
 * language, direction, title and description, the stylesheets and scripts of its head, and its
 * body's markup (the screen), each as the page's own text.
 */
export function shellPageOf(page: string): ShellPage {
	const all = locatedElements(page) as unknown as Element[];
	const find = (name: string) => all.find((element) => element.tagName === name);
	const [html, head, body, title] = ['html', 'head', 'body', 'title'].map(find);
	const at = (element: Element | undefined) => element?.sourceCodeLocation as Located | undefined;
	if (!html || !at(head)?.endTag || !at(body)?.endTag || !title) {
		throw new Error(
			'fallback: a page built for a shell has no <html>, <head>, <body> and <title> of its own',
		);
	}
	const inHead = all.filter(
		(element) =>
			at(element)!.startOffset > at(head)!.startOffset &&
			at(element)!.endOffset <= at(head)!.endTag!.startOffset &&
			(element.tagName === 'script' ||
				(element.tagName === 'link' && attribute(element, 'rel')?.split(/\s+/).includes('stylesheet'))),
	);
	const description = all.find(
		(element) => element.tagName === 'meta' && attribute(element, 'name') === 'description',
	);
	return {
		lang: attribute(html, 'lang') ?? '',
		dir: attribute(html, 'dir') === 'rtl' ? 'rtl' : 'ltr',
		title: title.childNodes.map((node) => ('value' in node ? node.value : '')).join(''),
		description: (description && attribute(description, 'content')) ?? '',
		head: inHead.map((element) => page.slice(at(element)!.startOffset, at(element)!.endOffset)).join(''),
		screen: page.slice(at(body)!.startTag!.endOffset, at(body)!.endTag!.startOffset),
	};
}

/**
 * The addresses of a shell that are relative to its own (`css/site.css`, not `/css/site.css`): they
 * break on Fallback's pages, which are in a folder of their own (`/fallback/de/503`).
 */
export function shellRelativeAddresses(shell: string): string[] {
	const found = new Set<string>();
	for (const element of locatedElements(shell) as unknown as Element[]) {
		for (const name of ['href', 'src']) {
			const value = attribute(element, name)?.trim();
			if (value && !/^(?:[a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(value)) found.add(value);
		}
	}
	return [...found];
}

/**
 * Whether the team marked an element of this page of its own for Fallback's screen (opted in): the
 * attribute alone, with no value (`<main data-fallback>`), so that an attribute of the same name
 * holding something else (`<img data-fallback="/placeholder.png">`, a script's) is no mark.
 */
export const isMarked = (page: string): boolean =>
	(locatedElements(page) as unknown as Element[]).some(isMark);
