/**
 * English, the default locale. The status texts of 400, 401, 403, 404, 405, 500 and the two
 * application error screens are the framework's own, word for word; the other names are the IANA
 * registry's reason phrases (RFC 9110), except 418 and 510, shown by their common names.
 */
import type { Messages } from '../messages';

export default {
	lang: 'en',
	dir: 'ltr',
	endonym: 'English',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Bad Request',
			help: 'The server could not understand the request. Check the address or form and try once more.',
		},
		401: {
			name: 'Unauthorized',
			message: "You're not authorized to access this page.",
			help: 'This page needs you to sign in. Sign in, then open it again.',
		},
		402: {
			name: 'Payment Required',
			help: 'This content needs an active payment or subscription. Check your billing, then try again.',
		},
		403: {
			name: 'Forbidden',
			message: 'This page could not be accessed.',
			help: 'You do not have permission to view this page. Ask the site owner if you think you should.',
		},
		404: {
			name: 'Not Found',
			message: 'This page could not be found.',
			help: 'The address may be mistyped, or the page has moved. Check the link or start from the home page.',
		},
		405: {
			name: 'Method Not Allowed',
			help: 'This address does not accept that kind of request. Open it as a normal link instead.',
		},
		406: {
			name: 'Not Acceptable',
			help: 'The server has no version of this page in a format your browser accepts.',
		},
		407: {
			name: 'Proxy Authentication Required',
			help: 'A proxy between you and this site needs you to sign in. Sign in to the proxy, then retry.',
		},
		408: {
			name: 'Request Timeout',
			help: 'Your browser took too long to send the request. Check your connection and try again.',
		},
		409: {
			name: 'Conflict',
			help: 'The request clashes with the current state of the page, often after another edit. Reload and try again.',
		},
		410: {
			name: 'Gone',
			help: 'This page was removed on purpose and will not come back. Please update your bookmarks.',
		},
		411: {
			name: 'Length Required',
			help: 'The request did not say how large it was, so the server refused it. Try again from the site itself.',
		},
		412: {
			name: 'Precondition Failed',
			help: 'The page changed since your browser last saw it. Reload it and try again.',
		},
		413: {
			name: 'Content Too Large',
			help: 'What you sent is larger than the server accepts. Send a smaller file or less data.',
		},
		414: {
			name: 'URI Too Long',
			help: 'The address is longer than the server accepts. Use a shorter link.',
		},
		415: {
			name: 'Unsupported Media Type',
			help: 'The server does not accept the type of file or data you sent. Try another format.',
		},
		416: {
			name: 'Range Not Satisfiable',
			help: 'The part of the file your browser asked for does not exist. Download the whole file again.',
		},
		417: {
			name: 'Expectation Failed',
			help: 'The server cannot meet what the request expected of it. Try again without special settings.',
		},
		418: {
			name: "I'm a teapot",
			help: 'This code is reserved and no real server sends it. Whatever you asked for, it is not here.',
		},
		421: {
			name: 'Misdirected Request',
			help: 'The request reached a server that cannot answer for this site. Try again in a moment.',
		},
		422: {
			name: 'Unprocessable Content',
			help: 'The server understood the request but could not act on its content. Check what you entered.',
		},
		423: {
			name: 'Locked',
			help: 'This resource is locked while something else uses it. Try again later.',
		},
		424: {
			name: 'Failed Dependency',
			help: 'The request depended on another one that failed. Try the whole action again.',
		},
		425: {
			name: 'Too Early',
			help: 'The server will not risk processing a request that might be replayed. Try again.',
		},
		426: {
			name: 'Upgrade Required',
			help: 'The server needs a newer protocol than your browser used. Update your browser, then retry.',
		},
		428: {
			name: 'Precondition Required',
			help: 'The server only accepts this change with a version check. Reload the page and try again.',
		},
		429: {
			name: 'Too Many Requests',
			help: 'You sent too many requests in a short time. Wait a minute, then try again.',
		},
		431: {
			name: 'Request Header Fields Too Large',
			help: 'Your browser sent more header data than the server accepts, often too many cookies. Clear this site’s cookies and retry.',
		},
		451: {
			name: 'Unavailable For Legal Reasons',
			help: 'This page cannot be shown in your region for legal reasons.',
		},
		500: {
			name: 'Internal Server Error',
			help: 'Something went wrong on our side. Try again in a few minutes.',
		},
		501: {
			name: 'Not Implemented',
			help: 'The server does not support what this request asks for.',
		},
		502: {
			name: 'Bad Gateway',
			help: 'A server behind this site sent a broken answer. Try again in a few minutes.',
		},
		503: {
			name: 'Service Unavailable',
			help: 'The site is down for maintenance or overloaded. Please try again shortly.',
		},
		504: {
			name: 'Gateway Timeout',
			help: 'A server behind this site took too long to answer. Try again in a few minutes.',
		},
		505: {
			name: 'HTTP Version Not Supported',
			help: 'The server does not support the HTTP version your browser used. Update your browser.',
		},
		506: {
			name: 'Variant Also Negotiates',
			help: 'The server is misconfigured and could not pick a version of this page. Try again later.',
		},
		507: {
			name: 'Insufficient Storage',
			help: 'The server ran out of space to complete the request. Try again later.',
		},
		508: {
			name: 'Loop Detected',
			help: 'The server stopped the request because it went round in a loop. Try again later.',
		},
		510: {
			name: 'Not Extended',
			help: 'The server needs more information in the request before it can answer.',
		},
		511: {
			name: 'Network Authentication Required',
			help: 'The network you are on needs you to sign in, often in a browser portal. Sign in, then retry.',
		},
	},
	actions: {
		label: 'What you can do',
		home: 'Go back home',
		retry: 'Try again',
		support: 'Contact support',
		status: 'Status page',
	},
	applicationError: {
		title: 'Application error: a client-side exception has occurred',
		heading: 'Application error',
		message:
			'Application error: a client-side exception has occurred (see the browser console for more information).',
		help: 'Reloading the page often helps. If it keeps happening, please come back later.',
	},
	globalError: {
		title: 'Application error',
		heading: 'Application error',
		help: 'Reloading the page often helps. If it keeps happening, please come back later.',
		client:
			'Application error: a client-side exception has occurred while loading {host} (see the browser console for more information).',
		server:
			'Application error: a server-side exception has occurred while loading {host} (see the server logs for more information).',
		digest: 'Digest: {digest}',
	},
	languages: 'Other languages',
	requestId: 'Request ID: {id}',
	preview: {
		label: 'Deploy preview',
		preview: 'Preview',
		branch: 'branch',
		commit: 'commit',
		allPages: 'All pages',
	},
	gallery: {
		title: '{site}: every error page',
		description: 'All {count} error pages of {site}, each with its status code.',
		intro:
			'{count} pages, each opened at its real address and served with its own status code; each picture shows the page in the light and the dark scheme.',
		clientErrors: 'Client errors (4xx)',
		serverErrors: 'Server errors (5xx)',
		applicationErrors: 'Application errors',
		context: 'Context',
		branch: 'Branch',
		commit: 'Commit',
		deployUrl: 'Deploy URL',
		built: 'Built',
		unknown: 'unknown',
	},
} as const satisfies Messages;
