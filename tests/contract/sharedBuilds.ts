/**
 * Global setup of the contract suite: a folder every server's test file shares builds in
 * (scripts/build-with.ts), so build B is made once for them all, by the first that asks. Under
 * `npm test` the runner's own shared folder is used; run alone, one of the suite's own, removed at
 * the end. The test files read it from the environment they inherit.
 */
import { rmSync } from 'node:fs';
import { buildOutDir, sharedBuildsVariable } from '../../scripts/build-with';

export default function setup() {
	if (process.env[sharedBuildsVariable]) return undefined;
	const folder = buildOutDir('contract-shared');
	process.env[sharedBuildsVariable] = folder;
	return () => rmSync(folder, { recursive: true, force: true });
}
