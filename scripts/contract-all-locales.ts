/**
 * `npm run test:contract:locales`: the contract suite on nginx, Caddy, Apache and HAProxy with every
 * catalogued locale, where the project's build ships five. Their configs find the page and the
 * language with one pattern whatever the number of locales (issue 26); this checks that they still
 * answer every case when that pattern holds twenty. Builds the pages once into a folder of its own,
 * then runs the servers' test files on it (tests/contract/harness.ts: FALLBACK_CONTRACT_DIST), only
 * the tests tagged `locales`: what the number of locales can change (the static site's cases, the
 * configs' own check, the site's locale folders), not the proxy, maintenance, fuzz or request ID
 * tests, which the contract suite runs on the project's build.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { allLocalesBuild } from './build-with.ts';
import { cataloguedLocales } from './catalogued-locales.ts';

const servers = ['nginx', 'caddy', 'apache', 'haproxy'];
console.log(`contract suite at ${cataloguedLocales.length} locales: building the pages …`);
const { outDir, seconds, shared } = await allLocalesBuild();
console.log(
	`built in ${seconds.toFixed(1)} s${shared ? ' (shared with the other suites of npm test)' : ''}: ${outDir}`,
);
try {
	const run = spawnSync(
		'npx',
		[
			'vitest',
			'run',
			'--config',
			'vitest.contract.config.ts',
			'--tags-filter',
			'locales',
			...servers.map((server) => `tests/contract/${server}.test.ts`),
		],
		{
			stdio: 'inherit',
			env: {
				...process.env,
				FALLBACK_CONTRACT_DIST: outDir,
			},
		},
	);
	process.exitCode = run.status ?? 1;
} finally {
	if (!shared) {
		rmSync(outDir, { recursive: true, force: true });
		rmSync(`${outDir}-hosts`, { recursive: true, force: true });
	}
}
