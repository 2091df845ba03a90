/**
 * Production or preview, and what the banner of a preview says: read from the build's platform in
 * one place, the same for the integration, the CLI and the Netlify plugin. A build is production
 * unless a platform says it is a preview (or `astro dev` runs it, or the `preview` option says so):
 * only a preview carries the banner, the review gallery and noindex.
 *
 * Which platform runs the build is ci-info's answer (the library Astro itself uses to tell CI);
 * what it lacks (each platform's production signal, branch, commit and deploy URL) is the table below.
 */
import ci from 'ci-info';

export interface Deploy {
	/** The platform that ran the build, as ci-info names it; `null` when none was recognised. */
	platform: string | null;
	/** The platform's word for this build: production, deploy-preview, preview, pull-request, dev… */
	context: string;
	/** Anything but production: noindex header, preview banner, review gallery. */
	isPreview: boolean;
	/** Why: the variables (or option) that decided, for the build log. */
	reason: string;
	/** Branch name as the platform reports it; untrusted text. */
	branch: string | null;
	/** Full commit SHA when it looks like one. */
	commit: string | null;
	/** The deploy's own URL. */
	deployUrl: string | null;
	/** The site's main URL (Netlify's URL). */
	siteUrl: string | null;
	/** When this build ran (ISO 8601, UTC, to the second). */
	builtAt: string;
}

/** What the site's options and the command say about the build. */
export interface DeploySettings {
	/** The `preview` option: forces a preview (true) or production (false) whatever the platform says. */
	preview?: boolean | undefined;
	/** The `productionBranch` option: on platforms without a production flag (Cloudflare), the branch that is production. */
	productionBranch?: string | undefined;
	/** `astro dev`: always a preview. */
	dev?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined) => (value && value.trim() ? value.trim() : null);
const https = (host: string | null) =>
	host === null ? null : /^https?:\/\//.test(host) ? host : `https://${host}`;

/** What a platform's variables say: its context, whether it is a preview and why, and its details. */
type Reading = Pick<Deploy, 'context' | 'isPreview' | 'reason' | 'branch' | 'commit' | 'deployUrl'>;

/** A platform without a production flag: production is the branch the option names, else every branch. */
function byBranch(variable: string, env: Env, productionBranch: string | undefined) {
	const branch = nonEmpty(env[variable]);
	if (productionBranch === undefined || branch === null) {
		return {
			context: 'production',
			isPreview: false,
			reason: branch === null ? `${variable} unset` : `${variable}=${branch}, no productionBranch option`,
			branch,
		};
	}
	const isPreview = branch !== productionBranch;
	return {
		context: isPreview ? 'preview' : 'production',
		isPreview,
		reason: `${variable}=${branch}, productionBranch ${productionBranch}`,
		branch,
	};
}

/** A platform whose variable names the context: production when it says so or is unset. */
function byContext(variable: string, env: Env) {
	const context = nonEmpty(env[variable]) ?? 'production';
	return {
		context,
		isPreview: context !== 'production',
		reason: `${variable}=${env[variable] ?? '(unset)'}`,
	};
}

/**
 * Each platform's reading, keyed by ci-info's constant for it. Netlify's is also used wherever
 * CONTEXT is set (netlify-cli, a local `netlify build`).
 */
const platforms: Record<string, (env: Env, settings: DeploySettings) => Reading> = {
	NETLIFY: (env) => ({
		...byContext('CONTEXT', env),
		branch: nonEmpty(env['BRANCH']) ?? nonEmpty(env['HEAD']),
		commit: nonEmpty(env['COMMIT_REF']),
		deployUrl: nonEmpty(env['DEPLOY_PRIME_URL']),
	}),
	VERCEL: (env) => ({
		...byContext('VERCEL_ENV', env),
		branch: nonEmpty(env['VERCEL_GIT_COMMIT_REF']),
		commit: nonEmpty(env['VERCEL_GIT_COMMIT_SHA']),
		deployUrl: https(nonEmpty(env['VERCEL_BRANCH_URL']) ?? nonEmpty(env['VERCEL_URL'])),
	}),
	CLOUDFLARE_PAGES: (env, { productionBranch }) => ({
		...byBranch('CF_PAGES_BRANCH', env, productionBranch),
		commit: nonEmpty(env['CF_PAGES_COMMIT_SHA']),
		deployUrl: nonEmpty(env['CF_PAGES_URL']),
	}),
	CLOUDFLARE_WORKERS: (env, { productionBranch }) => ({
		...byBranch('WORKERS_CI_BRANCH', env, productionBranch),
		commit: nonEmpty(env['WORKERS_CI_COMMIT_SHA']),
		deployUrl: null,
	}),
	GITHUB_ACTIONS: (env) => {
		const event = nonEmpty(env['GITHUB_EVENT_NAME']);
		const isPreview = event === 'pull_request' || event === 'pull_request_target';
		return {
			context: isPreview ? 'pull-request' : 'production',
			isPreview,
			reason: `GITHUB_EVENT_NAME=${event ?? '(unset)'}`,
			branch: (isPreview ? nonEmpty(env['GITHUB_HEAD_REF']) : null) ?? nonEmpty(env['GITHUB_REF_NAME']),
			commit: nonEmpty(env['GITHUB_SHA']),
			deployUrl: null,
		};
	},
	GITLAB: (env) => {
		const request = nonEmpty(env['CI_MERGE_REQUEST_IID']);
		const tier = nonEmpty(env['CI_ENVIRONMENT_TIER']);
		const context = request ? 'merge-request' : (tier ?? 'production');
		return {
			context,
			isPreview: context !== 'production',
			reason: request ? `CI_MERGE_REQUEST_IID=${request}` : `CI_ENVIRONMENT_TIER=${tier ?? '(unset)'}`,
			branch: nonEmpty(env['CI_MERGE_REQUEST_SOURCE_BRANCH_NAME']) ?? nonEmpty(env['CI_COMMIT_REF_NAME']),
			commit: nonEmpty(env['CI_COMMIT_SHA']),
			deployUrl: nonEmpty(env['CI_ENVIRONMENT_URL']),
		};
	},
	RENDER: (env) => {
		const isPreview = env['IS_PULL_REQUEST'] === 'true';
		return {
			context: isPreview ? 'pull-request' : 'production',
			isPreview,
			reason: `IS_PULL_REQUEST=${env['IS_PULL_REQUEST'] ?? '(unset)'}`,
			branch: nonEmpty(env['RENDER_GIT_BRANCH']),
			commit: nonEmpty(env['RENDER_GIT_COMMIT']),
			deployUrl: nonEmpty(env['RENDER_EXTERNAL_URL']),
		};
	},
};

/** Names for the platforms of the table (ci-info's own says "Netlify CI", "GitLab CI"…). */
const platformNames: Record<string, string> = {
	NETLIFY: 'Netlify',
	VERCEL: 'Vercel',
	CLOUDFLARE_PAGES: 'Cloudflare Pages',
	CLOUDFLARE_WORKERS: 'Cloudflare Workers Builds',
	GITHUB_ACTIONS: 'GitHub Actions',
	GITLAB: 'GitLab CI',
	RENDER: 'Render',
};

const NO_PLATFORM = 'no deploy platform recognised';

/** A platform as ci-info recognises it: its constant (`NETLIFY`, `VERCEL`…) and name. */
export interface DetectedPlatform {
	id: string | null;
	name: string | null;
}

/**
 * When the build counts as made: `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds
 * convention) when set, else now.
 */
function buildTime(env: Env): Date {
	const epoch = nonEmpty(env['SOURCE_DATE_EPOCH']);
	return epoch !== null && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
}

/**
 * The deploy, from the platform ci-info recognised and the environment. Pure: `readDeploy` passes
 * ci-info's answer for this process.
 */
export function deployOf(
	detected: DetectedPlatform,
	env: Env,
	settings: DeploySettings = {},
	now: Date = buildTime(env),
): Deploy {
	const id = env['CONTEXT'] !== undefined ? 'NETLIFY' : detected.id;
	const read = id !== null ? platforms[id] : undefined;
	const reading: Reading = read
		? read(env, settings)
		: {
				context: 'production',
				isPreview: false,
				reason: NO_PLATFORM,
				branch: null,
				commit: null,
				deployUrl: null,
			};
	const platform = id === null ? null : (platformNames[id] ?? detected.name ?? id);
	const forced =
		settings.dev === true
			? { context: 'dev', isPreview: true, reason: 'astro dev' }
			: settings.preview !== undefined
				? {
						context: settings.preview ? 'preview' : 'production',
						isPreview: settings.preview,
						reason: `the preview option (${String(settings.preview)})`,
					}
				: {};
	const commit = reading.commit;
	return {
		platform,
		...reading,
		...forced,
		commit: commit && /^[0-9a-f]{7,64}$/i.test(commit) ? commit.toLowerCase() : null,
		siteUrl: id === 'NETLIFY' ? nonEmpty(env['URL']) : null,
		builtAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
	};
}

/** This build's deploy: ci-info's platform for this process, its environment, the options. */
export function readDeploy(settings: DeploySettings = {}, env: Env = process.env, now?: Date): Deploy {
	return deployOf({ id: ci.id, name: ci.name }, env, settings, now);
}

/** One line for the build log: the platform, the context, and why. */
/** The build log's line on the deploy; `previewHint`: how the team's options make a build a preview, if they can. */
export function describeDeploy(deploy: Deploy, previewHint?: string): string {
	const what = deploy.isPreview
		? `a preview (${deploy.context}: banner, review gallery, noindex)`
		: 'production (no banner, indexable)';
	const details = [
		deploy.branch && `branch ${shortBranch(deploy.branch)}`,
		shortCommit(deploy.commit) && `commit ${shortCommit(deploy.commit)}`,
	].filter(Boolean);
	const source =
		deploy.platform === null && deploy.reason === NO_PLATFORM
			? NO_PLATFORM
			: `${deploy.platform ?? 'no deploy platform'} (${deploy.reason})`;
	const hint = deploy.isPreview || previewHint === undefined ? '' : `; ${previewHint}`;
	return `${source}: ${what}${details.length ? `; ${details.join(', ')}` : ''}${hint}`;
}

/**
 * What the build says when nothing gives the site's address (siteUrl is null); `base`: where the
 * pages are (`/`, `/fallback/`), whose not-found problem document's type it shows; `givenBy`: what
 * would give the address, in the words of the file the team edits.
 */
export const noSiteAddress = (base: string, givenBy: string): string =>
	`no site address (${givenBy}): the problem documents' type is a relative reference (${base}404), which clients resolve against the address they asked`;

/** The site's public address: the option, then Netlify's main URL, then Astro's `site`; else none. */
export function siteUrl(option: string | undefined, deploy: Deploy, astroSite?: string): string | null {
	return option ?? deploy.siteUrl ?? astroSite ?? null;
}

/** When a build ran, as the review gallery shows it: `2026-11-27 02:30:45 UTC`. */
export function shownTime(builtAt: string): string {
	return builtAt.replace('T', ' ').replace('Z', ' UTC');
}

/** The first 7 characters of a commit, as git shows it. */
export function shortCommit(commit: string | null): string | null {
	return commit ? commit.slice(0, 7) : null;
}

/**
 * Characters that reorder the text around them (bidi embeddings, overrides, isolates, marks): in
 * a branch name they could make the banner show another commit than the one built.
 */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A branch name for display: without bidi controls, cut to `max` characters without splitting one.
 * Pages show it inside `<bdi>`, so a right-to-left name cannot reorder what follows it.
 */
export function shortBranch(branch: string, max = 40): string {
	const graphemes = [
		...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(branch.replace(bidiControls, '')),
	].map((s) => s.segment);
	return graphemes.length <= max ? graphemes.join('') : `${graphemes.slice(0, max - 1).join('')}…`;
}
