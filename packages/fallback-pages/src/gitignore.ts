/**
 * Build output a team should not commit: a folder Fallback writes outside the build (the host
 * configs and contract, `dist-hosts/`; verify's reports) is named with the line for `.gitignore`
 * when git would commit it — inside a work tree and not ignored. Asks git itself (`check-ignore`),
 * so every `.gitignore` and exclude file counts; says nothing where git is not there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** The `.gitignore` of a folder of build output that Fallback writes outside the published build. */
export const ignoringItself = {
	path: '.gitignore',
	content:
		'# Build output of fallback-pages, written anew each build: git and the tools that read\n# .gitignore leave it alone.\n*\n',
} as const;

/** Whether git would commit what is in `folder` (exit 1 of `git check-ignore`: not ignored). */
export function committable(folder: string): boolean {
	let cwd = folder;
	while (!existsSync(cwd) && dirname(cwd) !== cwd) cwd = dirname(cwd);
	const result = spawnSync('git', ['check-ignore', '-q', folder], { cwd, stdio: 'ignore' });
	return result.status === 1;
}

/** `; add dist-hosts/ to .gitignore (build output)` where git would commit `folder`, else nothing. */
export function gitignoreHint(folder: string, root: string): string {
	if (!committable(folder)) return '';
	const shown = relative(root, folder).replace(/\/?$/, '/');
	return shown.startsWith('..')
		? ''
		: `; add ${shown} to .gitignore: it is build output, written anew each build`;
}
