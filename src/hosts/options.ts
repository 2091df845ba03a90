/**
 * The settings a deployment chooses for the server configs: where the pages are, where the server
 * listens, which app it fronts. Validated like the site config: a value that could not be written
 * safely into nginx, Caddy or Apache stops the build with a message naming the option.
 */
import { z } from 'astro/zod';

/** Letters, digits and `. _ - /`: a path every config format carries without quoting tricks. */
const absolutePath = z
	.string()
	.regex(/^\/[A-Za-z0-9._/-]*$/, "must be an absolute path of letters, digits, '.', '_', '-' and '/'")
	.refine((path) => !path.split('/').includes('..'), "must not contain '..'");

const hostName = z
	.string()
	.regex(
		/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
		'must be an IPv4 address or a host name (letters, digits, dots and hyphens)',
	);

const port = z.number().int().min(1).max(65535);

export const hostOptionsSchema = z.strictObject({
	/** Folder on the server that holds a copy of dist/. */
	pagesRoot: absolutePath.default('/var/www/fallback'),
	/** Address to listen on; no host means every interface. */
	listen: z.strictObject({ host: hostName.optional(), port }).default({ port: 80 }),
	/** The app behind the server in proxy mode, `host:port`. */
	upstream: z
		.string()
		.regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:3000')
		.refine((value) => port.safeParse(Number(value.split(':')[1])).success, 'has a port outside 1–65535')
		.default('127.0.0.1:3000'),
	/** Seconds to wait for the app's answer before answering 504 with the 504 page. */
	upstreamTimeoutSeconds: z.number().int().min(1).max(86_400).default(60),
});

export type HostOptionsInput = z.input<typeof hostOptionsSchema>;
export type HostOptions = z.output<typeof hostOptionsSchema>;

/** Validates host options; throws an Error naming every broken option under `optionPath`. */
export function parseHostOptions(raw: unknown = {}, optionPath = 'fallback.hosts'): HostOptions {
	const result = hostOptionsSchema.safeParse(raw);
	if (result.success) return result.data;
	const problems = result.error.issues.map(
		(issue) => `  - ${[optionPath, ...issue.path.map(String)].join('.')}: ${issue.message}`,
	);
	throw new Error(`Invalid Fallback host options:\n${problems.join('\n')}`);
}

/** What the files under hosts/ are written with, and what their comments tell to change. */
export const defaultHostOptions: HostOptions = parseHostOptions({});
