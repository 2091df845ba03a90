/**
 * Copies Fallback's built pages, byte for byte, to `page-markup/` once the build has settled them,
 * for the playground and the gallery to fetch. At their own addresses the pages answer with their
 * error status (a fetch of one logs an error in the console) and forbid framing; the copies are
 * plain files, answered 200 with the site's headers.
 */
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const PAGE_MARKUP = 'page-markup/';

/**
 * A page of Fallback's, by its path from the site's root: its file (`404.html`, `de/404.html`,
 * `global-error.html`) or its address (`/404`, `/de/503/`).
 */
export const isErrorPage = (path: string) =>
	/^\/?(?:[a-z]{2}\/)?(?:\d{3}|application-error|global-error)(?:\.html|\/)?$/.test(path);

export default function pageMarkup(): AstroIntegration {
	return {
		name: 'fallback-docs:page-markup',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const dist = fileURLToPath(dir);
				const files = (await readdir(dist, { recursive: true }))
					.map(String)
					.filter((file) => file.endsWith('.html') && isErrorPage(file));
				for (const file of files) await cp(join(dist, file), join(dist, PAGE_MARKUP, file));
				logger.info(
					`copied ${files.length} of Fallback's pages to ${PAGE_MARKUP} for the playground and the gallery`,
				);
			},
		},
	};
}
