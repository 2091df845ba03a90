// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import fallback from './src/integrations/fallback.ts';

export default defineConfig({
	output: 'static',
	integrations: [react(), fallback()],
	build: {
		// dist/404.html, dist/503.html…: the names CDNs and web servers look for.
		format: 'file',
		// Every page must render when nothing but its own HTML can be fetched.
		inlineStylesheets: 'always',
	},
	devToolbar: { enabled: false },
});
