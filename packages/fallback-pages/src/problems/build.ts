/**
 * The problem documents of a build: for every shipped locale, one per status and app-error page,
 * with `type` pointing at that page on the configured site. Read by the problem endpoints.
 */
import config from 'virtual:fallback/config';
import { appErrorPages } from '../catalog/appErrors';
import { statusCatalog } from '../catalog/statuses';
import { localeParams, messagesOf } from '../i18n';
import { base, pageLocales } from '../i18n/page';
import { appErrorProblem, statusProblem, type ProblemDocument } from './documents';

/**
 * A page's address for `type`: absolute on the configured site, else the path alone (RFC 9457
 * 3.1.1: a relative reference, resolved against the address the client asked).
 */
const pageAddress = (path: string): string => (config.site.url ? new URL(path, config.site.url).href : path);

/** Each locale's documents as static paths: `problem/404`, `de/problem/global-error`. */
export function problemPaths(): {
	params: { locale: string | undefined; name: string };
	props: { problem: ProblemDocument };
}[] {
	return localeParams(pageLocales, config.defaultLocale).flatMap(({ locale }) => {
		const messages = messagesOf(locale ?? config.defaultLocale, config.regions);
		const page = (name: string) => pageAddress(`${base}${locale ? `${locale}/` : ''}${name}`);
		const inDefault = locale === undefined;
		return [
			...statusCatalog.map((status) => ({
				params: { locale, name: String(status.code) },
				props: {
					problem: statusProblem(
						messages,
						status.code,
						page(String(status.code)),
						(inDefault && config.help[String(status.code)]) || undefined,
					),
				},
			})),
			...appErrorPages.map((app) => ({
				params: { locale, name: app.slug },
				props: {
					problem: appErrorProblem(
						app.slug === 'global-error' ? messages.globalError : messages.applicationError,
						app.status,
						page(app.slug),
					),
				},
			})),
		];
	});
}
