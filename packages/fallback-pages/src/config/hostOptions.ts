/**
 * The settings a deployment chooses for the server configs: where the pages are, where the server
 * listens, which app it fronts. Validated like the site config: a value that could not be written
 * safely into nginx, Caddy or Apache stops the build with a message naming the option.
 */
import { z } from 'zod';

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

/** A Kubernetes namespace: an RFC 1123 label (lower-case letters, digits, '-'), at most 63 characters. */
const namespace = z
	.string()
	.regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "must be a DNS label: lower-case letters, digits and '-'");

/**
 * A container image reference, `[registry[:port]/]name[:tag][@sha256:digest]`, in the lower-case
 * letters, digits and separators Docker's reference grammar allows: nothing a YAML or Dockerfile
 * line could be split on.
 */
const imageReference = z
	.string()
	.max(255)
	.regex(
		/^[a-z0-9]+(?:[._-][a-z0-9]+)*(?::\d{1,5})?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/,
		'must be an image reference such as registry.example.com/team/fallback-pages:1.2',
	);

/** The Kubernetes manifests' settings (hosts/kubernetes/, hosts/traefik/kubernetes.yml). */
export const kubernetesOptionsSchema = z.strictObject({
	namespace: namespace.optional().meta({
		description: "The namespace of every object (the app's Ingress too); unset, `kubectl apply -n` chooses.",
		examples: ['web'],
	}),
	image: imageReference.default('registry.example.com/fallback-pages:latest').meta({
		description: 'The pages image built from `kubernetes/Dockerfile`, pushed where the cluster pulls from.',
		examples: ['registry.acme.example/fallback-pages:1.2'],
	}),
});

export const hostOptionsSchema = z.strictObject({
	pagesRoot: absolutePath.default('/var/www/fallback').meta({
		description:
			'The folder on the server that holds a copy of the pages (`dist/`); every server config reads them there.',
		examples: ['/srv/errors'],
	}),
	listen: z
		.strictObject({
			host: hostName.optional().meta({
				description: 'The address the server configs listen on; unset, every interface.',
				examples: ['127.0.0.1'],
			}),
			port: port.meta({ description: 'The port the server configs listen on.', examples: [8080] }),
		})
		.default({ port: 80 })
		.meta({ description: 'Where the server configs listen.' }),
	upstream: z
		.string()
		.regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:3000')
		.refine((value) => port.safeParse(Number(value.split(':')[1])).success, 'has a port outside 1–65535')
		.default('127.0.0.1:3000')
		.meta({
			description:
				'The app, `host:port`, that the proxy configs stand in front of: nginx, Caddy, Apache, HAProxy, the Cloudflare Worker, Traefik and the Kubernetes Ingress.',
			examples: ['10.0.0.5:8080'],
		}),
	upstreamTimeoutSeconds: z
		.number()
		.int()
		.min(1)
		.max(86_400)
		.default(60)
		.meta({
			description:
				"How long the proxy configs wait for the app's answer, once connected, before they answer with the page of a timeout (504; Apache's is 502).",
			examples: [30],
		}),
	upstreamConnectTimeoutSeconds: z
		.number()
		.int()
		.min(1)
		.max(75)
		.default(5)
		.meta({
			description:
				"How long nginx, Caddy, Apache and HAProxy in front of the app try to connect to it before they answer with the page of an app that cannot be reached. A dead host or a firewall that drops packets is answered within it, not after `upstreamTimeoutSeconds`; at most 75 (nginx's limit).",
			examples: [2],
		}),
	kubernetes: kubernetesOptionsSchema.optional().meta({
		description: 'The Kubernetes manifests (ingress-nginx, Traefik CRDs); unset, their defaults.',
	}),
});

export type HostOptionsInput = z.input<typeof hostOptionsSchema>;
export type HostOptions = z.output<typeof hostOptionsSchema>;
export type KubernetesOptions = z.output<typeof kubernetesOptionsSchema>;

/** The Kubernetes settings of these options, their defaults where none are given. */
export const kubernetesOptionsOf = (options: HostOptions): KubernetesOptions =>
	options.kubernetes ?? kubernetesOptionsSchema.parse({});

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
