/**
 * The maintenance switch through a real build: switched on, the rules Netlify reads put every path
 * but the allowed ones on the 503 page with the maintenance Retry-After; switched off (its other
 * settings left in place), they are byte for byte those of a build without the option.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTimeoutMs, buildWith } from '../../scripts/build-with.ts';

const rulesOf = (outDir: string) =>
	Object.fromEntries(
		['_redirects', '_headers'].map((file) => [file, readFileSync(join(outDir, file), 'utf8')]),
	);

let on: Record<string, string> = {};
let off: Record<string, string> = {};
let without: Record<string, string> = {};

beforeAll(async () => {
	const settings = { retryAfterSeconds: 900, allow: ['/healthz', '/status/'] };
	const locales = ['en', 'de'] as const;
	on = rulesOf(
		(
			await buildWith('maintenance-on', {
				locales: [...locales],
				maintenance: { enabled: true, ...settings },
			})
		).outDir,
	);
	off = rulesOf(
		(
			await buildWith('maintenance-off', {
				locales: [...locales],
				maintenance: { enabled: false, ...settings },
			})
		).outDir,
	);
	without = rulesOf((await buildWith('maintenance-none', { locales: [...locales] })).outDir);
}, buildTimeoutMs);

describe('a build under maintenance', () => {
	it('lets the allowed paths through first, then answers everything else with the 503 page', () => {
		const lines = on['_redirects']!.split('\n').filter((line) => line && !line.startsWith('#'));
		expect(lines.slice(0, 5)).toEqual([
			'/healthz  /healthz  200!',
			'/status/*  /status/:splat  200!',
			// Under the German folder, the German page, whatever the browser asks.
			'/de/*  /de/503.html  503!',
			'/*  /de/503.html  503!  Language=de',
			'/*  /503.html  503!',
		]);
	});
	it('sends the maintenance Retry-After with the 503 page in every locale', () => {
		for (const path of ['/503', '/503.html', '/de/503', '/de/503.html']) {
			expect(on['_headers']).toContain(`${path}\n  Retry-After: 900\n`);
		}
		expect(on['_headers']).not.toContain('Retry-After: 300');
	});
	it('switched off, the rules are exactly those of a build without the option', () => {
		expect(off).toEqual(without);
		expect(without['_redirects']).not.toContain('503!  Language=de\n/*');
	});
});
