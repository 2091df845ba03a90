/**
 * `npm run embed -- --into <folder> [--prefix /fallback/]`: adds Fallback's pages to an existing
 * site's publish folder (or the folder copied into it, such as `public/`).
 *
 * - The pages, stylesheet and script go under the prefix (`<folder>/fallback/`); the command
 *   refuses to start if that folder exists, and never replaces a file.
 * - Fallback's rules are appended to the end of the site's `_redirects` and `_headers` (created
 *   when absent): every existing line stays as it is, and the site's own rules keep winning.
 * - The pages carry no inline code, so a strict site-wide CSP such as `default-src 'self'` holds.
 */
import { spawnSync } from 'node:child_process';
import {
	appendFileSync,
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
	DEFAULT_EMBED_PREFIX,
	EMBED_MARK,
	EMBED_PREFIX_VARIABLE,
	embedPrefixProblem,
} from '../packages/fallback-pages/src/config/embed.ts';

const ruleFiles = ['_redirects', '_headers'] as const;

function fail(message: string): never {
	console.error(`embed: ${message}`);
	process.exit(1);
}

const { values } = parseArgs({
	options: { into: { type: 'string' }, prefix: { type: 'string', default: DEFAULT_EMBED_PREFIX } },
});
if (!values.into)
	fail('say where the site is: npm run embed -- --into <publish folder> [--prefix /fallback/]');
const target = resolve(values.into);
const prefix = values.prefix;
const prefixProblem = embedPrefixProblem(prefix);
if (prefixProblem) fail(`--prefix ${prefixProblem}`);
if (!existsSync(target) || !statSync(target).isDirectory()) fail(`${values.into} is not a folder`);

// Everything is checked before anything is written: a refusal leaves the site as it was.
const pagesDir = join(target, prefix);
if (existsSync(pagesDir)) {
	fail(
		`${join(values.into, prefix)} already exists; nothing was written. Remove it (and Fallback's block at the end of _redirects and _headers) to embed again.`,
	);
}
for (const name of ruleFiles) {
	const file = join(target, name);
	if (existsSync(file) && readFileSync(file, 'utf8').includes(EMBED_MARK)) {
		fail(`${name} already holds Fallback's rules; nothing was written. Remove that block to embed again.`);
	}
}
const siteRedirects = join(target, '_redirects');
const catchAll = existsSync(siteRedirects)
	? readFileSync(siteRedirects, 'utf8')
			.split('\n')
			.findIndex((line) => /^\s*\/\*\s/.test(line))
	: -1;

console.log(`embed: building the pages for ${prefix} …`);
const build = mkdtempSync(join(tmpdir(), 'fallback-embed-'));
const started = Date.now();
const result = spawnSync('astro', ['build', '--outDir', build], {
	stdio: ['ignore', 'ignore', 'inherit'],
	env: { ...process.env, [EMBED_PREFIX_VARIABLE]: prefix },
});
if (result.status !== 0) {
	rmSync(build, { recursive: true, force: true });
	fail(`the build failed (exit ${result.status ?? result.signal}); its errors are above`);
}
console.log(`embed: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const pageFiles = readdirSync(build).filter((name) => !(ruleFiles as readonly string[]).includes(name));
for (const name of pageFiles) {
	cpSync(join(build, name), join(pagesDir, name), { recursive: true, errorOnExist: true, force: false });
}
for (const name of ruleFiles) {
	const file = join(target, name);
	const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
	const separator = existing === '' ? '' : existing.endsWith('\n') ? '\n' : '\n\n';
	appendFileSync(file, separator + readFileSync(join(build, name), 'utf8'));
	console.log(
		`embed: ${existing === '' ? 'wrote' : "appended Fallback's rules to"} ${join(values.into, name)}`,
	);
}
rmSync(build, { recursive: true, force: true });

console.log(
	`embed: wrote ${pageFiles.length} files and folders to ${join(values.into, prefix)} (gallery: ${prefix})`,
);
if (catchAll >= 0) {
	console.warn(
		`embed: warning: _redirects line ${catchAll + 1} already sends /* somewhere; Fallback's not-found rule comes after it and will not apply to unknown paths.`,
	);
}
