/**
 * The shape of a locale's message catalogue: every string a page shows. Each locale is one
 * typed module (`locales/*.ts`) that `satisfies Messages`, so a missing status or key does not
 * compile. Written for people, as a native web developer would write them, not word for word.
 */
import type { StatusCode } from '../catalog/seeds';

export interface StatusTexts {
	/** How this language names the status (English: the IANA reason phrase, as RFC 9110 has it). */
	name: string;
	/** The page's message (its h2), when it is not `{name}.`; the title is then `{code}: {message}`. */
	message?: string;
	/** One plain sentence: what happened and what the visitor can do next. */
	help: string;
}

export interface Messages {
	/** BCP 47 tag, as `<html lang>` takes it: `en`, `de`, `pt-BR`, `zh-Hans`. */
	lang: string;
	dir: 'ltr' | 'rtl';
	/** The language's own name for itself, for the list of languages: `Deutsch`. */
	endonym: string;
	/** What ends a sentence, after a status name that is the page's message: `.`, `。`, `।`. */
	fullStop: string;
	statuses: Record<StatusCode, StatusTexts>;
	actions: {
		/** The accessible name of the list of actions. */
		label: string;
		home: string;
		retry: string;
		support: string;
		status: string;
	};
	applicationError: {
		title: string;
		/** The visually hidden h1. */
		heading: string;
		message: string;
		help: string;
	};
	globalError: {
		title: string;
		heading: string;
		help: string;
		/** Without a digest; `{host}` is the host the visitor loaded. */
		client: string;
		/** With a digest from the server. */
		server: string;
		/** The line under it; `{digest}` is the digest. */
		digest: string;
	};
	/** The accessible name of the list of other languages. */
	languages: string;
	/**
	 * The line a server that makes request IDs adds to an error page, `{id}` last: support asks for
	 * it. Plain text (no markup characters): the server writes it into the page as it is.
	 */
	requestId: string;
	preview: {
		label: string;
		preview: string;
		branch: string;
		commit: string;
		allPages: string;
	};
	gallery: {
		/** `{site}`: the site's name. */
		title: string;
		/** `{count}`, `{site}`. */
		description: string;
		/** `{count}`. */
		intro: string;
		clientErrors: string;
		serverErrors: string;
		applicationErrors: string;
		context: string;
		branch: string;
		commit: string;
		deployUrl: string;
		built: string;
		unknown: string;
	};
}

/** Fills `{name}` placeholders; a placeholder without a value is left for a test to catch. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
	return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
		key in values ? String(values[key]) : whole,
	);
}

/** A status page's title, message (h2) and help line in a locale. */
export function statusTexts(
	messages: Messages,
	code: StatusCode,
): { title: string; message: string; help: string } {
	const { name, help, message } = { message: undefined, ...messages.statuses[code] };
	return { title: `${code}: ${message ?? name}`, message: message ?? `${name}${messages.fullStop}`, help };
}
