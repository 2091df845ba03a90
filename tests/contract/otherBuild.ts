/**
 * Build B: the starter's pages with another accent colour and another help text. Each server then
 * serves B's pages under the config written from the project's build (A), as an operator does who
 * copies a new dist/ under an unchanged config (cases.ts, describeStaleConfig). Made by the first
 * server's file that asks for it and read by the others, through the folder the run shares builds
 * in (sharedBuilds.ts); a run that asks for none of those tests (the fast tier) builds nothing.
 */
import type { FallbackOptions } from '../../packages/fallback-pages/src/config/options';
import { buildWith } from '../../scripts/build-with';

/** What B changes: the look and a text, nothing of the routes. */
export const otherBuildChanges = {
	brand: { accent: { light: '#8a2be2', dark: '#d8b4fe' } },
	help: { 404: 'Try the search box at the top of every page, or tell us which link brought you here.' },
} satisfies FallbackOptions;

/** Build B's pages folder (its contract is in `<folder>-hosts/contract.json`). */
export async function otherBuild(): Promise<string> {
	const { default: starter } = (await import('../../fallback.config.mjs')) as { default: FallbackOptions };
	// Its host configs beside the build (`<folder>-hosts/`), not in the project's hosts/.
	const options = { ...starter, hostsDir: undefined, ...otherBuildChanges };
	const { outDir, seconds, shared } = await buildWith('other-build', options);
	console.log(
		`build B (another accent and help text) in ${seconds.toFixed(1)} s${shared ? ', shared' : ''}: ${outDir}`,
	);
	return outDir;
}
