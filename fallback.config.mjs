// @ts-check
// Every setting of Fallback goes here; with none, the pages have the framework's own look and ship
// in English only. astro.config.mjs passes them to fallback(), and `npx fallback-pages build` reads
// this file as it is. A complete example: examples/acme/astro.config.mjs, and the README's
// "Options". Five locales, right-to-left and CJK among them: the tests negotiate between them.
import { defineConfig } from 'fallback-pages/config';

export default defineConfig({
	locales: ['en', 'de', 'fr', 'ar', 'ja'],
	// The starter keeps its host configs and route contract in hosts/ (default: dist-hosts/).
	hostsDir: 'hosts',
});
