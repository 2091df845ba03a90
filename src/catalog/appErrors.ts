/**
 * The two application error screens, which have no status code of their own (the CDN serves
 * them with 500). Texts are the framework's, exactly.
 */
import type { IconName } from './icons';

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

const help = 'Reloading the page often helps. If it keeps happening, please come back later.';

export const applicationError = {
	slug: 'application-error',
	title: 'Application error: a client-side exception has occurred',
	heading: 'Application error',
	help,
	message:
		'Application error: a client-side exception has occurred (see the browser console for more information).',
	icon: 'Zap',
	status: 500,
} as const satisfies AppErrorPage & { message: string };

export const globalError = {
	slug: 'global-error',
	title: 'Application error',
	heading: 'Application error',
	help,
	icon: 'Zap',
	status: 500,
} as const satisfies AppErrorPage;

export const appErrorPages: readonly AppErrorPage[] = [applicationError, globalError];

/** The global error page's message for the host the visitor loaded, with or without a digest. */
export function globalErrorMessage(host: string, digest: string | null): string {
	return digest === null
		? `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`
		: `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`;
}
