// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import fallback from './src/integrations/fallback.ts';

export default defineConfig({
	output: 'static',
	// Every setting of Fallback goes here; with none, the pages have the framework's own look.
	// A complete example: examples/acme/astro.config.mjs, and the README's "Options".
	integrations: [react(), fallback()],
	devToolbar: { enabled: false },
});
