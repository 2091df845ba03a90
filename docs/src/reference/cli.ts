/** The command's reference: each command's usage text, exactly as `--help` prints it. */
import {
	buildUsage,
	embedUsage,
	usage,
	verifyUsage,
} from '../../../packages/fallback-pages/src/cli/usage.ts';

export interface CommandHelp {
	/** `build`, or '' for the command itself. */
	name: string;
	usage: string;
}

export const commandHelps: readonly CommandHelp[] = [
	{ name: '', usage },
	{ name: 'build', usage: buildUsage },
	{ name: 'verify', usage: verifyUsage },
	{ name: 'embed', usage: embedUsage },
];

/** The flags a usage text lists (`--config`, `-h, --help`), in its order. */
export function flagsOf(text: string): string[] {
	return [...text.matchAll(/^\s{2,}((?:-\w, )?--[\w-]+)/gm)].map((match) => match[1]!);
}
