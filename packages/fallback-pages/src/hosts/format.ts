/**
 * Writing values into config files safely. Every value that reaches a config goes through one of
 * these: it comes out escaped for that format, or the build stops with a message naming where the
 * value came from. Comments and file headers are here too.
 */

import { baseOf, type RouteContract } from '../contract/contract';

/** A file a generator writes: a path relative to the folder it goes to, and its text. */
export interface HostConfigFile {
	/** Path with `/` separators: `nginx/fallback-standalone.conf`, `_redirects`. */
	path: string;
	content: string;
}

/**
 * The longest file name Linux file systems take (NAME_MAX). A longer path segment names no file;
 * servers that look it up anyway fail oddly (Caddy with 500, Apache with 403), so the configs
 * answer it as an unknown path first.
 */
export const longestFileName = 255;

/** A value that cannot be written safely into a config format. */
export class UnsafeConfigValue extends Error {
	constructor(what: string, value: string, reason: string) {
		super(`${what}: ${JSON.stringify(value)} ${reason}`);
		this.name = 'UnsafeConfigValue';
	}
}

function rejectControlCharacters(value: string, what: string) {
	if (/[\u0000-\u001f\u007f]/.test(value)) {
		throw new UnsafeConfigValue(what, value, 'contains a line break or another control character');
	}
}

/**
 * A URL path as a regular expression that matches it literally, for configs that cannot quote a
 * backslash (Caddyfile, Apache): only letters, digits and `._~/-` are accepted, and a dot is
 * written `[.]`.
 */
export function literalPathPattern(path: string): string {
	if (!/^\/[A-Za-z0-9._~/-]*$/.test(path)) {
		throw new UnsafeConfigValue('route path', path, "has characters other than letters, digits and '._~/-'");
	}
	return path.replace(/\./g, '[.]');
}

/**
 * A URL path for a config that takes it literally (Traefik's `PathPrefix`, an Ingress path): checked
 * as `literalPathPattern` checks it, and returned as it is, its dots not escaped.
 */
export function literalPath(path: string): string {
	literalPathPattern(path); // throws, naming the path, on any other character
	return path;
}

/** A regular expression for exactly these paths, written with `literalPathPattern`. */
export function exactPathsPattern(paths: readonly string[]): string {
	return `${pathPrefixesPattern(paths)}$`;
}

/** A regular expression for any path that starts with one of these (`/api/`, `/problem/`). */
export function pathPrefixesPattern(prefixes: readonly string[]): string {
	return `^(?:${prefixes.map(literalPathPattern).join('|')})`;
}

/**
 * A regular expression for the paths a maintenance lets through (Maintenance.allowedPaths): an
 * exact path (`/healthz`) up to the end, a prefix (`/status/`) and anything under it.
 */
export function allowedPathsPattern(paths: readonly string[]): string {
	return `^(?:${paths.map((path) => `${literalPathPattern(path)}${path.endsWith('/') ? '' : '$'}`).join('|')})`;
}

/** An HTTP header name: an RFC 9110 token. */
export function headerName(name: string, what: string): string {
	if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
		throw new UnsafeConfigValue(what, name, 'is not a valid header name');
	}
	return name;
}

/** A value on one line of its own (Netlify `_headers`): no line breaks. */
export function oneLine(value: string, what: string): string {
	rejectControlCharacters(value, what);
	return value;
}

/**
 * A double-quoted nginx string. nginx expands `$name` inside quotes and has no escape for `$`, so
 * a value with `$` is refused; `"` and `\` are escaped.
 */
export function nginxString(value: string, what: string): string {
	rejectControlCharacters(value, what);
	if (value.includes('$')) {
		throw new UnsafeConfigValue(what, value, "contains '$', which nginx would read as a variable");
	}
	return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * A regular expression as a double-quoted nginx string (after `~` or `!~` in an `if`), where `$` is
 * its end anchor, not a variable. A quote or backslash is refused.
 */
export function nginxPattern(pattern: string, what: string): string {
	rejectControlCharacters(pattern, what);
	if (/["\\]/.test(pattern)) {
		throw new UnsafeConfigValue(what, pattern, 'contains a quote or backslash');
	}
	return `"${pattern}"`;
}

/** A regular expression as a double-quoted nginx map key: `"~…"`. */
export function nginxRegex(pattern: string, what: string): string {
	return `"~${nginxPattern(pattern, what).slice(1)}`;
}

/**
 * A double-quoted Caddyfile token. Caddy expands `{placeholders}` inside quotes; `\{` and `\}`
 * keep braces literal. Its lexer unescapes only `\"`, so a backslash cannot be written: refused.
 */
export function caddyString(value: string, what: string): string {
	rejectControlCharacters(value, what);
	if (value.includes('\\')) {
		throw new UnsafeConfigValue(what, value, 'contains a backslash, which a Caddyfile cannot quote');
	}
	return `"${value.replace(/"/g, '\\"').replace(/[{}]/g, '\\$&')}"`;
}

/**
 * A double-quoted Apache argument. Apache unescapes only `\"` in quotes, so a backslash cannot be
 * written: refused.
 */
export function apacheString(value: string, what: string): string {
	rejectControlCharacters(value, what);
	if (value.includes('\\')) {
		throw new UnsafeConfigValue(what, value, 'contains a backslash, which Apache cannot quote');
	}
	return `"${value.replace(/"/g, '\\"')}"`;
}

/** An Apache `Header set` value: mod_headers reads `%…` as a format, `%%` is a literal `%`. */
export function apacheHeaderValue(value: string, what: string): string {
	return apacheString(value.replace(/%/g, '%%'), what);
}

/**
 * A double-quoted HAProxy word (configuration manual 2.2, "Quoting and escaping"): inside double
 * quotes HAProxy still reads backslash escapes and expands `$NAME` environment variables, so a
 * backslash, `"` and `$` are escaped; a line break has no place in a config line: refused.
 */
export function haproxyString(value: string, what: string): string {
	rejectControlCharacters(value, what);
	return `"${value.replace(/["\\$]/g, '\\$&')}"`;
}

/**
 * An HAProxy log-format string (a header value of `set-header`, `hdr`): `%` starts a variable or a
 * sample there, `%%` is a literal `%`; then quoted as a word.
 */
export function haproxyLogFormat(value: string, what: string): string {
	return haproxyString(value.replace(/%/g, '%%'), what);
}

/**
 * A regular expression as a single-quoted HAProxy word: nothing is interpreted inside single quotes
 * (the manual's advice for regexes), and nothing can escape a single quote there: refused.
 */
export function haproxyRegex(pattern: string, what: string): string {
	rejectControlCharacters(pattern, what);
	if (pattern.includes("'")) {
		throw new UnsafeConfigValue(
			what,
			pattern,
			'contains a single quote, which HAProxy cannot strongly quote',
		);
	}
	return `'${pattern}'`;
}

/**
 * A value written bare where HAProxy parses a second level of arguments (`str(…)`, an ACL value): only
 * letters, digits and `. _ - / ~`, nothing a quote, comma, parenthesis or space could split.
 */
export function haproxyWord(value: string, what: string): string {
	if (!/^[A-Za-z0-9._~/-]+$/.test(value)) {
		throw new UnsafeConfigValue(what, value, "has characters other than letters, digits and '._~/-'");
	}
	return value;
}

/** `# text` comment lines, for the config formats that use `#` (nginx, Caddy, Apache, TOML). */
export function hashComment(text: string | readonly string[], indent = ''): string {
	return (typeof text === 'string' ? text.split('\n') : text)
		.map((line) => (line ? `${indent}# ${line}` : `${indent}#`))
		.join('\n');
}

/** The comment every generated file starts with: what it is, how to install it, where it came from. */
export function fileHeader(lines: readonly string[]): string {
	return hashComment([
		...lines,
		'Generated by Fallback from its route contract; each build writes it again.',
	]);
}

/**
 * Where a build put the pages and the host files, relative to the project's root (where a team runs
 * `docker compose` or `docker build`): `dist` and `dist-hosts` from an Astro site, `fallback` and
 * `fallback-hosts` from the command, `dist` and `hosts` in the release archive.
 */
export interface BuildFolders {
	pages: string;
	hosts: string;
}

/** An Astro site's folders with the default options. */
export const ASTRO_FOLDERS: BuildFolders = { pages: 'dist', hosts: 'dist-hosts' };

/**
 * In a site-mode file's header, for pages under a base (a contract at the server's root,
 * atServerRoot): where the server's root must hold them. Nothing for pages at the root.
 */
export function pagesFolderLines(contract: RouteContract): string[] {
	const base = baseOf(contract);
	if (base === '/') return [];
	return [
		`Fallback's pages are under ${base}, and the root holds every file at the path it is served at: a`,
		'site built to be served under a base goes into that folder of the root, not the root itself.',
	];
}

/**
 * In a proxy config's header: the app's 4xx that pass untouched — all of them, or the others where
 * the option replaceAppStatuses replaces some.
 */
export function passedFourxx(replaced: readonly { status: number }[]): string {
	const fourxx = replaced.filter((route) => route.status < 500).map((route) => route.status);
	return fourxx.length === 0 ? "the app's own 4xx" : `the app's 4xx but ${fourxx.join(', ')}`;
}
