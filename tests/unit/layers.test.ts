/**
 * The package's layers point one way: what a site's build loads (the integration, the pages it
 * injects and everything they import) never reaches the verifier or the CLI, and nothing in the
 * package reaches this repository's own files (the starter, quality gates, scripts, tests).
 * Imports are read by TypeScript's own pre-processor, .astro files by their frontmatter.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = resolve('packages/fallback-pages/src');

const options: ts.CompilerOptions = {
	moduleResolution: ts.ModuleResolutionKind.Bundler,
	module: ts.ModuleKind.ESNext,
	allowImportingTsExtensions: true,
	noEmit: true,
};

/** The relative modules a source file imports, resolved to files (by TypeScript; .astro as named). */
function importsOf(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	// An .astro file imports in its frontmatter and in its <script> elements (bundled for the page).
	const code = file.endsWith('.astro')
		? [
				text.split(/^---$/m)[1] ?? '',
				...[...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
			].join('\n')
		: text;
	return ts
		.preProcessFile(code, true, true)
		.importedFiles.map(({ fileName }) => fileName)
		.filter((name) => name.startsWith('.'))
		.map((name) => {
			const resolved = ts.resolveModuleName(name, file, options, ts.sys).resolvedModule?.resolvedFileName;
			const named = join(dirname(file), name.replace(/\?.*$/, '')); // Vite's ?raw and the like
			if (resolved) return resolved;
			if (existsSync(named) && statSync(named).isFile()) return named;
			throw new Error(`${file}: cannot resolve ${name}`);
		});
}

/** Every file reachable from `entries` through relative imports. */
function closure(entries: readonly string[]): Set<string> {
	const seen = new Set<string>();
	const queue = [...entries];
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		if (/\.(ts|tsx|astro)$/.test(file)) queue.push(...importsOf(file));
	}
	return seen;
}

const routeFiles = (readdirSync(join(src, 'routes'), { recursive: true }) as string[])
	.filter((name) => /\.(astro|ts)$/.test(name))
	.map((name) => join(src, 'routes', name));

const inside = (folder: string) => (file: string) =>
	relative(join(src, folder), file).startsWith('..') === false;

describe("the package's layers", () => {
	const build = closure([join(src, 'index.ts'), ...routeFiles]);
	it('a site build loads the integration and its pages, never the verifier or the CLI', () => {
		expect(build.size).toBeGreaterThan(40);
		expect([...build].filter(inside('integration')).length).toBeGreaterThan(3);
		expect([...build].filter((file) => inside('verify')(file) || inside('cli')(file))).toEqual([]);
	});
	it("the package's files list holds every source a site's build of the pages loads", () => {
		const manifest = JSON.parse(readFileSync(resolve(src, '../package.json'), 'utf8')) as { files: string[] };
		const listed = manifest.files.filter((entry) => !entry.startsWith('!'));
		const excluded = manifest.files.filter((entry) => entry.startsWith('!')).map((entry) => entry.slice(1));
		const shipped = (file: string) => {
			const path = relative(resolve(src, '..'), file);
			const under = (entry: string) => path === entry || path.startsWith(`${entry}/`);
			return listed.some(under) && !excluded.some(under);
		};
		const pages = closure(routeFiles);
		expect([...pages].filter((file) => !shipped(file))).toEqual([]);
	});
	it('nothing in the package reaches outside it', () => {
		const all = closure([
			...['index.ts', 'config.ts', 'verify.ts', 'embed.ts', 'cli/main.ts'].map((entry) => join(src, entry)),
			...routeFiles,
		]);
		expect(
			[...all].filter((file) => relative(resolve('packages/fallback-pages'), file).startsWith('..')),
		).toEqual([]);
	});
	it('the integration answers to the contract and the generators, which answer to nothing above them', () => {
		const generators = closure(
			(readdirSync(join(src, 'hosts'), { recursive: true }) as string[])
				.filter((name) => name.endsWith('.ts'))
				.map((name) => join(src, 'hosts', name)),
		);
		expect([...generators].filter((file) => inside('integration')(file) || inside('cli')(file))).toEqual([]);
	});

	/** Every source file of the package with the files it imports directly. */
	const graph = new Map(
		(readdirSync(src, { recursive: true }) as string[])
			.filter((name) => /\.(ts|tsx|astro)$/.test(name) && !name.endsWith('.d.ts'))
			.map((name) => join(src, name))
			.map((file) => [file, importsOf(file)] as const),
	);
	const importing = (from: (file: string) => boolean, to: (file: string) => boolean) =>
		[...graph]
			.filter(([file]) => from(file))
			.flatMap(([file, imports]) =>
				imports.filter(to).map((target) => `${relative(src, file)} → ${relative(src, target)}`),
			);

	it('only the command imports the command: what it shares with the plugin and embed is in embed/', () => {
		expect(graph.size).toBeGreaterThan(100);
		expect(importing((file) => !inside('cli')(file), inside('cli'))).toEqual([]);
	});
	it("the plugin's kit never imports the integration", () => {
		expect(importing(inside('kit'), inside('integration'))).toEqual([]);
	});
	it('the options import nothing built from them: no contract, no host config', () => {
		expect(importing(inside('config'), (file) => inside('contract')(file) || inside('hosts')(file))).toEqual(
			[],
		);
	});
	it('no module imports itself through others', () => {
		const circles: string[] = [];
		const state = new Map<string, 'open' | 'done'>();
		const visit = (file: string, path: string[]) => {
			if (state.get(file) === 'done') return;
			if (state.get(file) === 'open') {
				circles.push([...path.slice(path.indexOf(file)), file].map((one) => relative(src, one)).join(' → '));
				return;
			}
			state.set(file, 'open');
			for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
			state.set(file, 'done');
		};
		for (const file of graph.keys()) visit(file, []);
		expect(circles).toEqual([]);
	});
});
