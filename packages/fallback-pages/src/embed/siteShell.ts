/**
 * The site's own 404.html as the shell of Fallback's pages (html/shell.ts), where the team marked
 * the element of it that holds the message with data-fallback: what `embed` and the Netlify plugin
 * read in the publish folder before they build the pages.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routeLocale, type RouteContract } from '../contract/contract';
import { FallbackError } from '../errors';
import {
	isMarked,
	SHELL_MARK,
	shellFiller,
	shellPageOf,
	shellProblem,
	shellRelativeAddresses,
} from '../html/shell';

/** The site's shells: its 404.html, and those of its language folders that are marked too. */
export interface Shells {
	/** The root 404.html's text: the shell of every language without one of its own. */
	text: string;
	/** A language folder's 404.html (`de/404.html`, `pt-br/404.html`), by the folder's name in lower case. */
	locales: Readonly<Record<string, string>>;
}

export interface SiteShell extends Shells {
	/** What to tell the team: where the pages go, and the shell's addresses that break there. */
	lines: string[];
}

/** A folder named as a language (`de`, `pt-BR`, `zh-Hant`), as sites name their locale folders. */
const LANGUAGE_FOLDER = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * The shell of a locale's pages: the 404.html of the site's folder of that language (`de/`), else of
 * a region of it (`de-at/`, the first by name), else the root one.
 */
export function shellOf(shells: Shells, locale: string): string {
	const folder = locale.toLowerCase();
	const regional = Object.keys(shells.locales)
		.filter((name) => name.split(/[-_]/)[0] === folder)
		.sort()[0];
	return shells.locales[folder] ?? (regional === undefined ? shells.text : shells.locales[regional]!);
}

/** Throws, naming the file and why, where a shell the site marked cannot hold Fallback's pages. */
export function checkShells(shells: Shells): void {
	const named: [file: string, text: string][] = [
		['404.html', shells.text],
		...Object.entries(shells.locales).map(([folder, page]): [string, string] => [`${folder}/404.html`, page]),
	];
	for (const [file, text] of named) {
		const problem = shellProblem(text);
		if (problem) throw new FallbackError(`the site's ${file} cannot hold Fallback's pages: ${problem}`);
	}
}

/**
 * Each of Fallback's error pages, in every locale, into the shell of its language: the gallery stays
 * Fallback's own page, a page the site keeps (sitePages) the site's. `file` is a page's file as the
 * contract names it; `filled` gets its text in the shell.
 */
export async function intoShells(
	contract: RouteContract,
	shells: Shells,
	text: (file: string) => string | Promise<string>,
	filled: (file: string, text: string) => void | Promise<void>,
): Promise<void> {
	// Each shell parsed once, for all its pages.
	const fillers = new Map<string, ReturnType<typeof shellFiller>>();
	for (const route of [...contract.statusPages, ...contract.extraPages]) {
		if (route.sitePage) continue;
		const shell = shellOf(shells, routeLocale(contract, route));
		let fill = fillers.get(shell);
		if (!fill) {
			fill = shellFiller(shell);
			fillers.set(shell, fill);
		}
		await filled(route.file, fill(shellPageOf(await text(route.file))));
	}
}

/**
 * The shell in the publish folder, or undefined where its 404.html is not marked (or missing); with
 * the 404.html of each language folder that is marked too (Fallback's own folder, `base`, aside).
 */
export async function siteShell(publish: string, base: string): Promise<SiteShell | undefined> {
	const file = join(publish, '404.html');
	if (!existsSync(file)) return undefined;
	const text = await readFile(file, 'utf8');
	if (!isMarked(text)) return undefined;
	const own = base.split('/').filter(Boolean)[0]?.toLowerCase();
	const locales: Record<string, string> = {};
	for (const entry of readdirSync(publish, { withFileTypes: true })) {
		const name = entry.name.toLowerCase();
		const page = join(publish, entry.name, '404.html');
		if (!entry.isDirectory() || !LANGUAGE_FOLDER.test(name) || name === own || !existsSync(page)) continue;
		const localText = await readFile(page, 'utf8');
		if (isMarked(localText)) locales[name] ??= localText;
	}
	const folders = Object.keys(locales).sort();
	const relative = [...new Set([text, ...Object.values(locales)].flatMap(shellRelativeAddresses))];
	return {
		text,
		locales,
		lines: [
			`your look: every error page goes into the site's own 404.html, in its element marked ${SHELL_MARK}; the rest of it (header, footer, stylesheets, scripts) stays as it is${
				folders.length > 0
					? `; the pages of a language the site has a marked 404.html for go into that one (${folders.map((folder) => `${folder}/404.html`).join(', ')})`
					: ''
			}`,
			...(relative.length > 0
				? [
						`warning: the site's 404.html links ${relative.join(', ')} relative to its own address; on Fallback's pages, in ${base}, those addresses lead elsewhere: write them from the site's root, starting with /`,
					]
				: []),
		],
	};
}
