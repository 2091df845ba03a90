/**
 * The `fallback-pages` command: `build`, `verify`, `embed`. Every command has `--help`; a usage
 * mistake prints one line and exits 2, a failed command its reason and exits 1.
 */
import { FallbackError, UsageError } from '../errors';
import { usage } from './usage';

const commands: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
	build: async () => (await import('./build')).buildCommand,
	verify: async () => (await import('./verify')).verifyCommand,
	embed: async () => (await import('./embed')).embedCommand,
};

async function version(): Promise<string> {
	return (await import('../version')).packageVersion;
}

/** Runs a command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
	const [name, ...rest] = argv;
	if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
		console.log(usage);
		return name === undefined ? 2 : 0;
	}
	if (name === '--version' || name === '-v') {
		console.log(await version());
		return 0;
	}
	const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
	if (!load) {
		console.error(
			`fallback-pages: unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(commands).join(', ')} (see fallback-pages --help)`,
		);
		return 2;
	}
	if (name !== 'verify') {
		// As `astro build` does before it loads anything: React and Vite in their production modes
		// (a development JSX runtime against production React fails). Set before the modules load.
		process.env['NODE_ENV'] = 'production';
	}
	try {
		return await (
			await load()
		)(rest);
	} catch (error) {
		if (error instanceof UsageError) {
			console.error(`fallback-pages ${name}: ${error.message}`);
			return 2;
		}
		if (error instanceof FallbackError) {
			for (const line of error.message.split('\n')) console.error(`fallback-pages ${name}: ${line}`);
			return 1;
		}
		throw error;
	}
}
