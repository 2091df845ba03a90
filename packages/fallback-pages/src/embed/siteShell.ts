/**
 * The site's own 404.html as the shell of Fallback's pages (html/shell.ts), where the team marked
 * the element of it that holds the message with data-fallback: what `embed` and the Netlify plugin
 * read in the publish folder before they build the pages.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMarked, SHELL_MARK, shellRelativeAddresses } from '../html/shell';

export interface SiteShell {
	/** The page's text. */
	text: string;
	/** What to tell the team: where the pages go, and the shell's addresses that break there. */
	lines: string[];
}

/** The shell in the publish folder, or undefined where its 404.html is not marked (or missing). */
export async function siteShell(publish: string, base: string): Promise<SiteShell | undefined> {
	const file = join(publish, '404.html');
	if (!existsSync(file)) return undefined;
	const text = await readFile(file, 'utf8');
	if (!isMarked(text)) return undefined;
	const relative = shellRelativeAddresses(text);
	return {
		text,
		lines: [
			`your look: every error page goes into the site's own 404.html, in its element marked ${SHELL_MARK}; the rest of it (header, footer, stylesheets, scripts) stays as it is`,
			...(relative.length > 0
				? [
						`warning: the site's 404.html links ${relative.join(', ')} relative to its own address; on Fallback's pages, in ${base}, those addresses lead elsewhere: write them from the site's root, starting with /`,
					]
				: []),
		],
	};
}
