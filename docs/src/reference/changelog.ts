/**
 * The changelog page's content: each package's CHANGELOG.md (what changesets writes at each
 * release) and the changes not released yet (the changesets waiting in .changeset/).
 */
import { parse as parseYaml } from 'yaml';

const changelogs = import.meta.glob<string>('../../../packages/*/CHANGELOG.md', {
	query: '?raw',
	import: 'default',
	eager: true,
});
const changesets = import.meta.glob<string>(['../../../.changeset/*.md', '!../../../.changeset/README.md'], {
	query: '?raw',
	import: 'default',
	eager: true,
});

export interface Pending {
	/** Each package the change bumps, with its bump: `fallback-pages: minor`. */
	bumps: Record<string, string>;
	/** The change, in Markdown. */
	text: string;
}

/** A changeset file: YAML front matter of package → bump, then the change. */
function readChangeset(file: string, source: string): Pending {
	const [, frontMatter, text] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
	if (frontMatter === undefined || text === undefined) throw new Error(`${file} is not a changeset`);
	return { bumps: parseYaml(frontMatter) as Record<string, string>, text: text.trim() };
}

export const pending: readonly Pending[] = Object.entries(changesets)
	.sort(([a], [b]) => a.localeCompare(b))
	.map(([file, source]) => readChangeset(file, source));

/** Each package's released versions, its CHANGELOG.md without its title (the package's name). */
export const released: readonly { name: string; markdown: string }[] = Object.values(changelogs).map(
	(source) => {
		const [, name, rest] = /^# (.+)\n([\s\S]*)$/.exec(source) ?? [];
		if (!name || rest === undefined) throw new Error('a CHANGELOG.md without its title');
		return { name, markdown: rest.trim() };
	},
);
