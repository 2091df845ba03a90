/**
 * The site a deploy should answer as: the route contract the build wrote (`hosts/contract.json`)
 * and the files of that build (dist/), read once. A contract whose files are missing means dist/ is
 * not the build the contract came from: said at once, before any request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTRACT_NAME, errorRoutes, galleryFile } from '../contract/contract.ts';
import { readContractFile } from '../contract/contractFile.ts';
import type { Site } from './cases.ts';

export { CONTRACT_NAME };

/** Where the starter's build into its dist/ writes it (its `hostsDir` is `hosts`). */
export const CONTRACT_FILE = `hosts/${CONTRACT_NAME}`;

/**
 * Where a build writes its host configs and contract: `<folder>-hosts/` beside its output folder
 * (`dist-hosts/`); for a build into the project's `dist/`, the `hostsDir` option when it names one
 * (the starter's `hosts/`). A build into another folder (a preview build into `.preview/`, the
 * build tests' temp folders) always writes beside it, so that no other build replaces the files
 * that belong to dist/. Absolute paths in, absolute path out (with a trailing slash).
 */
export function hostsDirOf(outDir: string, root: string, hostsDir?: string): string {
	const folder = resolve(outDir);
	return hostsDir !== undefined && folder === resolve(root, 'dist')
		? join(resolve(root, hostsDir), '/')
		: `${folder}-hosts/`;
}

/**
 * The contract of the build in `dist` (a folder): beside it (`<dist>-hosts/contract.json`), or for
 * the project's dist/ in `hosts/` when that is where its build put it (the starter's `hostsDir`).
 */
export function contractFileOf(dist: string, root = process.cwd()): string {
	const beside = join(hostsDirOf(dist, root), CONTRACT_NAME);
	const starter = join(hostsDirOf(dist, root, 'hosts'), CONTRACT_NAME);
	return existsSync(beside) || !existsSync(starter) ? beside : starter;
}

/** The site of a build: its contract and its files, each checked to be there. */
export function loadSite(dist: string, contractFile: string): Site {
	const contract = readContractFile(contractFile);
	const root = resolve(dist);
	const files = [
		...[contract.defaultLocale, ...contract.otherLocales].map((locale) => galleryFile(contract, locale)),
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
		fileText(file) {
			const text = texts.get(file);
			if (text === undefined) throw new Error(`${file} is not a file of the contract`);
			return text;
		},
	};
}
