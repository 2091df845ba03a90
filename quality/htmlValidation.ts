/**
 * What the Nu HTML Checker (vnu) may report on a built page and still pass. Every entry needs a
 * reason, which the README repeats. Errors and warnings not listed here fail
 * `npm run validate` and the quality tests.
 *
 * The list is empty: every page validates with no error and no warning.
 */
export interface AllowedMessage {
	/** Pages (file names in dist/) the entry covers; all pages when absent. */
	pages?: readonly string[];
	/** Matched against vnu's message text. */
	message: RegExp;
	/** Why Fallback accepts it. */
	reason: string;
}

export const allowedHtmlMessages: readonly AllowedMessage[] = [];
