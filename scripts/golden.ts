/**
 * `npm run golden`: rewrites tests/golden/<config>/ with what the generators write now (the golden
 * test with `--update`, after removing the old files), then prints what changed: review it as
 * config, and commit it with the generator change.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const golden = new URL('../tests/golden/', import.meta.url).pathname;
for (const entry of readdirSync(golden)) {
	if (statSync(join(golden, entry)).isDirectory()) rmSync(join(golden, entry), { recursive: true });
}
execFileSync('npx', ['vitest', 'run', 'tests/unit/golden.test.ts', '--update'], { stdio: 'inherit' });
execFileSync('git', ['add', '--intent-to-add', golden]);
console.log(
	execFileSync('git', ['diff', '--stat', '--', golden], { encoding: 'utf8' }) || 'tests/golden/: no change',
);
