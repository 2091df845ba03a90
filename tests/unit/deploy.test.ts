import { describe, expect, it } from 'vitest';
import { readDeploy, shortBranch, shortCommit } from '../../packages/fallback-pages/src/config/deploy';

const now = new Date('2026-11-22T10:20:30.456Z');

describe('readDeploy', () => {
	it('treats a machine without Netlify variables as a local dev build, which is a preview', () => {
		expect(readDeploy({}, now)).toEqual({
			context: 'dev',
			isPreview: true,
			branch: null,
			commit: null,
			deployUrl: null,
			siteUrl: null,
			builtAt: '2026-11-22T10:20:30Z',
		});
	});

	it('reads a deploy preview', () => {
		const deploy = readDeploy(
			{
				CONTEXT: 'deploy-preview',
				BRANCH: 'feature/login',
				COMMIT_REF: 'ABCDEF0123456789abcdef0123456789abcdef01',
				DEPLOY_PRIME_URL: 'https://deploy-preview-7--acme.netlify.app',
				URL: 'https://acme.example',
			},
			now,
		);
		expect(deploy).toMatchObject({
			context: 'deploy-preview',
			isPreview: true,
			branch: 'feature/login',
			commit: 'abcdef0123456789abcdef0123456789abcdef01',
			siteUrl: 'https://acme.example',
		});
	});

	it('falls back to HEAD for the branch and ignores a commit that is not a SHA', () => {
		const deploy = readDeploy({ CONTEXT: 'branch-deploy', HEAD: 'main', COMMIT_REF: '<b>x</b>' }, now);
		expect(deploy.branch).toBe('main');
		expect(deploy.commit).toBeNull();
	});

	it('is not a preview in production only', () => {
		expect(readDeploy({ CONTEXT: 'production' }, now).isPreview).toBe(false);
		for (const context of ['deploy-preview', 'branch-deploy', 'dev', 'staging']) {
			expect(readDeploy({ CONTEXT: context }, now).isPreview, context).toBe(true);
		}
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
