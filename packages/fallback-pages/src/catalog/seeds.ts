/**
 * The facts of each status in the catalogue: its code, the reason phrase the IANA registry gives it,
 * its icon, whether retrying may help, and the headers RFC 9110 asks for. Its texts are the
 * locales' (src/i18n/), which are keyed by these codes; statuses.ts puts the two together.
 */
import type { IconName } from './icons';

/** The facts of a status; its texts are the locales' (`src/i18n/locales/`, English in the catalogue). */
export interface StatusSeed {
	/** The HTTP status code. */
	code: number;
	/** The reason phrase exactly as the IANA registry names it today (RFC 9110). */
	reason: string;
	icon: IconName;
	/** Retrying the same request later may succeed: the page offers "Try again". Default false. */
	transient?: boolean;
	/** Response headers RFC 9110 asks for with this status, where a CDN can send them. Default none. */
	headers?: Readonly<Record<string, string>>;
}

/** Methods a static site answers; what `Allow` on 405 lists. */
export const ALLOWED_METHODS = 'GET, HEAD';

export const seeds = [
	{
		code: 400,
		reason: 'Bad Request',
		icon: 'FileExclamationPoint',
	},
	{
		code: 401,
		reason: 'Unauthorized',
		icon: 'KeyRound',
		// A Bearer challenge satisfies RFC 9110 without making browsers open a login dialog
		// (they only do that for Basic and Digest).
		headers: { 'WWW-Authenticate': 'Bearer' },
	},
	{
		code: 402,
		reason: 'Payment Required',
		icon: 'CreditCard',
	},
	{
		code: 403,
		reason: 'Forbidden',
		icon: 'Lock',
	},
	{
		code: 404,
		reason: 'Not Found',
		icon: 'Search',
	},
	{
		code: 405,
		reason: 'Method Not Allowed',
		icon: 'Ban',
		headers: { Allow: ALLOWED_METHODS },
	},
	{
		code: 406,
		reason: 'Not Acceptable',
		icon: 'FileX',
	},
	{
		code: 407,
		reason: 'Proxy Authentication Required',
		icon: 'LockKeyhole',
	},
	{
		code: 408,
		reason: 'Request Timeout',
		icon: 'Timer',
		transient: true,
	},
	{
		code: 409,
		reason: 'Conflict',
		icon: 'GitMerge',
		transient: true,
	},
	{
		code: 410,
		reason: 'Gone',
		icon: 'Bookmark',
	},
	{
		code: 411,
		reason: 'Length Required',
		icon: 'Ruler',
	},
	{
		code: 412,
		reason: 'Precondition Failed',
		icon: 'FileQuestionMark',
	},
	{
		code: 413,
		reason: 'Content Too Large',
		icon: 'HardDrive',
	},
	{
		code: 414,
		reason: 'URI Too Long',
		icon: 'Ruler',
	},
	{
		code: 415,
		reason: 'Unsupported Media Type',
		icon: 'FileX',
	},
	{
		code: 416,
		reason: 'Range Not Satisfiable',
		icon: 'FileQuestionMark',
	},
	{
		code: 417,
		reason: 'Expectation Failed',
		icon: 'FileExclamationPoint',
	},
	{
		code: 418,
		// The registry reserves 418 without a name (RFC 9110, section 15.5.19): it is shown as
		// the name the world knows it by.
		reason: '(Unused)',
		icon: 'Coffee',
	},
	{
		code: 421,
		reason: 'Misdirected Request',
		icon: 'Route',
		transient: true,
	},
	{
		code: 422,
		reason: 'Unprocessable Content',
		icon: 'FileExclamationPoint',
	},
	{
		code: 423,
		reason: 'Locked',
		icon: 'Lock',
		transient: true,
	},
	{
		code: 424,
		reason: 'Failed Dependency',
		icon: 'Unplug',
		transient: true,
	},
	{
		code: 425,
		reason: 'Too Early',
		icon: 'Hourglass',
		transient: true,
	},
	{
		code: 426,
		reason: 'Upgrade Required',
		icon: 'Cog',
	},
	{
		code: 428,
		reason: 'Precondition Required',
		icon: 'FileQuestionMark',
	},
	{
		code: 429,
		reason: 'Too Many Requests',
		icon: 'Calendar',
		transient: true,
		headers: { 'Retry-After': '60' },
	},
	{
		code: 431,
		reason: 'Request Header Fields Too Large',
		icon: 'FileX',
	},
	{
		code: 451,
		reason: 'Unavailable For Legal Reasons',
		icon: 'Building',
	},
	{
		code: 500,
		reason: 'Internal Server Error',
		icon: 'Zap',
		transient: true,
	},
	{
		code: 501,
		reason: 'Not Implemented',
		icon: 'Cog',
	},
	{
		code: 502,
		reason: 'Bad Gateway',
		icon: 'ServerCrash',
		transient: true,
	},
	{
		code: 503,
		reason: 'Service Unavailable',
		icon: 'Settings',
		transient: true,
		headers: { 'Retry-After': '300' },
	},
	{
		code: 504,
		reason: 'Gateway Timeout',
		icon: 'Clock',
		transient: true,
	},
	{
		code: 505,
		reason: 'HTTP Version Not Supported',
		icon: 'Network',
	},
	{
		code: 506,
		reason: 'Variant Also Negotiates',
		icon: 'ShieldExclamationPoint',
		transient: true,
	},
	{
		code: 507,
		reason: 'Insufficient Storage',
		icon: 'HardDrive',
		transient: true,
	},
	{
		code: 508,
		reason: 'Loop Detected',
		icon: 'RotateCw',
		transient: true,
	},
	{
		code: 510,
		reason: 'Not Extended (OBSOLETED)',
		icon: 'ShieldX',
	},
	{
		code: 511,
		reason: 'Network Authentication Required',
		icon: 'WifiOff',
	},
] as const satisfies readonly StatusSeed[];

/** Every catalogued status code: a locale's catalogue must name each one. */
export type StatusCode = (typeof seeds)[number]['code'];
