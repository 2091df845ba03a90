/**
 * A build whose default locale is not English (`fallback({ defaultLocale: 'de', locales: ['de', 'en'] })`):
 * German keeps the default URLs, English gets its folder, and the rules negotiate towards English.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTimeoutMs, buildWith } from '../../scripts/build-with.ts';

let outDir = '';
const read = (file: string) => readFileSync(join(outDir, file), 'utf8');

beforeAll(async () => {
	({ outDir } = await buildWith('german-default', { defaultLocale: 'de', locales: ['en', 'de'] }));
}, buildTimeoutMs);

describe('a build with German as the default locale', () => {
	it('keeps the default URLs for German and gives English its folder', () => {
		expect(read('404.html')).toContain('<html lang="de" dir="ltr">');
		expect(read('en/404.html')).toContain('<html lang="en" dir="ltr">');
		expect(read('en/404.html')).toContain('This page could not be found.');
		expect(existsSync(join(outDir, 'de'))).toBe(false);
	});

	it('links each page to the same page in the other language', () => {
		expect(read('404.html')).toContain('<a href="/en/404" lang="en">English</a>');
		expect(read('en/404.html')).toContain('<a href="/404" lang="de">Deutsch</a>');
		expect(read('index.html')).toContain('<a href="/en/" lang="en">English</a>');
	});

	it('negotiates English on the default URLs and says which page is in which language', () => {
		const redirects = read('_redirects');
		expect(redirects).toMatch(/^\/404 {2}\/en\/404\.html {2}404! {2}Language=en$/m);
		expect(redirects).toMatch(/^\/\* {2}\/en\/404\.html {2}404 {2}Language=en$/m);
		const headers = read('_headers');
		expect(headers).toMatch(/^\/en\/\*\n {2}Content-Language: en$/m);
		expect(headers).toMatch(/^\/404\.html\n {2}Content-Language: de$/m);
	});
});
