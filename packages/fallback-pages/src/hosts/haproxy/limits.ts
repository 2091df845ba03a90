/**
 * HAProxy answers each error from memory (`return` with a file's content), so every page and
 * document must fit its buffer: the sizes of the generated configs, the files they serve, and the
 * build's check that each fits.
 */
import {
	errorRoutes,
	pageFileParts,
	type PageRoute,
	type RouteContract,
	localePrefix,
} from '../../contract/contract';
import { acceptPatterns, formats, type ErrorFormat } from '../mediaType';

/**
 * `tune.bufsize` of the generated configs. A `return`'s payload must be smaller than a buffer
 * (HAProxy refuses to start otherwise), and leave `tune.maxrewrite` free for the headers; the
 * galleries are about 110–120 KB with five locales. HAProxy takes a buffer only while a stream
 * needs one (an idle keep-alive connection holds none), an active stream up to two.
 */
export const haproxyBufferSize = 262_144;

/** HAProxy's default `tune.maxrewrite`: buffer space kept free for rewriting headers. */
const haproxyMaxRewrite = 1024;

/** Room for the headers http-after-response adds (the CSP is the longest, about 1 KB). */
const headerAllowance = 8192;

/** The largest page a generated config can answer with: the buffer, less the room for headers. */
export const haproxyPayloadLimit = haproxyBufferSize - haproxyMaxRewrite - headerAllowance;

/**
 * What HAProxy answers itself when the app fails in ways other than an error answer: a refused
 * connection (after its retries) is 503 "no server available", a `timeout server` is 504.
 */
export const haproxyProxyFailureStatuses = { unreachable: 503, timeout: 504 } as const;

/**
 * The statuses HAProxy raises itself (configuration manual, `http-error`): those have an
 * `http-error` with their page. A `return` takes any status from 200 to 599.
 */
export const ownErrorStatuses = [
	400, 401, 403, 404, 405, 407, 408, 410, 413, 425, 429, 500, 501, 502, 503, 504,
];

/** A file that answers an error: its path in dist/ (also its key), its status and media type. */
interface ErrorFile {
	file: string;
	status: number;
	type: string;
	/** The locale folder (`de/`, or '' for the default locale) and the format. */
	folder: string;
	format: ErrorFormat;
}

/** The page's file in each format: `de/404.html`, `de/problem/404.json`, `de/problem/404.txt`. */
export function errorFiles(route: PageRoute): ErrorFile[] {
	const { folder, name } = pageFileParts(route.file);
	return acceptPatterns.map(({ format }) => {
		const { folder: formatFolder, extension, type } = formats[format];
		const file = `${folder}${formatFolder}${name}.${extension}`;
		// The rules build this path from its parts; the contract must agree on where the files are.
		if (format === 'problem' && file !== route.problemFile) {
			throw new Error(`HAProxy: ${route.path}'s problem document is ${route.problemFile}, not ${file}`);
		}
		return { file, status: route.status, type, folder, format };
	});
}

/** Every file a config of this contract loads, with the largest first: what must fit in a buffer. */
export function haproxyServedFiles(contract: RouteContract): string[] {
	const galleries = [contract.defaultLocale, ...contract.otherLocales].map((locale) =>
		galleryFile(contract, locale),
	);
	return [
		...galleries,
		...errorRoutes(contract).flatMap((route) => errorFiles(route).map(({ file }) => file)),
	];
}

/** The files too large for HAProxy's buffer (`sizeOf` gives a file's bytes), and their sizes. */
export function haproxyOversizedFiles(
	contract: RouteContract,
	sizeOf: (file: string) => number,
): { file: string; bytes: number }[] {
	return haproxyServedFiles(contract)
		.map((file) => ({ file, bytes: sizeOf(file) }))
		.filter(({ bytes }) => bytes > haproxyPayloadLimit);
}

/**
 * HAProxy answers with pages it holds in one buffer: a page that does not fit would stop it. Throws,
 * naming each page too big, before any config is written.
 */
export function checkHaproxyFits(contract: RouteContract, sizeOf: (file: string) => number): void {
	const oversized = haproxyOversizedFiles(contract, sizeOf);
	if (oversized.length > 0) {
		throw new Error(
			`hosts/haproxy: ${oversized.map(({ file, bytes }) => `${file} (${bytes} B)`).join(', ')} exceed the ${haproxyPayloadLimit} B a page may have in HAProxy's buffer`,
		);
	}
}

/** A locale's gallery: `index.html`, `de/index.html`. */
export const galleryFile = (contract: RouteContract, locale: string) =>
	`${localePrefix(contract, locale)}${contract.indexFile}`;
