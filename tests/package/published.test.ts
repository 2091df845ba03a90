/**
 * The two packages as npm would publish them: the files each tarball holds against its allowlist
 * (read from the tarball npm packed), publint and Are the Types Wrong on the tarballs, and a consumer
 * project that type-checks a file importing every export of fallback-pages, under
 * `moduleResolution: "nodenext"` and `"bundler"`, with `skipLibCheck: false`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
	astroVersion,
	makeProject,
	removeProject,
	repositoryRoot,
	run,
	tarballFiles,
} from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { workspaces, type Workspace } from './packed';

/**
 * Every file a tarball may hold. fallback-pages: the bundle and its declarations, the command, and
 * the sources a site's Astro compiles (the pages and what they import); never the generators, the
 * verifier or the CLI as source (they are in the bundle), nor anything of this repository's.
 */
const allowed: Record<Workspace, readonly RegExp[]> = {
	'fallback-pages': [
		/^(LICENSE|README\.md|CHANGELOG\.md|package\.json|bin\/fallback-pages\.js)$/,
		/^dist\/[\w-]+\.(js|d\.ts)$/,
		/^src\/(catalog|problems|utils)\/\w+\.ts$/,
		/^src\/i18n\/(locales\/)?[\w]+\.ts$/,
		/^src\/(components|layouts)\/[A-Z]\w+\.astro$/,
		// The props every layout of the error pages takes: Fallback's own, Starlight's, a site's.
		/^src\/layouts\/layoutProps\.ts$/,
		/^src\/config\/(deploy\.ts|virtual\.d\.ts)$/,
		// The marks the components put on the Netlify plugin's prebuilt pages, in its build only, and
		// the one the screen leaves for a server's request ID line.
		/^src\/kit\/marks\.ts$/,
		/^src\/contract\/requestIdMark\.ts$/,
		/^src\/routes\/\[\.\.\.locale\]\/(problem\/)?[\w.[\]-]+\.(astro|ts)$/,
		// The route that builds nothing, injected under a locale Astro's i18n falls back from, and the
		// stand-ins of a site's routes in Fallback's pass (integration/pagesPass.ts).
		/^src\/routes\/noPages\.astro$/,
		/^src\/routes\/stubs\/(emptyPage\.astro|emptyEndpoint\.ts|noEndpoints\.ts)$/,
		/^src\/styles\/[\w-]+\.css$/,
	],
	'netlify-plugin-fallback-pages': [
		/^(LICENSE|README\.md|CHANGELOG\.md|package\.json|manifest\.yml|index\.js|placePages\.js|verifyDeploy\.js)$/,
		/^dist\/[\w-]+\.js$/,
		/^dist\/kit\.json$/,
	],
};

/** Files each tarball must hold: what its package.json points at, and the pages. */
const required: Record<Workspace, readonly string[]> = {
	'fallback-pages': [
		'LICENSE',
		'CHANGELOG.md',
		'bin/fallback-pages.js',
		...['index', 'config', 'verify', 'embed'].flatMap((name) => [`dist/${name}.js`, `dist/${name}.d.ts`]),
		'dist/icons.js',
		'dist/cloudflare-worker.js',
		'src/routes/[...locale]/[code].astro',
		'src/routes/noPages.astro',
		'src/routes/stubs/emptyPage.astro',
		'src/routes/stubs/emptyEndpoint.ts',
		'src/routes/stubs/noEndpoints.ts',
		'src/styles/preview.css',
		// A site's look: the screen's styles in a layout, and the layouts a site or Starlight uses.
		'src/styles/layout.css',
		'src/layouts/Bare.astro',
		'src/layouts/Starlight.astro',
	],
	'netlify-plugin-fallback-pages': [
		'LICENSE',
		'CHANGELOG.md',
		'index.js',
		'manifest.yml',
		'dist/fallback.js',
		'dist/kit.json',
	],
};

describe.each(workspaces)('the packed %s', (workspace) => {
	it('holds its allowlist and nothing else', async () => {
		const files = await tarballFiles(inject('tarballs')[workspace]);
		expect(files.filter((file) => !allowed[workspace].some((pattern) => pattern.test(file)))).toEqual([]);
		for (const file of required[workspace]) expect(files).toContain(file);
	});
});

describe('the tarballs, linted', () => {
	const tarballs = inject('tarballs');
	const bin = (name: string) => join(repositoryRoot, 'node_modules/.bin', name);

	it.each(workspaces)('publint: %s, not even a suggestion', async (workspace) => {
		const result = await run(repositoryRoot, bin('publint'), ['run', tarballs[workspace]]);
		expect(result.code, result.stdout + result.stderr).toBe(0);
		expect(result.stdout).toContain('All good!');
	});

	// An ES module package, as Astro itself is: CommonJS resolution (node10, require) is not offered.
	it('Are the Types Wrong: every export of fallback-pages resolves to its types', async () => {
		const result = await run(repositoryRoot, bin('attw'), [
			tarballs['fallback-pages'],
			'--profile',
			'esm-only',
			'--format',
			'json',
		]);
		expect(result.code, result.stdout + result.stderr).toBe(0);
		const report = JSON.parse(result.stdout) as {
			analysis: { problems: { resolutionKind?: string }[]; entrypoints: Record<string, unknown> };
		};
		// The report lists what the esm-only profile leaves out (node10, require from CommonJS) too.
		const offered = report.analysis.problems.filter(
			(problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''),
		);
		expect(offered).toEqual([]);
		expect(Object.keys(report.analysis.entrypoints)).toEqual(
			expect.arrayContaining(['.', './config', './verify', './embed']),
		);
	}, 600_000);
});

describe('a TypeScript project that imports every export', () => {
	let project: string;
	const source = [
		"import fallback, { type FallbackOptions } from 'fallback-pages';",
		"import { defineConfig } from 'fallback-pages/config';",
		"import { hostProfiles, runVerify, type VerifyCommand, type VerifyRun, type Unreachable } from 'fallback-pages/verify';",
		"import { buildEmbedded, checkPagesFolder, embeddedRules, embedBase, embedPrefixProblem, readConfigFile, optionProblems, type EmbeddedPages, type EmbeddedRules } from 'fallback-pages/embed';",
		"import type { AstroIntegration } from 'astro';",
		'',
		"const options: FallbackOptions = defineConfig({ site: { name: 'Acme' }, locales: ['en', 'de'] });",
		'const integration: AstroIntegration = fallback(options);',
		"const command: VerifyCommand = { url: 'https://example.com', host: Object.keys(hostProfiles)[0]! };",
		'const run: Promise<VerifyRun> = runVerify(command);',
		'const unreachable: Unreachable | undefined = undefined;',
		'type Placed = [EmbeddedPages, EmbeddedRules];',
		'const used: unknown[] = [integration, run, unreachable, buildEmbedded, checkPagesFolder, embeddedRules, embedBase, embedPrefixProblem, readConfigFile, optionProblems];',
		'export type { Placed };',
		'export { used };',
		'// @ts-expect-error: an option that does not exist',
		'fallback({ colour: "red" });',
		'',
	].join('\n');
	const tsconfig = (moduleResolution: string, module: string) =>
		JSON.stringify({
			compilerOptions: {
				strict: true,
				noEmit: true,
				skipLibCheck: false,
				target: 'es2023',
				module,
				moduleResolution,
				types: ['node'],
			},
			files: ['check.ts'],
		});

	beforeAll(async () => {
		project = await makeProject('consumer-types', {
			'package.json': JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
			'check.ts': source,
			'tsconfig.nodenext.json': tsconfig('nodenext', 'nodenext'),
			'tsconfig.bundler.json': tsconfig('bundler', 'esnext'),
		});
		const typescript = JSON.parse(
			await import('node:fs/promises').then(({ readFile }) =>
				readFile(join(repositoryRoot, 'node_modules/typescript/package.json'), 'utf8'),
			),
		) as { version: string };
		await sharedNpmInstall(project, [
			`astro@${await astroVersion()}`,
			`typescript@${typescript.version}`,
			'@types/node@24',
			inject('tarballs')['fallback-pages'],
		]);
	}, 600_000);
	afterAll(() => removeProject(project));

	/**
	 * tsc's errors in this project's file and in fallback-pages' declarations. Astro 7's own
	 * declarations do not pass `skipLibCheck: false` (they name @astrojs/markdown-remark and
	 * unstorage's optional drivers, which are not installed): those are Astro's, and left out here.
	 */
	async function ownErrors(tsconfigFile: string): Promise<{ code: number; errors: string[] }> {
		const result = await run(project, join(project, 'node_modules/.bin/tsc'), ['-p', tsconfigFile]);
		const errors = result.stdout
			.split('\n')
			.filter((line) => line.startsWith('check.ts(') || line.includes('node_modules/fallback-pages/'));
		return { code: result.code, errors };
	}

	it.each(['nodenext', 'bundler'])(
		'type-checks under moduleResolution %s, libraries included',
		async (kind) => {
			expect((await ownErrors(`tsconfig.${kind}.json`)).errors).toEqual([]);
		},
		120_000,
	);

	it('fails on a wrong type, so the check is real', async () => {
		await writeFile(join(project, 'check.ts'), `${source}\nconst wrong: number = defineConfig({});\n`);
		const { code, errors } = await ownErrors('tsconfig.nodenext.json');
		await writeFile(join(project, 'check.ts'), source);
		expect(code).not.toBe(0);
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatch(/^check\.ts\(19,7\): error TS2322: .* is not assignable to type 'number'\.$/);
	}, 600_000);
});
