// @ts-check
// A sample brand, every option set: `npx astro build --config examples/acme/astro.config.mjs`.
// The README's screenshots and the brand tests are made from it.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import fallback from 'fallback-pages';

export default defineConfig({
	output: 'static',
	integrations: [
		react(),
		fallback({
			site: { name: 'Acme Shop', url: 'https://shop.acme.example', homeUrl: '/' },
			brand: {
				accent: { light: '#0b5fff', dark: '#7aa2ff' },
				text: { light: '#14213d', dark: '#f1f3f8' },
				background: { light: '#ffffff', dark: '#0d1321' },
				font: "'Segoe UI', Roboto, 'Helvetica Neue', sans-serif",
				logo: './examples/acme/logo.svg',
				footer: '© Acme Shop Ltd · Orders ship from Rotterdam',
			},
			actions: { supportEmail: 'help@acme.example', statusPageUrl: 'https://status.acme.example' },
			links: [
				{ label: 'Help centre', url: 'https://help.acme.example' },
				{ label: 'Order tracking', url: '/orders' },
			],
			help: { 503: 'We are moving the shop to new servers and will be back by 10:00 UTC.' },
		}),
	],
	devToolbar: { enabled: false },
});
