/**
 * A site built as Netlify builds it and served as Netlify would serve the deploy, for the plugin's
 * tests: Netlify Build itself (@netlify/build, offline, no deploy step), then netlify-cli (Netlify's
 * rule engine) on the publish folder with the rules that build resolved.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'smol-toml';
import buildSite from '@netlify/build';
import { freePort, type RunningServer } from '../contract/harness';
import { findServerExecutable, netlify } from '../contract/servers';
import { environment } from '../../scripts/fresh-project';

/** Every file under a folder with the SHA-256 of its bytes, by relative path. */
export function fingerprint(folder: string): Record<string, string> {
	return Object.fromEntries(
		(readdirSync(folder, { recursive: true }) as string[])
			.filter((name) => statSync(join(folder, name)).isFile())
			.sort()
			.map((name) => [
				name,
				createHash('sha256')
					.update(readFileSync(join(folder, name)))
					.digest('hex'),
			]),
	);
}

export interface Built {
	log: string;
	success: boolean;
	/** The rules Netlify resolved for the deploy: the site's, then the plugin's. */
	redirects: Record<string, unknown>[];
	headers: Record<string, unknown>[];
}

/**
 * Netlify Build on the site, as a production deploy builds it (offline, no deploy step); `env`:
 * more of Netlify's variables (SITE_NAME).
 */
export async function netlifyBuild(
	site: string,
	context = 'production',
	env: Record<string, string> = {},
): Promise<Built> {
	const result = (await buildSite({
		cwd: site,
		offline: true,
		buffer: true,
		telemetry: false,
		mode: 'cli',
		env: { CONTEXT: context, PATH: environment['PATH']!, ...env },
	})) as unknown as {
		success: boolean;
		logs?: { stdout: string[]; stderr: string[] };
		netlifyConfig?: { redirects: Record<string, unknown>[]; headers: Record<string, unknown>[] };
	};
	return {
		log: [...(result.logs?.stdout ?? []), ...(result.logs?.stderr ?? [])].join('\n'),
		success: result.success,
		redirects: result.netlifyConfig?.redirects ?? [],
		headers: result.netlifyConfig?.headers ?? [],
	};
}

/**
 * The publish folder served as the deploy would be: netlify-cli from a folder whose netlify.toml
 * holds the resolved rules, on a copy of the publish folder without its _redirects and _headers
 * (Netlify's deploy merges them into the resolved rules and deletes them: @netlify/config,
 * mutations/update.js; netlify-cli would otherwise read them again, before the rest).
 */
export async function serveDeploy(
	publish: string,
	built: Pick<Built, 'redirects' | 'headers'>,
): Promise<RunningServer> {
	const dir = join(publish, '..', `.serve-${Date.now()}`);
	const served = join(dir, 'publish');
	await mkdir(dir);
	await cp(publish, served, {
		recursive: true,
		filter: (source) => !['_redirects', '_headers'].includes(source.slice(publish.length + 1)),
	});
	writeFileSync(join(dir, 'netlify.toml'), stringify({ redirects: built.redirects, headers: built.headers }));
	return netlify.start({
		dir,
		pagesRoot: served,
		siteConfig: '',
		port: await freePort(),
		label: 'netlify-cli on the plugin-built site',
		executable: findServerExecutable(netlify)!,
	});
}
