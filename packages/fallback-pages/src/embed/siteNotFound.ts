/**
 * A site's own not-found pages beside Fallback's embedded pages, on Netlify: where the publish
 * folder has a `404.html` of the site's, Netlify serves it for unknown paths itself, so Fallback's
 * page catch-alls go; a language folder's `404.html` (`de/404.html`) answers the unknown paths under
 * its folder, with the rule Netlify's docs give for it. `embed` applies this to its `_redirects`
 * block, the Netlify build plugin to Netlify's config.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { redirect, type RedirectLine } from '../hosts/netlify';

/** How unknown paths outside Fallback's folder are answered where the site has a `404.html`. */
export const notFoundChoices = ['site', 'fallback'] as const;
export type NotFoundChoice = (typeof notFoundChoices)[number];

/** A first-level folder of the site's that is a language's (`de`, `pt-BR`, `zh-Hans`). */
const languageFolder = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * The site's own not-found pages in the publish folder, relative to it: `404.html` at its root and
 * in its language folders (`de/404.html`), never in Fallback's folder (`base`, `/fallback/`).
 */
export function siteNotFoundPages(publishDir: string, base: string): string[] {
	const ours = base.split('/')[1];
	const languages = existsSync(publishDir)
		? readdirSync(publishDir, { withFileTypes: true })
				.filter((entry) => entry.isDirectory() && entry.name !== ours && languageFolder.test(entry.name))
				.map((entry) => `${entry.name}/404.html`)
				.sort()
		: [];
	return ['404.html', ...languages].filter((file) => existsSync(join(publishDir, file)));
}

/** Whether a rule is one of Fallback's page catch-alls: any path (`/*`) to its not-found page, in a language or not. */
export const isPageCatchAll = (rule: { from: string; to?: string | undefined }): boolean =>
	rule.from === '/*' && /\/404\.html$/.test(rule.to ?? '');

/** The rule a language folder's own `404.html` gets. */
export interface LanguageNotFoundRule {
	from: string;
	to: string;
	status: 404;
	force: false;
}

/**
 * Redirect rules with the site's own not-found pages in charge: with a `404.html` at the site's
 * root, Fallback's catch-alls go; each language folder's `404.html` gets its rule, before any
 * catch-all of Fallback's that stays.
 */
export function withSiteNotFound<Rule extends { from: string }>(
	redirects: readonly Rule[],
	sitePages: readonly string[],
	isFallbacksCatchAll: (rule: Rule) => boolean,
): (Rule | LanguageNotFoundRule)[] {
	const rules: (Rule | LanguageNotFoundRule)[] = sitePages.includes('404.html')
		? redirects.filter((rule) => !isFallbacksCatchAll(rule))
		: [...redirects];
	const languageRules = sitePages
		.filter((file) => file !== '404.html')
		.map((file): LanguageNotFoundRule => ({
			from: `/${dirname(file)}/*`,
			to: `/${file}`,
			status: 404,
			force: false,
		}));
	// Only the site's rules are in the list yet.
	const firstCatchAll = rules.findIndex((rule) => isFallbacksCatchAll(rule as Rule));
	rules.splice(firstCatchAll === -1 ? rules.length : firstCatchAll, 0, ...languageRules);
	return rules;
}

/** The same for the lines of Fallback's `_redirects` block, its comments where they were. */
export function siteNotFoundLines(
	lines: readonly RedirectLine[],
	sitePages: readonly string[],
): RedirectLine[] {
	const rules = lines.map((line) => ({
		line,
		from: 'rule' in line ? line.rule.from : '',
		to: 'rule' in line ? line.rule.to : undefined,
	}));
	return withSiteNotFound(rules, sitePages, isPageCatchAll).map((rule) =>
		'line' in rule ? rule.line : { rule: redirect(rule.from, rule.to, rule.status, rule.force) },
	);
}
