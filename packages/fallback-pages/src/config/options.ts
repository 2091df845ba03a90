/**
 * Every setting of Fallback, as `fallback({ ... })` takes it in astro.config.mjs. Validated with
 * zod before anything is built: a broken value stops the build with a message naming the option
 * (`fallback.brand.accent.light: …`) and what would be valid. Everything has a default, so the
 * site builds and looks finished with no options at all.
 */
import { z } from 'zod';
import { isCatalogued, statusByCode } from '../catalog/statuses';
import { hostOptionsSchema } from './hostOptions';
import {
	contrastProblems,
	defaultColors,
	opaqueHex,
	type BrandColors,
	type SchemePair,
} from '../brand/theme';
import { DEFAULT_LOCALE, isLocale, locales as allLocales, type Locale, type Regions } from '../i18n';
import { DEFAULT_API_PREFIXES, plainPrefixProblem, PROBLEM_FOLDER } from './prefixes';
import { embedPrefixProblem } from './embed';
import { maintenanceSchema, noMaintenance } from './maintenance';
import type { Deploy } from './deploy';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/**
 * Why a link target is unsafe, or undefined when it is a path on this site or an http(s) URL.
 * Browsers read `\` as `/`, so `/\evil.example` and `//evil.example` both lead to another site.
 */
export function linkProblem(value: string): string | undefined {
	if (value.startsWith('/')) {
		if (/^\/[/\\]/.test(value) || value.includes('\\')) {
			return `must be a path on this site: ${JSON.stringify(value)} starts with // or holds a backslash, which browsers read as another site`;
		}
		if (/[\u0000-\u001f\u007f\s]/.test(value)) return 'must be a path without spaces or control characters';
		return undefined;
	}
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return `must be a path starting with / or an absolute http(s) URL, not ${JSON.stringify(value)}`;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return `must be a path starting with / or an http(s) URL, not a ${url.protocol} URL`;
	}
	return undefined;
}

const link = z.string().superRefine((value, ctx) => {
	const problem = linkProblem(value);
	if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const text = (max: number) =>
	z
		.string()
		.trim()
		.min(1, 'must not be empty')
		.max(max, `must be at most ${max} characters`)
		.refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must be one line without control characters');

const color = z.string().refine((value) => opaqueHex(value) !== undefined, {
	error: 'must be an opaque CSS colour, e.g. #0b5fff, rgb(11 95 255) or oklch(55% 0.2 260)',
});

/** A colour for each scheme, described for the reference. */
const schemePair = (fallback: BrandColors[keyof BrandColors], what: string, example: SchemePair) =>
	z
		.strictObject({
			light: color
				.default(fallback.light)
				.meta({ description: `${what}, in the light scheme.`, examples: [example.light] }),
			dark: color
				.default(fallback.dark)
				.meta({ description: `${what}, in the dark scheme.`, examples: [example.dark] }),
		})
		.default(fallback)
		.meta({ description: `${what}: a colour for each scheme; one not given keeps the default look's.` });

/** The framework's system font stack: a page must render with nothing else reachable. */
export const SYSTEM_FONTS =
	"system-ui,'Segoe UI',Roboto,Helvetica,Arial,sans-serif,'Apple Color Emoji','Segoe UI Emoji'";

const GENERIC_FAMILIES = new Set([
	'serif',
	'sans-serif',
	'monospace',
	'cursive',
	'fantasy',
	'system-ui',
	'math',
]);

/**
 * A CSS font-family list of installed fonts: names of letters, digits, spaces and hyphens, quoted
 * or not. Nothing is downloaded (the CSP allows no font source); a list that does not end in a
 * generic family gets the system stack after it.
 */
const fontFamily = z
	.string()
	.trim()
	.superRefine((value, ctx) => {
		const names = value.split(',').map((name) => name.trim());
		const bad = names.find(
			(name) => !/^(?:'[A-Za-z0-9 -]+'|"[A-Za-z0-9 -]+"|[A-Za-z][A-Za-z0-9 -]*)$/.test(name),
		);
		if (bad !== undefined) {
			ctx.addIssue({
				code: 'custom',
				message: `must be a comma-separated list of installed font names (letters, digits, spaces, hyphens; quoted or not), not ${JSON.stringify(bad)}; web fonts cannot load on an error page`,
			});
		}
	})
	.transform((value) => {
		const names = value.split(',').map((name) => name.trim());
		const last = names.at(-1)!.replace(/['"]/g, '');
		return GENERIC_FAMILIES.has(last) ? names.join(',') : `${names.join(',')},${SYSTEM_FONTS}`;
	});

const helpOverrides = z.record(z.string(), text(300)).superRefine((overrides, ctx) => {
	for (const key of Object.keys(overrides)) {
		if (!/^\d{3}$/.test(key) || !isCatalogued(Number(key))) {
			ctx.addIssue({
				code: 'custom',
				path: [key],
				message: `${key} is not a catalogued HTTP error status (400–511)`,
			});
		}
	}
});

export const MAX_LINKS = 4;

/**
 * Why an API prefix cannot be one, or undefined: plain path segments with `/` around (`/api/`,
 * `/v1/`), and none of the folders the pages live in.
 */
function apiPrefixProblem(prefix: string): string | undefined {
	const problem = plainPrefixProblem(prefix, DEFAULT_API_PREFIXES[0]!);
	if (problem) return problem;
	const first = prefix.split('/')[1]!;
	if (isLocale(first) || `${first}/` === PROBLEM_FOLDER) {
		return `must not be a folder of the pages (${JSON.stringify(first)} is a locale or the problem documents' folder)`;
	}
	return undefined;
}

/** A locale Fallback has a catalogue for. */
const locale = z
	.string()
	.refine(isLocale, {
		error: (issue) => `${JSON.stringify(issue.input)} has no catalogue; available: ${allLocales.join(', ')}`,
	})
	.transform((value) => value as Locale);

export const fallbackOptionsSchema = z
	.strictObject({
		site: z
			.strictObject({
				name: text(60)
					.default('Fallback')
					.meta({
						description:
							"The name at the top of every page and in the gallery's title. Unset in an Astro site with pages of its own: Starlight's `title`, else the host of Astro's `site`, else no name at all (never Fallback's); in a build of Fallback's pages alone (the command, the release archive): `Fallback`.",
						examples: ['Acme Shop'],
					}),
				url: httpUrl.optional().meta({
					description:
						"The site's public address. Its host names the site on the global error page without JavaScript, and the problem documents' `type` is absolute on it. Unset: Netlify's `URL`, then Astro's `site`; without any, `type` is a path (`/404`) and the page names the site by its name.",
					examples: ['https://shop.acme.example'],
				}),
				homeUrl: link.default('/').meta({
					description: `Where "Go back home" leads: a path on this site or an absolute http(s) URL. \`/\` is the site's base.`,
					examples: ['/shop/'],
				}),
			})
			.default({ name: 'Fallback', homeUrl: '/' })
			.meta({ description: 'The site the pages belong to.' }),
		brand: z
			.strictObject({
				accent: schemePair(
					defaultColors.accent,
					"The main button's fill, every button's border and the focus ring",
					{ light: '#0b5fff', dark: '#7aa2ff' },
				),
				text: schemePair(
					defaultColors.text,
					'The text; the help line and the footer are 70 % of the way from the background to it',
					{ light: '#14213d', dark: '#f1f3f8' },
				),
				background: schemePair(defaultColors.background, 'The page background', {
					light: '#ffffff',
					dark: '#0d1321',
				}),
				font: fontFamily.default(SYSTEM_FONTS).meta({
					description:
						'Installed fonts only (an error page downloads nothing); the system stack is added unless the list ends in a generic family.',
					examples: ["'Segoe UI', Roboto, sans-serif"],
				}),
				logo: z
					.string()
					.trim()
					.min(1, 'must be a path to an .svg file')
					.optional()
					.meta({
						description:
							'An SVG file in the project (for the command: relative to the config file), checked and inlined before the name on every page. Needs `jsdom` and `dompurify` installed.',
						examples: ['./src/assets/logo.svg'],
					}),
				footer: text(160)
					.optional()
					.meta({ description: 'One line at the bottom of every page.', examples: ['© Acme Shop Ltd'] }),
			})
			.default({
				accent: defaultColors.accent,
				text: defaultColors.text,
				background: defaultColors.background,
				font: SYSTEM_FONTS,
			})
			.meta({
				description:
					'The look: colours for both schemes (checked for WCAG 2.2 AA contrast at build), font, logo and footer.',
			}),
		layout: z
			.string()
			.trim()
			.refine(
				(value) => value === 'starlight' || /.\.astro$/.test(value),
				"must be the path of an .astro layout, e.g. ./src/layouts/Base.astro, or 'starlight'",
			)
			.optional()
			.meta({
				description:
					"The site's own layout, relative to the project root: every error page is rendered in it, with Fallback's screen in its default slot and the props `title`, `description`, `lang`, `dir` and `status`; `'starlight'`: in Starlight's own frame. The brand's colours, font, logo and footer then give way to the layout's; the screen reads `--fallback-text`, `--fallback-muted`, `--fallback-accent`, `--fallback-on-accent` and `--fallback-background` where the layout sets them, and the build checks their contrast. Astro sites only.",
				examples: ['./src/layouts/Base.astro', 'starlight'],
			}),
		actions: z
			.strictObject({
				supportEmail: z
					.email('must be an e-mail address')
					.optional()
					.meta({
						description: 'Adds a "Contact support" action (`mailto:`).',
						examples: ['help@acme.example'],
					}),
				statusPageUrl: httpUrl
					.optional()
					.meta({ description: 'Adds a "Status page" action.', examples: ['https://status.acme.example'] }),
			})
			.default({})
			.meta({ description: 'Extra actions beside "Go back home".' }),
		links: z
			.array(
				z.strictObject({
					label: text(40).meta({ description: "The link's text." }),
					url: link.meta({ description: 'A path on this site or an absolute http(s) URL.' }),
				}),
			)
			.max(MAX_LINKS, `must hold at most ${MAX_LINKS} links: an error page is no site map`)
			.default([])
			.meta({
				description: `Up to ${MAX_LINKS} links in every page's footer.`,
				examples: [[{ label: 'Help centre', url: 'https://help.acme.example' }]],
			}),
		locales: z
			.array(locale)
			.min(1, 'must name at least one locale')
			.refine((list) => new Set(list).size === list.length, 'must not name a locale twice')
			.optional()
			.meta({
				description: `The languages the pages ship in, among the ${allLocales.length} catalogues; they must include the default. The default locale's pages keep their URLs (\`/404\`), the others live under theirs (\`/de/404\`). Unset: Astro's \`i18n\` locales, else the default locale alone.`,
				examples: [['en', 'de', 'ar']],
			}),
		defaultLocale: locale.default(DEFAULT_LOCALE).meta({
			description:
				"The language of the default URLs (`/404`), and of browsers whose languages none ship. Unset: Astro's `i18n.defaultLocale`, else `en`.",
			examples: ['de'],
		}),
		help: helpOverrides.default({}).meta({
			description:
				'Replaces the help sentence of some statuses in the default locale (the other locales keep theirs).',
			examples: [{ 503: 'We are moving to new servers and will be back by 10:00 UTC.' }],
		}),
		api: z
			.strictObject({
				prefixes: z
					.array(
						z.string().refine((prefix) => apiPrefixProblem(prefix) === undefined, {
							error: (issue) => apiPrefixProblem(String(issue.input)),
						}),
					)
					.max(8, 'must name at most 8 prefixes')
					.default([...DEFAULT_API_PREFIXES])
					.meta({
						description:
							"The site's API: a missing path under one of these gets the problem document, not a page, and in front of an app nothing the app sends there is replaced. Plain path segments between slashes, neither a locale's folder nor `/problem/`.",
						examples: [['/api/', '/v1/']],
					}),
			})
			.default({ prefixes: [...DEFAULT_API_PREFIXES] })
			.meta({ description: "The site's API, whose clients get problem documents." }),
		preview: z
			.boolean()
			.optional()
			.meta({
				description:
					'`true`: a preview build (banner with branch and commit, review gallery, `noindex`); `false`: production, whatever the platform says. Unset: production unless the platform says preview; `astro dev` is always a preview.',
				examples: [false],
			}),
		productionBranch: text(200)
			.optional()
			.meta({
				description:
					'The production branch, for Cloudflare Pages and Workers Builds, which have no production flag: a build of any other branch is a preview. Unset: every branch is production.',
				examples: ['main'],
			}),
		maintenance: maintenanceSchema.default(noMaintenance).meta({
			description:
				'Puts the whole site into maintenance: every path but a few answers 503 with the maintenance page.',
		}),
		requestId: z
			.union([z.enum(['page', 'header']), z.literal(false)])
			.default('page')
			.meta({
				description:
					"What the server configs do with each error answer's request ID. `'page'`: sent in `X-Request-ID`, written to the access log, passed to the app, and shown on the page and in the problem document where the server can edit a body (nginx, the Cloudflare Worker, the Kubernetes backend). `'header'`: all of that but the body, which nginx then sends without filtering it. `false`: no request IDs. Netlify adds its own (`x-nf-request-id`) whatever this says.",
				examples: ['header'],
			}),
		hosts: hostOptionsSchema
			.default(hostOptionsSchema.parse({}))
			.meta({ description: 'Settings of the server configs written to `hostsDir`.' }),
		base: z
			.string()
			.refine((value) => value === '/' || embedPrefixProblem(value) === undefined, {
				error: (issue) => embedPrefixProblem(String(issue.input)),
			})
			.default('/')
			.meta({
				description:
					"Where the pages live in the site: `/` (`/404`, `/de/503`) or a folder of their own, inside Astro's own `base` when the site has one.",
				examples: ['/errors/'],
			}),
		sitePages: z
			.array(
				z.number().refine(isCatalogued, {
					error: (issue) => `${JSON.stringify(issue.input)} is not a catalogued HTTP error status (400–511)`,
				}),
			)
			.refine((list) => new Set(list).size === list.length, 'must not name a status twice')
			.default([])
			.meta({
				description:
					"Statuses whose page the site has itself (its own `src/pages/404.astro`): Fallback builds none at that path and its rules serve the site's. A page of the site's at one of Fallback's paths that is not listed stops the build, naming both files.",
				examples: [[404]],
			}),
		staticHost: z
			.enum(['github-pages', 'gitlab-pages', 's3'])
			.optional()
			.meta({
				description:
					"A static host that sets no status of its own choosing (GitHub Pages, GitLab Pages, an S3 website bucket): the build keeps only the pages it serves as errors — `404.html` (and GitLab's `403.html`) in the default locale — and writes no `_redirects` or `_headers`, which it would publish as files. Unset: every page and Netlify's rule files.",
				examples: ['github-pages'],
			}),
		replaceAppStatuses: z
			.array(
				z
					.number()
					.refine((status) => isCatalogued(status) && status >= 400 && status < 500, {
						error: (issue) =>
							`${JSON.stringify(issue.input)} is not a catalogued client error status (400–451): the app's 5xx are replaced already`,
					})
					.refine(
						(status) => !isCatalogued(status) || Object.keys(statusByCode(status).headers).length === 0,
						{
							error: (issue) =>
								`${JSON.stringify(issue.input)} carries a header only the app can set (${Object.keys(statusByCode(Number(issue.input)).headers).join(', ')}): its answer is the app's to give`,
						},
					),
			)
			.refine((list) => new Set(list).size === list.length, 'must not name a status twice')
			.default([])
			.meta({
				description:
					"In front of an app or an origin (the proxy configs): its answers with these 4xx statuses are replaced by Fallback's page too, besides its 5xx — a static origin's stock 404 (`[404]`). Never an answer that is the app's own document: nginx and Apache replace nothing under the API prefixes, and Caddy, HAProxy and the Cloudflare Worker only an HTML or empty body. Not a status whose answer carries a header only the app can set (401, 405, 429).",
				examples: [[404]],
			}),
		hostsDir: z
			.string()
			.trim()
			.min(1, 'must be a folder path')
			.refine(
				(value) => !value.split(/[\\/]/).includes('..') && !/^[\\/]/.test(value),
				'must be a folder inside the project (relative, no ..)',
			)
			.optional()
			.meta({
				description:
					"Where the host configs and the route contract go, relative to the project root (for the command: the folder it runs in). Unset: beside the build's folder, `<outDir>-hosts/` (`dist-hosts/`; the command's `fallback-hosts/`). Only a folder Fallback wrote before (it holds `contract.json`) is ever replaced.",
				examples: ['hosts'],
			}),
	})
	.superRefine((options, ctx) => {
		if (options.staticHost && options.base !== '/') {
			ctx.addIssue({
				code: 'custom',
				message: `'${options.staticHost}' serves the 404.html at the root of the published folder, so the pages' base must be '/', not ${JSON.stringify(options.base)}`,
				path: ['staticHost'],
			});
		}
		if (options.base !== '/' && options.maintenance.enabled) {
			// Pages in a folder of the site add rules after the site's own: they cannot put the site's
			// paths on a 503.
			ctx.addIssue({
				code: 'custom',
				message: `not available with base ${options.base}: Fallback's rules come after the site's own. Put \`/*  ${options.base}503.html  503!\` at the top of the site's _redirects instead.`,
				path: ['maintenance'],
			});
		}
		if (options.locales && !options.locales.includes(options.defaultLocale)) {
			ctx.addIssue({
				code: 'custom',
				message: `must include the default locale, ${options.defaultLocale} (defaultLocale)`,
				path: ['locales'],
			});
		}
		const { accent, text, background } = options.brand;
		const readable = [accent, text, background].every(
			(pair) => opaqueHex(pair.light) !== undefined && opaqueHex(pair.dark) !== undefined,
		);
		if (!readable) return;
		for (const message of contrastProblems(options.brand))
			ctx.addIssue({ code: 'custom', message, path: [] });
	})
	// The locales that ship, the default first: those named, else the default alone.
	.transform((options) => ({
		...options,
		locales: [options.defaultLocale, ...(options.locales ?? []).filter((l) => l !== options.defaultLocale)],
	}));

export type FallbackOptions = z.input<typeof fallbackOptionsSchema>;
export type ParsedOptions = z.output<typeof fallbackOptionsSchema>;

/**
 * What is wrong with a set of options, one line per problem, each naming the option by its full
 * path (`fallback.brand.accent.light: …`; contrast problems name their own options); empty when
 * they are valid. The integration and the CLI say exactly these lines.
 */
export function optionProblems(raw: unknown): string[] {
	const result = fallbackOptionsSchema.safeParse(raw);
	if (result.success) return [];
	return result.error.issues.map((issue) =>
		issue.path.length === 0 && issue.code === 'custom'
			? issue.message
			: `${['fallback', ...issue.path.map(String)].join('.')}: ${issue.message}`,
	);
}

/** Broken options: `problems` has a line for each. */
export class OptionsError extends Error {
	constructor(
		readonly source: string,
		readonly problems: readonly string[],
	) {
		super(`Invalid Fallback options (${source}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
		this.name = 'OptionsError';
	}
}

/**
 * Validates the options (of `fallback({ ... })` in astro.config.mjs, or of the CLI's config file:
 * `source` says which); throws an OptionsError listing every broken option by its full path.
 */
export function parseOptions(
	raw: unknown = {},
	source = 'fallback({ ... }) in astro.config.mjs',
): ParsedOptions {
	const result = fallbackOptionsSchema.safeParse(raw);
	if (result.success) return result.data;
	throw new OptionsError(source, optionProblems(raw));
}

/** What the pages read (through `virtual:fallback/config`): the options, resolved for this build. */
export interface FallbackConfig {
	/** `url`: the public address, absolute; null when nothing names it (the problem types are then relative). */
	/**
	 * `name`: empty where nothing names the site (no header name, no "Fallback" on a team's pages).
	 * `nameFrom`: the name is Starlight's `title`, read from its config when the pages are built.
	 */
	site: { name: string; url: string | null; homeUrl: string; nameFrom?: 'starlight' };
	brand: Omit<ParsedOptions['brand'], 'logo'> & {
		/** The checked, minified logo markup, ready to inline. */
		logo?: string;
	};
	actions: ParsedOptions['actions'];
	links: ParsedOptions['links'];
	help: ParsedOptions['help'];
	/** The locales that ship, the default first. */
	locales: Locale[];
	/** The site's region folders Fallback's pages are built in too (`pt-br` beside `pt-pt`). */
	regions: Regions;
	/** The locale of the default URLs. */
	defaultLocale: Locale;
	/**
	 * `astro`: built in an Astro site's build (the team's, or the starter's); `embed`: pages for a site
	 * built otherwise, in their own folder, with no inline code.
	 */
	mode: 'astro' | 'embed';
	/** Where the pages live, Astro's base and Fallback's together, with `/` around: `/`, `/errors/`. */
	base: string;
	/**
	 * Paths (relative to `base`: `404`, `ja/404`) where the site has its own page of a status it
	 * keeps (the option `sitePages`): none of Fallback's is built there.
	 */
	sitePaths: readonly string[];
	/** Gallery paths (`''`, `de/`) the site has its own page at: no gallery is built there. */
	siteGalleries: readonly string[];
	/** Whether galleries are built at all: not for embedded pages in production. */
	galleries: boolean;
	/** Production or preview, and the preview's branch and commit. */
	deploy: Deploy;
	/** The kit's build: the components mark what the kit fills (kit/marks.ts). */
	kit: boolean;
	/** The error pages are in the site's own layout (the option `layout`), not Fallback's page. */
	layout: boolean;
}
