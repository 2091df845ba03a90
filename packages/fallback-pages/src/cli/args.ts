/**
 * Command-line arguments, read with node:util's parseArgs: a mistake becomes a UsageError of one
 * line (exit 2), never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors';

type Options = NonNullable<ParseArgsConfig['options']>;

/** `argv` read against `options`; `--help`/`-h` is always known. */
export function readArgs<T extends Options>(
	command: string,
	argv: string[],
	options: T,
	positionals = false,
) {
	try {
		return parseArgs({
			args: argv,
			options: { ...options, help: { type: 'boolean', short: 'h' } },
			allowPositionals: positionals,
			strict: true,
		});
	} catch (error) {
		// parseArgs's messages are one sentence, e.g. "Unknown option '--x'".
		const message = (error as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '');
		throw new UsageError(`${message} (see fallback-pages ${command} --help)`);
	}
}

/** A number option of at least `min`, or undefined when it was not given. */
export function numberOption(name: string, text: string | undefined, min: number): number | undefined {
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!Number.isFinite(value) || value < min) {
		throw new UsageError(`--${name} must be a number of at least ${min}, not ${JSON.stringify(text)}`);
	}
	return value;
}
