/**
 * Global setup of the contract suite: build B, the starter's pages with another accent colour and
 * another help text, built once for every server's test file. Each server then serves B's pages
 * under the config written from the project's build (A), as an operator does who copies a new
 * dist/ under an unchanged config (cases.ts, describeStaleConfig).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import type { FallbackOptions } from '../../packages/fallback-pages/src/config/options';
import { buildWith } from '../../scripts/build-with';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Build B's pages (its contract is in `<folder>-hosts/contract.json`). */
		otherBuild: string;
	}
}

/** What B changes: the look and a text, nothing of the routes. */
export const otherBuildChanges = {
	brand: { accent: { light: '#8a2be2', dark: '#d8b4fe' } },
	help: { 404: 'Try the search box at the top of every page, or tell us which link brought you here.' },
} satisfies FallbackOptions;

export default async function setup(project: TestProject) {
	const { default: starter } = (await import('../../fallback.config.mjs')) as { default: FallbackOptions };
	// Its host configs beside the build (`<folder>-hosts/`), not in the project's hosts/; in the
	// locales of build A where that is another build (FALLBACK_CONTRACT_LOCALES).
	const locales = process.env['FALLBACK_CONTRACT_LOCALES']?.split(',');
	const options = { ...starter, ...(locales ? { locales } : {}), hostsDir: undefined, ...otherBuildChanges };
	const { outDir, seconds } = await buildWith('other-build', options);
	console.log(`build B (another accent and help text) in ${seconds.toFixed(1)} s: ${outDir}`);
	project.provide('otherBuild', outDir);
	return () => {
		rmSync(outDir, { recursive: true, force: true });
		rmSync(`${outDir}-hosts`, { recursive: true, force: true });
	};
}
