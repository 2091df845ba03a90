/**
 * "Does the site answer every path before Fallback's catch-all?": the one answer `embed` and the
 * Netlify plugin give, over rules as Netlify's own parser reads them from a `_redirects` file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { describe, expect, it } from 'vitest';
import {
	ruleLine,
	siteCatchAll,
	type RedirectRule,
} from '../../packages/fallback-pages/src/embed/siteCatchAll';

/** A `_redirects` file's rules, read by Netlify's parser. */
async function parsed(text: string): Promise<RedirectRule[]> {
	const folder = mkdtempSync(join(tmpdir(), 'catch-all-'));
	try {
		writeFileSync(join(folder, '_redirects'), text);
		const { redirects, errors } = await parseAllRedirects({
			redirectsFiles: [join(folder, '_redirects')],
			configRedirects: [],
			minimal: true,
		});
		expect(errors).toEqual([]);
		return redirects as RedirectRule[];
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

const caught = async (text: string) => {
	const rule = siteCatchAll(await parsed(text));
	return rule && ruleLine(rule);
};

describe('siteCatchAll', () => {
	it('finds a rule for every path, whatever it answers with, after the site’s other rules', async () => {
		expect(await caught('/blog/*  /news/:splat  301\n/*  /index.html  200\n')).toBe('/* /index.html 200');
		expect(await caught('/*  https://new.example/:splat  301!\n')).toBe('/* https://new.example/:splat 301!');
		expect(await caught('/*  /404.html  404\n')).toBe('/* /404.html 404');
	});

	it('leaves out a rule for some visitors or some queries, and rules for a folder', async () => {
		expect(await caught('/*  /de/:splat  302  Language=de\n')).toBeUndefined();
		expect(await caught('/*  id=:id  /items/:id  301\n')).toBeUndefined();
		expect(await caught('/app/*  /app/index.html  200\n')).toBeUndefined();
		expect(await caught('')).toBeUndefined();
	});
});
