/**
 * The team's own Astro site (tests/contract/team-site/), built with Fallback into a folder of its
 * own: the fixture copied (its web font added: one file of a font package, OFL, as a team's font
 * file would be) and built with `astro build --root`, its variant chosen by the variables the
 * fixture's astro.config.mjs reads.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { siteBaseOf, type RouteContract } from '../../packages/fallback-pages/src/contract/contract';
import { readContractFile } from '../../packages/fallback-pages/src/contract/contractFile';
import { buildOutDir } from '../../scripts/build-with';

const root = new URL('../../', import.meta.url).pathname;
const fixture = join(root, 'tests/contract/team-site');
const font = join(
	root,
	'node_modules/@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff2',
);

export interface TeamSiteBuild {
	/** The project folder; its build is in `dist/`, the host configs and contract in `dist-hosts/`. */
	project: string;
	dist: string;
	contract: RouteContract;
	contractFile: string;
	/** The site's own files in the build, as URL paths (under its base): its pages and /_astro/ files. */
	sitePaths: string[];
	/** What the build printed. */
	log: string;
}

/** A copy of the team's site in `project` (or a new folder), with its web font. */
export async function teamSiteProject(name: string, project = buildOutDir(name)): Promise<string> {
	await cp(fixture, project, { recursive: true });
	await mkdir(join(project, 'src/fonts'), { recursive: true });
	await cp(font, join(project, 'src/fonts/team-sans.woff2'));
	return project;
}

/**
 * The team's site built with Fallback: `FALLBACK_TEAM_SITE_OWN_404: '1'` with its own 404 page
 * (sitePages: [404]), `FALLBACK_TEAM_SITE_BASE` under a base, `FALLBACK_TEAM_SITE_STATIC_HOST` for a
 * static host (`staticHost`).
 */
export async function buildTeamSite(
	name: string,
	variables: Record<string, string> = {},
): Promise<TeamSiteBuild> {
	const project = await teamSiteProject(`team-site-${name}`);
	const { stdout, stderr } = await promisify(execFile)(
		join(root, 'node_modules/.bin/astro'),
		['build', '--root', project],
		{ cwd: root, env: { ...process.env, CONTEXT: 'production', ...variables } },
	);
	const dist = join(project, 'dist');
	const contractFile = join(project, 'dist-hosts/contract.json');
	const contract = readContractFile(contractFile);
	const base = siteBaseOf(contract);
	const assets = readdirSync(join(dist, '_astro'))
		.filter((file) => /^(Site|team)[.-]/.test(file))
		.map((file) => `${base}_astro/${file}`);
	return {
		project,
		dist,
		contract,
		contractFile,
		sitePaths: [base, `${base}about/`, ...assets],
		log: stdout + stderr,
	};
}
