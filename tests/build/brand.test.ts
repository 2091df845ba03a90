/**
 * Real builds with a brand: the sample brand (examples/acme/astro.config.mjs, every option set)
 * shows on every page in both schemes; broken options stop the build naming the option.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOutDir, buildTimeoutMs } from '../../scripts/build-with';
import { formatHex } from 'culori';
import { SCHEMES, schemeColors, type BrandColors } from '../../packages/fallback-pages/src/brand/theme';
import { analysePage } from '../../packages/fallback-pages/src/html/pageAnalysis';
import { budgets } from '../../quality/budgets';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
/** Astro reads `--config` relative to the project root, so test configs live under it. */
const configDir = join(root, 'node_modules/.cache/fallback-tests/');

/** Builds with a config file (relative to the root); resolves with the output folder and the log. */
async function build(config: string): Promise<{ outDir: string; log: string }> {
	const outDir = buildOutDir('brand');
	const { stdout, stderr } = await run(
		join(root, 'node_modules/.bin/astro'),
		['build', '--config', config, '--outDir', outDir],
		{ cwd: root, env: { ...process.env, CONTEXT: 'production', URL: '' } },
	);
	return { outDir, log: stdout + stderr };
}

/** The sample config with one option replaced; a build of it must fail. */
function brokenConfig(name: string, replace: [string, string]): string {
	const sample = readFileSync(join(root, 'examples/acme/astro.config.mjs'), 'utf8');
	expect(sample).toContain(replace[0]);
	mkdirSync(configDir, { recursive: true });
	writeFileSync(join(configDir, `${name}.mjs`), sample.replace(...replace));
	return `node_modules/.cache/fallback-tests/${name}.mjs`;
}

/** The build's error output: execFile rejects with stdout and stderr on the error. */
async function failure(config: string): Promise<string> {
	const error = await build(config).then(
		() => undefined,
		(reason: { stdout: string; stderr: string }) => reason,
	);
	expect(error, 'the build should have failed').toBeDefined();
	return `${error!.stdout}${error!.stderr}`;
}

let dist: string;
let pages: string[];
const read = (file: string) => readFileSync(join(dist, file), 'utf8');

beforeAll(async () => {
	dist = (await build('examples/acme/astro.config.mjs')).outDir;
	pages = readdirSync(dist).filter((name) => name.endsWith('.html'));
}, buildTimeoutMs);

describe('a build with the sample brand', () => {
	it('shows the name, the logo, the footer and the extra links on every page', () => {
		expect(pages.length).toBe(43);
		for (const page of pages) {
			const html = read(page);
			expect(html, page).toMatch(/<header><svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>Acme Shop<\/header>/s);
			expect(html, page).toContain('<p>© Acme Shop Ltd · Orders ship from Rotterdam</p>');
			expect(html, page).toContain('<a href="https://help.acme.example">Help centre</a>');
			expect(html, page).toContain('<a href="/orders">Order tracking</a>');
		}
	});

	it('draws the brand colours and font in both schemes on every page', () => {
		// The sample's options (inputs), and what the theme draws from them in each scheme.
		const sample: BrandColors = {
			accent: { light: '#0b5fff', dark: '#7aa2ff' },
			text: { light: '#14213d', dark: '#f1f3f8' },
			background: { light: '#ffffff', dark: '#0d1321' },
		};
		for (const page of pages) {
			const html = read(page);
			// The bundler minifies the theme: compare colours as colours, not as text.
			const blocks = [...html.matchAll(/:root\{(?:color-scheme:[^;]*;)?(--fallback-text:[^}]*)\}/g)].map(
				([, body]) =>
					Object.fromEntries(body!.split(';').map((declaration) => declaration.split(/:(.*)/s).slice(0, 2))),
			);
			expect(blocks, page).toHaveLength(2);
			SCHEMES.forEach((scheme, index) => {
				const drawn = schemeColors(sample, scheme);
				const block = blocks[index]!;
				for (const [property, color] of [
					['--fallback-text', drawn.text],
					['--fallback-background', drawn.background],
					['--fallback-muted', drawn.muted],
					['--fallback-accent', drawn.accent],
					['--fallback-on-accent', drawn.onAccent],
				] as const) {
					expect(formatHex(block[property]), `${page} ${scheme} ${property}`).toBe(color);
				}
			});
			expect(blocks[0]!['--fallback-font']?.replaceAll('"', "'"), page).toBe(
				"'Segoe UI',Roboto,'Helvetica Neue',sans-serif",
			);
		}
	});

	it('keeps every error page within the size budget with the logo and every option', () => {
		const errorPages = pages.filter((page) => page !== 'index.html');
		const largest = Math.max(...errorPages.map((page) => analysePage(read(page)).gzip));
		expect(largest).toBeLessThanOrEqual(budgets.maxGzip);
	});

	it('uses the actions, the help override and the site address', () => {
		expect(read('503.html')).toContain('will be back by 10:00 UTC.');
		expect(read('404.html')).toContain('href="mailto:help@acme.example"');
		expect(read('404.html')).toContain('href="https://status.acme.example"');
		expect(read('global-error.html')).toContain('data-host="shop.acme.example"');
		// With an address, the problem documents' type is absolute on it.
		expect(JSON.parse(read('problem/503.json'))).toMatchObject({ type: 'https://shop.acme.example/503' });
	});
});

describe('a broken brand stops the build, naming the option', () => {
	it('a low-contrast accent', async () => {
		const log = await failure(brokenConfig('low-contrast', ["light: '#0b5fff'", "light: '#8fb0ff'"]));
		expect(log).toMatch(
			/fallback\.brand\.accent\.light \+ fallback\.brand\.background\.light: buttons, their borders and the focus ring #8fb0ff on #ffffff is \d\.\d\d:1/,
		);
	});

	it('an unsafe logo', async () => {
		const log = await failure(
			brokenConfig('unsafe-logo', ["'./examples/acme/logo.svg'", "'./tests/unit/fixtures/logos/script.svg'"]),
		);
		expect(log).toMatch(/fallback\.brand\.logo: .*script\.svg.*<script>/);
	});

	it('a home URL a browser reads as another site', async () => {
		const log = await failure(brokenConfig('evil-home', ["homeUrl: '/'", "homeUrl: '/\\\\evil.example'"]));
		expect(log).toContain('fallback.site.homeUrl: must be a path on this site: "/\\\\evil.example"');
	});
});
