// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import fallback from './src/integrations/fallback.ts';

export default defineConfig({
	output: 'static',
	// Every setting of Fallback goes here; with none, the pages have the framework's own look and
	// ship in English only. A complete example: examples/acme/astro.config.mjs, and the README's
	// "Options". Five locales, right-to-left and CJK among them: the tests negotiate between them.
	integrations: [react(), fallback({ locales: ['en', 'de', 'fr', 'ar', 'ja'] })],
	devToolbar: { enabled: false },
});
