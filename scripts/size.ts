/**
 * `npm run size`: a table of every built page (raw, gzip, JS bytes, requests) with the max and
 * median of the error pages against the budgets. Exits 1 when a budget is exceeded.
 * Run after `npm run build`; `-- --dir <folder>` measures another build (e.g. a branded one).
 * Plain Node 24 (type stripping), no bundler.
 */
import { readdir, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { analysePage } from '../src/quality/pageAnalysis.ts';
import { budgets, median } from '../src/quality/budgets.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const dist = values.dir ? pathToFileURL(`${resolve(values.dir)}/`) : new URL('../dist/', import.meta.url);
const pages = (await readdir(dist).catch(() => [] as string[])).filter((f) => f.endsWith('.html')).sort();
if (pages.length === 0) {
	console.error(`size: ${values.dir ?? 'dist'}/ has no pages. Run \`npm run build\` first.`);
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
console.table(table);

const errorPages = rows.filter((r) => r.page !== 'index.html');
const gzips = errorPages.map((r) => r.gzip);
const largest = errorPages.reduce((a, b) => (b.gzip > a.gzip ? b : a));
const mid = median(gzips);
const problems = [
	largest.gzip > budgets.maxGzip &&
		`largest error page ${largest.page} is ${kb(largest.gzip)} gzip > ${kb(budgets.maxGzip)}`,
	mid > budgets.medianGzip && `median ${kb(mid)} gzip > ${kb(budgets.medianGzip)}`,
	...rows
		.filter((r) => r.jsBytes > 0 && !budgets.scriptPages.includes(r.page))
		.map((r) => `${r.page} carries ${r.jsBytes} bytes of JavaScript`),
	...rows
		.filter((r) => r.jsBytes > budgets.maxScriptBytes)
		.map((r) => `${r.page}: ${r.jsBytes} B of JS > 1 KB`),
	...rows.filter((r) => r.requests !== 1).map((r) => `${r.page} makes ${r.requests} requests`),
].filter(Boolean);

console.log(
	`${errorPages.length} error pages: largest ${largest.page} ${kb(largest.gzip)} gzip (budget ${kb(budgets.maxGzip)}), ` +
		`median ${kb(mid)} gzip (budget ${kb(budgets.medianGzip)}); ` +
		`total JS ${rows.reduce((s, r) => s + r.jsBytes, 0)} B; requests per page ${Math.max(...rows.map((r) => r.requests))}`,
);
if (problems.length > 0) {
	console.error(`Over budget:\n  ${problems.join('\n  ')}`);
	process.exit(1);
}
console.log('All budgets met.');
