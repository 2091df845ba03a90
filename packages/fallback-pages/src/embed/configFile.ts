/**
 * The CLI's config file (`fallback.config.mjs`): an ES module whose default export is the object
 * `fallback({ ... })` takes, checked by the same schema with the same messages.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { optionProblems, type FallbackOptions } from '../config/options';
import { FallbackError, UsageError } from '../errors';

export const DEFAULT_CONFIG_FILE = 'fallback.config.mjs';

/** A path as the user would write it: relative to the working folder when inside it. */
export const shown = (path: string) => {
	const near = relative(process.cwd(), path);
	return near.startsWith('..') || isAbsolute(near) ? path : near;
};

/**
 * Where an error points in the config file (`:3`): from Node's stack for an error the file threw,
 * and for a syntax error (whose stack names no line) from Node's own syntax check of the file.
 */
function location(error: Error, file: string): string {
	if (error.name === 'SyntaxError') {
		const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
		const match = check.stderr.split('\n')[0]?.match(/:(\d+)$/);
		if (match) return `:${match[1]}`;
	}
	const url = pathToFileURL(file).href;
	const line = (error.stack ?? '').split('\n').find((text) => text.includes(url));
	const match = line?.match(/:(\d+)(?::\d+)?\)?\s*$/);
	return match ? `:${match[1]}` : '';
}

/**
 * The options in `file`, with `brand.logo` made absolute (it is written relative to the file).
 * No file at the default path: the defaults. Throws a one-line error for a missing file that was
 * named, a file that does not load, a default export that is not an object, and an OptionsError's
 * lines for options the schema refuses.
 */
export async function readConfigFile(file: string | undefined): Promise<{
	options: FallbackOptions;
	source: string;
}> {
	const path = resolve(file ?? DEFAULT_CONFIG_FILE);
	if (!existsSync(path)) {
		if (file !== undefined) throw new UsageError(`${shown(path)}: no such file`);
		return { options: {}, source: 'defaults' };
	}
	let module: { default?: unknown };
	try {
		module = (await import(pathToFileURL(path).href)) as { default?: unknown };
	} catch (error) {
		const reason = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
		throw new FallbackError(
			`${shown(path)}${error instanceof Error ? location(error, path) : ''}: ${reason}`,
		);
	}
	const options = module.default;
	if (typeof options !== 'object' || options === null || Array.isArray(options)) {
		throw new FallbackError(
			`${shown(path)}: its default export must be the options object (export default { site: { name: '…' } }), not ${options === undefined ? 'missing' : Array.isArray(options) ? 'an array' : typeof options}`,
		);
	}
	const problems = optionProblems(options);
	if (problems.length > 0)
		throw new FallbackError(problems.map((problem) => `${shown(path)}: ${problem}`).join('\n'));
	const given = options as FallbackOptions;
	if (given.layout !== undefined) {
		throw new FallbackError(
			`${shown(path)}: layout (${given.layout}) is a layout of an Astro site, for fallback() in its astro.config.mjs; this file builds the pages outside any Astro site (the command, the Netlify plugin). For a site built otherwise, mark the element of its own 404.html that holds the message with data-fallback: embed and the Netlify plugin put every page into it.`,
		);
	}
	const logo = given.brand?.logo;
	return {
		options:
			typeof logo === 'string'
				? { ...given, brand: { ...given.brand, logo: resolve(dirname(path), logo) } }
				: given,
		source: shown(path),
	};
}
