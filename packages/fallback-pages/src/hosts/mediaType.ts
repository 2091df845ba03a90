/**
 * Choosing between an error's page, its problem document and its text twin from the `Accept`
 * header, for servers without a negotiation module of their own (nginx, Caddy). First match wins:
 * the page when the header names `text/html` at all (every browser does); else the problem
 * document when it names `application/json` or `application/problem+json`; else the text twin when
 * it names `text/plain`; else the page (`*∕*`, no header, anything else). q-values are not weighed.
 * Written like language.ts's: RE2 and PCRE alike, no backslash, brace or quote.
 */
import { PROBLEM_FOLDER, PROBLEM_JSON } from '../contract/contract';

export type ErrorFormat = 'page' | 'problem' | 'text';

/** Where a format's file is beside the page (`problem/`), its extension, and its media type. */
export const formats: Readonly<Record<ErrorFormat, { folder: string; extension: string; type: string }>> = {
	page: { folder: '', extension: 'html', type: 'text/html; charset=utf-8' },
	problem: { folder: PROBLEM_FOLDER, extension: 'json', type: PROBLEM_JSON },
	text: { folder: PROBLEM_FOLDER, extension: 'txt', type: 'text/plain; charset=utf-8' },
};

/** The patterns in the order they are tried, then the default: the page. */
export const acceptPatterns: readonly { format: ErrorFormat; pattern: string }[] = [
	{ format: 'page', pattern: '(?i)text/html' },
	{ format: 'problem', pattern: '(?i)application/(?:problem[+])?json' },
	{ format: 'text', pattern: '(?i)text/plain' },
];
