/**
 * Fallback's block in a site's rule file (`_redirects`, `_headers`): after the site's own lines,
 * between two marks, so that a later run replaces exactly it and `embed --remove` takes it out,
 * leaving the file as it was before (a file Fallback created is deleted again).
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { EMBED_END_MARK, EMBED_MARK } from '../config/embed';

/** Said in the block when there was no file: removing the block deletes the file. */
const CREATED = '# (fallback-pages created this file: removing this block deletes it.)';
/** Said in the block when the site's last line had no line break: removing the block takes it away. */
const ADDED_BREAK =
	"# (fallback-pages ended the site's last line with a line break: removing this block takes it away.)";

/** A rule file's text split around Fallback's block, as the site had it before the block was added. */
export interface SplitRules {
	/** The site's text before the block, as it was. */
	before: string;
	/** The site's lines after the block (rules added later, which never apply after a catch-all). */
	after: string;
	/** Whether the block was there. */
	found: boolean;
	/** The file did not exist before Fallback wrote its block. */
	created: boolean;
}

/** Splits a rule file's text (undefined: no file) around Fallback's block; throws on a broken block. */
export function splitRules(text: string | undefined, name: string): SplitRules {
	if (text === undefined) return { before: '', after: '', found: false, created: true };
	const lines = text.split('\n');
	const start = lines.indexOf(EMBED_MARK);
	if (start < 0) return { before: text, after: '', found: false, created: false };
	const end = lines.indexOf(EMBED_END_MARK, start);
	if (end < 0) {
		throw new Error(
			`${name}: Fallback's block (from "${EMBED_MARK}") has no end line "${EMBED_END_MARK}": it was edited by hand. Remove the block yourself, then run again.`,
		);
	}
	const block = lines.slice(start, end + 1);
	let before = lines.slice(0, start).join('\n');
	if (start > 0) before += '\n';
	if (block.includes(ADDED_BREAK)) before = before.replace(/\n$/, '');
	return {
		before,
		after: lines.slice(end + 1).join('\n'),
		found: true,
		created: block.includes(CREATED),
	};
}

/** The rules of the site's that come after Fallback's block: lines that are neither blank nor comments. */
export const rulesIn = (text: string): string[] =>
	text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));

/** The site's own text: its lines before the block, then any it added after it. */
const siteText = ({ before, after }: SplitRules) =>
	`${before}${after && before && !before.endsWith('\n') ? '\n' : ''}${after}`;

/**
 * The text with Fallback's block last: the site's lines before it, then any the site added after an
 * earlier block, then the block with `rules` (which end with a line break).
 */
export function joinRules(split: SplitRules, rules: string): string {
	const site = siteText(split);
	const wasCreated = split.created && site === '';
	const addsBreak = site !== '' && !site.endsWith('\n');
	return [
		`${site}${addsBreak ? '\n' : ''}${EMBED_MARK}`,
		...(wasCreated ? [CREATED] : []),
		...(addsBreak ? [ADDED_BREAK] : []),
		`${rules}${EMBED_END_MARK}`,
		'',
	].join('\n');
}

/** What writing a block did to a rule file. */
export interface BlockWritten {
	/** The file was there before (with or without an earlier block). */
	existed: boolean;
	/** The site's rules that stood after an earlier block: they now come before it. */
	moved: string[];
}

/**
 * Writes Fallback's block with `rules` into the file at `path`, replacing an earlier block and
 * keeping it last; creates the file when absent.
 */
export async function writeBlock(path: string, rules: string): Promise<BlockWritten> {
	const text = existsSync(path) ? await readFile(path, 'utf8') : undefined;
	const split = splitRules(text, path);
	await writeFile(path, joinRules(split, rules));
	return { existed: text !== undefined, moved: rulesIn(split.after) };
}

/** Takes Fallback's block out of the file at `path`; resolves to whether there was one. */
export async function removeBlock(path: string): Promise<boolean> {
	if (!existsSync(path)) return false;
	const split = splitRules(await readFile(path, 'utf8'), path);
	if (!split.found) return false;
	const site = siteText(split);
	if (split.created && site === '') await rm(path);
	else await writeFile(path, site);
	return true;
}
