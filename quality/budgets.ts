/** Size budgets of the built pages, asserted by the tests and shown by `npm run size`. */
export const budgets = {
	/** Largest error page, gzip bytes (2.5 KB). */
	maxGzip: 2560,
	/**
	 * Median error page, gzip bytes (1.75 KB): HttpErrorPages' 1.6 KB (without icon or dark scheme),
	 * plus the page's own Content-Security-Policy (about 93 B gzip), which left the header so that
	 * server configs never depend on the build (the header lost 184 B on every answer), plus about
	 * 45 B for a screen that can sit in a site's own layout (its rules scoped to `.fallback`, its
	 * colours named `--fallback-*`).
	 */
	medianGzip: 1792,
	/** Inline JavaScript on the two app-error pages; every other page ships none. */
	maxScriptBytes: 1024,
	/** The only pages allowed to carry a script. */
	scriptPages: ['application-error.html', 'global-error.html'] as readonly string[],
} as const;

export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
