/**
 * The problem documents: what an API client gets instead of a page, one per status and app-error
 * page and locale. RFC 9457 `application/problem+json` (`type`, `title`, `status`, `detail`), with
 * `type` the address of the human page for that status, and a plain-text twin for clients that
 * read a terminal. Pure: the texts come from a catalogue, the site from the options.
 */
import type { StatusCode } from '../catalog/statuses';
import type { Messages } from '../i18n/messages';

/** RFC 9457's members that Fallback fills. `instance` is left to servers that know the request. */
export interface ProblemDocument {
	/** The human page of this status: `https://acme.example/de/503`, or `/de/503` when no address is set. */
	type: string;
	/** How the locale names the status (the reason phrase in English), or the app error's title. */
	title: string;
	status: number;
	/** What happened and what to do next: the page's help sentence. */
	detail: string;
}

/** A status page's problem document in a locale; `help` replaces the catalogue's sentence. */
export function statusProblem(
	messages: Messages,
	code: StatusCode,
	pageUrl: string,
	help = messages.statuses[code].help,
): ProblemDocument {
	return { type: pageUrl, title: messages.statuses[code].name, status: code, detail: help };
}

/** An application error page's problem document (the CDN answers it with 500). */
export function appErrorProblem(
	texts: { title: string; help: string },
	status: number,
	pageUrl: string,
): ProblemDocument {
	return { type: pageUrl, title: texts.title, status, detail: texts.help };
}

/** The problem document as served: JSON, one line, UTF-8. */
export const problemJson = (problem: ProblemDocument): string => `${JSON.stringify(problem)}\n`;

/** The plain-text twin: the status line, what to do, where the page is. */
export function problemText(problem: ProblemDocument): string {
	return `${problem.status} ${problem.title}\n\n${problem.detail}\n\n${problem.type}\n`;
}
