/**
 * The two application error screens, which have no status code of their own (the CDN serves
 * them with 500). Texts are the framework's, exactly.
 */
import type { IconName } from './icons';
import en from '../i18n/locales/en';
import { fill } from '../i18n/messages';

export interface AppErrorPage {
	/** File name without `.html`, and the URL path. */
	slug: 'application-error' | 'global-error';
	title: string;
	/** Text of the page's visually hidden h1 (the framework's screen shows no heading). */
	heading: string;
	help: string;
	icon: IconName;
	/** The status the CDN answers with. */
	status: 500;
}

export const applicationError = {
	slug: 'application-error',
	...en.applicationError,
	icon: 'Zap',
	status: 500,
} as const satisfies AppErrorPage & { message: string };

export const globalError = {
	slug: 'global-error',
	title: en.globalError.title,
	heading: en.globalError.heading,
	help: en.globalError.help,
	icon: 'Zap',
	status: 500,
} as const satisfies AppErrorPage;

export const appErrorPages: readonly AppErrorPage[] = [applicationError, globalError];

/** The global error page's message for the host the visitor loaded, with or without a digest. */
export function globalErrorMessage(host: string, digest: string | null): string {
	return fill(digest === null ? en.globalError.client : en.globalError.server, { host });
}
