/**
 * The contract of a static site, as cases: what every host serving Fallback's pages answers to
 * every catalogued status, the app-error pages, unknown and hostile paths, per-status, security and
 * cache headers, language and format negotiation, API clients, request IDs, methods, conditional
 * requests and the server's own errors. Expectations come from the route contract and the built
 * files, never from a host's config. The contract suite runs these cases against every server it
 * starts; `fallback-pages verify` runs them against a live deploy.
 */
import {
	baseOf,
	siteBaseOf,
	defaultLocaleRoutes,
	errorRoutes,
	fileUrl,
	folderLocale,
	galleryFile,
	inLocale as inLocaleOf,
	languageHeaders,
	localeFolder,
	localeFolders,
	negotiatedLocales,
	notFoundPage,
	PROBLEM_JSON,
	requestIdMarkup,
	requiredStatusPage,
	routeLocale,
	type PageRoute,
	type RouteContract,
	localePrefix,
	siteHasIndex,
} from '../contract/contract.ts';
import type { ErrorFormat } from '../hosts/mediaType.ts';
import type { CaseRun } from './checks.ts';
import {
	requestIdsOn,
	type CaseId,
	type FormatNegotiation,
	type HostProfile,
	type Negotiation,
} from './hosts.ts';
import type { Answer, RequestOptions } from './http.ts';
import { problemDetailsErrors } from './problemSchema.ts';

/** The site under check: its route contract and the files its build wrote. */
export interface Site {
	contract: RouteContract;
	/** A file of the build (dist/), as written: `404.html`, `de/problem/404.json`. */
	fileText(file: string): string;
	/** Whether the build has any file at that path (the site's own too); unknown: no. */
	exists?(file: string): boolean;
}

export interface ContractCase {
	/** The part of the contract it checks, for summaries: `status pages`, `languages`. */
	group: string;
	name: string;
	/** The host's declared difference this case checks instead of the contract, if any. */
	declared?: string;
	run(run: CaseRun): Promise<void>;
}

/** The groups, in the order cases run and reports list them. */
export const caseGroups = [
	'status pages',
	'languages',
	'unknown paths',
	'hostile input',
	'API clients',
	'request IDs',
	'formats',
	'galleries',
	'conditional requests',
	'methods',
	"the server's own errors",
] as const;
export type CaseGroup = (typeof caseGroups)[number];

/** The locales a negotiation case needs besides the default: de, fr and ar where they ship. */
export const preferredLocales = ['de', 'fr', 'ar'];

/**
 * Up to three shipped locales to negotiate between: de, fr and ar where the build ships them (two
 * left-to-right languages whose q-values can be weighed against each other, and a right-to-left
 * one, whose page must say `dir="rtl"`), the others it ships in their order for those it lacks.
 */
export function negotiationLocales(contract: RouteContract): string[] {
	const others = negotiatedLocales(contract).slice(1);
	const preferred = preferredLocales.filter((locale) => others.includes(locale));
	return [...preferred, ...others.filter((locale) => !preferred.includes(locale))].slice(0, 3);
}

/** An `Accept-Language` header, and the locale each way of negotiating picks. */
interface NegotiationCase {
	acceptLanguage: string | undefined;
	label: string;
	picks: Readonly<Record<Negotiation, string>>;
}

function negotiationCases(contract: RouteContract): NegotiationCase[] {
	const [a, b, c] = negotiationLocales(contract);
	const en = contract.defaultLocale;
	const all = (locale: string) => ({ 'first-entry': locale, 'first-listed': locale, 'q-values': locale });
	const cases: (Omit<NegotiationCase, 'label'> | false)[] = [
		a !== undefined && { acceptLanguage: `${a}-CH,${a};q=0.9,${en};q=0.8`, picks: all(a) },
		{ acceptLanguage: 'xx', picks: all(en) },
		{ acceptLanguage: undefined, picks: all(en) },
		a !== undefined && { acceptLanguage: a.toUpperCase(), picks: all(a) },
		a !== undefined && { acceptLanguage: `${en}, ${a}`, picks: all(en) },
		c !== undefined && { acceptLanguage: c, picks: all(c) },
		b !== undefined && {
			acceptLanguage: `${en};q=0.1, ${b}`,
			picks: { 'first-entry': en, 'first-listed': en, 'q-values': b },
		},
		b !== undefined && {
			acceptLanguage: `xx, ${b};q=0.5`,
			picks: { 'first-entry': en, 'first-listed': b, 'q-values': b },
		},
	];
	return cases
		.filter((entry) => entry !== false)
		.map((entry) => ({
			...entry,
			label:
				entry.acceptLanguage === undefined
					? 'no Accept-Language'
					: `Accept-Language: ${entry.acceptLanguage}`,
		}));
}

/**
 * The format cases: an Accept header, and what each way of choosing answers: first match
 * (mediaType.ts), Apache's q-values and source qualities (the page 1.0, the problem document 0.9,
 * the text 0.8), or the page always.
 */
export const formatCases: readonly {
	accept: string | undefined;
	picks: Readonly<Record<FormatNegotiation, ErrorFormat>>;
}[] = (() => {
	const all = (format: ErrorFormat) => ({ 'first-match': format, 'q-values': format, none: 'page' as const });
	return [
		{ accept: 'application/json', picks: all('problem') },
		{ accept: 'application/problem+json', picks: all('problem') },
		{ accept: 'text/html', picks: all('page') },
		{ accept: '*/*', picks: all('page') },
		{ accept: undefined, picks: all('page') },
		{ accept: 'text/plain', picks: all('text') },
		// A client that accepts none of the three formats still gets the page, never a 406.
		{ accept: 'application/xml', picks: all('page') },
		{ accept: 'image/png', picks: all('page') },
		// What browsers send, and what a common HTTP client library sends.
		{ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', picks: all('page') },
		{ accept: 'application/json, text/plain, */*', picks: all('problem') },
		{
			accept: 'text/html;q=0.1, application/json',
			picks: { 'first-match': 'page', 'q-values': 'problem', none: 'page' },
		},
	];
})();

/** What a JSON client (`Accept: application/json`) gets from a host: the problem document or the page. */
export const jsonClientFormat = (host: HostProfile) => formatCases[0]!.picks[host.formatNegotiation];

/** A request line no HTTP client sends: a space inside the target. */
export const malformedRequest = (base: URL) =>
	`GET /a b HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`;

/** One header of 12 KB: more than nginx's 8 KB buffers, less than Node's and Go's limits. */
export const largeHeader = { 'X-Large': 'a'.repeat(12 * 1024) };

/** A 3 MB upload: more than nginx's default body limit of 1 MB. */
export const largeBody = Buffer.alloc(3 * 1024 * 1024, 'a');

/**
 * Headers that ask for part of a page or for nothing if unchanged: an error page must come whole.
 * The validators match whatever the server could have sent (`*` matches any ETag).
 */
export const conditionalAndRange = {
	'If-None-Match': '*',
	'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT',
	Range: 'bytes=0-9',
};

/** A script where a page might echo the query: whatever a host does with it, it must not show it. */
const hostileScript = "<script>alert('x')</script>";

/**
 * The checks of one site on one host: the page of a route whole, its problem document and text twin,
 * and the headers that go with each. Shared by the static cases here and the contract suite's
 * cases in front of an app and under maintenance.
 */
export function siteChecks(site: Site, host: HostProfile) {
	const { contract } = site;
	const defaultRoutes = new Set(defaultLocaleRoutes(contract));
	const isDefaultRoute = (route: PageRoute) => defaultRoutes.has(route);
	const requestIds = requestIdsOn(host, contract);

	/**
	 * A page or problem file as a host that writes its request ID into error answers sends it: the
	 * line on the page in the page's language, `instance` in the problem document (the ID the
	 * answer's header names); any other file, or host, as it is.
	 */
	function sentText(answer: Answer, file: string): string {
		const text = site.fileText(file);
		const id = answer.headers.get(contract.requestIdHeader);
		if (!requestIds?.inBody || id === null) return text;
		const { pageAnchor, page, problemAnchor, problem } = requestIdMarkup;
		if (file.endsWith('.json')) return text.replace(problemAnchor, problem(id));
		if (!file.endsWith('.html')) return text;
		const locale = folderLocale(contract, fileUrl(contract, file));
		return text.replace(pageAnchor, page(contract.requestIdLines[locale]!, id));
	}

	/** Every page header on the answer, except where the host declares another cache header. */
	function pageHeaders(run: CaseRun, answer: Answer) {
		for (const [name, value] of Object.entries(contract.pageHeaders)) {
			const declared = name === 'Cache-Control' ? host.differences['cache header'] : undefined;
			if (declared) declared.check(run, answer);
			else run.header(answer, name, value);
		}
	}

	function headers(run: CaseRun, answer: Answer, values: Readonly<Record<string, string>>) {
		for (const [name, value] of Object.entries(values)) run.header(answer, name, value);
	}

	/** No header that a page of another status carries (Retry-After on a 404 would be wrong). */
	function noOtherStatusHeaders(run: CaseRun, answer: Answer, own: Readonly<Record<string, string>>) {
		const others = new Set(
			contract.statusPages.flatMap((route) => Object.keys(route.headers)).filter((name) => !(name in own)),
		);
		for (const name of others) run.header(answer, name, null);
	}

	/**
	 * The language headers of a page: its locale's Content-Language and, on a default URL where other
	 * locales ship, `Vary: Accept-Language` (among other values a host may vary on).
	 */
	function language(run: CaseRun, answer: Answer, route: PageRoute, negotiated: boolean) {
		const { 'Content-Language': tag, Vary: vary } = languageHeaders(
			contract,
			routeLocale(contract, route),
			negotiated,
		);
		run.header(answer, 'content-language', tag ?? null);
		if (vary) run.listHeaderHas(answer, 'vary', vary);
	}

	/** Exactly this page, whole, with its status and headers (Content-Language included). */
	function page(
		run: CaseRun,
		answer: Answer,
		route: PageRoute,
		values = route.headers,
		negotiated = isDefaultRoute(route),
	) {
		run.status(answer, route.status);
		run.body(answer, sentText(answer, route.file), `body (${route.file})`);
		headers(run, answer, values);
		noOtherStatusHeaders(run, answer, values);
		// The site's own page comes with the site's headers.
		if (route.sitePage) return;
		language(run, answer, route, negotiated);
		pageHeaders(run, answer);
	}

	/**
	 * A route's problem document, whole, for an API client: its status, `application/problem+json`
	 * (or what the host declares), valid RFC 9457 members, its language and the page headers.
	 */
	function problem(run: CaseRun, answer: Answer, route: PageRoute, values = route.headers) {
		run.status(answer, route.status);
		run.body(answer, sentText(answer, route.problemFile), `body (${route.problemFile})`);
		const declared = host.differences['problem content type'];
		if (declared) declared.check(run, answer);
		else run.header(answer, 'content-type', PROBLEM_JSON);
		let document: unknown;
		try {
			document = JSON.parse(answer.body);
		} catch {
			run.check(answer, 'JSON', false, 'a JSON document', 'text that does not parse as JSON');
			return;
		}
		const errors = problemDetailsErrors(document);
		run.check(answer, 'RFC 9457 members', errors.length === 0, 'valid', errors.join('; '));
		language(run, answer, route, isDefaultRoute(route));
		headers(run, answer, values);
		pageHeaders(run, answer);
	}

	/** A route's text twin, whole, for a client that reads plain text. */
	function text(run: CaseRun, answer: Answer, route: PageRoute) {
		const file = route.problemFile.replace(/\.json$/, '.txt');
		run.status(answer, route.status);
		run.body(answer, site.fileText(file), `body (${file})`);
		run.header(answer, 'content-type', 'text/plain; charset=utf-8');
		language(run, answer, route, isDefaultRoute(route));
		headers(run, answer, route.headers);
		pageHeaders(run, answer);
	}

	/** What an answer carries in each format, checked whole; and that it varies with `Accept`. */
	function format(run: CaseRun, answer: Answer, route: PageRoute, chosen: ErrorFormat) {
		if (chosen === 'page') page(run, answer, route);
		else if (chosen === 'problem') problem(run, answer, route);
		else text(run, answer, route);
		// In site mode the site's own page goes out with the site's headers alone.
		const asBuilt = host.siteMode && route.sitePage && chosen === 'page';
		if (host.formatNegotiation !== 'none' && !asBuilt) run.listHeaderHas(answer, 'vary', 'Accept');
	}

	/** A server's version is nobody's business: `Server` names the product at most. */
	function noVersion(run: CaseRun, answer: Answer) {
		const server = answer.headers.get('server') ?? '';
		run.check(answer, 'Server', !/\d/.test(server), 'no version number', server);
	}

	/** A route of the default locale in another locale: `/404` in `de` is `/de/404`. */
	const inLocale = (route: PageRoute, locale: string): PageRoute => inLocaleOf(contract, route, locale);

	/**
	 * What a default URL answers a browser that asks for `locale`: the route's page in that locale,
	 * or the site's own page (sitePages), which answers in every language.
	 */
	const negotiated = (route: PageRoute, locale: string): PageRoute =>
		route.sitePage ? route : inLocale(route, locale);

	return {
		sentText,
		pageHeaders,
		headers,
		page,
		problem,
		text,
		format,
		noVersion,
		inLocale,
		negotiated,
		isDefaultRoute,
	};
}

/** How the site around the pages answers. */
export interface SiteAround {
	/**
	 * The site answers every path outside the pages' folder itself (an SPA's `/*` rule): unknown
	 * paths are checked inside the folder (`/fallback/no-such-page`), the API paths not at all.
	 */
	catchAll?: boolean;
	/**
	 * A server function takes every path no file answers, in the pages' folder too (a framework
	 * that renders on the server, on Netlify: `path: '/*'`): only the status pages and their
	 * languages are checked, which forced rules answer before it.
	 */
	serverFunction?: boolean;
}

/**
 * A static host that answers every unknown path with one page (GitHub Pages' 404.html): that page,
 * whole, with its status, in every language asked for and under every folder; and nothing of
 * Fallback's that the build left out for it (its other pages, problem documents, rule files)
 * published as a file.
 */
function staticHostCases(site: Site, host: HostProfile, status: number): ContractCase[] {
	const { contract } = site;
	const route = requiredStatusPage(contract, status);
	/** A path under where the build is served (a GitHub project site's `/repo/`). */
	const inSite = (path: string) => `${siteBaseOf(contract)}${path}`;
	const cases: ContractCase[] = [];
	const theErrorPage = (group: CaseGroup, name: string, path: string, headers: Record<string, string> = {}) =>
		cases.push({
			group,
			name,
			run: async (run) => {
				const answer = await run.get(path, { headers });
				run.status(answer, status);
				run.body(answer, site.fileText(route.file), `body (${route.file})`);
			},
		});
	const unknown = inSite('no/such/page');
	theErrorPage(
		'unknown paths',
		`GET ${unknown} answers ${status} with ${host.name}'s ${route.file}`,
		unknown,
	);
	for (const locale of negotiationLocales(contract).slice(0, 1)) {
		theErrorPage(
			'languages',
			`GET ${unknown} asking for ${locale}: the same page, in every language`,
			unknown,
			{
				'Accept-Language': locale,
			},
		);
		const inFolder = inSite(`${locale}/no/such/page`);
		theErrorPage('languages', `GET ${inFolder}: the same page`, inFolder);
	}
	const unpublished = [
		...contract.hiddenFiles.map((file) => inSite(file)),
		...[503, 500]
			.filter((other) => other !== status)
			.map((other) => requiredStatusPage(contract, other).path),
		...contract.extraPages.slice(0, 1).map((other) => other.path),
		inSite(route.problemFile),
		...contract.otherLocales.slice(0, 1).map((locale) => inSite(`${locale}/`)),
	];
	for (const path of unpublished) {
		theErrorPage(
			'unknown paths',
			`GET ${path}: not published (left out of the build), the ${status} page`,
			path,
		);
	}
	return cases;
}

/** Every case of the static contract, for this site on this host. */
export function staticCases(site: Site, host: HostProfile, around: SiteAround = {}): ContractCase[] {
	if (host.staticHost) return staticHostCases(site, host, host.staticHost.errorPage);
	const { contract } = site;
	const check = siteChecks(site, host);
	const notFound = notFoundPage(contract);
	const methodNotAllowed = requiredStatusPage(contract, contract.methodNotAllowedStatus);
	const unavailable = requiredStatusPage(contract, 503);
	const [first, , third] = negotiationLocales(contract);
	/**
	 * A path of Fallback's own, under the pages' base: `at('503')` is `/503`, or `/fallback/503`.
	 * Unknown paths stay at the site's root: the site's catch-all answers them with Fallback's page.
	 */
	const at = (path: string) => `${baseOf(contract)}${path}`;
	/**
	 * A path of the site's, under where the build is served (`/docs/` for an Astro site's base); in
	 * the pages' folder where the site answers everything else itself.
	 */
	const inSite = (path: string) =>
		`${around.catchAll ? baseOf(contract) : siteBaseOf(contract)}${path.slice(1)}`;
	/** The API prefixes the site leaves to Fallback: none where it answers every other path. */
	const apiPrefixes = around.catchAll ? [] : contract.apiPrefixes;
	const cases: ContractCase[] = [];
	const add = (group: CaseGroup, name: string, run: (caseRun: CaseRun) => Promise<void>) =>
		cases.push({ group, name, run });
	/** A case the host may declare a difference in: then the declared answer is what is checked. */
	const addCase = (
		group: CaseGroup,
		id: CaseId,
		name: string,
		ask: (caseRun: CaseRun) => Promise<Answer>,
		expect: (caseRun: CaseRun, answer: Answer) => void,
	) => {
		const difference = host.differences[id];
		if (difference) {
			cases.push({
				group,
				name,
				declared: difference.reason,
				run: async (run) => difference.check(run, await ask(run)),
			});
		} else add(group, name, async (run) => expect(run, await ask(run)));
	};

	// Every route, by its path and by its file.
	const answerable = errorRoutes(contract).filter((route) => !host.unsupportedStatuses.has(route.status));
	for (const by of ['path', 'file'] as const) {
		for (const route of answerable) {
			const path = by === 'path' ? route.path : fileUrl(contract, route.file);
			const difference = host.routeDifferences?.get(route.status);
			if (difference) {
				cases.push({
					group: 'status pages',
					name: `GET ${path}`,
					declared: difference.reason,
					run: async (run) => difference.check(run, await run.get(path), fileUrl(contract, route.file)),
				});
			} else {
				const asked = route.file.endsWith('global-error.html') ? `${path}?digest=abc123` : path;
				add('status pages', `GET ${path} answers ${route.status} with its page and headers`, async (run) =>
					check.page(run, await run.get(asked), route),
				);
			}
		}
	}
	for (const route of contract.statusPages.filter((page) => host.unsupportedStatuses.has(page.status))) {
		add(
			'status pages',
			`GET ${route.path}: ${host.name} cannot answer ${route.status}, so the path is unknown there`,
			async (run) => check.page(run, await run.get(route.path), notFound),
		);
	}
	add('status pages', `HEAD ${unavailable.path} answers 503 with the headers and no body`, async (run) => {
		const answer = await run.get(unavailable.path, { method: 'HEAD' });
		run.status(answer, unavailable.status);
		run.body(answer, '');
		check.headers(run, answer, unavailable.headers);
		check.pageHeaders(run, answer);
	});

	// Languages: the status pages' own, then (below) an unknown path's.
	if (first !== undefined) {
		const routes = [unavailable, ...contract.extraPages.filter(check.isDefaultRoute)];
		add(
			'languages',
			`${first} on ${routes.map((route) => route.path).join(' and ')}: their pages in ${first}, with their headers`,
			async (run) => {
				for (const route of routes) {
					const expected = check.negotiated(route, first);
					const answer = await run.get(route.path, { headers: { 'Accept-Language': first } });
					check.page(run, answer, expected, expected.headers, true);
				}
			},
		);
		const fixed = third ?? first;
		const asked = fixed === first ? contract.defaultLocale : first;
		add(
			'languages',
			`GET ${check.inLocale(notFound, fixed).path} answers in ${fixed} with 404, whatever the browser asks for`,
			async (run) =>
				check.page(
					run,
					await run.get(check.inLocale(notFound, fixed).path, { headers: { 'Accept-Language': asked } }),
					check.inLocale(notFound, fixed),
				),
		);
	}
	// In front of a server function, only the status pages are Fallback's: their rules are forced.
	if (around.serverFunction) return cases;

	for (const { acceptLanguage, label, picks } of negotiationCases(contract)) {
		add('languages', `${label} on /404 and an unknown path (${host.negotiation})`, async (run) => {
			const headers = acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage };
			const expected = check.negotiated(notFound, picks[host.negotiation]);
			check.page(run, await run.get(notFound.path, { headers }), expected, expected.headers, true);
			check.page(run, await run.get(inSite('/no/such/page'), { headers }), expected, expected.headers, true);
		});
	}

	// Under a locale's folder, an unknown path is that locale's not-found page, whatever the browser asks.
	for (const { folder, locale } of localeFolders(contract)) {
		const path = `${folder}no/such-page`;
		const asked = locale === first ? contract.defaultLocale : (first ?? contract.defaultLocale);
		add('languages', `GET ${path} (unknown) answers in ${locale} with 404, asked for ${asked}`, async (run) =>
			check.page(
				run,
				await run.get(path, { headers: { 'Accept-Language': asked } }),
				check.inLocale(notFound, locale),
			),
		);
	}

	// Unknown paths.
	const unknownPaths = [
		...[
			'/no-such-page',
			'/deeply/nested/no-such-page?with=query',
			'/503/not-a-page',
			encodeURI('/ünïcödé/页面'),
			`/${'a'.repeat(1800)}`,
			`${contract.internalPrefix}503.html`,
		].map(inSite),
	];
	for (const path of unknownPaths) {
		const label = path.length > 60 ? `${path.slice(0, 40)}… (${path.length} characters)` : path;
		add('unknown paths', `GET ${label} answers 404 with the not-found page`, async (run) =>
			check.page(run, await run.get(path), notFound),
		);
	}
	for (const path of ['GLOBAL-ERROR', 'Application-Error', '503.HTML', 'Global-Error.html'].map(at)) {
		add(
			'unknown paths',
			`GET ${path}: paths are case-sensitive, so a case variant is an unknown path`,
			async (run) => check.page(run, await run.get(path), notFound),
		);
	}
	// Where the site answers every other path, only the files in the pages' folder are Fallback's.
	const hiddenFiles = contract.hiddenFiles.filter(
		(file) => !around.catchAll || fileUrl(contract, file).startsWith(baseOf(contract)),
	);
	for (const file of hiddenFiles) {
		add(
			'unknown paths',
			`GET ${fileUrl(contract, file)} (a rule file, not a page) answers 404 with the not-found page`,
			async (run) => check.page(run, await run.get(fileUrl(contract, file)), notFound),
		);
	}

	// Hostile input: nothing a request carries shows up in an answer.
	for (const path of [
		'/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
		`/missing?q=${encodeURIComponent(hostileScript)}`,
	].map(inSite)) {
		add(
			'hostile input',
			`GET ${path} (unknown) answers 404 with the not-found page, reflecting nothing`,
			async (run) => check.page(run, await run.get(path), notFound),
		);
	}
	for (const route of contract.extraPages.filter(
		(page) => check.isDefaultRoute(page) && page.file.endsWith('global-error.html'),
	)) {
		const path = `${route.path}?digest=${encodeURIComponent(hostileScript)}`;
		add(
			'hostile input',
			`GET ${route.path} with a script for a digest: the page as built, reflecting nothing`,
			async (run) => check.page(run, await run.get(path), route),
		);
	}
	// Above a site's base (`/docs/`) a path is no longer the site's: checked only at the root, and
	// only where the site leaves its unknown paths to Fallback.
	if (siteBaseOf(contract) === '/' && !around.catchAll) {
		add(
			'hostile input',
			'GET /../../etc/passwd, sent raw: 404, or 400 for a path above the root, with the page',
			async (run) => {
				const answer = await run.get('/../../etc/passwd');
				if (run.status(answer, [400, 404]))
					check.page(run, answer, requiredStatusPage(contract, answer.status));
			},
		);
	}

	for (const path of ['/%00', `/a%00b/${notFound.file}`].map(inSite)) {
		add(
			'hostile input',
			`GET ${path} (an encoded NUL): 404, or 400, with the page, never a server error`,
			async (run) => {
				const answer = await run.get(path);
				if (run.status(answer, [400, 404]))
					check.page(run, answer, requiredStatusPage(contract, answer.status));
			},
		);
	}

	// Each language's folder: the site's own page there, else Fallback's gallery where the build has
	// galleries, else (a production build of a site) the not-found page in that language.
	for (const locale of [contract.defaultLocale, ...negotiationLocales(contract)]) {
		const path = localeFolder(contract, locale);
		const file = galleryFile(contract, locale);
		const folder = localePrefix(contract, locale);
		if (siteHasIndex(contract, locale)) {
			add('galleries', `GET ${path} answers 200 with the site's own page there`, async (run) => {
				const answer = await run.get(path);
				run.status(answer, 200);
				run.body(answer, site.fileText(file), `body (${file})`);
				// In site mode the site's own page keeps the Server header its server block sets.
				if (!host.siteMode) check.noVersion(run, answer);
			});
		} else if (
			contract.galleries === false &&
			folder &&
			site.exists?.(file.replace(/\/index\.html$/, '.html'))
		) {
			// A page of the site's beside the folder (`de.html` of `build.format: 'file'`, its
			// address `/de`): some hosts answer `/de/` with it (Netlify's pretty URLs), others not.
			// The folder is the site's to answer: nothing is checked there.
			continue;
		} else if (contract.galleries === false) {
			add(
				'galleries',
				`GET ${path} answers 404 with the not-found page: no gallery in production`,
				async (run) =>
					check.page(
						run,
						await run.get(path),
						locale === contract.defaultLocale ? notFound : check.inLocale(notFound, locale),
					),
			);
		} else {
			add(
				'galleries',
				`GET ${path} answers 200 with the gallery${folder ? ' in that language' : ''} and the page headers`,
				async (run) => {
					const answer = await run.get(path);
					run.status(answer, 200);
					run.body(answer, site.fileText(file), `body (${file})`);
					if (folder) run.header(answer, 'content-language', contract.languageTags[locale] ?? locale);
					check.pageHeaders(run, answer);
					check.noVersion(run, answer);
				},
			);
		}
	}

	// API clients.
	for (const path of apiPrefixes.flatMap((prefix) => [`${prefix}missing`, `${prefix}v1/orders/42?x=1`])) {
		add('API clients', `GET ${path} answers 404 with the not-found problem document`, async (run) =>
			check.problem(run, await run.get(path), notFound),
		);
	}
	// A client under the API that accepts no JSON (a browser-only Accept, an image) still gets the
	// problem document, never the server's own page.
	for (const [prefix, accept] of apiPrefixes.flatMap((prefix) =>
		['text/html', 'image/png'].map((accept) => [prefix, accept] as const),
	)) {
		add(
			'API clients',
			`GET ${prefix}missing with Accept: ${accept}: the not-found problem document`,
			async (run) =>
				check.problem(run, await run.get(`${prefix}missing`, { headers: { Accept: accept } }), notFound),
		);
	}
	const [apiPrefix] = apiPrefixes;
	if (apiPrefix !== undefined && first !== undefined) {
		add(
			'API clients',
			`GET ${apiPrefix}missing, asking for ${first}: the problem document in ${first}`,
			async (run) => {
				const answer = await run.get(`${apiPrefix}missing`, { headers: { 'Accept-Language': first } });
				check.problem(run, answer, check.inLocale(notFound, first));
			},
		);
	}
	for (const folder of contract.hiddenFolders) {
		// An unknown path, in the language of the locale folder it is in.
		const expected = check.inLocale(notFound, folderLocale(contract, folder));
		for (const path of [`${folder}404.json`, `${folder}503.txt`, folder]) {
			add('API clients', `GET ${path} (only an error shows it) is an unknown path`, async (run) =>
				check.page(run, await run.get(path), expected),
			);
		}
	}

	// Request IDs.
	const idOf = (answer: Answer) => answer.headers.get(contract.requestIdHeader);
	const hostileId = '<script>alert(1)</script>';
	const requestIds = requestIdsOn(host, contract);
	if (requestIds) {
		add('request IDs', `every error answer carries ${host.name}'s own ID, never a client's`, async (run) => {
			// In site mode the site's own 404 page (sitePages) carries the site's headers only: its
			// problem document, Fallback's, is asked for instead.
			const asBuilt = host.siteMode && notFound.sitePage;
			const first = await run.get(inSite('/no/such/page'), {
				headers: { [contract.requestIdHeader]: hostileId, ...(asBuilt ? { Accept: PROBLEM_JSON } : {}) },
			});
			const second = await run.get(unavailable.path);
			const shape = /^[A-Za-z0-9@_-]{16,}$/;
			for (const answer of [first, second]) {
				run.check(
					answer,
					contract.requestIdHeader,
					shape.test(idOf(answer) ?? ''),
					'an ID of 16 or more letters, digits, @, _ or -',
					idOf(answer) ?? '(absent)',
				);
			}
			run.check(
				second,
				contract.requestIdHeader,
				idOf(first) !== idOf(second),
				'an ID of its own',
				`the same as the answer before: ${idOf(second)}`,
			);
			run.check(
				first,
				'body',
				!first.body.includes(hostileId),
				"no trace of the client's ID",
				'the client’s ID in the body',
			);
			const file = asBuilt ? notFound.problemFile : notFound.file;
			run.body(first, check.sentText(first, file), `body (${file})`);
		});
		if (requestIds.inBody && first !== undefined && apiPrefix !== undefined) {
			add(
				'request IDs',
				'the page shows it in its language, the problem document names it as instance',
				async (run) => {
					const hasId = (answer: Answer) =>
						run.check(answer, contract.requestIdHeader, idOf(answer) !== null, 'an ID', '(absent)');
					const page = await run.get(check.inLocale(unavailable, first).path);
					if (hasId(page)) {
						const line = requestIdMarkup.page(contract.requestIdLines[first]!, idOf(page)!);
						run.check(page, 'body', page.body.includes(line), `the line ${line}`, 'no such line');
					}
					const problem = await run.get(`${apiPrefix}missing`, {
						headers: { 'Accept-Language': third ?? first },
					});
					if (hasId(problem)) {
						const instance = `#request-${idOf(problem)}`;
						const got = /"instance":"([^"]*)"/.exec(problem.body)?.[1];
						run.check(problem, 'instance', got === instance, instance, got ?? '(absent)');
					}
				},
			);
		}
	} else {
		const none = host.requestIds
			? `${host.name} makes no request IDs (the build's requestId is false)`
			: `${host.name} makes no request IDs`;
		add('request IDs', `${none}: error answers carry none`, async (run) => {
			const answer = await run.get(inSite('/no/such/page'), {
				headers: { [contract.requestIdHeader]: hostileId },
			});
			run.header(answer, contract.requestIdHeader, null);
		});
	}

	// Formats.
	const formatRoutes = [notFound, unavailable];
	for (const { accept, picks } of formatCases) {
		add(
			'formats',
			`Accept: ${accept ?? '(none)'} on /404, an unknown path and /503 (${host.formatNegotiation})`,
			async (run) => {
				const headers: Record<string, string> = accept === undefined ? {} : { Accept: accept };
				const chosen = picks[host.formatNegotiation];
				for (const route of formatRoutes)
					check.format(run, await run.get(route.path, { headers }), route, chosen);
				check.format(run, await run.get(inSite('/no/such/page'), { headers }), notFound, chosen);
			},
		);
	}
	if (first !== undefined) {
		add(
			'formats',
			`Accept: application/json and ${first} on ${check.inLocale(unavailable, first).path}: the problem document in ${first}`,
			async (run) => {
				const route = check.inLocale(unavailable, first);
				const answer = await run.get(route.path, { headers: { Accept: 'application/json' } });
				check.format(run, answer, route, jsonClientFormat(host));
			},
		);
	}

	// Conditional and range requests never yield an empty or partial error page.
	for (const path of [at('503'), at('global-error'), inSite('/no-such-page')]) {
		const route = errorRoutes(contract).find((candidate) => candidate.path === path) ?? notFound;
		addCase(
			'conditional requests',
			'conditional request',
			`GET ${path} with If-None-Match, If-Modified-Since and Range: the whole page`,
			(run) => run.get(path, { headers: conditionalAndRange }),
			(run, answer) => check.page(run, answer, route),
		);
	}

	// Methods other than GET and HEAD.
	const methods: readonly (readonly [string, string, RequestOptions['body']?])[] = [
		['POST', at('')],
		['POST', at('global-error')],
		['DELETE', at('503')],
		['PUT', inSite('/no-such-page')],
		['PATCH', at('404')],
		['OPTIONS', at('')],
	];
	for (const [method, path] of methods) {
		addCase(
			'methods',
			'non-read methods',
			`${method} ${path} answers ${methodNotAllowed.status} with its page and Allow`,
			(run) => run.get(path, { method }),
			(run, answer) => check.page(run, answer, methodNotAllowed),
		);
	}
	addCase(
		'methods',
		'large upload',
		`a 3 MB POST answers ${methodNotAllowed.status} with its page, not a body-size error`,
		(run) => run.upload(inSite('/upload'), { method: 'POST', body: largeBody }),
		(run, answer) => check.page(run, answer, methodNotAllowed),
	);

	// The server's own errors show the page of their status.
	add(
		"the server's own errors",
		'a 12 KB header: answered as usual, or refused with the page of the refusal',
		async (run) => {
			const answer = await run.get(unavailable.path, { headers: largeHeader });
			// Either way an error status: /503 itself, or the refusal's.
			const route = contract.statusPages.find((page) => page.status === answer.status);
			if (run.check(answer, 'status', route !== undefined, 'a status with a page', String(answer.status)))
				check.page(run, answer, route!);
		},
	);
	addCase(
		"the server's own errors",
		'malformed request',
		'a malformed request line answers 400 with the 400 page',
		(run) => run.raw(malformedRequest(run.target.base), 'GET /a b HTTP/1.1 (a space in the target)'),
		(run, answer) => {
			run.status(answer, 400);
			run.body(answer, check.sentText(answer, requiredStatusPage(contract, 400).file), 'body (400.html)');
			check.noVersion(run, answer);
		},
	);
	return cases.sort(
		(a, b) => caseGroups.indexOf(a.group as CaseGroup) - caseGroups.indexOf(b.group as CaseGroup),
	);
}
