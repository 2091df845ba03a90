/**
 * The docs as written and built: every page within its size, every config sample accepted by the
 * options schema (and every plugin input by the manifest), and the references listing everything
 * the code has: each option, command flag, plugin input, status and host profile.
 */
import { runInNewContext } from 'node:vm';
import { parse as parseJs } from 'acorn';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fallbackOptionsSchema, optionProblems } from '../../packages/fallback-pages/src/config/options.ts';
import { statusCatalog } from '../../packages/fallback-pages/src/catalog/statuses.ts';
import { hostProfiles } from '../../packages/fallback-pages/src/verify/hosts.ts';
import { buildUsage, embedUsage, verifyUsage } from '../../packages/fallback-pages/src/cli/usage.ts';
import { builtPage, markdownCodeBlocks, pathOf, sourceFiles, sourceOf, type CodeBlock } from './docsSite.ts';
import { readFileSync } from 'node:fs';
import { micromark } from 'micromark';

/** A description's text as the page shows it (its Markdown rendered, tags left out). */
const micromarkText = (markdown: string) =>
	new JSDOM(micromark(markdown)).window.document.body.textContent!.trim();

/** What a reader reads of a page: the text of its content, in bytes. */
const MAX_PAGE_BYTES = 15_000;

/** The plugin's inputs, as Netlify reads them. */
const inputNames = (
	parseYaml(
		readFileSync(
			new URL('../../packages/netlify-plugin-fallback-pages/manifest.yml', import.meta.url),
			'utf8',
		),
	) as { inputs: { name: string }[] }
).inputs.map((input) => input.name);

const documentOf = (path: string) => new JSDOM(builtPage(path)).window.document;
const contentOf = (path: string) => documentOf(path).querySelector('.sl-markdown-content, main');

describe('every page', () => {
	it('is within 15 KB of text, not counting what is folded (a whole generated file under <details>)', () => {
		const shown = (path: string) => {
			const content = contentOf(path);
			for (const folded of content?.querySelectorAll('details') ?? []) {
				for (const child of [...folded.childNodes]) if (child.nodeName !== 'SUMMARY') child.remove();
			}
			return content?.textContent ?? '';
		};
		const sizes = sourceFiles.map((file) => ({
			page: pathOf(file),
			bytes: Buffer.byteLength(shown(pathOf(file))),
		}));
		console.log(sizes.map(({ page, bytes }) => `${String(bytes).padStart(7)} B  ${page}`).join('\n'));
		expect(sizes.length).toBeGreaterThan(30);
		expect(sizes.filter(({ bytes }) => bytes > MAX_PAGE_BYTES)).toEqual([]);
		expect(sizes.filter(({ bytes }) => bytes < 300)).toEqual([]);
	});
});

interface Sample extends CodeBlock {
	file: string;
}

const samples: Sample[] = sourceFiles.flatMap((file) =>
	markdownCodeBlocks(sourceOf(file)).map((block) => ({ file, ...block })),
);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The object literals a sample passes as options: to `fallback(…)`, or to fallback-pages/config's `defineConfig(…)`. */
function optionLiterals(code: string): string[] {
	const ownDefineConfig = /from 'fallback-pages\/config'/.test(code) || !/from 'astro\/config'/.test(code);
	const found: string[] = [];
	const walk = (node: unknown): void => {
		if (Array.isArray(node)) return node.forEach(walk);
		if (node === null || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
		const n = node as Node;
		if (n.type === 'CallExpression') {
			const callee = (n['callee'] as Node & { name?: string }).name;
			const [first] = n['arguments'] as Node[];
			if (
				(callee === 'fallback' || (callee === 'defineConfig' && ownDefineConfig)) &&
				first?.type === 'ObjectExpression'
			) {
				found.push(code.slice(first.start, first.end));
			}
		}
		for (const [key, value] of Object.entries(n)) if (key !== 'type') walk(value);
	};
	walk(parseJs(code, { ecmaVersion: 'latest', sourceType: 'module' }));
	return found;
}

describe('config samples', () => {
	const jsSamples = samples.filter(
		(sample) => /^(js|mjs|ts)$/.test(sample.lang) && /\b(fallback|defineConfig)\(/.test(sample.code),
	);

	it.each(jsSamples.map((sample) => [`${sample.file}: ${sample.code.split('\n')[0]}`, sample] as const))(
		'%s is accepted by the options schema',
		(_, sample) => {
			const literals = optionLiterals(sample.code);
			expect(literals.length, 'a fallback({…}) or defineConfig({…}) with an object literal').toBeGreaterThan(
				0,
			);
			for (const literal of literals) {
				const options: unknown = runInNewContext(`(${literal})`);
				expect(optionProblems(options), literal).toEqual([]);
			}
		},
	);

	it('there are samples to check', () => {
		expect(jsSamples.length).toBeGreaterThanOrEqual(8);
	});

	it('a sample with an option the schema does not have fails (the check can fail)', () => {
		const [literal] = optionLiterals("fallback({ site: { name: 'Acme' }, colour: 'red' })");
		expect(optionProblems(runInNewContext(`(${literal})`))).toEqual(['fallback: Unrecognized key: "colour"']);
	});

	const pluginSamples = samples.filter(
		(sample) => sample.lang === 'toml' && sample.code.includes('[[plugins]]'),
	);

	it.each(pluginSamples.map((sample) => [sample.file, sample] as const))(
		"%s: the plugin's inputs are the manifest's",
		(_, sample) => {
			const toml = parseToml(sample.code) as {
				plugins?: { package: string; inputs?: Record<string, unknown> }[];
			};
			for (const plugin of toml.plugins ?? []) {
				expect(plugin.package).toBe('netlify-plugin-fallback-pages');
				for (const name of Object.keys(plugin.inputs ?? {})) expect(inputNames).toContain(name);
			}
		},
	);
});

/** Every option's path in the schema, read off zod's own JSON Schema: `brand.accent.light`, `links[].url`. */
function schemaOptions(): { path: string; description: string | undefined }[] {
	interface Json {
		type?: string;
		description?: string;
		properties?: Record<string, Json>;
		items?: Json;
	}
	const walk = (schema: Json, path: string): { path: string; description: string | undefined }[] => [
		{ path, description: schema.description },
		...Object.entries(schema.properties ?? {}).flatMap(([key, child]) => walk(child, `${path}.${key}`)),
		...Object.entries(schema.items?.properties ?? {}).flatMap(([key, child]) =>
			walk(child, `${path}[].${key}`),
		),
	];
	const root = z.toJSONSchema(fallbackOptionsSchema, { io: 'input', unrepresentable: 'any' }) as Json;
	return Object.entries(root.properties ?? {}).flatMap(([key, child]) => walk(child, key));
}

describe('the references', () => {
	it('the options page lists every option of the schema, with its description', () => {
		const options = schemaOptions();
		expect(options.map((option) => option.path)).toEqual(
			expect.arrayContaining([
				'site.name',
				'brand.accent.light',
				'links[].url',
				'maintenance.until',
				'hosts.listen.port',
			]),
		);
		const page = contentOf('/reference/options/')!;
		const headings = new Map(
			[...page.querySelectorAll('h2, h3')].map((heading) => [heading.textContent?.trim(), heading]),
		);
		for (const { path, description } of options) {
			expect(description ?? '', `${path} has a description in the schema (.meta)`).toMatch(/\S/);
			const heading = headings.get(path);
			expect(heading, `${path} on the options page`).toBeDefined();
			const facts = heading!.nextElementSibling;
			expect(facts?.tagName, `${path}'s type and default follow its heading`).toBe('DL');
			const paragraph = facts!.nextElementSibling;
			expect(paragraph?.tagName, `${path}'s description follows`).toBe('P');
			expect(paragraph!.textContent!.trim()).toBe(micromarkText(description!));
		}
		expect(headings.size).toBe(options.length);
	});

	it("the command's page lists every flag of every command", () => {
		const text = contentOf('/reference/cli/')!.textContent!;
		for (const usage of [buildUsage, verifyUsage, embedUsage]) {
			const flags = [...usage.matchAll(/^\s+(--[\w-]+)/gm)].map((match) => match[1]!);
			expect(flags.length).toBeGreaterThan(2);
			for (const flag of flags) expect(text).toContain(flag);
		}
	});

	it("the plugin's page lists every input of manifest.yml", () => {
		const page = contentOf('/reference/netlify-plugin/')!;
		const listed = [...page.querySelectorAll('tbody th')].map((cell) => cell.textContent?.trim());
		expect(listed).toEqual(inputNames);
	});

	it('the catalogue page lists every status, and the profiles page every host profile', () => {
		const statuses = [...contentOf('/reference/statuses/')!.querySelectorAll('tbody th')].map((cell) =>
			cell.textContent?.trim(),
		);
		for (const status of statusCatalog) expect(statuses).toContain(`${status.code} ${status.reason}`);
		const profiles = contentOf('/reference/verify-profiles/')!.textContent!;
		for (const profile of Object.values(hostProfiles)) expect(profiles).toContain(`--host ${profile.id}`);
	});
});
