/**
 * The folders Fallback writes whole (the pages embedded in a site, the host configs, the command's
 * output) and may therefore replace: one it wrote holds the route contract.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT_NAME } from '../contract/contract';

/** Whether a folder holds Fallback's route contract: one Fallback wrote. */
export const holdsContract = (folder: string): boolean => existsSync(join(folder, CONTRACT_NAME));

/**
 * Whether Fallback may replace a folder: absent, empty, or one it wrote (`wrote`; by default, it
 * holds the route contract). Anything else, a file included, is somebody else's.
 */
export function mayReplace(folder: string, wrote: (folder: string) => boolean = holdsContract): boolean {
	if (!existsSync(folder)) return true;
	if (!statSync(folder).isDirectory()) return false;
	return readdirSync(folder).length === 0 || wrote(folder);
}
