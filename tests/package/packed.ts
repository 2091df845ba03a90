/**
 * Global setup of the package suite: `npm pack` of both packages, once for every test file. Under
 * `npm test` and `npm run test:all`, once for the whole run: the package steps of both tiers read
 * the same tarballs, made by whichever asks first in the folder the run shares (build-with.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildOutDir, sharedBuildsVariable, sharedOnce } from '../../scripts/build-with';
import { packTarball } from '../../scripts/fresh-project';
import { installsRunVariable, removeSharedInstalls } from './sharedInstall';

export const workspaces = ['fallback-pages', 'netlify-plugin-fallback-pages'] as const;
export type Workspace = (typeof workspaces)[number];

declare module 'vitest' {
	export interface ProvidedContext {
		/** Each package's tarball, as `npm pack` wrote it. */
		tarballs: Record<Workspace, string>;
	}
}

export default async function setup(project: TestProject) {
	const shared = process.env[sharedBuildsVariable];
	const folder = shared ?? buildOutDir('packed');
	const { outDir, seconds } = await sharedOnce(folder, 'packed', 'npm pack', async (outDir) => {
		const started = performance.now();
		await mkdir(outDir, { recursive: true });
		const tarballs: Record<string, string> = {};
		for (const workspace of workspaces) tarballs[workspace] = await packTarball(workspace, outDir);
		writeFileSync(join(outDir, 'tarballs.json'), JSON.stringify(tarballs));
		return (performance.now() - started) / 1000;
	});
	const tarballs = JSON.parse(readFileSync(join(outDir, 'tarballs.json'), 'utf8')) as Record<
		Workspace,
		string
	>;
	console.log(
		`${workspaces.join(' and ')} packed in ${seconds.toFixed(1)} s${shared ? ', once for the run' : ''}`,
	);
	project.provide('tarballs', tarballs);
	// The test files' installs of the same dependencies, once for this run (sharedInstall.ts).
	const run = `${process.pid}`;
	process.env[installsRunVariable] = run;
	return () => {
		removeSharedInstalls(run);
		if (!shared) rmSync(folder, { recursive: true, force: true });
	};
}
