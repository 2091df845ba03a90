/**
 * Sites whose components are Preact's or Solid's (each with its own renderer, one hydrated island
 * and one static component) add `fallback()` from the packed package: the build gains no warning
 * (Fallback adds no JSX renderer of its own), the site's components render as before, every file
 * of the site's own build comes out byte for byte (its rule files with Fallback's block after
 * them), nothing lands in `_astro/` but the site's, and Fallback's pages pass `verify` on
 * netlify-cli.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningServer } from '../contract/harness';
import { astroVersion, makeProject, filesOf, removeProject, runOk } from '../../scripts/fresh-project';
import { sharedNpmInstall } from './sharedInstall';
import { expectVerified, serveOnNetlify } from './serve';

interface Framework {
	name: string;
	integration: { module: string; call: string };
	/** The two components, in the framework's own JSX. */
	greeting: string;
	counter: string;
}

const frameworks: Framework[] = [
	{
		name: 'preact',
		integration: { module: '@astrojs/preact', call: 'preact()' },
		greeting: [
			'/** @jsxImportSource preact */',
			'export default function Greeting(props: { name: string }) {',
			'\treturn <p class="greeting">Hello from Preact, {props.name}</p>;',
			'}',
		].join('\n'),
		counter: [
			'/** @jsxImportSource preact */',
			"import { useState } from 'preact/hooks';",
			'export default function Counter() {',
			'\tconst [count, setCount] = useState(0);',
			'\treturn <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;',
			'}',
		].join('\n'),
	},
	{
		name: 'solid',
		integration: { module: '@astrojs/solid-js', call: 'solid()' },
		greeting: [
			'/** @jsxImportSource solid-js */',
			'export default function Greeting(props: { name: string }) {',
			'\treturn <p class="greeting">Hello from Solid, {props.name}</p>;',
			'}',
		].join('\n'),
		counter: [
			'/** @jsxImportSource solid-js */',
			"import { createSignal } from 'solid-js';",
			'export default function Counter() {',
			'\tconst [count, setCount] = createSignal(0);',
			'\treturn <button onClick={() => setCount(count() + 1)}>Clicked {count()} times</button>;',
			'}',
		].join('\n'),
	},
];

const page = [
	'---',
	"import Greeting from '../components/Greeting.tsx';",
	"import Counter from '../components/Counter.tsx';",
	'---',
	'<html lang="en"><head><meta charset="utf-8"><title>Team site</title></head>',
	'<body><h1>Welcome</h1><Greeting name="team" /><Counter client:load /></body></html>',
	'',
].join('\n');

const config = ({ name, integration }: Framework, withFallback: boolean) =>
	[
		"import { defineConfig } from 'astro/config';",
		`import framework from '${integration.module}';`,
		...(withFallback ? ["import fallback from 'fallback-pages';"] : []),
		'export default defineConfig({',
		`\tsrcDir: './${name}',`,
		`\tintegrations: [framework()${withFallback ? ", fallback({ locales: ['en', 'de'] })" : ''}],`,
		'});',
		'',
	].join('\n');

let project: string;
const logs: Record<string, string> = {};
const servers: RunningServer[] = [];

beforeAll(async () => {
	const files: Record<string, string> = {
		'package.json': JSON.stringify({ name: 'team-site', private: true, type: 'module' }),
		'public/_redirects': '/old  /  301\n',
	};
	for (const framework of frameworks) {
		files[`${framework.name}/pages/index.astro`] = page;
		files[`${framework.name}/components/Greeting.tsx`] = `${framework.greeting}\n`;
		files[`${framework.name}/components/Counter.tsx`] = `${framework.counter}\n`;
		files[`astro.${framework.name}.mjs`] = config(framework, false);
		files[`astro.${framework.name}-fallback.mjs`] = config(framework, true);
	}
	project = await makeProject('renderers', files);
	await sharedNpmInstall(project, [
		`astro@${await astroVersion()}`,
		'@astrojs/preact@6',
		'preact@10',
		'@astrojs/solid-js@7',
		'solid-js@1',
		inject('tarballs')['fallback-pages'],
	]);
	for (const { name } of frameworks) {
		for (const build of [name, `${name}-fallback`]) {
			const result = await runOk(project, 'npx', [
				'astro',
				'build',
				'--config',
				`astro.${build}.mjs`,
				'--outDir',
				`dist-${build}`,
			]);
			logs[build] = result.stdout + result.stderr;
		}
	}
}, 900_000);

afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await removeProject(project);
});

/**
 * Fallback's own files in a build with locales en and de, the site's home page kept: its pages, the
 * German gallery, and `_headers`, which the site did not have.
 */
const fallbackFile =
	/^(_headers|(de\/)?((\d{3}|application-error|global-error)\.html|problem\/[\w-]+\.(json|txt))|de\/index\.html)$/;

describe.each(frameworks)('a $name site adding fallback()', (framework) => {
	const plain = () => join(project, `dist-${framework.name}`);
	const built = () => join(project, `dist-${framework.name}-fallback`);

	it('builds with no warning the site did not have', () => {
		const warnings = (log: string) => log.split('\n').filter((line) => /\[WARN\]|warn/i.test(line));
		expect(warnings(logs[`${framework.name}-fallback`]!)).toEqual(warnings(logs[framework.name]!));
		expect(logs[`${framework.name}-fallback`]).not.toContain('More than one JSX renderer');
	});

	it("keeps every file of the site's build byte for byte and adds only Fallback's pages", () => {
		const own = filesOf(plain());
		// The island's runtime is the site's own, there before and after.
		expect(own.some((file) => file.startsWith('_astro/') && file.endsWith('.js'))).toBe(true);
		for (const file of own) {
			const before = readFileSync(join(plain(), file));
			const after = readFileSync(join(built(), file));
			const same = file === '_redirects' ? after.subarray(0, before.length) : after;
			expect(same.equals(before), file).toBe(true);
		}
		const added = filesOf(built()).filter((file) => !own.includes(file));
		expect(added.length).toBeGreaterThan(80);
		expect(added.filter((file) => !fallbackFile.test(file))).toEqual([]);
		const home = readFileSync(join(built(), 'index.html'), 'utf8');
		// Solid marks its text with hydration comments: <!--$-->team<!--/-->.
		expect(home).toContain(
			`<p class="greeting">Hello from ${framework.name === 'preact' ? 'Preact' : 'Solid'}, `,
		);
		expect(home).toContain('<astro-island');
	});

	it("Fallback's pages pass verify on netlify-cli", async () => {
		const server = await serveOnNetlify(built(), join(project, `netlify-${framework.name}`));
		servers.push(server);
		await expectVerified(project, server, 'netlify-cli', `dist-${framework.name}-fallback`);
	}, 600_000);
});
