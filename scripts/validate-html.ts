/**
 * The Nu HTML Checker (vnu, from the `vnu-jar` package, on the machine's Java 17+) on built pages.
 *
 * As a module: `validateFiles` checks files and returns each page's messages, split into errors,
 * warnings, infos and messages the allow-list (quality/htmlValidation.ts) accepts.
 *
 * As a script (`node scripts/validate-html.ts`): checks every page in dist/, prints per-page counts
 * and every message, and exits 1 on any error or warning the allow-list does not accept.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allowedHtmlMessages, type AllowedMessage } from '../quality/htmlValidation.ts';

const run = promisify(execFile);
const dist = new URL('../dist/', import.meta.url);

/** vnu.jar's path: the `vnu-jar` package exports it as its main value. */
export const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar') as unknown);

/** One message as vnu's JSON output gives it. */
export interface VnuMessage {
	type: 'error' | 'info' | 'non-document-error';
	subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal';
	url?: string;
	message: string;
	extract?: string;
	firstLine?: number;
	lastLine?: number;
	firstColumn?: number;
	lastColumn?: number;
}

export interface PageValidation {
	/** File name, e.g. `404.html`. */
	page: string;
	errors: VnuMessage[];
	warnings: VnuMessage[];
	/** Informational notes (not warnings); reported, never failing. */
	infos: VnuMessage[];
	/** Errors and warnings the allow-list accepts, with its reason. */
	allowed: { message: VnuMessage; reason: string }[];
}

function severity(message: VnuMessage): 'error' | 'warning' | 'info' {
	if (message.type === 'info') return message.subType === 'warning' ? 'warning' : 'info';
	return 'error';
}

function allowance(page: string, message: VnuMessage, allowList: readonly AllowedMessage[]) {
	return allowList.find(
		(entry) => (!entry.pages || entry.pages.includes(page)) && entry.message.test(message.message),
	);
}

/** Runs vnu once on `files` (paths) and returns its messages; throws when vnu cannot run. */
export async function runVnu(
	files: readonly string[],
): Promise<{ version: string; messages: VnuMessage[]; checked: string[] }> {
	let output: { stdout: string; stderr: string };
	try {
		output = await run(
			'java',
			['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', '--verbose', ...files],
			{ maxBuffer: 64 * 1024 * 1024 },
		);
	} catch (error) {
		const detail = error instanceof Error ? error.message : String(error);
		throw new Error(
			`vnu could not run (is Java 17+ installed? Debian: apt-get install default-jre-headless):\n${detail}`,
		);
	}
	const { version, messages } = JSON.parse(output.stdout) as { version: string; messages: VnuMessage[] };
	// --verbose names every document vnu actually checked, one per line, on stderr.
	const checked = output.stderr.split('\n').filter((line) => files.includes(line));
	return { version, messages, checked };
}

/**
 * Checks `files` and sorts their messages per page. A file vnu did not report as checked gets an
 * error, so that nothing passes unchecked.
 */
export async function validateFiles(
	files: readonly string[],
	allowList: readonly AllowedMessage[] = allowedHtmlMessages,
): Promise<{ version: string; pages: PageValidation[] }> {
	const { version, messages, checked } = await runVnu(files);
	const byPage = new Map<string, PageValidation>(
		files.map((file) => [file, { page: pageName(file), errors: [], warnings: [], infos: [], allowed: [] }]),
	);
	for (const file of files) {
		if (!checked.includes(file)) {
			byPage.get(file)!.errors.push({ type: 'non-document-error', message: 'vnu did not check this file' });
		}
	}
	for (const message of messages) {
		const file = message.url?.startsWith('file:') ? fileURLToPath(message.url) : undefined;
		const result = (file && byPage.get(file)) || undefined;
		if (!result) throw new Error(`vnu reported on something not asked for: ${JSON.stringify(message)}`);
		const level = severity(message);
		const allowed = level === 'info' ? undefined : allowance(result.page, message, allowList);
		if (allowed) result.allowed.push({ message, reason: allowed.reason });
		else if (level === 'error') result.errors.push(message);
		else if (level === 'warning') result.warnings.push(message);
		else result.infos.push(message);
	}
	return { version, pages: [...byPage.values()] };
}

/** A page by its path in dist/ (`de/404.html`), or its file name elsewhere. */
function pageName(file: string): string {
	const distPath = fileURLToPath(dist);
	return file.startsWith(distPath) ? relative(distPath, file) : basename(file);
}

/** Every page in dist/, every locale's included, as absolute paths, sorted. */
export async function builtPageFiles(): Promise<string[]> {
	const files = await readdir(dist, { recursive: true }).catch(() => [] as string[]);
	return files
		.filter((file) => file.endsWith('.html'))
		.sort()
		.map((file) => fileURLToPath(new URL(file, dist)));
}

export function formatMessage(message: VnuMessage): string {
	const where = message.lastLine
		? `${message.lastLine}:${message.firstColumn ?? message.lastColumn ?? ''} `
		: '';
	const extract = message.extract ? ` «${message.extract.replace(/\s+/g, ' ')}»` : '';
	return `${where}${severity(message)}: ${message.message}${extract}`;
}

async function main() {
	const files = await builtPageFiles();
	if (files.length === 0) {
		console.error('validate-html: dist/ has no pages. Run `npm run build` first.');
		process.exit(1);
	}
	const started = performance.now();
	const { version, pages: results } = await validateFiles(files);
	console.table(
		Object.fromEntries(
			results.map((r) => [
				r.page,
				{
					errors: r.errors.length,
					warnings: r.warnings.length,
					info: r.infos.length,
					allowed: r.allowed.length,
				},
			]),
		),
	);
	for (const r of results) {
		for (const m of [...r.errors, ...r.warnings, ...r.infos]) console.log(`${r.page}:${formatMessage(m)}`);
		for (const { message, reason } of r.allowed)
			console.log(`${r.page}:${formatMessage(message)} [allowed: ${reason}]`);
	}
	const sum = (pick: (r: PageValidation) => unknown[]) => results.reduce((n, r) => n + pick(r).length, 0);
	const errors = sum((r) => r.errors);
	const warnings = sum((r) => r.warnings);
	console.log(
		`Nu HTML Checker ${version} on ${results.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
			`${errors} errors, ${warnings} warnings, ${sum((r) => r.infos)} info, ${sum((r) => r.allowed)} allowed.`,
	);
	if (errors + warnings > 0) process.exit(1);
}

if (import.meta.main) await main();
