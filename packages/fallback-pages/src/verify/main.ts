/**
 * `fallback-pages verify` as a function: checks a deploy against the build's contract, prints progress and
 * the summary, writes the reports (HTML, JSON, JUnit XML), optionally audits a sample of pages with
 * Lighthouse and axe. The command line (scripts/verify.ts) and the Netlify build plugin
 * (netlify-plugin-fallback-pages) both call it.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { hostProfiles } from './hosts.ts';
import { passed, verify, type CaseResult, type VerifyResult } from './run.ts';
import { CONTRACT_NAME, contractFileOf, loadSite } from './site.ts';
import { countsOf, htmlReport, jsonReport, junitReport, terminalSummary, type Counts } from './report.ts';
import { auditPages, type AuditResult } from './audits.ts';
import { gitignoreHint } from '../gitignore.ts';
import { shadowingDirective } from './shadowing.ts';

/**
 * Where the reports go unless `--report-dir` says: outside the site's sources, so that no build tool
 * reads them (a Tailwind 4 site's next build scanned a report's HTML for class names):
 * `node_modules/.cache/fallback-pages/verify/` in a project, else the system's temp folder.
 */
export function defaultReportDir(cwd = process.cwd()): string {
	return existsSync(join(cwd, 'node_modules'))
		? join(cwd, 'node_modules', '.cache', 'fallback-pages', 'verify')
		: join(tmpdir(), 'fallback-pages-verify');
}

/** The command's settings; an absent or undefined one takes its default. */
export interface VerifyCommand {
	url: string;
	/** A key of hostProfiles (default `netlify`). */
	host?: string | undefined;
	/** The build's pages (default `dist`, else `fallback` where `fallback-pages build` put them). */
	dist?: string | undefined;
	/** The build's contract (default: where the build of `dist` put it, `hosts/contract.json` for dist/). */
	contract?: string | undefined;
	/**
	 * The pages' folder in the site (`/fallback/`) for pages embedded in a site or built with a base:
	 * their contract is in it (`<dist>/fallback/contract.json`), and it must say that base.
	 */
	base?: string | undefined;
	/**
	 * The site answers every path outside the pages' folder itself (an SPA's `/*` rule): unknown
	 * paths are checked inside the folder, the API paths not at all.
	 */
	siteCatchAll?: boolean | undefined;
	/**
	 * A server function takes every path no file answers, in the pages' folder too (a framework
	 * that renders on the server, on Netlify): only the status pages are checked, which forced
	 * rules answer before it.
	 */
	serverFunction?: boolean | undefined;
	/** Where the reports go (default: defaultReportDir()). */
	reportDir?: string | undefined;
	concurrency?: number | undefined;
	budget?: number | undefined;
	timeoutMs?: number | undefined;
	retries?: number | undefined;
	lighthouse?: boolean | undefined;
	axe?: boolean | undefined;
	/** Where progress and the summary go (default: the console). */
	log?: ((line: string) => void) | undefined;
	/** Colours in the summary (default: when stdout is a terminal). */
	color?: boolean | undefined;
}

export interface VerifyRun {
	result: VerifyResult;
	audits: AuditResult[];
	passed: boolean;
	/** The cases by verdict, as the reports count them. */
	counts: Counts;
	summary: string;
	reports: { html: string; json: string; junit: string };
}

/** A URL the verifier can ask: http: or https:, nothing but an origin and maybe a path. */
export function parseDeployUrl(text: string): URL {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new Error(
			`${JSON.stringify(text)} is not a URL: give the deploy's address, e.g. https://example.netlify.app`,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new Error(`${text}: only http: and https: addresses can be verified`);
	}
	if (url.username || url.password) {
		throw new Error(
			`${url.host}: credentials in the URL are not sent; verify an address that answers without a login`,
		);
	}
	return url;
}

/** A path as a person would type it: relative to the working folder when inside it. */
function shortPath(path: string): string {
	const inside = relative(process.cwd(), path);
	return inside.startsWith('..') ? path : inside;
}

export function hostProfile(id: string) {
	const profile = hostProfiles[id];
	if (!profile) {
		throw new Error(
			`--host ${JSON.stringify(id)} is not a host Fallback knows: ${Object.keys(hostProfiles).join(', ')}`,
		);
	}
	return profile;
}

/** Failures shown as they happen; past these, progress only counts them (the summary lists them). */
const FAILURES_AS_THEY_HAPPEN = 10;

/** Progress lines: the first failures as they happen, and a count at every tenth of the cases. */
function progress(log: (line: string) => void) {
	let failed = 0;
	return (result: CaseResult, done: number, total: number) => {
		if (result.verdict !== 'passed') {
			failed += 1;
			if (failed <= FAILURES_AS_THEY_HAPPEN) {
				log(`  ✘ ${result.group}: ${result.name}${result.error ? ` (${result.error})` : ''}`);
			}
		}
		const step = Math.max(1, Math.ceil(total / 10));
		if (done % step === 0 || done === total) {
			log(`  … ${done}/${total} cases${failed > 0 ? `, ${failed} failed` : ''}`);
		}
	};
}

/**
 * The build to verify when `--dist` names none: `dist` (an Astro site's, the starter's) or
 * `fallback` (what `fallback-pages build` writes), the first that holds a contract where its build
 * put it; `dist` when neither does, so that the error names the usual place.
 */
export function defaultBuild(base: string | undefined): string {
	const folders = ['dist', 'fallback'];
	const built = folders.find((folder) =>
		existsSync(base ? contractUnder(folder, base) : contractFileOf(folder)),
	);
	return built ?? folders[0]!;
}

/**
 * The contract of pages built under `base`: in the build's folder of the pages. That is the whole
 * base (`dist/fallback/`), or its end when the start is where the build is served (an Astro site's
 * base: `/docs/errors/` is `dist/errors/`, `/docs/` is `dist/`): the first of these that exists.
 */
export function contractUnder(dist: string, base: string): string {
	const segments = base.split('/').filter(Boolean);
	const candidates = segments.map((_, start) => join(dist, ...segments.slice(start), CONTRACT_NAME));
	candidates.push(join(dist, CONTRACT_NAME));
	return candidates.find((file) => existsSync(file)) ?? candidates[0]!;
}

export async function runVerify(command: VerifyCommand): Promise<VerifyRun> {
	const log = command.log ?? ((line: string) => console.log(line));
	const base = parseDeployUrl(command.url);
	const host = hostProfile(command.host ?? 'netlify');
	const dist = command.dist ?? defaultBuild(command.base);
	const contractFile =
		command.contract ?? shortPath(command.base ? contractUnder(dist, command.base) : contractFileOf(dist));
	const site = loadSite(dist, contractFile, {
		...(host.staticHost ? { errorPage: host.staticHost.errorPage } : {}),
	});
	const built = site.contract.base ?? '/';
	if (command.base !== undefined && command.base !== built) {
		throw new Error(
			`${contractFile} describes pages ${built === '/' ? "at the site's root" : `under ${built}`}, not under ${command.base}: give the base they were built with.`,
		);
	}
	log(`Verifying ${base.origin} as ${host.name} against ${contractFile} and ${dist}/`);
	if (command.serverFunction) {
		log(
			`  A server function takes every path no file answers: only the status pages under ${built} are checked, which their rules answer before it.`,
		);
	} else if (command.siteCatchAll) {
		log(
			`  The site answers every path outside ${built} itself: unknown paths are checked under ${built}, the API paths (${site.contract.apiPrefixes.join(', ') || 'none'}) not at all.`,
		);
	}
	const result = await verify({
		base,
		site,
		host,
		concurrency: command.concurrency,
		budget: command.budget,
		timeoutMs: command.timeoutMs,
		retries: command.retries,
		onCase: progress(log),
		siteCatchAll: command.siteCatchAll,
		serverFunction: command.serverFunction,
	});
	const audits =
		(command.lighthouse || command.axe) && !result.unreachable
			? await auditPages(base, site.contract, { lighthouse: !!command.lighthouse, axe: !!command.axe, log })
			: [];
	const dir = resolve(command.reportDir ?? defaultReportDir());
	await mkdir(dir, { recursive: true });
	const reports = {
		html: join(dir, 'report.html'),
		json: join(dir, 'report.json'),
		junit: join(dir, 'junit.xml'),
	};
	await writeFile(reports.html, htmlReport(result, audits));
	await writeFile(reports.json, jsonReport(result, audits));
	await writeFile(reports.junit, junitReport(result, audits));
	const ok = passed(result) && audits.every((audit) => audit.passed);
	const summary = terminalSummary(result, audits, { color: command.color ?? process.stdout.isTTY === true });
	log(summary);
	if (!ok && host.siteMode && !result.unreachable) {
		const shadowing = await shadowingDirective(base, site, host, command.timeoutMs);
		if (shadowing) log(shadowing);
	}
	log(`Reports: ${reports.html}, ${reports.json}, ${reports.junit}${gitignoreHint(dir, process.cwd())}`);
	return { result, audits, passed: ok, counts: countsOf(result.results, result.notRun), summary, reports };
}
