/**
 * Optional audits of a live deploy (`--lighthouse`, `--axe`): a sample of its pages in the system
 * Chromium, held to what the project's own gates hold the built pages to.
 *
 * - Lighthouse runs as the quality suite runs it (lighthouse.ts: default config, the
 *   project's Chromium flags, `ignoreStatusCode` since error pages answer 4xx/5xx) and is judged as
 *   tests/quality/lighthouse-status.test.ts judges a page at its real status: only the audits its
 *   status must fail may fail, everything else stays at 100.
 * - axe runs in Playwright's Chromium with the rules of the browser suite (axe.ts).
 *
 * lighthouse, chrome-launcher, Playwright and axe are loaded only when an audit is asked for, so
 * `fallback-pages verify` without the flags never pays for them. Plain Node loads this file: relative
 * imports carry `.ts`.
 */
import type { Result } from 'lighthouse';
import { CHROMIUM_PATH, chromiumLaunchOptions } from './chromium.ts';
import {
	MAINTENANCE_STATUS,
	errorRoutes,
	inLocale,
	localeFolder,
	notFoundPage,
	routePaths,
	statusPage,
	type RouteContract,
} from '../contract/contract.ts';
import { configuredAxe } from './axe.ts';

export interface AuditResult {
	tool: 'lighthouse' | 'axe';
	/** The page audited, absolute. */
	url: string;
	passed: boolean;
	/** Lighthouse: category id → score 0–100. */
	scores?: Readonly<Record<string, number>>;
	/** axe: the violations found, and where on the page (placeOf). */
	violations?: readonly { id: string; impact: string; help: string; nodes: number; place: ViolationPlace }[];
	/** Why the audit could not run (no browser…): a failed audit. */
	error?: string;
}

/**
 * Where a violation's elements are: in Fallback's own part of the page (its screen, or all of
 * Fallback's own page), in the site's layout around it (a page in the site's look), or in both.
 */
export type ViolationPlace = 'fallback' | 'site' | 'both';

/** The place of a violation whose elements are, each, in Fallback's part or not. */
export function placeOf(inFallback: readonly boolean[]): ViolationPlace {
	if (inFallback.every(Boolean)) return 'fallback';
	return inFallback.some(Boolean) ? 'both' : 'site';
}

/** The words for a violation's place, after its count of nodes; none for Fallback's own part. */
export const placeWords = (place: ViolationPlace): string =>
	place === 'site'
		? "in the site's own layout, not Fallback's screen"
		: place === 'both'
			? "in the site's layout and in Fallback's screen"
			: '';

/** A path no deploy of Fallback has a file for: the sample reaches the not-found page by it. */
export const UNKNOWN_PATH = '/verify-no-such-page';

/** The folders a gallery answers at with 200 (Fallback's or the site's own page), the default first. */
const galleryFolders = (contract: RouteContract): string[] =>
	contract.galleries === false
		? []
		: [contract.defaultLocale, ...contract.otherLocales].map((locale) => localeFolder(contract, locale));

/**
 * The paths audited by default: the gallery (where the build has one), the not-found page as a visitor meets it (an unknown
 * path), the maintenance page (503, the server error a deploy shows most) and the first other
 * locale's not-found page, so a right-to-left or translated page is among them when one ships.
 */
export function samplePaths(contract: RouteContract): string[] {
	const notFound = notFoundPage(contract);
	const maintenance = statusPage(contract, MAINTENANCE_STATUS);
	const [locale] = contract.otherLocales;
	const localeNotFound = locale === undefined ? undefined : inLocale(contract, notFound, locale);
	return [
		...galleryFolders(contract).slice(0, 1),
		UNKNOWN_PATH,
		...(maintenance ? [maintenance.path] : []),
		...(localeNotFound ? [localeNotFound.path] : []),
	];
}

/**
 * The status a path must answer with: 200 for a gallery, its route's status for a page of the
 * contract (by its path or its file), and the not-found status for anything else.
 */
export function expectedStatus(contract: RouteContract, path: string): number {
	if (galleryFolders(contract).includes(path)) return 200;
	const route = errorRoutes(contract).find((candidate) => routePaths(contract, candidate).includes(path));
	return route?.status ?? contract.notFoundStatus;
}

interface SamplePage {
	url: string;
	status: number;
}

/** An error's first line: Playwright appends a call log that would swamp a report cell. */
function firstLine(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.split('\n')[0]!.trim() || 'unknown error';
}

const failed = (tool: AuditResult['tool'], url: string, error: string): AuditResult => ({
	tool,
	url,
	passed: false,
	error,
});

/** Every page's audit by `tool` failed: the packages it runs on could not be loaded. */
function cannotLoad(
	tool: AuditResult['tool'],
	pages: readonly SamplePage[],
	log: (line: string) => void,
	packages: string,
	error: unknown,
): AuditResult[] {
	// fallback-pages does not depend on them: a project that audits installs them itself.
	const reason = `${packages} could not be loaded (${firstLine(error)}): install them (\`npm install --save-dev ${packages.replace(/ and |, /g, ' ')}\`), or run without --${tool}`;
	log(`  ${tool}: ${reason}`);
	return pages.map((page) => failed(tool, page.url, reason));
}

/**
 * Failures a live deploy has by design, beyond those of its status: Lighthouse's own fetches of
 * /robots.txt and /llms.txt, refused by the shipped policy (the quality suite widens the policy for
 * them instead, which a deploy's headers do not allow), and `is-crawlable` when the build's pages
 * carry `X-Robots-Tag: noindex` (preview builds, on purpose).
 */
function byDesign(
	lhr: Result,
	contract: RouteContract,
	refusedByPolicy: (lhr: Result) => string[],
): string[] {
	const robots = Object.entries(contract.pageHeaders).find(
		([name]) => name.toLowerCase() === 'x-robots-tag',
	)?.[1];
	return [...refusedByPolicy(lhr), ...(robots && /\bnoindex\b/i.test(robots) ? ['is-crawlable'] : [])];
}

async function lighthouseAudits(
	pages: readonly SamplePage[],
	contract: RouteContract,
	log: (line: string) => void,
): Promise<AuditResult[]> {
	let tools: typeof import('./lighthouse.ts');
	try {
		tools = await import('./lighthouse.ts');
	} catch (error) {
		return cannotLoad('lighthouse', pages, log, 'lighthouse and chrome-launcher', error);
	}
	const { STATUS_AUDITS, auditAtStatus, failingAudits, launchLighthouseBrowser, percent, refusedByPolicy } =
		tools;
	let browser: Awaited<ReturnType<typeof launchLighthouseBrowser>>;
	try {
		browser = await launchLighthouseBrowser();
	} catch (error) {
		const reason = `Chromium did not start for Lighthouse: ${firstLine(error)}`;
		log(`  lighthouse: ${reason}`);
		return pages.map((page) => failed('lighthouse', page.url, reason));
	}
	const results: AuditResult[] = [];
	try {
		for (const [index, page] of pages.entries()) {
			log(`  lighthouse ${index + 1}/${pages.length} ${page.url} …`);
			const started = performance.now();
			try {
				const run = await auditAtStatus(browser, page.url, page.status, {
					excuse: (lhr) => byDesign(lhr, contract, refusedByPolicy),
				});
				const seconds = ((performance.now() - started) / 1000).toFixed(1);
				const runtime = run.lhr.runtimeError;
				if (runtime) {
					// Lighthouse could not load the page: there are no scores to show, only why.
					const reason = `${runtime.code}: ${runtime.message}`;
					log(`    ✘ ${reason}`);
					results.push(failed('lighthouse', page.url, reason));
					continue;
				}
				const scores: Record<string, number> = {};
				for (const [id, category] of Object.entries(run.lhr.categories)) {
					const score = percent(category.score);
					if (score !== null) scores[id] = score;
				}
				const figures = Object.entries(scores)
					.map(([id, score]) => `${id} ${score}`)
					.join(' · ');
				const runs = run.runs > 1 ? `, ${run.runs} runs` : '';
				// Name the audits that fail by design, so a passing page's scores below 100 are explained.
				const failing = failingAudits(run.lhr);
				const expected = [
					...(page.status >= 400 ? STATUS_AUDITS : []),
					...byDesign(run.lhr, contract, refusedByPolicy),
				].filter((id) => failing.has(id));
				const note = expected.length > 0 ? `; failing by design: ${expected.join(', ')}` : '';
				log(`    ${run.problems.length === 0 ? '✔' : '✘'} ${figures} (${seconds} s${runs}${note})`);
				for (const problem of run.problems) log(`    ✘ ${problem}`);
				results.push({ tool: 'lighthouse', url: page.url, passed: run.problems.length === 0, scores });
			} catch (error) {
				log(`    ✘ ${firstLine(error)}`);
				results.push(failed('lighthouse', page.url, firstLine(error)));
			}
		}
	} finally {
		await browser.close();
	}
	return results;
}

async function axeAudits(pages: readonly SamplePage[], log: (line: string) => void): Promise<AuditResult[]> {
	// The project's scripts take Playwright's browser API from @playwright/test, its declared
	// dependency, rather than from the playwright package it pulls in.
	let modules: [typeof import('@playwright/test'), typeof import('@axe-core/playwright')];
	try {
		modules = await Promise.all([import('@playwright/test'), import('@axe-core/playwright')]);
	} catch (error) {
		return cannotLoad('axe', pages, log, '@playwright/test and @axe-core/playwright', error);
	}
	const [{ chromium }, { default: AxeBuilder }] = modules;
	let browser: Awaited<ReturnType<typeof chromium.launch>>;
	try {
		browser = await chromium.launch(chromiumLaunchOptions());
	} catch (error) {
		const reason = `Chromium did not start for axe: ${firstLine(error)}`;
		log(`  axe: ${reason}`);
		return pages.map((page) => failed('axe', page.url, reason));
	}
	const results: AuditResult[] = [];
	try {
		for (const [index, page] of pages.entries()) {
			log(`  axe ${index + 1}/${pages.length} ${page.url} …`);
			// A fresh context per page, so nothing one page leaves behind (storage, cache) reaches the next.
			let context: Awaited<ReturnType<typeof browser.newContext>> | undefined;
			try {
				context = await browser.newContext();
				const tab = await context.newPage();
				await tab.goto(page.url, { waitUntil: 'load' });
				const found = await configuredAxe(new AxeBuilder({ page: tab }), tab).analyze();
				// Each element's place: inside `.fallback` (Fallback's screen in a site's layout, the body
				// of Fallback's own page) or in the site's layout around it.
				const inFallback = await tab.evaluate(
					(targets) =>
						targets.map((selectors) =>
							selectors.map((selector) => {
								try {
									return document.querySelector(selector)?.closest('.fallback') != null;
								} catch {
									return true;
								}
							}),
						),
					found.violations.map((violation) => violation.nodes.map((node) => String(node.target.at(-1)))),
				);
				const violations = found.violations.map((violation, index) => ({
					id: violation.id,
					impact: violation.impact ?? 'unknown',
					help: violation.help,
					nodes: violation.nodes.length,
					place: placeOf(inFallback[index] ?? []),
				}));
				for (const violation of violations) {
					const where = placeWords(violation.place);
					log(
						`    ✘ ${violation.id} (${violation.impact}, ${violation.nodes} node(s)${where ? `, ${where}` : ''}): ${violation.help}`,
					);
				}
				results.push({ tool: 'axe', url: page.url, passed: violations.length === 0, violations });
			} catch (error) {
				log(`    ✘ ${firstLine(error)}`);
				results.push(failed('axe', page.url, firstLine(error)));
			} finally {
				await context?.close();
			}
		}
	} finally {
		await browser.close();
	}
	return results;
}

/**
 * Audits a sample of the deploy's pages (`paths`, by default `samplePaths`) with the tools asked
 * for: Lighthouse on every page, then axe on every page, one browser each, one page at a time (two
 * browsers at once would skew the performance Lighthouse measures). A page that fails to load fails
 * that tool's audit of it and the others still run; without Chromium every requested audit fails
 * saying how to get it.
 */
export async function auditPages(
	base: URL,
	contract: RouteContract,
	options: {
		lighthouse: boolean;
		axe: boolean;
		log: (line: string) => void;
		/** The paths to audit (default: `samplePaths(contract)`). */
		paths?: readonly string[];
	},
): Promise<AuditResult[]> {
	const { log } = options;
	const tools: AuditResult['tool'][] = [];
	if (options.lighthouse) tools.push('lighthouse');
	if (options.axe) tools.push('axe');
	const pages = (options.paths ?? samplePaths(contract)).map((path) => ({
		url: new URL(path, base.origin).href,
		status: expectedStatus(contract, path),
	}));
	if (tools.length === 0 || pages.length === 0) return [];
	try {
		chromiumLaunchOptions();
	} catch {
		const reason = `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or run without --lighthouse/--axe`;
		log(`Audits: ${reason}`);
		return tools.flatMap((tool) => pages.map((page) => failed(tool, page.url, reason)));
	}
	log(`Auditing ${pages.length} page(s) with ${tools.join(' and ')}`);
	return [
		...(options.lighthouse ? await lighthouseAudits(pages, contract, log) : []),
		...(options.axe ? await axeAudits(pages, log) : []),
	];
}
