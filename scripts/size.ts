/**
 * `npm run size`: a table of every built page (raw, gzip, JS bytes, requests) with the max and
 * median of the error pages against the budgets. Exits 1 when a budget is exceeded.
 * Run after `npm run build`; `-- --dir <folder>` measures another build (e.g. a branded one);
 * `-- --all-locales` builds with every catalogue first and says how long that took.
 * Plain Node 24 (type stripping), no bundler.
 */
import { readdir, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { analysePage } from '../packages/fallback-pages/src/html/pageAnalysis.ts';
import { budgets, median } from '../quality/budgets.ts';
import { allLocalesBuild } from './build-with.ts';
import { cataloguedLocales } from './catalogued-locales.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, 'all-locales': { type: 'boolean' } } });
let dir = values.dir;
if (values['all-locales']) {
	console.log(`Building with all ${cataloguedLocales.length} locales…`);
	const build = await allLocalesBuild();
	dir = build.outDir;
	const built = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).length;
	console.log(
		`${built} pages in ${build.seconds.toFixed(1)} s (${((build.seconds * 1000) / built).toFixed(1)} ms a page), in ${dir}`,
	);
}
const dist = dir ? pathToFileURL(`${resolve(dir)}/`) : new URL('../dist/', import.meta.url);
// Every page, the other locales' included (`de/404.html`).
const pages = (await readdir(dist, { recursive: true }).catch(() => [] as string[]))
	.filter((f) => f.endsWith('.html'))
	.sort();
if (pages.length === 0) {
	console.error(`size: ${dir ?? 'dist'}/ has no pages. Run \`npm run build\` first.`);
	process.exit(1);
}

const rows = await Promise.all(
	pages.map(async (page) => ({ page, ...analysePage(await readFile(new URL(page, dist), 'utf8')) })),
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const table = rows.map((r) => ({
	page: r.page,
	raw: r.raw,
	gzip: r.gzip,
	'js bytes': r.jsBytes,
	requests: r.requests,
}));
/** The locale of a page: its folder, or the default locale's for the pages at the root. */
const localeOf = (page: string) => (page.includes('/') ? page.split('/')[0]! : 'default');
const locales = [...new Set(rows.map((r) => localeOf(r.page)))];
// With more than one locale, the table would run to hundreds of rows: one row per locale instead.
if (locales.length === 1) console.table(table);

const errorPages = rows.filter((r) => !r.page.endsWith('index.html'));
const perLocale = locales.map((locale) => {
	const pagesOfLocale = errorPages.filter((r) => localeOf(r.page) === locale);
	const largestOfLocale = pagesOfLocale.reduce((a, b) => (b.gzip > a.gzip ? b : a));
	return {
		locale,
		pages: pagesOfLocale.length,
		largest: largestOfLocale,
		median: median(pagesOfLocale.map((r) => r.gzip)),
	};
});
if (locales.length > 1) {
	console.table(
		perLocale.map((l) => ({
			locale: l.locale,
			pages: l.pages,
			'median gzip': l.median,
			'largest gzip': l.largest.gzip,
			largest: l.largest.page,
		})),
	);
}
const largest = errorPages.reduce((a, b) => (b.gzip > a.gzip ? b : a));
const mid = Math.max(...perLocale.map((l) => l.median));
const problems = [
	largest.gzip > budgets.maxGzip &&
		`largest error page ${largest.page} is ${kb(largest.gzip)} gzip > ${kb(budgets.maxGzip)}`,
	...perLocale
		.filter((l) => l.median > budgets.medianGzip)
		.map((l) => `median of ${l.locale} ${kb(l.median)} gzip > ${kb(budgets.medianGzip)}`),
	...rows
		.filter((r) => r.jsBytes > 0 && !budgets.scriptPages.includes(r.page.split('/').at(-1)!))
		.map((r) => `${r.page} carries ${r.jsBytes} bytes of JavaScript`),
	...rows
		.filter((r) => r.jsBytes > budgets.maxScriptBytes)
		.map((r) => `${r.page}: ${r.jsBytes} B of JS > 1 KB`),
	...rows.filter((r) => r.requests !== 1).map((r) => `${r.page} makes ${r.requests} requests`),
].filter(Boolean);

console.log(
	`${errorPages.length} error pages in ${locales.length} locale(s): largest ${largest.page} ${kb(largest.gzip)} gzip (budget ${kb(budgets.maxGzip)}), ` +
		`highest median ${kb(mid)} gzip (budget ${kb(budgets.medianGzip)}); ` +
		`total JS ${rows.reduce((s, r) => s + r.jsBytes, 0)} B; requests per page ${Math.max(...rows.map((r) => r.requests))}`,
);
if (problems.length > 0) {
	console.error(`Over budget:\n  ${problems.join('\n  ')}`);
	process.exit(1);
}
console.log('All budgets met.');
