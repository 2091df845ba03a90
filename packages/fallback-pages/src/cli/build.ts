/** `fallback-pages build`: the pages and host configs from a config file, for any site. */
import { resolve } from 'node:path';
import { optionProblems } from '../config/options';
import { CommandError, readArgs } from './args';
import { readConfigFile, shown } from './configFile';
import { buildPages } from './buildPages';

export const buildUsage = `Usage: fallback-pages build [options]

Builds every error page, the Netlify rules beside them and the configs of every other host, with
the options of a config file (the same as fallback({ ... }) in an Astro site).

  --config <file>   the options: an ES module whose default export is the options object
                    (default fallback.config.mjs; without it, the defaults)
  --out <folder>    where the pages go (default fallback); the host configs and the route
                    contract go beside it, in <folder>-hosts
  --base <path>     the pages' folder in the site, e.g. /errors/ (default /, or the config's base)
  -h, --help        this text

The build is a production build unless its platform says it is a preview (Netlify's CONTEXT,
Vercel's VERCEL_ENV, a pull request on GitHub Actions or Render, a merge request on GitLab, a
branch other than the productionBranch option on Cloudflare) or the config's preview option does:
a preview carries a banner with its branch and commit, and noindex. The first line says which.`;

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
	if (problems.length > 0) throw new CommandError(problems.join('\n'));
	const options = values.base === undefined ? fromFile : { ...fromFile, base: values.base };
	const out = resolve(values.out ?? 'fallback');
	console.log(
		`fallback-pages: building the pages with ${source === 'defaults' ? 'the default options (no fallback.config.mjs)' : source} …`,
	);
	const built = await buildPages(options, out, (line) => console.log(`fallback-pages: ${line}`));
	console.log(
		`fallback-pages: ${built.pages} pages in ${shown(built.out)}/, ${built.hosts ? `host configs and contract in ${shown(built.hosts)}/` : `the contract in ${shown(built.out)}${options.base}contract.json (server configs describe pages at the root: none for base ${options.base})`} (${built.seconds.toFixed(1)} s)`,
	);
	return 0;
}
