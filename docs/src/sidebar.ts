/** The docs' sidebar: start here, guides, hosts, concepts, reference. */
export const sidebar = [
	{
		label: 'Start here',
		items: [
			{ label: 'Where to start', slug: 'start' },
			{ label: 'An Astro site', slug: 'start/astro' },
			{ label: 'Any site on Netlify', slug: 'start/netlify' },
			{ label: 'Any other build: the command', slug: 'start/cli' },
			{ label: 'Any server: the release archive', slug: 'start/archive' },
		],
	},
	{
		label: 'Guides',
		items: [
			'guides/astro',
			'guides/netlify-plugin',
			'guides/branding',
			'guides/your-look',
			{ label: 'Brand playground', slug: 'playground' },
			{ label: 'Gallery', slug: 'gallery' },
			'guides/languages',
			'guides/api-clients',
			'guides/maintenance',
			'guides/deploy-previews',
			'guides/embed',
			'guides/verify',
			'guides/verify-on-netlify',
			'guides/faq',
			'guides/troubleshooting',
			'guides/updating',
			'guides/uninstall',
		],
	},
	{ label: 'Servers and CDNs', items: [{ autogenerate: { directory: 'hosts' } }] },
	{ label: 'Concepts', items: ['concepts/how-it-works', 'concepts/route-contract', 'concepts/csp'] },
	{ label: 'Reference', items: [{ autogenerate: { directory: 'reference' } }] },
];
