/**
 * Whether a site answers every path itself, before Fallback's catch-all: one answer for `embed` and
 * the Netlify plugin, read from the site's redirect rules as Netlify's own parser reads them
 * (@netlify/redirect-parser, netlify.toml's shape). Unknown paths outside Fallback's folder then get
 * the site's answer, and `verify --site-catch-all` checks the folder alone.
 */

/** A redirect rule as Netlify's parser reads it (`minimal`: netlify.toml's shape). */
export interface RedirectRule {
	from: string;
	to?: string;
	status?: number;
	force?: boolean;
	query?: Readonly<Record<string, unknown>>;
	conditions?: Readonly<Record<string, unknown>>;
}

const none = (values: Readonly<Record<string, unknown>> | undefined) =>
	values === undefined || Object.keys(values).length === 0;

/**
 * The site's rule for every path, if it has one: `/*` for every visitor (no condition, no query),
 * whatever it answers with (an SPA's `/* /index.html 200`, a move's `/* https://new.example/:splat
 * 301`, its own `/* /404.html 404`). `rules`: the site's alone, in Netlify's order.
 */
export function siteCatchAll(rules: readonly RedirectRule[]): RedirectRule | undefined {
	return rules.find((rule) => rule.from === '/*' && none(rule.query) && none(rule.conditions));
}

/** A rule as a `_redirects` line shows it: `/* /index.html 200`. */
export const ruleLine = (rule: RedirectRule): string =>
	[rule.from, rule.to, rule.status === undefined ? undefined : `${rule.status}${rule.force ? '!' : ''}`]
		.filter((part) => part !== undefined && part !== '')
		.join(' ');
