/**
 * Apache httpd's config language as a tree a generator builds: directives (`DocumentRoot "/var/www"`),
 * sections (`<Directory "/var/www">` … `</Directory>`) and comments; one `render` owns the
 * indentation (a tab a level). Values are quoted before they get here (format.ts: apacheString…).
 */
import { hashComment } from '../format';
import type { Comment } from './braces';

export { comment } from './braces';

/** A directive as Apache reads it (`Require all granted`); `''` is a blank line. */
export type ApacheDirective = string;

export interface Section {
	kind: 'section';
	/** `VirtualHost`, `Directory`, `LocationMatch`. */
	name: string;
	/** What the opening tag holds after the name: `*:80`, `"/var/www"`. */
	argument: string;
	body: readonly ApacheNode[];
}

export type ApacheNode = ApacheDirective | Section | Comment;

export const section = (name: string, argument: string, body: readonly ApacheNode[]): Section => ({
	kind: 'section',
	name,
	argument,
	body,
});

/** The tree as lines of text, `depth` tabs in. */
export function renderApacheLines(nodes: readonly ApacheNode[], depth = 0): string[] {
	const indent = '\t'.repeat(depth);
	return nodes.flatMap((node): string[] => {
		if (typeof node === 'string') return [node === '' ? '' : `${indent}${node}`];
		if (node.kind === 'comment') return hashComment(node.text, indent).split('\n');
		return [
			`${indent}<${node.name} ${node.argument}>`,
			...renderApacheLines(node.body, depth + 1),
			`${indent}</${node.name}>`,
		];
	});
}

/** A whole file: its header comment, the tree, a final line break. */
export function renderApacheFile(header: string, nodes: readonly ApacheNode[]): string {
	return [header, ...renderApacheLines(nodes), ''].join('\n');
}
