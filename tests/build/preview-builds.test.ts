/**
 * Real builds under Netlify's build environment: a deploy preview with a hostile branch name,
 * and two production builds of different branches and commits that must be byte-identical.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOutDir, buildTimeoutMs } from '../../scripts/build-with';
import { parseAllHeaders } from '@netlify/headers-parser';
import { analysePage } from '../../packages/fallback-pages/src/html/pageAnalysis';
import { cspHash } from '../../packages/fallback-pages/src/contract/pageHeaders';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const HOSTILE_BRANCH = `fix/<script>alert("x")</script>&amp;'quotes' ünï 🚀\u202e${'long-'.repeat(50)}`;
const COMMIT_A = '0123456789abcdef0123456789abcdef01234567';
const COMMIT_B = 'fedcba9876543210fedcba9876543210fedcba98';

/** Builds the site into a temp folder with the given Netlify variables; returns the folder. */
async function build(env: Record<string, string>): Promise<string> {
	const outDir = buildOutDir('preview');
	const clean = Object.fromEntries(
		Object.entries(process.env).filter(
			([k]) => !['CONTEXT', 'BRANCH', 'HEAD', 'COMMIT_REF', 'URL'].includes(k),
		),
	);
	await run(join(root, 'node_modules/.bin/astro'), ['build', '--outDir', outDir], {
		cwd: root,
		env: { ...clean, ...env },
	});
	return outDir;
}

/** Every file of a build, in its locale folders too: `404.html`, `de/404.html`. */
const files = (dir: string) =>
	readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
		.sort();
/** The default locale's pages: the banner's words are English there. */
const defaultLocalePages = (dir: string) => files(dir).filter((file) => /^[^/]+\.html$/.test(file));
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

let preview: string;
let productionA: string;
let productionB: string;

beforeAll(async () => {
	preview = await build({ CONTEXT: 'deploy-preview', BRANCH: HOSTILE_BRANCH, COMMIT_REF: COMMIT_A });
	productionA = await build({ CONTEXT: 'production', BRANCH: 'main', COMMIT_REF: COMMIT_A });
	productionB = await build({ CONTEXT: 'production', BRANCH: 'release/<b>2</b>', COMMIT_REF: COMMIT_B });
}, buildTimeoutMs);

describe('deploy preview build', () => {
	it('serves every response with X-Robots-Tag: noindex', async () => {
		const { headers, errors } = await parseAllHeaders({
			headersFiles: [join(preview, '_headers')],
			configHeaders: [],
			minimal: true,
		});
		expect(errors).toEqual([]);
		expect(headers.find((h) => h.for === '/*')?.values).toMatchObject({ 'X-Robots-Tag': 'noindex' });
	});

	it('shows the banner on every page, with the branch as escaped text and the short commit', () => {
		for (const page of defaultLocalePages(preview)) {
			const html = read(preview, page);
			expect(html, page).toContain('<aside class="preview" aria-label="Deploy preview">');
			expect(html, page).toContain(
				'branch <bdi>fix/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp;',
			);
			expect(html, `${page}: no right-to-left override`).not.toContain('\u202e');
			expect(html, page).toContain('commit 0123456');
			expect(html, page).not.toContain('<script>alert');
			expect(html, page).not.toContain(COMMIT_A);
		}
	});

	it('shortens the branch in the banner', () => {
		const banner = /<aside class="preview"[^]*?<\/aside>/.exec(read(preview, '404.html'))?.[0] ?? '';
		expect(banner).toContain('…');
		expect(banner).not.toContain('long-'.repeat(20));
	});

	it('turns the gallery into the review page: branch, commit and build time', () => {
		const html = read(preview, 'index.html');
		expect(html).toMatch(/<dt[^>]*>Branch<\/dt>/);
		expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
		expect(html).toContain('0123456');
	});

	it("keeps each page's policy in step with the banner styles", () => {
		const html = read(preview, '404.html');
		const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
		const { styles } = analysePage(html);
		// The page's stylesheet and the banner's.
		expect(styles.length).toBeGreaterThan(1);
		for (const style of styles) expect(policy).toContain(cspHash(style));
	});

	it('keeps only the global error page scripted', () => {
		for (const page of files(preview).filter(
			(f) => f.endsWith('.html') && !f.endsWith('global-error.html'),
		)) {
			expect(analysePage(read(preview, page)).inlineScripts, page).toEqual([]);
		}
	});
});

describe('production build', () => {
	it('has no banner, no noindex, no branch or commit anywhere', () => {
		for (const file of files(productionA)) {
			const text = read(productionA, file);
			expect(text, file).not.toContain('class="preview"');
			expect(text, file).not.toMatch(/noindex/i);
			expect(text, file).not.toContain('0123456');
			expect(text, file).not.toContain('Preview');
		}
	});

	it('is byte-identical whatever the branch name or commit', () => {
		expect(files(productionB)).toEqual(files(productionA));
		for (const file of files(productionA)) {
			expect(read(productionB, file), file).toBe(read(productionA, file));
		}
	});
});
