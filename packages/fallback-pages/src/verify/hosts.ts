/**
 * What the contract expects of each kind of host, beyond the contract itself: how it negotiates
 * language and format, which statuses it cannot answer, whether it makes request IDs, and the
 * differences it is known to have, each with its reason and what it answers instead. The verifier
 * (`--host`) and the contract suite (tests/contract/servers.ts) read the same profiles.
 */
import type { Answer } from './http.ts';
import type { CaseRun } from './checks.ts';
import { apacheUnsupportedStatuses } from '../hosts/unsupportedStatuses.ts';
import { requestIdsOf, type RouteContract } from '../contract/contract.ts';

/** A known difference from the contract: why, and what the host answers instead. */
export interface Difference {
	reason: string;
	/** Checks the answer the host gives instead. `fileUrl`: where the page of the route asked for is served. */
	check(run: CaseRun, answer: Answer, fileUrl?: string): void;
}

/**
 * How a host picks the locale of a default URL from `Accept-Language`:
 * - `first-entry`: the first entry's first two letters, if that locale ships (Netlify's engine);
 * - `first-listed`: the first entry whose language ships, q-values not weighed (nginx, Caddy,
 *   Apache, HAProxy: src/hosts/language.ts, one pattern per request);
 * - `q-values`: the shipped language the browser gives the highest q-value (the Cloudflare Worker).
 */
export type Negotiation = 'first-entry' | 'first-listed' | 'q-values';

/**
 * How it picks an error's format (page, problem document, text twin) from `Accept`: `first-match`
 * (src/hosts/mediaType.ts), `q-values` (Apache's type maps), or `none` (the page always; the API
 * prefixes get the problem document).
 */
export type FormatNegotiation = 'first-match' | 'q-values' | 'none';

/** The cases a host may differ in (src/verify/cases.ts and the contract suite). */
export type CaseId =
	| 'non-read methods'
	| 'large upload'
	| 'malformed request'
	| 'cache header'
	| 'conditional request'
	| 'problem content type'
	| 'allowed prefix without its slash'
	| 'app JSON error outside the API';

export interface HostProfile {
	/** What `--host` takes: `nginx`. */
	id: string;
	/** How reports name it: `nginx`, `netlify-cli`. */
	name: string;
	negotiation: Negotiation;
	formatNegotiation: FormatNegotiation;
	/** Catalogued statuses the host cannot answer with at all: their paths are unknown paths there. */
	unsupportedStatuses: ReadonlySet<number>;
	/** Request IDs: the host's own on every error answer; `inBody`, also on the page and problem. */
	requestIds?: { inBody?: boolean };
	differences: Partial<Record<CaseId, Difference>>;
	/**
	 * Fallback's files added to the site's own server block (site mode): the site's answers keep the
	 * block's headers, its own pages (sitePages) among them — no Vary, no request ID there — and its
	 * Server header is the server's setting.
	 */
	siteMode?: true;
	/**
	 * A static host that sets no status of its own choosing (the build's `staticHost`): it answers
	 * every unknown path with one page of the published folder (`404.html`), and serves everything
	 * else as a file. Only that is checked, and that nothing else of Fallback's was published.
	 */
	staticHost?: { errorPage: number };
	/** Statuses whose `/{code}` the host answers differently, checked another way. */
	routeDifferences?: ReadonlyMap<number, Difference>;
}

/**
 * The request IDs a deploy of this build has on this host: the host's own, less what the build's
 * option `requestId` turns off (`'header'`: none in the body; `false`: none at all).
 */
export function requestIdsOn(host: HostProfile, contract: RouteContract): HostProfile['requestIds'] {
	const wanted = requestIdsOf(contract);
	if (!host.requestIds || wanted === false) return undefined;
	return wanted === 'header' ? { ...host.requestIds, inBody: false } : host.requestIds;
}

/**
 * A CDN's edge parses a request before any rule or Worker of the site runs: a request line it
 * cannot parse gets the edge's own 400. Only the status is the site's business there.
 */
const edgeMalformedRequest = (edge: string): Difference => ({
	reason: `${edge} answers a request it cannot parse at its edge, before any of the site's rules run: its own 400`,
	check(run, answer) {
		run.status(answer, 400);
	},
});

/**
 * A server that answers a request it cannot parse itself, before its config runs: 400 with a body
 * of its own, told by `matches`.
 */
const ownBadRequest = (
	reason: string,
	body: { described: string; matches: (body: string) => boolean },
): Difference => ({
	reason,
	check(run, answer) {
		run.status(answer, 400);
		run.check(
			answer,
			'body',
			body.matches(answer.body),
			body.described,
			JSON.stringify(answer.body.slice(0, 60)),
		);
	},
});

export const netlify: HostProfile = {
	id: 'netlify',
	name: 'Netlify',
	negotiation: 'first-entry',
	formatNegotiation: 'none',
	unsupportedStatuses: new Set(),
	differences: { 'malformed request': edgeMalformedRequest("Netlify's CDN") },
};

/**
 * netlify-cli and @netlify/redirects treat a rule whose status is 300–400 as a redirect, so the local
 * engine answers the status-400 rule with `Location` and no page. The rule itself is checked with
 * Netlify's matcher (tests/contract/netlify.test.ts); README: "What the local engine cannot show".
 */
const localRedirect = (status: number): Difference => ({
	reason: `netlify-cli answers a rule with status ${status} as a redirect (it treats 300–400 as redirects)`,
	check(run, answer, fileUrl) {
		run.status(answer, status);
		run.header(answer, 'location', fileUrl ?? '');
	},
});

/** netlify-cli answers every method but GET and HEAD itself, before any rule. */
const netlifyCliMethods: Difference = {
	reason:
		"netlify-cli answers methods other than GET and HEAD itself: the matching rule's status (405 where none matches), no Allow, and the text 'Method Not Allowed' for a body",
	check(run, answer) {
		run.check(answer, 'status', answer.status >= 400, '4xx or 5xx', String(answer.status));
		run.header(answer, 'allow', null);
		run.body(answer, 'Method Not Allowed');
	},
};

/** Netlify's engine as `npm start` runs it (netlify-cli, offline): what it does not do as the CDN does. */
export const netlifyCli: HostProfile = {
	id: 'netlify-cli',
	name: 'netlify-cli',
	negotiation: 'first-entry',
	formatNegotiation: 'none',
	unsupportedStatuses: new Set(),
	routeDifferences: new Map([[400, localRedirect(400)]]),
	differences: {
		'non-read methods': netlifyCliMethods,
		// A 3 MB POST is one more method netlify-cli answers itself.
		'large upload': netlifyCliMethods,
		'conditional request': {
			reason:
				'netlify-cli applies If-None-Match to an error page: `*` (or the ETag it sent) gets the error status (or 304) and no body',
			check(run, answer) {
				run.check(answer, 'status', answer.status >= 300, '3xx, 4xx or 5xx', String(answer.status));
				run.body(answer, '');
			},
		},
		'cache header': {
			reason:
				"netlify-cli sends its own Cache-Control (public, max-age=0) in place of _headers' value on the files it serves",
			check(run, answer) {
				run.header(answer, 'cache-control', 'public, max-age=0');
			},
		},
		'allowed prefix without its slash': {
			reason:
				'a Netlify rule for `/fr/*` also matches `/fr`, so under maintenance an allowed prefix allows the path without its slash: it answers as usual',
			check(run, answer) {
				run.status(answer, 200);
			},
		},
		'problem content type': {
			reason:
				"netlify-cli's file server types a problem document by its extension, as JSON, and applies no Content-Type from _headers; Netlify's production engine is not verified",
			check(run, answer) {
				run.header(answer, 'content-type', 'application/json; charset=utf-8');
			},
		},
		'malformed request': {
			reason: "Node's HTTP parser, under netlify-cli, answers a request it cannot parse itself: 400, no body",
			check(run, answer) {
				run.status(answer, 400);
				run.body(answer, '');
			},
		},
	},
};

export const nginx: HostProfile = {
	id: 'nginx',
	name: 'nginx',
	negotiation: 'first-listed',
	formatNegotiation: 'first-match',
	unsupportedStatuses: new Set(),
	requestIds: { inBody: true },
	differences: {},
};

export const caddy: HostProfile = {
	id: 'caddy',
	name: 'Caddy',
	negotiation: 'first-listed',
	formatNegotiation: 'first-match',
	unsupportedStatuses: new Set(),
	requestIds: {},
	differences: {
		'malformed request': ownBadRequest(
			"Go's HTTP server, under Caddy, answers a request it cannot parse itself, before any Caddy config runs: 400 with a plain-text body",
			{ described: 'text starting "400 Bad Request"', matches: (body) => body.startsWith('400 Bad Request') },
		),
	},
};

export const apache: HostProfile = {
	id: 'apache',
	name: 'Apache',
	negotiation: 'first-listed',
	formatNegotiation: 'q-values',
	unsupportedStatuses: apacheUnsupportedStatuses,
	requestIds: {},
	differences: {},
};

export const haproxy: HostProfile = {
	id: 'haproxy',
	name: 'HAProxy',
	negotiation: 'first-listed',
	formatNegotiation: 'first-match',
	// `http-request return` takes any status from 200 to 599: every page is answered.
	unsupportedStatuses: new Set(),
	requestIds: {},
	differences: {
		'malformed request': ownBadRequest(
			"HAProxy's HTTP/1 multiplexer answers a request it cannot parse before any proxy rule or error page applies, with its built-in 400 (mux_h1.c h1_send_error: http_err_msgs)",
			{
				described: 'HAProxy’s built-in 400 page',
				matches: (body) => body.includes('<h1>400 Bad request</h1>'),
			},
		),
	},
};

/** The generated Worker on Cloudflare's network (or on workerd, as `wrangler dev` runs it). */
export const cloudflare: HostProfile = {
	id: 'cloudflare',
	name: 'Cloudflare',
	negotiation: 'q-values',
	formatNegotiation: 'first-match',
	unsupportedStatuses: new Set(),
	requestIds: { inBody: true },
	differences: {
		'malformed request': edgeMalformedRequest("Cloudflare's network (or wrangler dev's server)"),
	},
};

/** A body that is an HTML page (whose, the case does not say). */
const aPage = { described: 'a page', matches: (body: string) => /^<!DOCTYPE html>/i.test(body) };

/**
 * In site mode (Fallback's files added to the server block that serves a team's site) methods are
 * the site's: the server answers each as it did before Fallback — nginx and Caddy refuse what they
 * cannot serve from a file, Apache answers OPTIONS — and an error it answers shows a page.
 */
const siteMethods: Difference = {
	reason:
		"in site mode the site's own server block answers methods as it did before Fallback (nothing is refused that it answered); an error it answers shows the page of its status",
	check(run, answer) {
		if (answer.status < 400) return;
		const type = answer.headers.get('content-type') ?? '';
		run.check(answer, 'content-type', type.startsWith('text/html'), 'text/html', type);
		run.check(
			answer,
			'body',
			aPage.matches(answer.body),
			aPage.described,
			JSON.stringify(answer.body.slice(0, 60)),
		);
	},
};

/** A server's profile in site mode (`nginx-site`), with what differs there besides the methods. */
const inSiteMode = (profile: HostProfile, differences: HostProfile['differences'] = {}): HostProfile => ({
	...profile,
	id: `${profile.id}-site`,
	name: `${profile.name}, site mode`,
	siteMode: true,
	differences: {
		...profile.differences,
		'non-read methods': siteMethods,
		'large upload': siteMethods,
		...differences,
	},
});

/** Apache's ServerTokens holds for the whole server: a VirtualHost's include cannot set it. */
const apacheSiteServerTokens = ownBadRequest(
	"ServerTokens holds for the whole server, not a VirtualHost: Apache's Server header names its version unless the server's main config says `ServerTokens Prod`",
	aPage,
);
/**
 * GitHub Pages: "a custom 404 page" — its 404.html answers every path with no file, with 404, in
 * whatever language; it sets no other status, reads no rule file and serves any file with 200.
 */
export const githubPages: HostProfile = {
	id: 'github-pages',
	name: 'GitHub Pages',
	negotiation: 'first-entry',
	formatNegotiation: 'none',
	unsupportedStatuses: new Set(),
	differences: {},
	staticHost: { errorPage: 404 },
};

/** Every profile, by the name `--host` takes. */
export const hostProfiles: Readonly<Record<string, HostProfile>> = Object.fromEntries(
	[
		netlify,
		netlifyCli,
		nginx,
		caddy,
		apache,
		haproxy,
		cloudflare,
		githubPages,
		inSiteMode(nginx),
		inSiteMode(caddy),
		inSiteMode(apache, { 'malformed request': apacheSiteServerTokens }),
	].map((profile) => [profile.id, profile]),
);
