/**
 * What axe checks and how, wherever the project runs it: the suites (tests/axe.ts) and `fallback-pages
 * verify --axe` (src/verify/audits.ts) hold a page to the same rules, run the same way.
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

/** What configuredAxe needs of @axe-core/playwright's AxeBuilder (imported where it is used). */
interface AxeBuilderLike<B> {
	withTags(tags: string[]): B;
	setLegacyMode(legacy?: boolean): B;
}

/**
 * axe on a loaded page as the project runs it: AXE_TAGS, and on a page without frames (every page
 * of Fallback's) axe's legacy mode, documented by @axe-core/playwright: the run stays in the page
 * instead of opening a blank one to gather its results, and what it checks is the same where there
 * is no frame. Measured here, a run on a Fallback page takes 0.5 s that way and 1.0 s the other. A
 * page with frames (the docs' previews) keeps axe's default: legacy mode goes into each frame in
 * turn, 43 s instead of 9 s on the docs' gallery.
 */
export function configuredAxe<B extends AxeBuilderLike<B>>(builder: B, page: { frames(): unknown[] }): B {
	const tagged = builder.withTags([...AXE_TAGS]);
	return page.frames().length === 1 ? tagged.setLegacyMode() : tagged;
}
