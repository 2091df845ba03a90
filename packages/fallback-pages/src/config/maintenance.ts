/**
 * The maintenance switch: `maintenance: { enabled: true }` turns the Netlify rules and the nginx,
 * Caddy, Apache, HAProxy and Cloudflare configs into "every path but the allowed ones answers 503
 * with the maintenance page and Retry-After" (the Traefik, Kubernetes, CloudFront and Vercel configs
 * carry none). Switched off (the default), the configs are exactly what they are without the option.
 */
import { z } from 'zod';

/** Paths a server config carries literally: letters, digits and `. _ - ~` segments. */
const allowedPath = z
	.string()
	.regex(
		/^\/(?:[A-Za-z0-9._~-]+\/?)+$/,
		"must be a path of letters, digits, '.', '_', '-' and '~' segments, e.g. /healthz or /status/ (a trailing / allows everything under it)",
	)
	.refine((path) => !/\/\/|(?:^|\/)\.\.?(?:\/|$)/.test(path), "must not contain '//', '.' or '..' segments");

export const maintenanceSchema = z
	.strictObject({
		enabled: z
			.boolean()
			.default(false)
			.meta({
				description:
					'On: every path but `allow` answers 503 with the maintenance page, on Netlify, nginx, Caddy, Apache, HAProxy and the Cloudflare Worker (not in the Traefik, Kubernetes, CloudFront and Vercel configs).',
				examples: [true],
			}),
		until: z.iso
			.datetime({
				offset: true,
				error: 'must be an ISO 8601 date and time with a zone, e.g. 2031-03-01T06:00:00Z',
			})
			.optional()
			.meta({
				description:
					'When it is expected to end, ISO 8601 with a zone: `Retry-After` as an HTTP-date. A time that has passed stops the build.',
				examples: ['2031-03-01T06:00:00Z'],
			}),
		retryAfterSeconds: z
			.number()
			.int()
			.min(1)
			.max(31_536_000)
			.optional()
			.meta({
				description: "Or `Retry-After` in seconds. Neither: the 503 page's own 300 seconds.",
				examples: [1800],
			}),
		allow: z
			.array(allowedPath)
			.max(32, 'must name at most 32 paths')
			.default([])
			.meta({
				description:
					'Paths that keep answering as usual: exact (`/healthz`) or everything under a prefix ending in `/` (`/status/`). Letters, digits and `. _ - ~` segments only.',
				examples: [['/healthz', '/status/']],
			}),
	})
	.superRefine((maintenance, ctx) => {
		if (maintenance.until !== undefined && maintenance.retryAfterSeconds !== undefined) {
			ctx.addIssue({
				code: 'custom',
				path: ['until'],
				message: 'and retryAfterSeconds both set Retry-After: give one',
			});
		}
		if (
			maintenance.enabled &&
			maintenance.until !== undefined &&
			Date.parse(maintenance.until) <= Date.now()
		) {
			ctx.addIssue({
				code: 'custom',
				path: ['until'],
				message: `${maintenance.until} has passed: clients would be told to retry at a time that is gone`,
			});
		}
	});

export type MaintenanceOptions = z.output<typeof maintenanceSchema>;

export const noMaintenance: MaintenanceOptions = { enabled: false, allow: [] };

/**
 * What the contract needs of a switched-on maintenance (withMaintenance), or undefined when it is
 * off: Retry-After as an HTTP-date (`until`), as seconds, or the page's own.
 */
export function maintenanceOf(
	options: MaintenanceOptions,
): { retryAfter?: string; allowedPaths: readonly string[] } | undefined {
	if (!options.enabled) return undefined;
	const retryAfter =
		options.until !== undefined
			? new Date(options.until).toUTCString()
			: options.retryAfterSeconds !== undefined
				? String(options.retryAfterSeconds)
				: undefined;
	return { ...(retryAfter === undefined ? {} : { retryAfter }), allowedPaths: options.allow };
}
