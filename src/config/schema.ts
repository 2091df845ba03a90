/**
 * Validation of the site configuration. A broken value stops the build with a message that
 * names the field, instead of shipping a page with a dead link.
 */
import { z } from 'astro/zod';
import { isCatalogued } from '../catalog/statuses';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/**
 * Why a "Go back home" target is unsafe, or undefined when it is a path on this site or an
 * http(s) URL. Browsers read `\` as `/`, so `/\evil.example` and `//evil.example` both lead to
 * another site.
 */
export function homeUrlProblem(value: string): string | undefined {
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

const helpOverrides = z
	.record(z.string(), z.string().trim().min(1, 'must not be empty'))
	.superRefine((overrides, ctx) => {
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

export const siteConfigSchema = z.strictObject({
	/** Shown in the page footer and the gallery. */
	siteName: z.string().trim().min(1, 'must not be empty'),
	/** The public address of the site; its host names the site on the global error page. */
	siteUrl: httpUrl,
	/** Where "Go back home" leads: a path on this site or an absolute http(s) URL. */
	homeUrl: z.string().superRefine((value, ctx) => {
		const problem = homeUrlProblem(value);
		if (problem) ctx.addIssue({ code: 'custom', message: problem });
	}),
	/** Optional: adds a "Contact support" action (mailto:). */
	supportEmail: z.email('must be an e-mail address').optional(),
	/** Optional: adds a "Status page" action. */
	statusPageUrl: httpUrl.optional(),
	/** Optional: replace the help sentence of some codes, e.g. `{ 503: 'Back at 10:00 UTC.' }`. */
	help: helpOverrides.default({}),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;

/** Validates a raw configuration; throws an Error naming every broken field. */
export function parseSiteConfig(raw: unknown): SiteConfig {
	const result = siteConfigSchema.safeParse(raw);
	if (result.success) return result.data;
	const problems = result.error.issues.map(
		(issue) => `  - ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
	);
	throw new Error(`Invalid Fallback site configuration (src/config/site.ts):\n${problems.join('\n')}`);
}
