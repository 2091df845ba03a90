/**
 * Config languages of directives and nested blocks in braces — nginx, the Caddyfile — as a tree a
 * generator builds, and one `render` that owns indentation (a tab a level), the end of a directive
 * (nginx's `;`) and the braces. Values are quoted before they get here (format.ts), so that a
 * generator reads like the config it writes.
 */
import { hashComment } from '../format';

/**
 * A directive as the server reads it, without nginx's `;` (`return 404`, `header Vary Accept`);
 * `''` is a blank line.
 */
export type Directive = string;

export interface Block {
	kind: 'block';
	/** What comes before `{`: `server`, `location = /404`, `handle_errors`. */
	opening: string;
	body: readonly ConfigNode[];
	/** `opening { a; b; }` on one line. */
	inline: boolean;
}

export interface Comment {
	kind: 'comment';
	/** Its lines (`\n` splits a string), each written `# line`. */
	text: string | readonly string[];
}

export type ConfigNode = Directive | Block | Comment;

/** A block over several lines. */
export const block = (opening: string, body: readonly ConfigNode[]): Block => ({
	kind: 'block',
	opening,
	body,
	inline: false,
});

/** A block on one line: `types { text/html html; text/plain txt; }`. */
export const inlineBlock = (opening: string, ...body: readonly Directive[]): Block => ({
	kind: 'block',
	opening,
	body,
	inline: true,
});

/** A block on one line when it holds one directive (`location = /400 { return 400; }`), else over several. */
export const shortBlock = (opening: string, body: readonly Directive[]): Block =>
	body.length <= 1 ? inlineBlock(opening, ...body) : block(opening, body);

export const comment = (text: string | readonly string[]): Comment => ({ kind: 'comment', text });

/** How a language ends a directive: nginx with `;`, the Caddyfile with the line. */
export interface BraceLanguage {
	terminator: '' | ';';
}

export const nginxSyntax: BraceLanguage = { terminator: ';' };
export const caddySyntax: BraceLanguage = { terminator: '' };

/** The tree as lines of text, `depth` tabs in. */
export function renderLines(language: BraceLanguage, nodes: readonly ConfigNode[], depth = 0): string[] {
	const indent = '\t'.repeat(depth);
	return nodes.flatMap((node): string[] => {
		if (typeof node === 'string') return [node === '' ? '' : `${indent}${node}${language.terminator}`];
		if (node.kind === 'comment') return hashComment(node.text, indent).split('\n');
		if (node.inline) {
			const body = node.body.map((directive) => `${String(directive)}${language.terminator}`).join(' ');
			return [`${indent}${node.opening} {${body ? ` ${body}` : ''} }`];
		}
		return [`${indent}${node.opening} {`, ...renderLines(language, node.body, depth + 1), `${indent}}`];
	});
}

/** A whole file: its header comment, the tree, a final line break. */
export function renderFile(language: BraceLanguage, header: string, nodes: readonly ConfigNode[]): string {
	return [header, ...renderLines(language, nodes), ''].join('\n');
}
