/**
 * The site a deploy should answer as: the route contract the build wrote (`hosts/contract.json`)
 * and the files of that build (dist/), read once. A contract whose files are missing means dist/ is
 * not the build the contract came from: said at once, before any request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTRACT_NAME, errorRoutes, galleryFile, siteHasIndex } from '../contract/contract.ts';
import { hostsDirOf, readContractFile } from '../contract/contractFile.ts';
import type { Site } from './cases.ts';

export { CONTRACT_NAME };

/**
 * Where a build into `dist` wrote its contract unless its `hostsDir` option named another folder
 * (then `--contract` names the file): beside it, `<dist>-hosts/contract.json`.
 */
export function contractFileOf(dist: string): string {
	return join(hostsDirOf(dist), CONTRACT_NAME);
}

/**
 * The site of a build: its contract and its files, each checked to be there. A build for a static
 * host (`staticHost`: `errorPage`) keeps the page of that status alone.
 */
export function loadSite(
	dist: string,
	contractFile: string,
	{ errorPage }: { errorPage?: number } = {},
): Site {
	const contract = readContractFile(contractFile);
	const root = resolve(dist);
	const kept = contract.statusPages.filter((route) => route.status === errorPage).map((route) => route.file);
	const files =
		errorPage !== undefined
			? kept
			: [
					// Fallback's galleries where the build has them, the site's own pages at those paths.
					...[contract.defaultLocale, ...contract.otherLocales]
						.filter((locale) => contract.galleries !== false || siteHasIndex(contract, locale))
						.map((locale) => galleryFile(contract, locale)),
					...errorRoutes(contract).flatMap((route) => [
						route.file,
						route.problemFile,
						route.problemFile.replace(/\.json$/, '.txt'),
					]),
				];
	const absent = files.filter((file) => !existsSync(join(root, file)));
	if (absent.length > 0) {
		throw new Error(
			`${dist} lacks ${absent.length} file(s) of the contract in ${contractFile} (${absent.slice(0, 3).join(', ')}${absent.length > 3 ? '…' : ''}): is it the build the contract came from? Run \`npm run build\`.`,
		);
	}
	const texts = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
	return {
		contract,
		exists: (file) => existsSync(join(root, file)),
		fileText(file) {
			const text = texts.get(file);
			if (text === undefined) throw new Error(`${file} is not a file of the contract`);
			return text;
		},
	};
}
