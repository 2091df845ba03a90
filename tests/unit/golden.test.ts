/**
 * The golden files: what every generator writes for the two configurations of
 * tests/golden/fixtures.ts, byte for byte (Vitest's file snapshots). A deliberate change:
 * `npm run golden` rewrites them; review the diff of tests/golden/ as config.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenConfigs, goldenDir, goldenFiles } from '../golden/fixtures';

const REWRITE = 'if the change is meant, run `npm run golden` and review the diff of tests/golden/';

describe.each(Object.entries(goldenConfigs))('the golden files of %s', (name, options) => {
	const dir = join(goldenDir, name);
	const files = goldenFiles(options);

	it.each(files.map((file) => [file.path, file.content] as const))(
		'%s is byte-identical',
		async (path, content) => {
			await expect(content, `tests/golden/${name}/${path} differs: ${REWRITE}`).toMatchFileSnapshot(
				join(dir, path),
			);
		},
	);

	// A missing file fails above (on CI: elsewhere Vitest writes it); a file left over fails here.
	it('hold no file the generators no longer write', () => {
		const committed = existsSync(dir)
			? readdirSync(dir, { recursive: true, withFileTypes: true })
					.filter((entry) => entry.isFile())
					.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
			: [];
		const written = new Set(files.map((file) => file.path));
		expect(
			committed.filter((path) => !written.has(path)),
			REWRITE,
		).toEqual([]);
	});
});
