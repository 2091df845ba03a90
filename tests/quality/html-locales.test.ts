/**
 * The Nu HTML Checker on the catalogues the project's own build does not ship (html.test.ts checks
 * dist/), from a build with all of them: in the full tier (`npm run test:all`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, validateFiles, type PageValidation } from '../../scripts/validate-html.ts';
import { allLocalesBuild, buildTimeoutMs } from '../../scripts/build-with.ts';
import { DEFAULT_LOCALE, locales } from '../../packages/fallback-pages/src/i18n';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The catalogues the project's own build does not ship, from a build with all of them. */
describe('Nu HTML Checker on every other catalogue', () => {
	const shipped = new Set(
		readdirSync(dist, { withFileTypes: true })
			.filter((e) => e.isDirectory())
			.map((e) => e.name),
	);
	const others = locales.filter((locale) => locale !== DEFAULT_LOCALE && !shipped.has(locale));
	/** Each checked page by its path in that build (`hi/404.html`). */
	const checked = new Map<string, PageValidation>();

	beforeAll(async () => {
		const { outDir } = await allLocalesBuild();
		const files = others.flatMap((locale) =>
			readdirSync(join(outDir, locale))
				.filter((file) => file.endsWith('.html'))
				.map((file) => `${locale}/${file}`),
		);
		// validateFiles answers in the order it was asked.
		const { pages } = await validateFiles(files.map((file) => join(outDir, file)));
		files.forEach((file, index) => checked.set(file, pages[index]!));
	}, buildTimeoutMs);

	it.each(others)('every page in %s: no error, no warning', (locale) => {
		const ofLocale = [...checked].filter(([file]) => file.startsWith(`${locale}/`));
		// 42 error pages and the gallery.
		expect(ofLocale.length, `${locale}: pages checked`).toBe(43);
		const problems = ofLocale.flatMap(([file, result]) =>
			[...result.errors, ...result.warnings].map((message) => `${file}: ${formatMessage(message)}`),
		);
		expect(problems).toEqual([]);
	});
});
