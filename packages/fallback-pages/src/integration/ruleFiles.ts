/**
 * Fallback's block at the end of a site's rule file (`_redirects`, `_headers`): the site's own
 * lines stay as they are and come first, a blank line between.
 */
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';

/** Appends `block` to the file at `path`, creating it when absent; resolves to whether it existed. */
export async function appendBlock(path: string, block: string): Promise<boolean> {
	const existing = existsSync(path) ? await readFile(path, 'utf8') : '';
	const separator = existing === '' ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
	await appendFile(path, separator + block);
	return existing !== '';
}
