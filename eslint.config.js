// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
	{
		ignores: [
			'**/dist/',
			'**/dist-hosts/',
			'**/.astro/',
			'node_modules/',
			'reports/',
			'hosts/',
			'.preview/',
			'.preview-hosts/',
			'.embed-site/',
			'test-results/',
			'playwright-report/',
			'tests/golden/*/',
			// Scratch work, never committed (.gitignore), as prettier skips it.
			'.scratch/',
		],
	},
	...tseslint.configs.strict,
	...astro.configs.recommended,
	{
		rules: {
			'@typescript-eslint/no-non-null-assertion': 'off',
		},
	},
);
