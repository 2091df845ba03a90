/**
 * axe on a page as the suites run it: WCAG 2.2 A and AA and axe's best practices (AXE_TAGS, as
 * `verify --axe` checks), the violations in full. In axe's legacy mode, documented by
 * @axe-core/playwright: the run stays in the page (same-origin frames included, as the docs'
 * previews are) instead of opening a blank page to gather its results, and only frames of another
 * origin go untested — none of the pages checked here has one. Measured here on a Fallback page, a
 * run takes 0.5 s that way and 1.0 s the other; the suites run axe some 500 times.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AXE_TAGS } from '../packages/fallback-pages/src/verify/axe.ts';

export const axeOn = (page: Page): AxeBuilder =>
	new AxeBuilder({ page })
		.withTags([...AXE_TAGS])
		.options({ resultTypes: ['violations'] })
		.setLegacyMode();
