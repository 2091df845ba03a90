/**
 * The status catalogue: every 4xx and 5xx code of the IANA HTTP Status Code Registry, once.
 * Pages, the gallery, CDN rules and host configs are all derived from this list.
 */
import type { IconName } from './icons';

export interface StatusEntry {
	/** The HTTP status code. */
	code: number;
	/** The reason phrase exactly as the IANA registry names it today (RFC 9110). */
	reason: string;
	/** `<title>` of the page. Defaults to `{code}: {reason}`. */
	title: string;
	/** The page's message (its h2). Defaults to `{reason}.` */
	message: string;
	/** One plain sentence: what happened and what the visitor can do. */
	help: string;
	icon: IconName;
	/** Retrying the same request later may succeed: the page offers "Try again". */
	transient: boolean;
	/** Response headers RFC 9110 asks for with this status, where a CDN can send them. */
	headers: Readonly<Record<string, string>>;
}

type StatusSeed = Pick<StatusEntry, 'code' | 'reason' | 'help' | 'icon'> &
	Partial<Omit<StatusEntry, 'code' | 'reason' | 'help' | 'icon'>>;

/** Methods a static site answers; what `Allow` on 405 lists. */
export const ALLOWED_METHODS = 'GET, HEAD';

const seeds: readonly StatusSeed[] = [
	{
		code: 400,
		reason: 'Bad Request',
		help: 'The server could not understand the request. Check the address or form and try once more.',
		icon: 'FileExclamationPoint',
	},
	{
		code: 401,
		reason: 'Unauthorized',
		title: "401: You're not authorized to access this page.",
		message: "You're not authorized to access this page.",
		help: 'This page needs you to sign in. Sign in, then open it again.',
		icon: 'KeyRound',
		// A Bearer challenge satisfies RFC 9110 without making browsers open a login dialog
		// (they only do that for Basic and Digest).
		headers: { 'WWW-Authenticate': 'Bearer' },
	},
	{
		code: 402,
		reason: 'Payment Required',
		help: 'This content needs an active payment or subscription. Check your billing, then try again.',
		icon: 'CreditCard',
	},
	{
		code: 403,
		reason: 'Forbidden',
		title: '403: This page could not be accessed.',
		message: 'This page could not be accessed.',
		help: 'You do not have permission to view this page. Ask the site owner if you think you should.',
		icon: 'Lock',
	},
	{
		code: 404,
		reason: 'Not Found',
		title: '404: This page could not be found.',
		message: 'This page could not be found.',
		help: 'The address may be mistyped, or the page has moved. Check the link or start from the home page.',
		icon: 'Search',
	},
	{
		code: 405,
		reason: 'Method Not Allowed',
		help: 'This address does not accept that kind of request. Open it as a normal link instead.',
		icon: 'Ban',
		headers: { Allow: ALLOWED_METHODS },
	},
	{
		code: 406,
		reason: 'Not Acceptable',
		help: 'The server has no version of this page in a format your browser accepts.',
		icon: 'FileX',
	},
	{
		code: 407,
		reason: 'Proxy Authentication Required',
		help: 'A proxy between you and this site needs you to sign in. Sign in to the proxy, then retry.',
		icon: 'LockKeyhole',
	},
	{
		code: 408,
		reason: 'Request Timeout',
		help: 'Your browser took too long to send the request. Check your connection and try again.',
		icon: 'Timer',
		transient: true,
	},
	{
		code: 409,
		reason: 'Conflict',
		help: 'The request clashes with the current state of the page, often after another edit. Reload and try again.',
		icon: 'GitMerge',
		transient: true,
	},
	{
		code: 410,
		reason: 'Gone',
		help: 'This page was removed on purpose and will not come back. Please update your bookmarks.',
		icon: 'Bookmark',
	},
	{
		code: 411,
		reason: 'Length Required',
		help: 'The request did not say how large it was, so the server refused it. Try again from the site itself.',
		icon: 'Ruler',
	},
	{
		code: 412,
		reason: 'Precondition Failed',
		help: 'The page changed since your browser last saw it. Reload it and try again.',
		icon: 'FileQuestionMark',
	},
	{
		code: 413,
		reason: 'Content Too Large',
		help: 'What you sent is larger than the server accepts. Send a smaller file or less data.',
		icon: 'HardDrive',
	},
	{
		code: 414,
		reason: 'URI Too Long',
		help: 'The address is longer than the server accepts. Use a shorter link.',
		icon: 'Ruler',
	},
	{
		code: 415,
		reason: 'Unsupported Media Type',
		help: 'The server does not accept the type of file or data you sent. Try another format.',
		icon: 'FileX',
	},
	{
		code: 416,
		reason: 'Range Not Satisfiable',
		help: 'The part of the file your browser asked for does not exist. Download the whole file again.',
		icon: 'FileQuestionMark',
	},
	{
		code: 417,
		reason: 'Expectation Failed',
		help: 'The server cannot meet what the request expected of it. Try again without special settings.',
		icon: 'FileExclamationPoint',
	},
	{
		code: 418,
		// The registry reserves 418 without a name (RFC 9110, section 15.5.19): it is shown as
		// the name the world knows it by.
		reason: '(Unused)',
		title: "418: I'm a teapot",
		message: "I'm a teapot.",
		help: 'This code is reserved and no real server sends it. Whatever you asked for, it is not here.',
		icon: 'Coffee',
	},
	{
		code: 421,
		reason: 'Misdirected Request',
		help: 'The request reached a server that cannot answer for this site. Try again in a moment.',
		icon: 'Route',
		transient: true,
	},
	{
		code: 422,
		reason: 'Unprocessable Content',
		help: 'The server understood the request but could not act on its content. Check what you entered.',
		icon: 'FileExclamationPoint',
	},
	{
		code: 423,
		reason: 'Locked',
		help: 'This resource is locked while something else uses it. Try again later.',
		icon: 'Lock',
		transient: true,
	},
	{
		code: 424,
		reason: 'Failed Dependency',
		help: 'The request depended on another one that failed. Try the whole action again.',
		icon: 'Unplug',
		transient: true,
	},
	{
		code: 425,
		reason: 'Too Early',
		help: 'The server will not risk processing a request that might be replayed. Try again.',
		icon: 'Hourglass',
		transient: true,
	},
	{
		code: 426,
		reason: 'Upgrade Required',
		help: 'The server needs a newer protocol than your browser used. Update your browser, then retry.',
		icon: 'Cog',
	},
	{
		code: 428,
		reason: 'Precondition Required',
		help: 'The server only accepts this change with a version check. Reload the page and try again.',
		icon: 'FileQuestionMark',
	},
	{
		code: 429,
		reason: 'Too Many Requests',
		help: 'You sent too many requests in a short time. Wait a minute, then try again.',
		icon: 'Calendar',
		transient: true,
		headers: { 'Retry-After': '60' },
	},
	{
		code: 431,
		reason: 'Request Header Fields Too Large',
		help: 'Your browser sent more header data than the server accepts, often too many cookies. Clear this site’s cookies and retry.',
		icon: 'FileX',
	},
	{
		code: 451,
		reason: 'Unavailable For Legal Reasons',
		help: 'This page cannot be shown in your region for legal reasons.',
		icon: 'Building',
	},
	{
		code: 500,
		reason: 'Internal Server Error',
		help: 'Something went wrong on our side. Try again in a few minutes.',
		icon: 'Zap',
		transient: true,
	},
	{
		code: 501,
		reason: 'Not Implemented',
		help: 'The server does not support what this request asks for.',
		icon: 'Cog',
	},
	{
		code: 502,
		reason: 'Bad Gateway',
		help: 'A server behind this site sent a broken answer. Try again in a few minutes.',
		icon: 'ServerCrash',
		transient: true,
	},
	{
		code: 503,
		reason: 'Service Unavailable',
		help: 'The site is down for maintenance or overloaded. Please try again shortly.',
		icon: 'Settings',
		transient: true,
		headers: { 'Retry-After': '300' },
	},
	{
		code: 504,
		reason: 'Gateway Timeout',
		help: 'A server behind this site took too long to answer. Try again in a few minutes.',
		icon: 'Clock',
		transient: true,
	},
	{
		code: 505,
		reason: 'HTTP Version Not Supported',
		help: 'The server does not support the HTTP version your browser used. Update your browser.',
		icon: 'Network',
	},
	{
		code: 506,
		reason: 'Variant Also Negotiates',
		help: 'The server is misconfigured and could not pick a version of this page. Try again later.',
		icon: 'ShieldExclamationPoint',
		transient: true,
	},
	{
		code: 507,
		reason: 'Insufficient Storage',
		help: 'The server ran out of space to complete the request. Try again later.',
		icon: 'HardDrive',
		transient: true,
	},
	{
		code: 508,
		reason: 'Loop Detected',
		help: 'The server stopped the request because it went round in a loop. Try again later.',
		icon: 'RotateCw',
		transient: true,
	},
	{
		code: 510,
		reason: 'Not Extended (OBSOLETED)',
		title: '510: Not Extended',
		message: 'Not Extended.',
		help: 'The server needs more information in the request before it can answer.',
		icon: 'ShieldX',
	},
	{
		code: 511,
		reason: 'Network Authentication Required',
		help: 'The network you are on needs you to sign in, often in a browser portal. Sign in, then retry.',
		icon: 'WifiOff',
	},
];

function complete(seed: StatusSeed): StatusEntry {
	return {
		title: `${seed.code}: ${seed.reason}`,
		message: `${seed.reason}.`,
		transient: false,
		headers: {},
		...seed,
	};
}

/** Every catalogued status, in code order. */
export const statusCatalog: readonly StatusEntry[] = seeds.map(complete);

const byCode = new Map(statusCatalog.map((entry) => [entry.code, entry]));

export function isCatalogued(code: number): boolean {
	return byCode.has(code);
}

export function statusByCode(code: number): StatusEntry {
	const entry = byCode.get(code);
	if (!entry) throw new Error(`HTTP status ${code} is not in the catalogue`);
	return entry;
}
