/**
 * `npm run lint` (part of `npm test`): every GitHub Actions workflow in .github/workflows/ against
 * the workflow schema (@action-validator/cli), and every `npm run <script>` a workflow calls
 * against this package.json, so that a renamed script cannot leave a release that fails on main.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = new URL('../', import.meta.url).pathname;
const folder = join(root, '.github/workflows');
const scripts = Object.keys(
	(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
		.scripts,
);
const validator = join(root, 'node_modules/.bin/action-validator');
let failed = 0;
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
for (const name of files) {
	const file = join(folder, name);
	const result = spawnSync(validator, [file], { encoding: 'utf8' });
	if (result.status !== 0) {
		failed += 1;
		console.error(`✘ .github/workflows/${name}: not a valid workflow\n${result.stdout}${result.stderr}`);
	}
	const called = [...JSON.stringify(parse(readFileSync(file, 'utf8'))).matchAll(/npm run ([\w:-]+)/g)].map(
		(match) => match[1]!,
	);
	for (const script of called.filter((one) => !scripts.includes(one))) {
		failed += 1;
		console.error(`✘ .github/workflows/${name}: calls npm run ${script}, which package.json does not have`);
	}
}
if (failed > 0) process.exit(1);
console.log(`workflows: ${files.join(', ')} valid; every npm script they call exists`);
