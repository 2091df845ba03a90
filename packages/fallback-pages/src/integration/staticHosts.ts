/**
 * Static hosts that set no status of their own choosing (the option `staticHost`): each serves one
 * or two pages of the published folder as its errors, and anything else there as a file, with 200.
 * For them the build keeps only those pages of Fallback's and writes no rule files; the rest would
 * be published by mistake (`/503` answering 200 with the 503 page, `/_headers` readable by anyone).
 * What each host does is from its own documentation (docs: Hosts → Static hosts).
 */
import { existsSync } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ParsedOptions } from '../config/options';

export type StaticHost = NonNullable<ParsedOptions['staticHost']>;

/** Each host's name, and the statuses it answers with a page of the published folder's root. */
export const staticHosts: Readonly<Record<StaticHost, { name: string; errorPages: readonly number[] }>> = {
	// "a custom 404 page": 404.html at the root of the published folder.
	'github-pages': { name: 'GitHub Pages', errorPages: [404] },
	// "custom error pages for 403 and 404 responses": 403.html and 404.html in public/.
	'gitlab-pages': { name: 'GitLab Pages', errorPages: [403, 404] },
	// The bucket's one error document (the key its website configuration names), for 4xx errors.
	s3: { name: 'an S3 website bucket', errorPages: [404] },
};

/**
 * Removes from the build every file of Fallback's the host would serve as a file: the pages it does
 * not answer errors with (other statuses, other locales, the galleries) and the problem documents.
 * `files` are Fallback's, relative to the build (its pages and problem documents); no file of the
 * site's is touched. Returns the files kept.
 */
export async function keepStaticHostPages(
	dist: string,
	files: readonly { file: string; status?: number | undefined }[],
	host: StaticHost,
): Promise<string[]> {
	const { errorPages } = staticHosts[host];
	const kept = files.filter((file) => file.status !== undefined && errorPages.includes(file.status));
	const removed = files.filter((file) => !kept.includes(file));
	await Promise.all(removed.map((file) => rm(join(dist, file.file), { force: true })));
	// The folders only Fallback's files were in (`problem/`, `de/`), deepest first, once empty.
	const folders = [...new Set(removed.flatMap((file) => parentsOf(file.file)))].sort(
		(a, b) => b.split('/').length - a.split('/').length,
	);
	for (const folder of folders) {
		const path = join(dist, folder);
		if (existsSync(path) && (await readdir(path)).length === 0) await rmdir(path);
	}
	return kept.map((file) => file.file);
}

/** `de/problem/404.json` → `de/problem`, `de`. */
function parentsOf(file: string): string[] {
	const parents: string[] = [];
	for (let folder = dirname(file); folder !== '.' && folder !== '/'; folder = dirname(folder))
		parents.push(folder);
	return parents;
}
