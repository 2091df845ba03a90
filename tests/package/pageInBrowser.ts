/**
 * One page of a built site in Chromium, as the package suites look at pages in a site's look: its
 * status, language and direction, what `look` reads off the page, the Content-Security-Policy
 * violations and failed loads, and axe's violations with the place of each (in Fallback's part of
 * the page, `.fallback`, or in the site's around it).
 */
import type { Browser, Page } from '@playwright/test';
import { placeOf, type ViolationPlace } from '../../packages/fallback-pages/src/verify/audits';
import { axeOn } from '../axe';

export interface PageSeen<Look> {
	status: number | undefined;
	lang: string;
	dir: string;
	look: Look;
	violations: string[];
	failed: string[];
	axe: { id: string; place: ViolationPlace }[];
}

export async function pageInBrowser<Look>(
	browser: Browser,
	url: string,
	look: (page: Page) => Promise<Look>,
): Promise<PageSeen<Look>> {
	const context = await browser.newContext();
	const tab = await context.newPage();
	const violations: string[] = [];
	const failed: string[] = [];
	tab.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) violations.push(message.text());
	});
	tab.on('requestfailed', (failure) => failed.push(failure.url()));
	tab.on('response', (response) => {
		if (!response.request().isNavigationRequest() && response.status() >= 400) failed.push(response.url());
	});
	try {
		const response = await tab.goto(url, { waitUntil: 'load' });
		const [lang, dir] = await tab.evaluate(() => [
			document.documentElement.lang,
			document.documentElement.dir,
		]);
		const seen = await look(tab);
		const axe = await axeOn(tab).analyze();
		const inFallback = await tab.evaluate(
			(targets) =>
				targets.map((selectors) =>
					selectors.map((selector) => document.querySelector(selector)?.closest('.fallback') != null),
				),
			axe.violations.map((violation) => violation.nodes.map((node) => String(node.target.at(-1)))),
		);
		return {
			status: response?.status(),
			lang: lang!,
			dir: dir!,
			look: seen,
			violations,
			failed,
			axe: axe.violations.map((violation, index) => ({
				id: violation.id,
				place: placeOf(inFallback[index]!),
			})),
		};
	} finally {
		await context.close();
	}
}
