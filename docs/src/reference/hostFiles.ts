/**
 * The files a build writes for each host, read off the generators themselves: a build with the
 * default options (English only) and with a second locale, grouped by the host's folder.
 */
import { hostConfigFiles } from '../../../packages/fallback-pages/src/hosts/index.ts';
import { optionsContract } from '../../../packages/fallback-pages/src/contract/fromOptions.ts';
import { parseOptions } from '../../../packages/fallback-pages/src/config/options.ts';
import { defaultHostOptions } from '../../../packages/fallback-pages/src/config/hostOptions.ts';

function filesOf(locales: string[]): Map<string, string[]> {
	const options = parseOptions({ locales });
	const contract = optionsContract(options, { embedded: false, preview: false });
	const byHost = new Map<string, string[]>();
	for (const { path } of hostConfigFiles(contract, defaultHostOptions)) {
		const [host] = path.split('/');
		byHost.set(host!, [...(byHost.get(host!) ?? []), path]);
	}
	return byHost;
}

const withOneLocale = filesOf(['en']);
const withTwoLocales = filesOf(['en', 'de']);

/** Each host folder's files, and those a second locale adds. */
export const hostFiles = [...withOneLocale.entries()].map(([host, files]) => ({
	host,
	files,
	perLocale: (withTwoLocales.get(host) ?? []).filter((file) => !files.includes(file)),
}));
