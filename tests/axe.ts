/**
 * axe on a page as the suites run it: as `verify --axe` does (configuredAxe: WCAG 2.2 A and AA and
 * axe's best practices, legacy mode on a page without frames), the violations in full.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { configuredAxe } from '../packages/fallback-pages/src/verify/axe.ts';

export const axeOn = (page: Page): AxeBuilder =>
	configuredAxe(new AxeBuilder({ page }), page).options({ resultTypes: ['violations'] });
