/**
 * HAProxy's config language as a tree a generator builds: sections (`global`, `defaults`,
 * `frontend fallback_static`, `backend …`), each a keyword line and its directives one tab in, and
 * comments; one `render` owns the layout. Values are quoted before they get here (format.ts:
 * haproxyString…).
 */
import { hashComment } from '../format';
import type { Comment } from './braces';

export { comment } from './braces';

/** A directive as HAProxy reads it (`timeout client 30s`); `''` is a blank line. */
export type HaproxyDirective = string;

export type HaproxyLine = HaproxyDirective | Comment;

export interface HaproxySection {
	kind: 'section';
	/** The section's line: `global`, `frontend fallback_static`. */
	keyword: string;
	body: readonly HaproxyLine[];
}

export const section = (keyword: string, body: readonly HaproxyLine[]): HaproxySection => ({
	kind: 'section',
	keyword,
	body,
});

function lines(body: readonly HaproxyLine[], indent: string): string[] {
	return body.flatMap((line) =>
		typeof line === 'string'
			? [line === '' ? '' : `${indent}${line}`]
			: hashComment(line.text, indent).split('\n'),
	);
}

/** A whole file: its header comment, then sections and blank lines between them, a final line break. */
export function renderHaproxyFile(header: string, nodes: readonly (HaproxySection | '')[]): string {
	return [
		header,
		...nodes.flatMap((node) => (node === '' ? [''] : [node.keyword, ...lines(node.body, '\t')])),
		'',
	].join('\n');
}
