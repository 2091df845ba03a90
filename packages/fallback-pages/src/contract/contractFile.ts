/**
 * `contract.json`: the route contract as a build writes it, for `verify`, `embed`, the Netlify
 * plugin and any later version of Fallback that reads it. It carries the version of its schema and
 * of the fallback-pages that wrote it; a reader takes the same major version of the schema (a newer
 * minor only adds optional keys, which it ignores) and refuses anything else with one line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageVersion } from '../version';
import { CONTRACT_NAME, type RouteContract } from './contract';
import { routeContractSchema } from './schema';

/**
 * `major.minor`: a new major when a reader of the old one would misread the file. 1.1: `requestId`;
 * 1.2: `galleries`; 1.3: `sitePage` on another locale's page (a site's own `[lang]/404`).
 */
export const CONTRACT_SCHEMA_VERSION = '1.3';

const majorOf = (version: string) => version.split('.')[0];

/** The contract's file text: its versions first, tab-indented JSON, one final line break. */
export function contractJson(contract: RouteContract): string {
	const file = { schemaVersion: CONTRACT_SCHEMA_VERSION, fallbackVersion: packageVersion, ...contract };
	return `${JSON.stringify(file, null, '\t')}\n`;
}

/** The contract in a file's text; `source` names the file in the one-line error. */
export function parseContract(text: string, source: string): RouteContract {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new Error(`${source} is not JSON: ${(error as Error).message}`);
	}
	const rebuild = `build again with this fallback-pages (${packageVersion})`;
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new Error(`${source} is not a route contract (not a JSON object): ${rebuild}.`);
	}
	const { schemaVersion, fallbackVersion, ...contract } = parsed as Record<string, unknown>;
	if (typeof schemaVersion !== 'string' || !/^\d+\.\d+$/.test(schemaVersion)) {
		throw new Error(
			`${source} has no contract schema version: an older Fallback wrote it, or it is no route contract; ${rebuild}.`,
		);
	}
	if (majorOf(schemaVersion) !== majorOf(CONTRACT_SCHEMA_VERSION)) {
		const writer = typeof fallbackVersion === 'string' ? fallbackVersion : 'an unknown version';
		throw new Error(
			`${source} was written by fallback-pages ${writer} (contract schema ${schemaVersion}); this fallback-pages (${packageVersion}) reads schema ${majorOf(CONTRACT_SCHEMA_VERSION)}.x: ${rebuild}, or use fallback-pages ${writer} to read it.`,
		);
	}
	const result = routeContractSchema.safeParse(contract);
	if (!result.success) {
		const [first, ...more] = result.error.issues;
		const at = first!.path.length > 0 ? first!.path.join('.') : '(the contract)';
		throw new Error(
			`${source} is not a valid route contract (schema ${schemaVersion}): ${at}: ${first!.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}; ${rebuild}.`,
		);
	}
	return result.data;
}

/**
 * Where a build writes its host configs and contract: `<folder>-hosts/` beside its output folder
 * (`dist-hosts/`); for a build into the project's `dist/`, the `hostsDir` option when it names one
 * (the starter's `hosts/`). A build into another folder (a preview build into `.preview/`, the
 * build tests' temp folders) always writes beside it, so that no other build replaces the files
 * that belong to dist/. Absolute paths in, absolute path out (with a trailing slash); `root` is
 * needed with `hostsDir` only.
 */
export function hostsDirOf(outDir: string, root?: string, hostsDir?: string): string {
	const folder = resolve(outDir);
	return hostsDir !== undefined && root !== undefined && folder === resolve(root, 'dist')
		? join(resolve(root, hostsDir), '/')
		: `${folder}-hosts/`;
}

/** The contract in a file; throws one line saying what is wrong. */
export function readContractFile(file: string): RouteContract {
	if (!existsSync(file)) {
		throw new Error(
			`${file} does not exist: build first (the build writes the contract beside the host configs), or name the contract with --contract when the hostsDir option put it elsewhere.`,
		);
	}
	return parseContract(readFileSync(file, 'utf8'), file);
}

/**
 * Whether a folder holds Fallback's route contract: one Fallback wrote whole (the pages embedded in
 * a site, the host configs, the command's output), and may therefore replace.
 */
export const holdsContract = (folder: string): boolean => existsSync(join(folder, CONTRACT_NAME));

/**
 * Whether Fallback may replace a folder: absent, empty, or one it wrote (`wrote`; by default, it
 * holds the route contract). Anything else, a file included, is somebody else's.
 */
export function mayReplace(folder: string, wrote: (folder: string) => boolean = holdsContract): boolean {
	if (!existsSync(folder)) return true;
	if (!statSync(folder).isDirectory()) return false;
	return readdirSync(folder).length === 0 || wrote(folder);
}
