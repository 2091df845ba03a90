/**
 * Lighthouse on the 503 page in a site's own look: the team site's layout (the option layout: its
 * header, footer, stylesheet, web font and script, Astro's own policy on), Starlight's frame
 * (`layout: 'starlight'`) and a plain HTML site's own 404.html (`embed`, its <main> marked
 * data-fallback), each served as files with status 200, as lighthouse.test.ts serves dist/. Every
 * category at 100, as on Fallback's own pages; a failure names the audits that cost points.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	auditPage,
	launchLighthouseBrowser,
	pageUrl,
	problemsOf,
	serveDist,
	type LighthouseBrowser,
} from '../../scripts/lighthouse.ts';
import { buildTeamSite } from '../contract/teamSite';
import { starlightDocsFiles, starlightPackageJson } from '../build/starlightDocs';
import { plainSiteFiles } from '../package/plainSite';

const root = new URL('../../', import.meta.url).pathname;
// Inside the repository, so Astro and Fallback resolve, but not under node_modules/, where Vite
// would leave a content config untransformed (Starlight's `astro:content` import).
const scratch = join(root, '.scratch/lighthouse-looks');

/** A project of `files` in the scratch folder. */
async function projectOf(name: string, files: Readonly<Record<string, string>>): Promise<string> {
	await mkdir(scratch, { recursive: true });
	const project = await mkdtemp(join(scratch, `${name}-`));
	for (const [path, text] of Object.entries(files)) {
		await mkdir(join(project, path, '..'), { recursive: true });
		await writeFile(join(project, path), text);
	}
	return project;
}

/** A Starlight site with its error pages in Starlight's frame (`layout: 'starlight'`). */
async function buildStarlightSite(): Promise<string> {
	const project = await projectOf('starlight', {
		...starlightDocsFiles,
		'package.json': starlightPackageJson,
		'astro.config.mjs': [
			"import { defineConfig } from 'astro/config';",
			"import fallback from 'fallback-pages';",
			"import starlight from '@astrojs/starlight';",
			'export default defineConfig({',
			"\tintegrations: [starlight({ title: 'Team Docs' }), fallback({ layout: 'starlight', sitePages: [404] })],",
			'});',
		].join('\n'),
	});
	await promisify(execFile)(join(root, 'node_modules/.bin/astro'), ['build', '--root', project], {
		cwd: root,
		env: { ...process.env, CONTEXT: 'production' },
	});
	return project;
}

/** The plain site's files in dist/ (where Astro's preview serves from), every error page embedded in its 404.html. */
async function embedPlainSite(): Promise<string> {
	const project = await projectOf(
		'plain',
		Object.fromEntries(Object.entries(plainSiteFiles).map(([path, text]) => [`dist/${path}`, text])),
	);
	await promisify(execFile)(join(root, 'node_modules/.bin/fallback-pages'), ['embed', '--into', 'dist'], {
		cwd: project,
	});
	return project;
}

/** Each look's project, and its 503 page in its build. */
const looks: Record<string, { project: string; page: string }> = {};
let browser: LighthouseBrowser | undefined;

beforeAll(async () => {
	const [layout, starlight, plain] = await Promise.all([
		buildTeamSite('lighthouse-layout', {
			FALLBACK_TEAM_SITE_LAYOUT: './src/layouts/Site.astro',
			FALLBACK_TEAM_SITE_CSP: '1',
		}),
		buildStarlightSite(),
		embedPlainSite(),
	]);
	looks["the team site's layout"] = { project: join(layout.dist, '..'), page: '503' };
	looks["Starlight's frame"] = { project: starlight, page: '503' };
	looks["the plain site's 404.html"] = { project: plain, page: 'fallback/503' };
	browser = await launchLighthouseBrowser();
});

afterAll(async () => {
	await browser?.close();
	await Promise.all(Object.values(looks).map(({ project }) => rm(project, { recursive: true, force: true })));
});

describe("Lighthouse on /503 in a site's look, served with 200", () => {
	it.each(["the team site's layout", "Starlight's frame", "the plain site's 404.html"])(
		'%s: every category 100',
		async (look) => {
			const { project, page } = looks[look]!;
			const server = await serveDist(project);
			try {
				const report = await auditPage(browser!, pageUrl(server.origin, page), `${look}: ${page}`);
				expect(Object.keys(report.scores)).toEqual(
					expect.arrayContaining(['performance', 'accessibility', 'best-practices', 'seo']),
				);
				expect(problemsOf(report), `${look}: ${JSON.stringify(report.scores)}`).toEqual([]);
			} finally {
				await server.close();
			}
		},
	);
});
