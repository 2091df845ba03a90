/**
 * The option `layout`: the site's own layout component, which every error page is rendered in.
 * Found in the project before anything is built; what the team must know of it, said in a line.
 */
import { AstroError } from 'astro/errors';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The layout's absolute path, or an AstroError saying why it cannot be one. */
export function siteLayout(option: string, root: string, embedded: boolean): string {
	if (embedded) {
		throw new AstroError(
			`fallback: the option layout (${option}) is an Astro component, and these pages are for a site not built with Astro.`,
			"Mark the element of the site's own 404.html that holds its message with data-fallback instead: every page then goes into it.",
		);
	}
	const file = resolve(root, option);
	if (!existsSync(file)) {
		throw new AstroError(
			`fallback: the layout ${option} is not there (no file at ${file}).`,
			'layout is a path relative to the project root, e.g. ./src/layouts/Base.astro.',
		);
	}
	return file;
}

/** The build's line on the layout; `brand`: the team set brand options, which the layout replaces. */
export function layoutLine(option: string, brand: boolean): string {
	return `layout: every error page is rendered in ${option} (props title, description, lang, dir, status; Fallback's screen in its default slot)${brand ? "; the brand options are not used in it: the layout's colours and fonts apply, and the screen reads --fallback-accent, --fallback-on-accent, --fallback-text and --fallback-muted where the layout sets them" : ''}`;
}
