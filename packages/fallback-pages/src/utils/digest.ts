/**
 * The `digest` query parameter of the global error page is attacker-controlled: it is shown only
 * when it looks like a digest a server would print, and only ever as text.
 */
export const MAX_DIGEST_LENGTH = 64;

const DIGEST = /^[A-Za-z0-9_-]+$/;

/**
 * Returns the digest to show, or null. `values` are all `digest` parameters of the query
 * (URLSearchParams#getAll): a repeated parameter is ambiguous and shows nothing.
 */
export function saneDigest(values: readonly string[]): string | null {
	if (values.length !== 1) return null;
	const [digest] = values as [string];
	return digest.length <= MAX_DIGEST_LENGTH && DIGEST.test(digest) ? digest : null;
}
