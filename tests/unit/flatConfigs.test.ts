/**
 * A config's cost per request must not grow with the locales a build ships (issue 26): each server
 * finds the page and the language with one pattern and looks the rest up in tables. So a config
 * grows with locales only in its lookup tables: outside them, the configs for 3 and for all 20
 * catalogued locales are the same lines, once the lists of locales inside those lines (one
 * alternation per pattern, a list of strings) are written alike. What a table is, per server:
 * nginx's and Caddy's `map` blocks, and nginx's prefix location per problem folder (nginx looks
 * prefix locations up in a tree), Apache's `<Directory>` per locale folder (looked up by path, it
 * tests no pattern), HAProxy's backends (one per locale and format, named by `use_backend`).
 */
import { describe, expect, it } from 'vitest';
import type { RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import { catalogContract } from '../../packages/fallback-pages/src/contract/fromCatalog';
import { pageHeaders } from '../../packages/fallback-pages/src/contract/pageHeaders';
import { apacheProxyConfig, apacheStandaloneConfig } from '../../packages/fallback-pages/src/hosts/apache';
import { caddyProxyConfig, caddyStandaloneConfig } from '../../packages/fallback-pages/src/hosts/caddy';
import { pathPrefixesPattern } from '../../packages/fallback-pages/src/hosts/format';
import { haproxyProxyConfig, haproxyStandaloneConfig } from '../../packages/fallback-pages/src/hosts/haproxy';
import { firstListedCapture } from '../../packages/fallback-pages/src/hosts/language';
import { nginxProxyConfig, nginxStandaloneConfig } from '../../packages/fallback-pages/src/hosts/nginx';
import { defaultHostOptions } from '../../packages/fallback-pages/src/config/hostOptions';
import { cataloguedLocales } from '../../scripts/catalogued-locales';

const contractOf = (others: readonly string[]) => catalogContract(pageHeaders({ preview: false }), others);
const few = contractOf(['de', 'fr']);
const all = contractOf(cataloguedLocales.filter((locale) => locale !== 'en'));

/** The config's lines, comments left out, each list of locales written as a placeholder. */
function normalized(config: string, contract: RouteContract): string[] {
	const shipped = [contract.defaultLocale, ...contract.otherLocales];
	const replacements: [string, string][] = [
		[firstListedCapture(shipped), '<Accept-Language pattern>'],
		[pathPrefixesPattern(contract.hiddenFolders), '<problem folders>'],
		[shipped.join('|'), '<locales>'],
		[contract.otherLocales.join('|'), '<other locales>'],
		// HAProxy keeps an ACL's strings in a tree: a lookup, however many.
		[contract.otherLocales.join(' '), '<other locales>'],
	];
	return config
		.split('\n')
		.filter((line) => !line.trim().startsWith('#'))
		.map((line) => replacements.reduce((text, [from, to]) => text.replaceAll(from, to), line));
}

/** Lines outside the blocks that open on a line `isTable` accepts and close at that indentation. */
function outsideBlocks(
	lines: readonly string[],
	isTable: (line: string) => boolean,
	closing: string,
): string[] {
	const kept: string[] = [];
	let closeAt: string | undefined;
	for (const line of lines) {
		if (closeAt !== undefined) {
			if (line === closeAt) closeAt = undefined;
			continue;
		}
		if (isTable(line)) {
			closeAt = `${/^\t*/.exec(line)![0]}${closing}`;
			continue;
		}
		kept.push(line);
	}
	return kept;
}

const mapBlocks = (lines: readonly string[]) =>
	outsideBlocks(lines, (line) => /^\t*map .* \{$/.test(line), '}');

const nginxTables = (lines: readonly string[]) =>
	mapBlocks(lines).filter((line) => !/^\tlocation \^~ \/[a-z]{2}\/problem\/ \{ return 404; \}$/.test(line));

const servers = {
	'nginx static': { generate: nginxStandaloneConfig, tables: nginxTables },
	'nginx proxy': { generate: nginxProxyConfig, tables: nginxTables },
	'Caddy static': { generate: caddyStandaloneConfig, tables: mapBlocks },
	'Caddy proxy': { generate: caddyProxyConfig, tables: mapBlocks },
	'Apache static': {
		generate: apacheStandaloneConfig,
		tables: (lines: readonly string[]) =>
			outsideBlocks(lines, (line) => /^\t*<Directory ".*\/[a-z]{2}">$/.test(line), '</Directory>'),
	},
	'Apache proxy': {
		generate: apacheProxyConfig,
		tables: (lines: readonly string[]) =>
			outsideBlocks(lines, (line) => /^\t*<Directory ".*\/[a-z]{2}">$/.test(line), '</Directory>'),
	},
	// A backend runs to the next section; a section's lines are indented.
	'HAProxy static': { generate: haproxyStandaloneConfig, tables: withoutBackends },
	'HAProxy proxy': { generate: haproxyProxyConfig, tables: withoutBackends },
};

function withoutBackends(lines: readonly string[]): string[] {
	let inBackend = false;
	return lines.filter((line) => {
		if (!line.startsWith('\t') && line !== '') inBackend = line.startsWith('backend ');
		return !inBackend;
	});
}

describe.each(Object.entries(servers))('%s', (_name, { generate, tables }) => {
	const lines = (contract: RouteContract) =>
		tables(normalized(generate(contract, defaultHostOptions), contract));

	it('grows with locales only in its lookup tables: the same lines outside them at 3 and 20 locales', () => {
		expect(all.otherLocales).toHaveLength(19);
		expect(lines(all)).toEqual(lines(few));
	});

	it('does grow in its tables, which the test above leaves out (so it measures something)', () => {
		const whole = (contract: RouteContract) => normalized(generate(contract, defaultHostOptions), contract);
		expect(whole(all).length).toBeGreaterThan(whole(few).length);
	});
});

describe('HAProxy: a backend per locale and format, those of a format the same size', () => {
	it.each([
		['static', haproxyStandaloneConfig],
		['proxy', haproxyProxyConfig],
	] as const)('%s', (_mode, generate) => {
		const backends = generate(all, defaultHostOptions)
			.split(/\n(?=backend )/)
			.slice(1)
			.map((section) => ({
				format: /^backend \S+_(\w+)\n/.exec(section)![1],
				lines: section.trim().split('\n').length,
			}));
		expect(backends).toHaveLength(20 * 3);
		for (const format of ['page', 'problem', 'text']) {
			const sizes = backends.filter((backend) => backend.format === format).map((backend) => backend.lines);
			expect(sizes).toHaveLength(20);
			expect(new Set(sizes).size).toBe(1);
		}
	});
});
