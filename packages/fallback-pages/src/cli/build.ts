/** `fallback-pages build`: the pages and host configs from a config file, for any site. */
import { resolve } from 'node:path';
import { optionProblems } from '../config/options';
import { readArgs } from './args';
import { UsageError } from '../errors';
import { readConfigFile, shown } from '../embed/configFile';
import { buildPages, type BuiltPages } from '../embed/build';
import { buildUsage } from './usage';
import { gitignoreHint } from '../gitignore';

export async function buildCommand(argv: string[]): Promise<number> {
	const { values } = readArgs('build', argv, {
		config: { type: 'string' },
		out: { type: 'string' },
		base: { type: 'string' },
	});
	if (values.help) {
		console.log(buildUsage);
		return 0;
	}
	const { options: fromFile, source } = await readConfigFile(values.config);
	// The file's options are checked as it was read; --base by the same schema, on its own.
	const problems = values.base === undefined ? [] : optionProblems({ base: values.base });
	if (problems.length > 0) throw new UsageError(problems.join('\n'));
	const options = values.base === undefined ? fromFile : { ...fromFile, base: values.base };
	const out = resolve(values.out ?? 'fallback');
	console.log(
		`fallback-pages: building the pages with ${source === 'defaults' ? 'the default options (no fallback.config.mjs)' : source} …`,
	);
	const built = await buildPages(options, out, (line) => console.log(`fallback-pages: ${line}`));
	console.log(
		`fallback-pages: ${built.pages} pages in ${shown(built.out)}/, ${hostsLine(built, options.base ?? '/')} (${built.seconds.toFixed(1)} s)`,
	);
	// The pages' folder is published as it is (or copied into the site's), so it holds no .gitignore
	// of its own, as the hosts' folder does: one of `*` copied into a committed folder would hide it.
	const hint = gitignoreHint(built.out, process.cwd());
	if (hint) console.log(`fallback-pages: ${shown(built.out)}/ is not ignored by git${hint}`);
	return 0;
}

/** Where the build put the host configs and the contract, for the command's last line. */
function hostsLine(built: BuiltPages, base: string): string {
	if (!built.hosts) return `the contract in ${shown(built.out)}${base}contract.json`;
	if (base === '/') return `host configs and contract in ${shown(built.hosts)}/`;
	return `the site-mode configs (nginx, Caddy, Apache: for a server whose root holds the pages at ${base}) and contract in ${shown(built.hosts)}/`;
}
