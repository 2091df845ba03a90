/**
 * Validation of the site configuration. A broken value stops the build with a message that
 * names the field, instead of shipping a page with a dead link.
 */
import { z } from 'astro/zod';
import { isCatalogued } from '../catalog/statuses';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

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
	homeUrl: z.union([z.string().regex(/^\/(?!\/)/, 'must be a path starting with /'), httpUrl]),
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
