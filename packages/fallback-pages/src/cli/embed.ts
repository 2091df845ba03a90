/**
 * `fallback-pages embed --into <folder> [--base /fallback/] [--config file] [--remove]`: adds
 * Fallback's pages to a site's publish folder (or the folder copied into it, such as `public/`),
 * for sites that deploy elsewhere than Netlify or commit their output. On Netlify, the build plugin
 * (netlify-plugin-fallback-pages) does the same on every deploy, with nothing committed. What it
 * does is embed/into.ts's; this reads the arguments and prints.
 *
 * - The pages go in their folder (`<folder>/fallback/`, which holds the route contract); a run
 *   replaces exactly what an earlier run wrote there, and refuses a folder that is the site's.
 * - Fallback's rules go in one block at the end of the site's `_redirects` and `_headers` (created
 *   when absent); a run replaces its block and keeps it last, every line of the site's as it is.
 * - The site's own `404.html` (and `de/404.html`…) keeps answering its unknown paths: Fallback's
 *   catch-all is left out of the block (embed/siteNotFound.ts), and the output says so; `--not-found
 *   fallback` keeps Fallback's not-found page in charge instead.
 * - `--hosts <folder>`, for a site served by its own nginx, Caddy or Apache: the site-mode files
 *   for the pages where they are, and the route contract, go into that folder (outside the publish
 *   folder) instead of the rule blocks, which only Netlify-style hosts read.
 * - `--remove` takes the folder and the blocks (and the `--hosts` folder) out again: the site is as
 *   it was before.
 * - The pages carry no inline code, so a strict site-wide CSP such as `default-src 'self'` holds.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { embedBase, embedPrefixProblem } from '../config/embed';
import { UsageError } from '../errors';
import { readConfigFile } from '../embed/configFile';
import { embedInto, removeEmbedded, type EmbedReporter } from '../embed/into';
import { notFoundChoices } from '../embed/siteNotFound';
import { readArgs } from './args';
import { embedUsage } from './usage';

/** embed's lines on the terminal, and the build's, each with its prefix. */
const printed: EmbedReporter = {
	info: (line) => console.log(`embed: ${line}`),
	warn: (line) => console.warn(`embed: ${line}`),
	notice: (line) => console.log(`fallback-pages: ${line}`),
};

export async function embedCommand(argv: string[]): Promise<number> {
	const { values } = readArgs('embed', argv, {
		into: { type: 'string' },
		base: { type: 'string' },
		config: { type: 'string' },
		remove: { type: 'boolean' },
		'not-found': { type: 'string' },
		hosts: { type: 'string' },
	});
	if (values.help) {
		console.log(embedUsage);
		return 0;
	}
	if (!values.into)
		throw new UsageError('say where the site is: --into <publish folder> (see fallback-pages embed --help)');
	if (values.base !== undefined) {
		const problem = embedPrefixProblem(values.base);
		if (problem) throw new UsageError(`--base ${problem}`);
	}
	if (values.hosts !== undefined && values['not-found'] !== undefined)
		throw new UsageError(
			"--not-found chooses Fallback's rules, which --hosts does not write: on your own server, your block's own directive for 404 decides (see fallback-pages embed --help)",
		);
	const notFound = notFoundChoices.find((choice) => choice === (values['not-found'] ?? 'site'));
	if (!notFound)
		throw new UsageError(
			`--not-found takes ${notFoundChoices.join(' or ')}, not ${JSON.stringify(values['not-found'])}`,
		);
	const target = resolve(values.into);
	if (!existsSync(target) || !statSync(target).isDirectory())
		throw new UsageError(`${values.into} is not a folder`);
	const { options } = await readConfigFile(values.config);
	const request = {
		publish: target,
		shownPublish: values.into,
		base: embedBase(values.base, options.base ?? '/'),
		options,
		notFound,
		hostsDir: values.hosts === undefined ? undefined : resolve(values.hosts),
	};
	await (values.remove ? removeEmbedded : embedInto)(request, printed);
	return 0;
}
