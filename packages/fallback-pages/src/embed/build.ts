/**
 * Fallback's pages built by Astro without an Astro project of the user's own: the package runs
 * Astro on a throwaway project root inside its own folder (so that Astro and Vite resolve the
 * package's dependencies from there), then moves the output where the user asked.
 */
import type { OptionNames } from '../config/optionNames';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { BuildFolders } from '../hosts/format';
import type { FallbackOptions } from '../config/options';
import { packageRoot } from '../packageRoot';
import { CONTRACT_NAME } from '../contract/contract';
import { FallbackError } from '../errors';
import { shown } from './configFile';
import { holdsContract, mayReplace } from '../contract/contractFile';

/**
 * Fallback's output folders hold its not-found page and, in the hosts' folder (`<out>-hosts`, or the
 * option hostsDir), its contract; or, built with a base, the contract in the base's folder inside them.
 */
export const isPagesFolder = (folder: string, hosts = `${folder}-hosts`) =>
	(existsSync(join(folder, '404.html')) && existsSync(join(hosts, CONTRACT_NAME))) ||
	(readdirSync(folder, { recursive: true }) as string[]).some((name) => name.endsWith(`/${CONTRACT_NAME}`));

/**
 * Runs Astro with Fallback's integration alone (`embedded`: pages for a site that is not Fallback's);
 * resolves to the folder it built into (a temp one, inside `work`, which the caller removes).
 */
export async function astroBuild(
	options: FallbackOptions,
	{
		embedded = false,
		notice,
		names,
		kit,
		shell = false,
		folders,
	}: {
		embedded?: boolean;
		/** Where the team gets the pages and the host files (hosts/format.ts), for the Docker files. */
		folders?: BuildFolders;
		/** Pages that go into the site's own 404.html (html/shell.ts). */
		shell?: boolean;
		notice?: (line: string) => void;
		names?: OptionNames | undefined;
		/** The kit's build (kit/makeKit.ts): its deploy's variables. */
		kit?: Record<string, string>;
	} = {},
): Promise<{ work: string; outDir: string }> {
	const work = join(packageRoot, 'node_modules', '.cache', `build-${process.pid}-${Date.now()}`);
	const outDir = join(work, 'dist');
	await mkdir(work, { recursive: true });
	process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
	// Astro, and the integration that imports it, load only when a build runs: loading
	// fallback-pages/embed needs neither (the Netlify plugin says so when Astro is missing).
	const { build } = await import('astro');
	const { fallbackIntegration } = await import('../integration/fallback');
	// Astro writes some of its build (the prerender chunks, `.astro/`) beside the working folder,
	// not the root: run it from the throwaway root, so that nothing lands in the user's project and
	// the chunks resolve the package's dependencies.
	const cwd = process.cwd();
	process.chdir(work);
	try {
		await build({
			root: work,
			outDir,
			configFile: false,
			output: 'static',
			logLevel: 'error',
			devToolbar: { enabled: false },
			integrations: [
				fallbackIntegration(options, { embedded, ...(notice ? { notice } : {}), names, kit, shell, folders }),
			],
		});
	} catch (error) {
		await rm(work, { recursive: true, force: true });
		// An error the team can fix (Astro's AstroError) says how in its hint.
		const { message, hint } = error as Error & { hint?: string };
		throw new FallbackError(hint ? `${message}\n${hint}` : message);
	} finally {
		process.chdir(cwd);
	}
	return { work, outDir };
}

export interface BuiltPages {
	out: string;
	/** Where the host configs and the contract went; none for a build with a base. */
	hosts: string | undefined;
	pages: number;
	seconds: number;
}

/**
 * The pages into `out`, the host configs and contract into `<out>-hosts`, or the option `hostsDir`
 * from the current folder (with a base, the site-mode configs alone, and the contract in the base's
 * folder too). Refuses before building when either folder holds something that is not an earlier
 * build of Fallback's.
 */
export async function buildPages(
	{ hostsDir, ...options }: FallbackOptions,
	out: string,
	notice?: (line: string) => void,
): Promise<BuiltPages> {
	const hosts = hostsDir === undefined ? `${out}-hosts` : resolve(hostsDir);
	const fromHere = (folder: string) => relative(process.cwd(), folder).split(sep).join('/') || '.';
	for (const [folder, mark] of [
		[out, (folder: string) => isPagesFolder(folder, hosts)],
		[hosts, holdsContract],
	] as const) {
		if (!mayReplace(folder, mark)) {
			throw new FallbackError(
				`${shown(folder)} exists and is not an earlier build of Fallback's; nothing was written. Choose another --out.`,
			);
		}
	}
	const started = performance.now();
	// Built into the throwaway project's own `dist-hosts/`, then moved where the team asked.
	const { work, outDir } = await astroBuild(options, {
		...(notice ? { notice } : {}),
		folders: { pages: fromHere(out), hosts: fromHere(hosts) },
	});
	try {
		for (const [from, to] of [
			[outDir, out],
			[`${outDir}-hosts`, hosts],
		] as const) {
			await rm(to, { recursive: true, force: true });
			if (existsSync(from)) await cp(from, to, { recursive: true });
		}
	} finally {
		await rm(work, { recursive: true, force: true });
	}
	const pages = readdirSync(out, { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
	return {
		out,
		hosts: existsSync(hosts) ? hosts : undefined,
		pages,
		seconds: (performance.now() - started) / 1000,
	};
}
