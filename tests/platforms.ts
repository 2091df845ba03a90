/**
 * Each deploy platform's build variables for a production build and for a preview of the branch
 * `feature/login` at commit SHA, as its docs list them: the unit tests read them through ci-info,
 * the package tests build a fresh site with them.
 */
export const SHA = '0123456789abcdef0123456789abcdef01234567';

export const platforms = {
	Netlify: {
		production: {
			NETLIFY: 'true',
			CONTEXT: 'production',
			BRANCH: 'main',
			COMMIT_REF: SHA,
			URL: 'https://acme.example',
		},
		preview: {
			NETLIFY: 'true',
			CONTEXT: 'deploy-preview',
			BRANCH: 'feature/login',
			COMMIT_REF: SHA,
			DEPLOY_PRIME_URL: 'https://deploy-preview-7--acme.netlify.app',
		},
	},
	Vercel: {
		production: {
			VERCEL: '1',
			VERCEL_ENV: 'production',
			VERCEL_GIT_COMMIT_REF: 'main',
			VERCEL_GIT_COMMIT_SHA: SHA,
		},
		preview: {
			VERCEL: '1',
			VERCEL_ENV: 'preview',
			VERCEL_GIT_COMMIT_REF: 'feature/login',
			VERCEL_GIT_COMMIT_SHA: SHA,
			VERCEL_BRANCH_URL: 'acme-git-feature-login.vercel.app',
		},
	},
	'Cloudflare Pages': {
		production: { CI: 'true', CF_PAGES: '1', CF_PAGES_BRANCH: 'main', CF_PAGES_COMMIT_SHA: SHA },
		preview: {
			CI: 'true',
			CF_PAGES: '1',
			CF_PAGES_BRANCH: 'feature/login',
			CF_PAGES_COMMIT_SHA: SHA,
			CF_PAGES_URL: 'https://1a2b3c.acme.pages.dev',
		},
	},
	'Cloudflare Workers Builds': {
		production: { CI: 'true', WORKERS_CI: '1', WORKERS_CI_BRANCH: 'main', WORKERS_CI_COMMIT_SHA: SHA },
		preview: { CI: 'true', WORKERS_CI: '1', WORKERS_CI_BRANCH: 'feature/login', WORKERS_CI_COMMIT_SHA: SHA },
	},
	'GitHub Actions': {
		production: {
			CI: 'true',
			GITHUB_ACTIONS: 'true',
			GITHUB_EVENT_NAME: 'push',
			GITHUB_REF_NAME: 'main',
			GITHUB_SHA: SHA,
		},
		preview: {
			CI: 'true',
			GITHUB_ACTIONS: 'true',
			GITHUB_EVENT_NAME: 'pull_request',
			GITHUB_REF_NAME: '7/merge',
			GITHUB_HEAD_REF: 'feature/login',
			GITHUB_SHA: SHA,
		},
	},
	'GitLab CI': {
		production: {
			CI: 'true',
			GITLAB_CI: 'true',
			CI_COMMIT_REF_NAME: 'main',
			CI_COMMIT_SHA: SHA,
			CI_ENVIRONMENT_TIER: 'production',
		},
		preview: {
			CI: 'true',
			GITLAB_CI: 'true',
			CI_MERGE_REQUEST_IID: '7',
			CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/login',
			CI_COMMIT_REF_NAME: 'feature/login',
			CI_COMMIT_SHA: SHA,
			CI_ENVIRONMENT_URL: 'https://review-feature-login.acme.example',
		},
	},
	Render: {
		production: {
			RENDER: 'true',
			IS_PULL_REQUEST: 'false',
			RENDER_GIT_BRANCH: 'main',
			RENDER_GIT_COMMIT: SHA,
		},
		preview: {
			RENDER: 'true',
			IS_PULL_REQUEST: 'true',
			RENDER_GIT_BRANCH: 'feature/login',
			RENDER_GIT_COMMIT: SHA,
			RENDER_EXTERNAL_URL: 'https://acme-pr-7.onrender.com',
		},
	},
} as const;
