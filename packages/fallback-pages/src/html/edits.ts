/**
 * Changes to an HTML page's text at the places a parser found (parse5's source locations), the
 * rest of the page copied as it is: how the kit fills its pages (kit/applyKit.ts), a page goes into
 * a site's own shell (html/shell.ts), and a built page gets its stylesheet inline, its policy and no
 * script files (integration/ownPages.ts, pagePolicy.ts), byte for byte everywhere else.
 */

/** A change to a text: `[start, end)` becomes `text`. */
export interface Edit {
	start: number;
	end: number;
	text: string;
}

/** An attribute's value as Astro writes it (its `toAttributeString`): `&` and `"` escaped. */
export const escapeAttribute = (value: string): string =>
	value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** `source` from `start` to `end` with `edits` (inside it, not overlapping) made. */
export function edited(source: string, start: number, end: number, edits: readonly Edit[]): string {
	let out = '';
	let at = start;
	for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
		if (edit.start < at) throw new Error('two changes to one place');
		out += source.slice(at, edit.start) + edit.text;
		at = edit.end;
	}
	return out + source.slice(at, end);
}
