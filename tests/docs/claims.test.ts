/**
 * What the docs and READMEs tell a reader to do or to expect, held to what is tested and to the code:
 * every command on a Start page and in the README's quick starts is one the package suite runs as
 * written (docs/src/start/quickStarts.ts, run by tests/package/start-pages.test.ts); no link leads
 * to an address outside the list of those that answer (the docs' and the repository's own are not
 * published yet); no sample carries a date that a build would refuse within a year; the numbers a
 * page names (statuses, languages, hosts) are the code's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
	commandsOf,
	localOrigin,
	packCommands,
	quickStarts,
	releaseCommands,
	type QuickStart,
} from '../../docs/src/start/quickStarts.ts';
import { docsAddress, published, repositoryAddress } from '../../docs/src/addresses.ts';
import { hostFiles } from '../../docs/src/reference/hostFiles.ts';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses.ts';
import { hostConfigFiles } from '../../packages/fallback-pages/src/hosts/index.ts';
import { optionsContract } from '../../packages/fallback-pages/src/contract/fromOptions.ts';
import { parseOptions } from '../../packages/fallback-pages/src/config/options.ts';
import { defaultHostOptions } from '../../packages/fallback-pages/src/config/hostOptions.ts';
import { deployOf } from '../../packages/fallback-pages/src/config/deploy.ts';
import { locales } from '../../packages/fallback-pages/src/i18n/index.ts';
import { builtPage, docsDist, markdownCodeBlocks, pathOf, sourceFiles, sourceOf } from './docsSite.ts';

const root = new URL('../../', import.meta.url).pathname;
const readmes = [
	'README.md',
	'packages/fallback-pages/README.md',
	'packages/netlify-plugin-fallback-pages/README.md',
];
/** The repository's own docs, for who works on it. */
const developerDocs = ['CONTRIBUTING.md', 'tests/contract/README.md', 'scripts/README.md'];
const readRoot = (file: string) => readFileSync(join(root, file), 'utf8');

const starts = Object.values(quickStarts) as QuickStart[];
/** Every command the package suite runs as a page gives it. */
const testedCommands = new Set([...packCommands, ...releaseCommands, ...starts.flatMap(commandsOf)]);

/** Code as Expressive Code shows and copies it: a tab is two spaces. */
const indented = (code: string) => code.replaceAll('\t', '  ');

/** A shell line as a reader runs it: its comment (after ` #`) left out. */
const command = (line: string) => line.replace(/(^|\s+)#.*$/, '').trim();

interface Block {
	lang: string;
	code: string;
}

/** The code blocks of a built page, as its copy button copies them. */
function builtBlocks(path: string): Block[] {
	const document = new JSDOM(builtPage(path)).window.document;
	return [...document.querySelectorAll('.sl-markdown-content .expressive-code')].map((block) => ({
		lang: block.querySelector('pre')?.getAttribute('data-language') ?? '',
		code: (block.querySelector('button[data-code]')?.getAttribute('data-code') ?? '').replaceAll(
			'\u007f',
			'\n',
		),
	}));
}

const shellLines = (blocks: Block[]) =>
	blocks
		.filter((block) => block.lang === 'sh')
		.flatMap((block) => block.code.split('\n'))
		.map(command)
		.filter(Boolean);

const startPages = sourceFiles.filter((file) => file.startsWith('start/'));

describe('the Start pages', () => {
	it('show only commands the package suite runs as written', () => {
		const shown = startPages.flatMap((file) => shellLines(builtBlocks(pathOf(file))));
		expect(shown.length).toBeGreaterThan(10);
		expect(shown.filter((line) => !testedCommands.has(line))).toEqual([]);
	});

	it.each(Object.entries(quickStarts) as [string, QuickStart][])(
		'%s: its page shows every step the suite runs, and its files',
		(_, start) => {
			const blocks = builtBlocks(pathOf(start.page));
			const lines = shellLines(blocks);
			for (const line of commandsOf(start)) expect(lines).toContain(line);
			for (const file of start.files)
				expect(blocks.map((block) => block.code)).toContain(indented(file.code));
			// Each path the test fetches, with the status it expects, is on the page.
			const text = new JSDOM(builtPage(pathOf(start.page))).window.document.body.textContent ?? '';
			for (const [path, status] of Object.entries(start.answers)) {
				expect(text).toContain(`${localOrigin}${path} answers ${status}`);
			}
		},
	);

	it('the index page shows the packing, the archive page the release, as the module has them', () => {
		expect(builtBlocks('/start/').map((block) => block.code)).toContain(packCommands.join('\n'));
		expect(builtBlocks('/start/archive/').map((block) => block.code)).toContain(releaseCommands.join('\n'));
	});
});

describe("the README's quick starts", () => {
	const readme = readRoot('README.md');
	const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## This repository'));
	const blocks = markdownCodeBlocks(quickStart);

	it('give only commands the package suite runs as written', () => {
		const lines = shellLines(blocks);
		expect(lines.length).toBeGreaterThan(10);
		expect(lines.filter((line) => !testedCommands.has(line))).toEqual([]);
	});

	it("give each way's install (today and once on npm) and build, and the Start pages' files", () => {
		const lines = shellLines(blocks);
		for (const start of starts) {
			for (const line of [...start.today, ...start.published, ...(start.build ?? [])])
				expect(lines).toContain(line);
		}
		expect(lines).toEqual(expect.arrayContaining(packCommands));
		// A file's block starts with a comment naming it: `// astro.config.mjs`, `# netlify.toml`.
		const files = blocks
			.filter((block) => block.lang !== 'sh')
			.map((block) => block.code.split('\n').slice(1).join('\n'));
		expect(files).toContain(quickStarts.astro.files[0]!.code);
		expect(files).toContain(quickStarts.netlify.files[0]!.code);
	});
});

/** The external addresses a reader can follow: Markdown links and images, and the built pages' `<a href>`. */
function externalLinks(): { address: string; where: string }[] {
	const found: { address: string; where: string }[] = [];
	const fromMarkdownFile = (where: string, markdown: string) =>
		visit(fromMarkdown(markdown), ['link', 'image', 'definition'], (node) => {
			const url = (node as { url: string }).url;
			if (/^https?:/.test(url)) found.push({ address: url, where });
		});
	for (const file of [...readmes, ...developerDocs]) fromMarkdownFile(file, readRoot(file));
	for (const file of sourceFiles) fromMarkdownFile(`docs: ${file}`, sourceOf(file));
	const builtFiles = (readdirSync(docsDist, { recursive: true }) as string[]).filter(
		(file) => file.endsWith('index.html') && !/^(page-markup|[a-z]{2}\/|\d)/.test(file),
	);
	for (const file of builtFiles) {
		const document = new JSDOM(readFileSync(join(docsDist, file), 'utf8')).window.document;
		for (const anchor of document.querySelectorAll('a[href^="http"]')) {
			found.push({ address: anchor.getAttribute('href')!, where: `docs/dist/${file}` });
		}
	}
	return found;
}

/** Addresses that answer, each with why a page links it (tests/docs/external-links.json). */
const answering = JSON.parse(readFileSync(new URL('external-links.json', import.meta.url), 'utf8')) as Record<
	string,
	string
>;

describe('words for users', () => {
	/** Pages that say how Fallback is made and tested, for who works on it. */
	const aboutUs = new Set(['reference/how-we-test.md']);
	const userPages = sourceFiles.filter((file) => !aboutUs.has(file));
	const lines = (file: string) =>
		sourceOf(file)
			.split('\n')
			.map((line, index) => ({ at: `${file}:${index + 1}`, line }));

	it('speak of the site, not of our tests, commits or issues', () => {
		const ours =
			/\b(test )?suite\b|\(commit [0-9a-f]{7,}\)|\bsince commit [0-9a-f]{7,}|\bissue \d+\b|\btext twins?\b|\bno verdict\b|\btests\/|\bscripts\//i;
		expect(userPages.length).toBeGreaterThan(40);
		expect(
			userPages
				.flatMap(lines)
				.filter(({ line }) => ours.test(line))
				.map(({ at, line }) => `${at}: ${line}`),
		).toEqual([]);
	});

	it("name the repository's own npm scripts on the Start pages only, where they make the package before it is on npm", () => {
		const scripts = Object.keys(
			(JSON.parse(readRoot('package.json')) as { scripts: Record<string, string> }).scripts,
		);
		const named = new RegExp(
			`npm run (${scripts.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
		);
		const found = userPages
			.filter((file) => !file.startsWith('start/'))
			.flatMap(lines)
			// A site's own build script, in a sample netlify.toml, is the site's.
			.filter(({ line }) => named.test(line) && !line.includes('# the site'));
		expect(found.map(({ at, line }) => `${at}: ${line}`)).toEqual([]);
	});
});

describe('statements the code decides', () => {
	const contract = optionsContract(parseOptions({}), { embedded: false, preview: false });
	const generated = (path: string) =>
		hostConfigFiles(contract, defaultHostOptions).find((file) => file.path === path)!.content;

	it("HAProxy's wait for a dead app: the connect timeout's default, with no retries, as its config has it", () => {
		const seconds = defaultHostOptions.upstreamConnectTimeoutSeconds;
		const config = generated('haproxy/haproxy-proxy.cfg');
		expect(config).toContain(`timeout connect ${seconds}s`);
		expect(config).toMatch(/^\s*retries 0$/m);
		for (const file of ['hosts/haproxy.md', 'reference/hosts.mdx'])
			expect(sourceOf(file).replace(/\s+/g, ' '), file).toContain(
				`connect timeout runs out (${seconds} s, no retries)`,
			);
	});

	it('the Docker commands on the Traefik and Kubernetes pages: those the generated files give', () => {
		const commandOf = (content: string, start: string) =>
			content
				.split('\n')
				.map((line) => line.replace(/^#\s*/, ''))
				.find((line) => line.startsWith(start))!;
		const compose = commandOf(generated('traefik/docker-compose.yml'), 'APP_IMAGE=');
		expect(compose).toBe(
			'APP_IMAGE=registry.example.com/app:1 docker compose -f dist-hosts/traefik/docker-compose.yml up',
		);
		expect(sourceOf('hosts/traefik.md')).toContain(compose);
		const image = defaultHostOptions.kubernetes?.image;
		const build = commandOf(generated('kubernetes/Dockerfile'), 'docker build');
		expect(build.startsWith('docker build -f dist-hosts/kubernetes/Dockerfile -t ')).toBe(true);
		expect(sourceOf('hosts/kubernetes.md')).toContain('docker build -f dist-hosts/kubernetes/Dockerfile -t ');
		expect(sourceOf('hosts/kubernetes.md')).toContain('cp dist-hosts/kubernetes/fallback.yml ');
		expect(image === undefined || build.includes(image)).toBe(true);
	});

	it('GitLab without CI_ENVIRONMENT_TIER is production, as the deploy-previews table says', () => {
		const gitlab = { id: 'GITLAB', name: 'GitLab CI' };
		expect(deployOf(gitlab, { GITLAB_CI: 'true' }).isPreview).toBe(false);
		expect(deployOf(gitlab, { GITLAB_CI: 'true', CI_ENVIRONMENT_TIER: 'staging' }).isPreview).toBe(true);
		expect(sourceOf('guides/deploy-previews.md')).toContain(
			'`CI_ENVIRONMENT_TIER` is set to another tier than `production` (unset: production)',
		);
	});
});

describe('links', () => {
	const links = externalLinks();

	it('lead only to addresses on the list of those that answer', () => {
		expect(links.length).toBeGreaterThan(5);
		expect(links.filter(({ address }) => !(address in answering))).toEqual([]);
	});

	it("lead nowhere near the docs' or the repository's address until they are published", () => {
		expect(published).toBe(false);
		const own = (address: string) => address.startsWith(docsAddress) || address.includes(repositoryAddress);
		expect(links.filter(({ address }) => own(address))).toEqual([]);
		expect(Object.keys(answering).filter(own)).toEqual([]);
	});

	it("name the repository in the packages' metadata as docs/src/addresses.ts does", () => {
		for (const file of [
			'packages/fallback-pages/package.json',
			'packages/netlify-plugin-fallback-pages/package.json',
		]) {
			const { repository, homepage } = JSON.parse(readRoot(file)) as {
				repository: { url: string };
				homepage: string;
			};
			expect(repository.url).toBe(`git+${repositoryAddress}.git`);
			expect(homepage.startsWith(`${repositoryAddress}/`)).toBe(true);
		}
	});
});

describe('samples', () => {
	/** Every code sample a reader may copy: Markdown blocks of the READMEs and docs, and the built pages' code. */
	const samples = [
		...[...readmes, ...developerDocs].flatMap((file) =>
			markdownCodeBlocks(readRoot(file)).map((block) => ({ where: file, code: block.code })),
		),
		...sourceFiles.flatMap((file) =>
			markdownCodeBlocks(sourceOf(file)).map((block) => ({ where: file, code: block.code })),
		),
		...sourceFiles.flatMap((file) =>
			[
				...new JSDOM(builtPage(pathOf(file))).window.document.querySelectorAll('.sl-markdown-content code'),
			].map((code) => ({ where: `built ${pathOf(file)}`, code: code.textContent ?? '' })),
		),
	];

	it('carry no date within a year from today: a sample with `until` must still build a year on', () => {
		const yearOn = Date.now() + 365 * 24 * 3600 * 1000;
		const dates = samples.flatMap(({ where, code }) =>
			[...code.matchAll(/\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?\b|\b\w{3}, \d{2} \w{3} \d{4} [\d:]+ GMT\b/g)].map(
				(match) => ({
					where,
					date: match[0],
				}),
			),
		);
		expect(dates.length, 'the maintenance sample has one').toBeGreaterThan(0);
		expect(dates.filter(({ date }) => Date.parse(date) < yearOn)).toEqual([]);
	});
});

describe('numbers the pages name', () => {
	/** Every sentence of the READMEs and docs sources that counts statuses or languages. */
	const texts = [
		...readmes.map((file) => ({ where: file, text: readRoot(file) })),
		...sourceFiles.map((file) => ({ where: file, text: sourceOf(file) })),
	];
	const counted = (pattern: RegExp) =>
		texts.flatMap(({ where, text }) =>
			[...text.replace(/\s+/g, ' ').matchAll(pattern)].map((match) => ({
				where,
				number: Number(match[1]),
				said: match[0],
			})),
		);

	it('the statuses: as many as the catalogue has', () => {
		const said = counted(/\b(\d+) (?:error statuses|error codes|HTTP error statuses|of them)\b/g);
		expect(said.length).toBeGreaterThan(2);
		expect(said.filter(({ number }) => number !== statusCatalog.length)).toEqual([]);
	});

	it('the languages: as many as there are catalogues', () => {
		const said = counted(
			/\b(?:up to |all |in )?(\d+) (?:languages|catalogues|catalogued locales|locales)\b/g,
		).filter(
			// A count of a build's own locales (five, two) is not a claim about the catalogue.
			({ number }) => number >= 10,
		);
		expect(said.length).toBeGreaterThan(2);
		expect(said.filter(({ number }) => number !== locales.length)).toEqual([]);
	});

	it("the hosts: the README and the package's name every host the generators write a config for", () => {
		for (const file of ['README.md', 'packages/fallback-pages/README.md']) {
			const text = readRoot(file).toLowerCase();
			for (const { host } of hostFiles) expect(text, `${file}: ${host}`).toContain(host);
		}
	});
});
