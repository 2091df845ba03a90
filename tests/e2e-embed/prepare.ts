/**
 * Before the embed suite: writes the mock site into a fresh folder, then runs `fallback-pages embed`
 * on it, as a team adding Fallback to its site would.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED_COMMAND, EMBED_SITE_DIR, mockSiteFiles } from './mockSite.ts';

rmSync(EMBED_SITE_DIR, { recursive: true, force: true });
mkdirSync(EMBED_SITE_DIR);
for (const [name, content] of Object.entries(mockSiteFiles))
	writeFileSync(join(EMBED_SITE_DIR, name), content);
const embed = spawnSync('node', [...EMBED_COMMAND, '--into', EMBED_SITE_DIR], { stdio: 'inherit' });
process.exit(embed.status ?? 1);
