/**
 * Shared data for the browser suite: every page the URL contract names, from the catalogue.
 */
import { statusCatalog, type StatusEntry } from '../../packages/fallback-pages/src/catalog/statuses';
import { appErrorPages } from '../../packages/fallback-pages/src/catalog/appErrors';

export { statusCatalog, appErrorPages, type StatusEntry };
export { iconSvg } from '../../packages/fallback-pages/src/components/iconSvg';

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

interface VisitedPage {
	path: string;
	status: number;
	title: string;
	/** The h1's text, the h2's text and the icon, where the catalogue fixes them. */
	heading?: string;
	message?: string;
	icon?: StatusEntry['icon'];
}

/** Every path the browser visits, with the status and the texts it must answer with. */
export const contractPages: readonly VisitedPage[] = [
	...statusCatalog
		.filter(
			(s) => !LOCAL_ENGINE_REDIRECT_STATUSES.includes(s.code) && !BROWSER_REFUSED_STATUSES.includes(s.code),
		)
		.map((s) => ({
			path: `/${s.code}`,
			status: s.code,
			title: s.title,
			heading: String(s.code),
			message: s.message,
			icon: s.icon,
		})),
	...appErrorPages.map((p) => ({ path: `/${p.slug}`, status: p.status, title: p.title, icon: p.icon })),
	{ path: '/', status: 200, title: 'Fallback: every error page' },
];

/**
 * The fast tier's browser run (`npm test`: Playwright's `--grep @smoke`, playwright.config.ts) visits
 * these pages: the default locale's not-found and unavailable pages, the global error page with its
 * script, and the gallery. `npm run test:all` visits every other page too.
 */
const smokePaths: ReadonlySet<string> = new Set(['/404', '/503', '/global-error', '/']);

/** The tag of a test in the smoke run. */
export const smoke = { tag: '@smoke' };

/** A test of one page: in the smoke run when the page is one of its pages. */
export const smokeOf = (path: string) => (smokePaths.has(path) ? smoke : {});

/**
 * Besides every page of the contract at its URL, what axe audits: the pages the browser cannot
 * open at their status URL (400, 407), loaded from their file in dist/, so no page escapes it.
 */
export const auditedFiles: readonly string[] = [
	...LOCAL_ENGINE_REDIRECT_STATUSES,
	...BROWSER_REFUSED_STATUSES,
].map((code) => `${code}.html`);
