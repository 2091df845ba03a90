/**
 * axe on a page as the suites run it: WCAG 2.2 A and AA and axe's best practices (AXE_TAGS, as
 * `verify --axe` checks), the violations in full. A page without frames (every page of Fallback's)
 * is checked in axe's legacy mode, documented by @axe-core/playwright: the run stays in the page
 * instead of opening a blank one to gather its results, and what it checks is the same where there
 * is no frame. Measured here, a run on a Fallback page takes 0.5 s that way and 1.0 s the other; the
 * suites run axe some 500 times. A page with frames (the docs' previews) gets axe's default: legacy
 * mode goes into each frame in turn, 43 s instead of 9 s on the docs' gallery.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AXE_TAGS } from '../packages/fallback-pages/src/verify/axe.ts';

export function axeOn(page: Page): AxeBuilder {
	const builder = new AxeBuilder({ page }).withTags([...AXE_TAGS]).options({ resultTypes: ['violations'] });
	return page.frames().length === 1 ? builder.setLegacyMode() : builder;
}
