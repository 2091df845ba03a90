/** contract.json: written with its versions, read back only by a reader of the same schema major. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	CONTRACT_SCHEMA_VERSION,
	contractJson,
	parseContract,
} from '../../packages/fallback-pages/src/contract/contractFile';
import { catalogContract } from '../../packages/fallback-pages/src/contract/fromCatalog';
import { pageHeaders } from '../../packages/fallback-pages/src/contract/pageHeaders';

const packageVersion = (
	JSON.parse(
		readFileSync(new URL('../../packages/fallback-pages/package.json', import.meta.url), 'utf8'),
	) as {
		version: string;
	}
).version;
const contract = catalogContract(pageHeaders({ preview: false }), ['de', 'ar'], 'en', ['/api/'], {
	base: '/errors/',
});
const written = () => JSON.parse(contractJson(contract)) as Record<string, unknown>;
const parse = (file: unknown) => () => parseContract(JSON.stringify(file), 'hosts/contract.json');

describe('contract.json', () => {
	it('carries its schema version and the version of fallback-pages that wrote it, first', () => {
		const file = written();
		expect(Object.keys(file).slice(0, 2)).toEqual(['schemaVersion', 'fallbackVersion']);
		expect(file['schemaVersion']).toBe(CONTRACT_SCHEMA_VERSION);
		expect(file['fallbackVersion']).toBe(packageVersion);
	});

	it('reads back as the contract that was written', () => {
		expect(parseContract(contractJson(contract), 'contract.json')).toEqual(contract);
	});

	it('is read when a newer minor version added a key this reader does not know', () => {
		const newer = { ...written(), schemaVersion: '1.7', fallbackVersion: '1.9.0', someNewKey: [1] };
		expect(parse(newer)()).toEqual(contract);
	});

	it('is refused, in one line naming both versions, when another major version wrote it', () => {
		const other = { ...written(), schemaVersion: '2.0', fallbackVersion: '2.3.0' };
		expect(parse(other)).toThrowError(
			new Error(
				`hosts/contract.json was written by fallback-pages 2.3.0 (contract schema 2.0); this fallback-pages (${packageVersion}) reads schema 1.x: build again with this fallback-pages (${packageVersion}), or use fallback-pages 2.3.0 to read it.`,
			),
		);
	});

	it('is refused when it has no schema version (an older one, or none at all)', () => {
		const older = written();
		delete older['schemaVersion'];
		expect(parse(older)).toThrowError(/^hosts\/contract\.json has no contract schema version: /);
		expect(parse([1, 2])).toThrowError(/is not a route contract \(not a JSON object\)/);
		expect(() => parseContract('{', 'hosts/contract.json')).toThrowError(
			/^hosts\/contract\.json is not JSON: /,
		);
	});

	it('is refused, naming the key, when a key is missing or of the wrong type', () => {
		const missing = written();
		delete missing['indexFile'];
		expect(parse(missing)).toThrowError(
			`hosts/contract.json is not a valid route contract (schema ${CONTRACT_SCHEMA_VERSION}): indexFile: `,
		);
		const wrong = written();
		(wrong['statusPages'] as { status: unknown }[])[3]!.status = '404';
		expect(parse(wrong)).toThrowError(/: statusPages\.3\.status: /);
		for (const check of [parse(missing), parse(wrong)]) {
			expect(() => check()).toThrowError(
				expect.objectContaining({ message: expect.not.stringContaining('\n') }),
			);
		}
	});
});
