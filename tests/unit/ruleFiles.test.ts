/**
 * Fallback's block in a site's rule files: written after the site's lines, replaced in place of an
 * earlier one and kept last, and taken out leaving the file byte for byte as it was.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeBlock, writeBlock } from '../../packages/fallback-pages/src/integration/ruleFiles';
import { EMBED_END_MARK, EMBED_MARK } from '../../packages/fallback-pages/src/config/embed';
import { parseOptions } from '../../packages/fallback-pages/src/config/options';
import { optionsContract } from '../../packages/fallback-pages/src/contract/fromOptions';
import { siteNotFoundLines } from '../../packages/fallback-pages/src/embed/siteNotFound';
import { netlifyRedirectLines, redirectsText } from '../../packages/fallback-pages/src/hosts/netlify';

const rules = '/*  /fallback/404.html  404\n';
const file = () => join(mkdtempSync(join(tmpdir(), 'fallback-rules-')), '_redirects');

describe("Fallback's block in a rule file", () => {
	it.each([
		['lines that end with a line break', '/old  /  301\n'],
		['a last line without a line break', '/old  /  301'],
		['an empty file', ''],
		['blank lines and comments', '# the site\n\n/old  /  301\n\n'],
	])('comes last and goes again, leaving %s as they were', async (_, site) => {
		const path = file();
		writeFileSync(path, site);
		expect(await writeBlock(path, rules)).toEqual({ existed: true, moved: [] });
		const written = readFileSync(path, 'utf8');
		expect(written.startsWith(site)).toBe(true);
		expect(written).toContain(`${EMBED_MARK}\n`);
		expect(written.endsWith(`\n${rules}${EMBED_END_MARK}\n`)).toBe(true);
		await writeBlock(path, rules);
		expect(readFileSync(path, 'utf8')).toBe(written);
		expect(await removeBlock(path)).toBe(true);
		expect(readFileSync(path, 'utf8')).toBe(site);
	});

	it('deletes a file it created when the block goes', async () => {
		const path = file();
		await writeBlock(path, rules);
		expect(readFileSync(path, 'utf8')).toContain(rules);
		expect(await removeBlock(path)).toBe(true);
		expect(existsSync(path)).toBe(false);
	});

	it('replaces an earlier block with the new rules and moves it after rules the site added since', async () => {
		const path = file();
		writeFileSync(path, '/old  /  301\n');
		await writeBlock(path, rules);
		writeFileSync(path, `${readFileSync(path, 'utf8')}/team-added  /about.html  301\n`);
		const result = await writeBlock(path, '/*  /errors/404.html  404\n');
		expect(result.moved).toEqual(['/team-added  /about.html  301']);
		const text = readFileSync(path, 'utf8');
		expect(text.startsWith('/old  /  301\n/team-added  /about.html  301\n')).toBe(true);
		expect(text).not.toContain('/fallback/404.html');
		expect(text.endsWith(`/*  /errors/404.html  404\n${EMBED_END_MARK}\n`)).toBe(true);
		await removeBlock(path);
		expect(readFileSync(path, 'utf8')).toBe('/old  /  301\n/team-added  /about.html  301\n');
	});

	it('refuses a block whose end was edited away, naming the file', async () => {
		const path = file();
		writeFileSync(path, `/old  /  301\n${EMBED_MARK}\n${rules}`);
		await expect(writeBlock(path, rules)).rejects.toThrow(/_redirects: Fallback's block .* has no end line/);
		expect(await removeBlock(path).catch((error: Error) => error.message)).toMatch(/edited by hand/);
	});

	it('says there was nothing to remove in a file without the block', async () => {
		const path = file();
		writeFileSync(path, '/old  /  301\n');
		expect(await removeBlock(path)).toBe(false);
		expect(await removeBlock(join(path, '..', 'absent'))).toBe(false);
	});
});

describe("embed's block with the site's own not-found pages", () => {
	it('ends with its end line on a line of its own, so that a later run finds the block', async () => {
		const contract = optionsContract(parseOptions({ locales: ['en', 'de'], base: '/fallback/' }), {
			embedded: true,
			preview: false,
		});
		const block = redirectsText(
			siteNotFoundLines(netlifyRedirectLines(contract), ['404.html', 'de/404.html']),
		);
		const path = file();
		writeFileSync(path, '/old  /  301\n');
		await writeBlock(path, block);
		const written = readFileSync(path, 'utf8');
		expect(written.endsWith(`/de/*  /de/404.html  404\n${EMBED_END_MARK}\n`)).toBe(true);
		await writeBlock(path, block);
		expect(readFileSync(path, 'utf8')).toBe(written);
		expect(await removeBlock(path)).toBe(true);
		expect(readFileSync(path, 'utf8')).toBe('/old  /  301\n');
	});
});
