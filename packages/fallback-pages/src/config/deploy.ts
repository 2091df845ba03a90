/**
 * Netlify's build environment, read in one place. Without these variables the build is a local
 * `dev` build. Only production output is free of deploy details; every other context is a preview.
 */
export interface Deploy {
	/** Netlify's CONTEXT: production, deploy-preview, branch-deploy, dev (or a custom one). */
	context: string;
	/** Anything but production: noindex header, preview banner, review gallery. */
	isPreview: boolean;
	/** Branch name as Netlify reports it (BRANCH, else HEAD); untrusted text. */
	branch: string | null;
	/** Full commit SHA (COMMIT_REF) when it looks like one. */
	commit: string | null;
	/** The deploy's own URL (DEPLOY_PRIME_URL). */
	deployUrl: string | null;
	/** The site's main URL (URL). */
	siteUrl: string | null;
	/** When this build ran (ISO 8601, UTC, to the second). */
	builtAt: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

export function readDeploy(env: Env = process.env, now: Date = new Date()): Deploy {
	const context = nonEmpty(env['CONTEXT']) ?? 'dev';
	const commit = nonEmpty(env['COMMIT_REF']);
	return {
		context,
		isPreview: context !== 'production',
		branch: nonEmpty(env['BRANCH']) ?? nonEmpty(env['HEAD']),
		commit: commit && /^[0-9a-f]{7,64}$/i.test(commit) ? commit.toLowerCase() : null,
		deployUrl: nonEmpty(env['DEPLOY_PRIME_URL']),
		siteUrl: nonEmpty(env['URL']),
		builtAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
	};
}

/** The first 7 characters of a commit, as git shows it. */
export function shortCommit(commit: string | null): string | null {
	return commit ? commit.slice(0, 7) : null;
}

/**
 * A branch name fit for a one-line banner: at most `max` user-perceived characters, with an
 * ellipsis when cut. Escaping is left to the renderer; this only bounds the length.
 */
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

export const deploy = readDeploy();
