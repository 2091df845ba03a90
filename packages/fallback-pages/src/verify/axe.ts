/**
 * What axe checks, wherever the project runs it: the browser suite (tests/e2e/a11y.spec.ts) and
 * `fallback-pages verify --axe` (src/verify/audits.ts) hold a page to the same rules.
 */

/** Every WCAG 2.x A/AA rule axe has, and its best practices. */
export const AXE_TAGS: readonly string[] = [
	'wcag2a',
	'wcag2aa',
	'wcag21a',
	'wcag21aa',
	'wcag22a',
	'wcag22aa',
	'best-practice',
];
