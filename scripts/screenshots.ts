/**
 * `npm run screenshots`: regenerates the README images (docs/public/screenshots/*.png) from dist/, in the light and
 * dark schemes, with the system Chromium. Not part of the tests. A production build gives the
 * page shots (desktop and 320 px); a preview build (CONTEXT=deploy-preview) the banner shots.
 * The README shows the sample brand, and an Arabic and a Japanese page of the project's own build:
 *   CONTEXT=production npx astro build --config examples/acme/astro.config.mjs --outDir /tmp/acme
 *   npm run screenshots -- --dir /tmp/acme
 *   npm run build:production && npm run screenshots -- --only ar-503,ar-503-320,ja-404
 * Every page's language list names each shipped language in its own script, so the shots need a
 * font for each (Debian: fonts-noto-cjk for Chinese, Japanese and Korean, fonts-noto-core for
 * Devanagari and the rest): without one, its letters come out as boxes, and the script stops.
 */
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromiumLaunchOptions } from '../packages/fallback-pages/src/verify/chromium.ts';

const { values } = parseArgs({
	options: { dir: { type: 'string', default: 'dist' }, only: { type: 'string' } },
});
/** `--only a,b`: just these shots, by name. */
const only = values.only?.split(',');
const dist = pathToFileURL(`${resolve(values.dir)}/`);
const docs = new URL('../docs/public/screenshots/', import.meta.url);
if (!existsSync(new URL('404.html', dist))) {
	console.error(`screenshots: ${values.dir}/ has no 404.html. Run \`npm run build\` first.`);
	process.exit(1);
}

/** A language of each script the catalogues are written in, beyond Latin and Cyrillic. */
const scripts = { ar: 'Arabic', he: 'Hebrew', hi: 'Devanagari', ja: 'Japanese', ko: 'Korean', zh: 'Chinese' };
const unfonted = Object.entries(scripts).filter(
	([lang]) => execFileSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8' }).trim() === '',
);
if (unfonted.length > 0) {
	console.error(
		`screenshots: no font for ${unfonted.map(([, name]) => name).join(', ')}: they would show as boxes. Debian: apt-get install fonts-noto-cjk fonts-noto-core`,
	);
	process.exit(1);
}

const isPreview = readFileSync(new URL('404.html', dist), 'utf8').includes('class="preview"');
const shots = isPreview
	? [{ page: '404.html', name: 'preview-404', width: 320, height: 568 }]
	: [
			{ page: '404.html', name: '404', width: 800, height: 450 },
			{ page: '503.html', name: '503', width: 800, height: 450 },
			{ page: '404.html', name: '404-320', width: 320, height: 568 },
			{ page: 'index.html', name: 'gallery', width: 1280, height: 800 },
			// Right-to-left and CJK, where the build ships them.
			{ page: 'ar/503.html', name: 'ar-503', width: 800, height: 450 },
			{ page: 'ar/503.html', name: 'ar-503-320', width: 320, height: 568 },
			{ page: 'ja/404.html', name: 'ja-404', width: 800, height: 450 },
		]
			.filter((shot) => existsSync(new URL(shot.page, dist)))
			.filter((shot) => !only || only.includes(shot.name));

const browser = await chromium.launch(chromiumLaunchOptions());
for (const scheme of ['light', 'dark'] as const) {
	const context = await browser.newContext({ colorScheme: scheme });
	const tab = await context.newPage();
	for (const shot of shots) {
		await tab.setViewportSize({ width: shot.width, height: shot.height });
		await tab.goto(new URL(shot.page, dist).href);
		const file = fileURLToPath(new URL(`${shot.name}-${scheme}.png`, docs));
		await tab.screenshot({ path: file });
		console.log(`wrote ${file}`);
	}
	await context.close();
}
await browser.close();
