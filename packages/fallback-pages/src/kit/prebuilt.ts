/**
 * The embedded pages from the kit, without Astro: what the Netlify plugin deploys when the options
 * keep the default look. Options the kit cannot take (a brand, a logo, links, help texts, another
 * default locale…) need the pages built by Astro (embed/pages.ts), and `kitProblem` names them.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { CONTRACT_NAME, inPagesFolder } from '../contract/contract';
import { parseContract } from '../contract/contractFile';
import { parseOptions, type ParsedOptions } from '../config/options';
import { describeDeploy, noSiteAddress, siteUrl, type Deploy } from '../config/deploy';
import { defaultLanguagesLine, javascriptNames, type OptionNames } from '../config/optionNames';
import type { EmbeddedPages, EmbeddedRules } from '../embed/rules';
import { hasGalleries } from '../contract/fromOptions';
import { applyKit, KIT_FORMAT, kitValuesProblem, type Kit, type KitVariantName } from './applyKit';
import { kitOptionPaths, type KitValues } from './fillables';
import { checkShells, intoShells, type Shells } from '../embed/siteShell';

/**
 * The kit from its file as the plugin ships it (packKit): each variant decompressed and parsed when
 * it is first read (a deploy reads one of four).
 */
export function readKit(file: string): Kit {
	const packed = JSON.parse(readFileSync(file, 'utf8')) as Omit<Kit, 'variants'> & {
		variants: Record<KitVariantName, string>;
	};
	if (packed.format !== KIT_FORMAT)
		throw new Error(`${file} is not a kit this version reads (format ${String(packed.format)})`);
	const variants = {} as Kit['variants'];
	for (const [name, text] of Object.entries(packed.variants) as [KitVariantName, string][]) {
		let files: Record<string, string> | undefined;
		Object.defineProperty(variants, name, {
			enumerable: true,
			get: () =>
				(files ??= JSON.parse(brotliDecompressSync(Buffer.from(text, 'base64')).toString('utf8')) as Record<
					string,
					string
				>),
		});
	}
	return { format: packed.format, version: packed.version, variants };
}

/** The site's values for the kit, from the options (base included) and the deploy. */
function kitValues(parsed: ParsedOptions, deploy: Deploy): KitValues {
	return {
		name: parsed.site.name,
		url: siteUrl(parsed.site.url, deploy),
		locales: parsed.locales,
		base: parsed.base,
		deploy,
	};
}

/** The options' paths (`brand.accent`, `links`) where `given` differs from `plain`, two levels deep. */
function differences(given: Record<string, unknown>, plain: Record<string, unknown>, prefix = ''): string[] {
	return Object.keys(given).flatMap((key) => {
		const [a, b] = [given[key], plain[key]];
		if (isDeepStrictEqual(a, b)) return [];
		const nested = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
		return prefix === '' && nested(a) && nested(b)
			? differences(a as Record<string, unknown>, b as Record<string, unknown>, `${key}.`)
			: [`${prefix}${key}`];
	});
}

/**
 * Why the kit cannot make the pages planned (embeddedRules), or undefined when it can: the options
 * that are not the default look's, or a deploy it cannot show.
 */
export function kitProblem({ parsed, deploy }: EmbeddedRules): string | undefined {
	// The options with the kit's values alone, the others left to their defaults.
	const taken: Record<string, Record<string, unknown>> = {};
	for (const path of kitOptionPaths) {
		const [key, inner] = path.split('.') as [keyof ParsedOptions, string | undefined];
		const value = inner === undefined ? parsed[key] : (parsed[key] as Record<string, unknown>)[inner];
		if (value === undefined || value === null) continue;
		if (inner === undefined) Object.assign(taken, { [key]: value });
		else taken[key] = { ...taken[key], [inner]: value };
	}
	const plain = parseOptions(taken);
	const changed = differences(parsed, plain);
	if (changed.length > 0) {
		const named =
			changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
		return `${named} ${changed.length === 1 ? 'is' : 'are'} not the default look`;
	}
	return kitValuesProblem(kitValues(parsed, deploy));
}

/**
 * The pages planned (embeddedRules), from the kit (check kitProblem first); `notice` hears the
 * lines Astro's build would say of the deploy, the languages and the address.
 */
export async function kitPages(
	kit: Kit,
	planned: EmbeddedRules,
	notice: (line: string) => void = () => {},
	names: OptionNames = javascriptNames,
	shell?: Shells,
): Promise<EmbeddedPages> {
	const started = performance.now();
	const { options, parsed, deploy, base, contract, rules } = planned;
	const values = kitValues(parsed, deploy);
	notice(describeDeploy(deploy, names.preview));
	if (options.locales === undefined) notice(defaultLanguagesLine(parsed.defaultLocale, names));
	if (values.url === null) notice(noSiteAddress(base, names.address));
	if (shell) checkShells(shell);
	const files = applyKit(kit, values, shell !== undefined);
	if (shell) {
		// The contract names a page by its file in the build; the kit's files are inside the folder.
		const parsedContract = parseContract(contract, CONTRACT_NAME);
		const inFolder = (file: string) => inPagesFolder(parsedContract, file);
		await intoShells(
			parsedContract,
			shell,
			(file) => files.get(inFolder(file))!,
			(file, text) => void files.set(inFolder(file), text),
		);
	}
	files.set(CONTRACT_NAME, contract);
	return {
		rules,
		contract,
		pages: [...files.keys()].filter((path) => path.endsWith('.html')).length,
		gallery: hasGalleries({ embedded: true, preview: deploy.isPreview }),
		seconds: (performance.now() - started) / 1000,
		async place(publish) {
			const target = join(publish, base);
			await rm(target, { recursive: true, force: true });
			for (const [path, text] of files) {
				await mkdir(dirname(join(target, path)), { recursive: true });
				await writeFile(join(target, path), text);
			}
		},
		dispose: async () => {},
	};
}
