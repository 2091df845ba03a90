import { execFileSync } from 'node:child_process';
import { javascriptNames, netlifyInputNames } from '../../packages/fallback-pages/src/config/optionNames';
import { fileURLToPath } from 'node:url';
import { platforms, SHA } from '../platforms';
import { describe, expect, it } from 'vitest';
import {
	deployOf,
	describeDeploy,
	shortBranch,
	shortCommit,
	type Deploy,
} from '../../packages/fallback-pages/src/config/deploy';

const deployModule = fileURLToPath(
	new URL('../../packages/fallback-pages/src/config/deploy.ts', import.meta.url),
);

const now = new Date('2026-11-22T10:20:30.456Z');

/** The Cloudflare platforms have no production flag: the option names the production branch. */
const settingsOf = (platform: string) =>
	platform.startsWith('Cloudflare') ? { productionBranch: 'main' } : {};

/**
 * readDeploy in a process of its own with exactly `env`: ci-info reads the environment once, as it
 * loads, so each platform is told apart by the library itself, as in a real build.
 */
function readDeployIn(env: Record<string, string>, settings: object = {}): Deploy {
	const script = `import { readDeploy } from ${JSON.stringify(deployModule)}; console.log(JSON.stringify(readDeploy(${JSON.stringify(settings)})));`;
	const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
		env: { PATH: process.env['PATH'], ...env },
		encoding: 'utf8',
	});
	return JSON.parse(output) as Deploy;
}

describe('readDeploy: production unless a platform says preview', () => {
	it('is production with no platform at all, and says so', () => {
		const deploy = readDeployIn({});
		expect(deploy).toMatchObject({ platform: null, context: 'production', isPreview: false, branch: null });
		expect(describeDeploy(deploy, javascriptNames.preview)).toBe(
			'no deploy platform recognised: production (no banner, indexable); the option preview: true makes it a preview',
		);
		// The Netlify plugin's inputs cannot make a build a preview: Netlify's context says.
		expect(describeDeploy(deploy, netlifyInputNames.preview)).toBe(
			'no deploy platform recognised: production (no banner, indexable)',
		);
	});

	it('is production on a CI that is no deploy platform (CI=true alone)', () => {
		expect(readDeployIn({ CI: 'true' }).isPreview).toBe(false);
	});

	for (const [platform, { production, preview }] of Object.entries(platforms)) {
		it(`${platform}: production variables give production, preview variables a preview with branch and commit`, () => {
			const built = readDeployIn(production, settingsOf(platform));
			expect(built).toMatchObject({ platform, isPreview: false, context: 'production' });
			const previewed = readDeployIn(preview, settingsOf(platform));
			expect(previewed).toMatchObject({ platform, isPreview: true, branch: 'feature/login', commit: SHA });
			expect(previewed.context).not.toBe('production');
			expect(describeDeploy(previewed)).toContain(
				`${platform} (${previewed.reason}): a preview (${previewed.context}`,
			);
			expect(describeDeploy(previewed)).toContain('branch feature/login, commit 0123456');
		});
	}

	it("reads each platform's deploy URL, with a scheme", () => {
		expect(readDeployIn(platforms.Vercel.preview).deployUrl).toBe(
			'https://acme-git-feature-login.vercel.app',
		);
		expect(readDeployIn(platforms.Netlify.preview).deployUrl).toBe(
			'https://deploy-preview-7--acme.netlify.app',
		);
		expect(readDeployIn(platforms['GitLab CI'].preview).deployUrl).toBe(
			'https://review-feature-login.acme.example',
		);
		expect(readDeployIn(platforms.Render.preview).deployUrl).toBe('https://acme-pr-7.onrender.com');
	});

	it('has the option decide over the platform, both ways', () => {
		expect(readDeployIn(platforms.Vercel.preview, { preview: false })).toMatchObject({
			isPreview: false,
			reason: 'the preview option (false)',
		});
		expect(readDeployIn({}, { preview: true })).toMatchObject({ isPreview: true, context: 'preview' });
	});
});

describe('deployOf', () => {
	const none = { id: null, name: null };

	it('makes astro dev a preview whatever else is said', () => {
		expect(deployOf(none, {}, { dev: true, preview: false }, now)).toMatchObject({
			context: 'dev',
			isPreview: true,
		});
	});

	it('reads CONTEXT as Netlify does wherever it is set (netlify-cli, a local netlify build)', () => {
		expect(deployOf(none, { CONTEXT: 'branch-deploy', HEAD: 'main' }, {}, now)).toMatchObject({
			platform: 'Netlify',
			isPreview: true,
			branch: 'main',
		});
		for (const context of ['deploy-preview', 'branch-deploy', 'dev', 'staging']) {
			expect(deployOf(none, { CONTEXT: context }, {}, now).isPreview, context).toBe(true);
		}
	});

	it('keeps every branch of Cloudflare production without productionBranch', () => {
		expect(
			deployOf(
				{ id: 'CLOUDFLARE_PAGES', name: 'Cloudflare Pages' },
				platforms['Cloudflare Pages'].preview,
				{},
				now,
			),
		).toMatchObject({
			isPreview: false,
			reason: 'CF_PAGES_BRANCH=feature/login, no productionBranch option',
		});
	});

	it('takes a GitLab environment tier other than production as a preview', () => {
		const gitlab = { id: 'GITLAB', name: 'GitLab CI' };
		expect(deployOf(gitlab, { CI_ENVIRONMENT_TIER: 'staging' }, {}, now)).toMatchObject({
			context: 'staging',
			isPreview: true,
		});
		expect(deployOf(gitlab, {}, {}, now).isPreview).toBe(false);
	});

	it('ignores a commit that is not a SHA and keeps the time to the second', () => {
		const deploy = deployOf(none, { CONTEXT: 'deploy-preview', COMMIT_REF: '<b>x</b>' }, {}, now);
		expect(deploy.commit).toBeNull();
		expect(deploy.builtAt).toBe('2026-11-22T10:20:30Z');
	});

	it('takes the build time from SOURCE_DATE_EPOCH when it is a number of seconds', () => {
		expect(deployOf(none, { SOURCE_DATE_EPOCH: '981173106' }).builtAt).toBe('2001-02-03T04:05:06Z');
		const ignored = deployOf(none, { SOURCE_DATE_EPOCH: 'yesterday' }).builtAt;
		expect(Math.abs(Date.parse(ignored) - Date.now())).toBeLessThan(60_000);
	});

	it("names a CI without a table by ci-info's name, as production", () => {
		expect(deployOf({ id: 'CIRCLE', name: 'CircleCI' }, {}, {}, now)).toMatchObject({
			platform: 'CircleCI',
			isPreview: false,
		});
	});
});

describe('shortCommit', () => {
	it('keeps 7 characters', () => {
		expect(shortCommit('0123456789abcdef')).toBe('0123456');
		expect(shortCommit(null)).toBeNull();
	});
});

describe('shortBranch', () => {
	it('drops bidi controls, which could reorder the banner around the name', () => {
		expect(shortBranch('fix\u202e1234567 timmoc\u202c-x')).toBe('fix1234567 timmoc-x');
		expect(shortBranch('\u2066a\u2069\u200fb')).toBe('ab');
	});

	it('leaves short names alone', () => {
		expect(shortBranch('main')).toBe('main');
	});

	it('cuts long names to the limit with an ellipsis', () => {
		const cut = shortBranch('x'.repeat(250));
		expect([...cut]).toHaveLength(40);
		expect(cut.endsWith('…')).toBe(true);
	});

	it('never splits a user-perceived character', () => {
		const flags = '🇫🇷'.repeat(50);
		const cut = shortBranch(flags, 10);
		expect(cut).toBe(`${'🇫🇷'.repeat(9)}…`);
	});
});
