/**
 * Shared data for the browser suite: every page the URL contract names, from the catalogue.
 */
import { statusCatalog, type StatusEntry } from '../../src/catalog/statuses';
import { appErrorPages } from '../../src/catalog/appErrors';
import { errorRoutes } from '../../src/cdn/routes';

export { statusCatalog, appErrorPages, errorRoutes, type StatusEntry };
export { lucideClass as iconClass } from '../../src/catalog/icons';

/**
 * netlify-cli (and @netlify/redirects) treat a rule whose status is 300–400 as a redirect, so the
 * local engine answers the status-400 rule with `Location` and no page. README: "What the local
 * engine cannot show".
 */
export const LOCAL_ENGINE_REDIRECT_STATUSES: readonly number[] = [400];

/**
 * Chromium will not display a 407 from an origin server (net::ERR_UNEXPECTED_PROXY_AUTH): only a
 * proxy may send it. Its page is checked over plain HTTP instead of in the browser.
 */
export const BROWSER_REFUSED_STATUSES: readonly number[] = [407];

/** Every path the browser visits, with the status and the `<title>` it must answer with. */
export const contractPages = [
	...statusCatalog
		.filter(
			(s) => !LOCAL_ENGINE_REDIRECT_STATUSES.includes(s.code) && !BROWSER_REFUSED_STATUSES.includes(s.code),
		)
		.map((s) => ({ path: `/${s.code}`, status: s.code, title: s.title })),
	...appErrorPages.map((p) => ({ path: `/${p.slug}`, status: p.status, title: p.title })),
	{ path: '/', status: 200, title: 'Fallback: every error page' },
];

/**
 * What axe audits: every page of the contract, and the pages the browser cannot open at their
 * status URL opened as files instead (served with 200), so that no page escapes the audit.
 */
export const auditedPages = [
	...contractPages.map((p) => p.path),
	...[...LOCAL_ENGINE_REDIRECT_STATUSES, ...BROWSER_REFUSED_STATUSES].map((code) => `/${code}.html`),
];
