/**
 * The option `layout`: the site's own layout component, which every error page is rendered in.
 * Found in the project before anything is built; what the team must know of it, said in a line.
 */
import { AstroError } from 'astro/errors';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { contrastLine, type LayoutContrast, layoutContrasts, sortedContrasts } from '../brand/layoutContrast';
import { formatRatio, SCHEMES } from '../brand/theme';
import { analysePage, type PageAnalysis } from '../html/pageAnalysis';
import { fromElsewhere } from './ownPages';

/**
 * The oldest Starlight whose frame the error pages are built in and checked on (`layout:
 * 'starlight'`): its StarlightPage and stylesheets as the screen reads them. The package installs
 * beside older ones (the peer range is wider), where the default look works.
 */
export const STARLIGHT_FRAME_MINIMUM = [0, 42] as const;

/** The version of Starlight the project at `root` resolves, where it can be read. */
export function starlightVersion(root: string): string | undefined {
	try {
		let folder = dirname(createRequire(join(root, 'package.json')).resolve('@astrojs/starlight'));
		while (dirname(folder) !== folder) {
			const file = join(folder, 'package.json');
			if (existsSync(file)) {
				const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
				if (json.name === '@astrojs/starlight') return json.version;
			}
			folder = dirname(folder);
		}
	} catch {
		// Not resolvable from the root (a linked workspace): not checked.
	}
	return undefined;
}

/** Whether a version (`0.41.2`) is older than Starlight's frame needs. */
export function olderThanFrameMinimum(version: string): boolean {
	const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
	const [needMajor, needMinor] = STARLIGHT_FRAME_MINIMUM;
	return major < needMajor || (major === needMajor && minor < needMinor);
}

/**
 * The layout's absolute path, or an AstroError saying why it cannot be one. `starlight`: Starlight's
 * frame (layouts/Starlight.astro), in a site with Starlight among its integrations.
 */
export function siteLayout(
	option: string,
	{
		root,
		embedded,
		starlight,
		packageRoot,
	}: { root: string; embedded: boolean; starlight: boolean; packageRoot: string },
): string {
	if (embedded) {
		throw new AstroError(
			`fallback: the option layout (${option}) is an Astro component, and these pages are for a site not built with Astro.`,
			"Mark the element of the site's own 404.html that holds its message with data-fallback instead: every page then goes into it.",
		);
	}
	if (option === 'starlight') {
		if (!starlight) {
			throw new AstroError(
				"fallback: layout: 'starlight' puts the error pages in Starlight's frame, and this site has no Starlight among its integrations.",
				"Add Starlight (npx astro add starlight), or name the site's own layout: layout: './src/layouts/Base.astro'.",
			);
		}
		const version = starlightVersion(root);
		if (version && olderThanFrameMinimum(version)) {
			const minimum = STARLIGHT_FRAME_MINIMUM.join('.');
			throw new AstroError(
				`fallback: layout: 'starlight' needs @astrojs/starlight ${minimum} or newer, and this site has ${version}.`,
				`Update Starlight (npm install @astrojs/starlight@latest), or leave out the option layout: the default look works with Starlight ${version}.`,
			);
		}
		return join(packageRoot, 'src/layouts/Starlight.astro');
	}
	const file = resolve(root, option);
	if (!existsSync(file)) {
		throw new AstroError(
			`fallback: the layout ${option} is not there (no file at ${file}).`,
			'layout is a path relative to the project root, e.g. ./src/layouts/Base.astro.',
		);
	}
	return file;
}

/** The layout as the build's lines name it: its path, or Starlight's frame. */
export const layoutName = (option: string): string => (option === 'starlight' ? "Starlight's frame" : option);

/** The build's line on the layout; `brand`: the team set brand options, which the layout replaces. */
export function layoutLine(option: string, brand: boolean): string {
	return `layout: every error page is rendered in ${layoutName(option)} (props title, description, lang, dir, status; Fallback's screen in its default slot)${brand ? "; the brand options are not used in it: the layout's colours and fonts apply, and the screen reads --fallback-accent, --fallback-on-accent, --fallback-text, --fallback-muted and --fallback-background where the layout sets them" : ''}`;
}

/**
 * What the pages in the layout load besides themselves, said after the build: served with the site
 * (on Netlify, in a server's site mode) every file is there; in front of an app (the proxy
 * configs) the site's files come from the app, and are missing while it is down. The pages read
 * without them: their stylesheets are inline, fonts fall back to the system's.
 */
export function layoutLoadLines(
	option: string,
	pages: readonly { file: string }[],
	texts: ReadonlyMap<string, string>,
	elsewhere: readonly string[],
	analysed?: ReadonlyMap<string, PageAnalysis>,
): string[] {
	const analyses = pages.map((page) => {
		const text = texts.get(page.file) ?? '';
		const known = analysed?.get(page.file);
		// Sized as served: the analysis made for the page's policy was of the page before it.
		return known
			? {
					file: page.file,
					externalReferences: known.externalReferences,
					gzip: gzipSync(text, { level: 9 }).length,
				}
			: { file: page.file, ...analysePage(text) };
	});
	const references = new Set(analyses.flatMap((analysis) => analysis.externalReferences));
	const own = [...references].filter((href) => !fromElsewhere(href)).sort();
	const blocked = [...references].filter(fromElsewhere).sort();
	const sizes = analyses.map((analysis) => analysis.gzip).sort((a, b) => a - b);
	const largest = analyses.reduce((a, b) => (b.gzip > a.gzip ? b : a), analyses[0]!);
	const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
	const files = (count: number) => `${count} file${count === 1 ? '' : 's'}`;
	const name = layoutName(option);
	// At most three of them named: a line stays readable whatever the layout links.
	const some = (hrefs: readonly string[]) =>
		hrefs.length > 3 ? `${hrefs.slice(0, 3).join(', ')} and ${hrefs.length - 3} more` : hrefs.join(', ');
	const lines = [
		`layout: ${pages.length} error pages in it, ${kb(sizes[Math.floor(sizes.length / 2)]!)} gzip each (median; the largest ${largest.file}, ${kb(largest.gzip)}), the layout's stylesheets inline in each`,
		own.length === 0
			? `layout: the error pages load nothing of the site's but themselves (the layout's stylesheets are inline)`
			: `layout: the error pages load ${files(own.length)} of the site's besides themselves (${some(own)}); served with the site they are there; in front of an app (the proxy configs) they come from the app and are missing while it is down, and the pages still read: stylesheets inline, the system's fonts`,
	];
	if (elsewhere.length > 0) {
		lines.push(
			`layout: ${name} links ${files(elsewhere.length)} from elsewhere (${some(elsewhere)}), left out of the error pages, which load nothing from other sites; serve ${elsewhere.length === 1 ? 'it' : 'them'} with the site to have ${elsewhere.length === 1 ? 'it' : 'them'} there`,
		);
	}
	if (blocked.length > 0) {
		lines.push(
			`warning: layout: error pages would load ${files(blocked.length)} from elsewhere, blocked by their policy; serve ${blocked.length === 1 ? 'it' : 'them'} with the site (${some(blocked)})`,
		);
	}
	return lines;
}

/**
 * The contrast of Fallback's screen in the layout (brand/layoutContrast.ts), read once per set of
 * stylesheets among the pages: the lines the build says, and the failing pairs with a colour set
 * for the screen (a --fallback-* property), which stop the build as the brand's colours do. A pair
 * is said once, with the pages it is on where it is not on all.
 */
export function layoutContrastLines(
	option: string,
	pages: readonly { file: string }[],
	texts: ReadonlyMap<string, string>,
	analysed?: ReadonlyMap<string, PageAnalysis>,
): { lines: string[]; failures: string[] } {
	const groups = new Map<string, { files: string[]; contrasts: LayoutContrast[] }>();
	for (const page of pages) {
		const { stylesheets, colorScheme } = analysed?.get(page.file) ?? analysePage(texts.get(page.file) ?? '');
		const key = JSON.stringify([stylesheets, colorScheme]);
		const group = groups.get(key) ?? {
			files: [],
			contrasts: layoutContrasts(stylesheets, colorScheme === undefined ? {} : { colorScheme }),
		};
		group.files.push(page.file);
		groups.set(key, group);
	}
	// Each pair's line, and the pages it is drawn on.
	const said = new Map<string, { contrast: LayoutContrast; files: string[] }>();
	for (const { files, contrasts } of groups.values()) {
		for (const contrast of contrasts) {
			const line = contrastLine(contrast);
			said.set(line, { contrast, files: [...(said.get(line)?.files ?? []), ...files] });
		}
	}
	const on = (files: readonly string[]) =>
		files.length === pages.length ? '' : ` (${files.length} pages, e.g. ${files[0]})`;
	const all = [...said.values()];
	const { screen, layout, unread } = sortedContrasts(all.map(({ contrast }) => contrast));
	const filesOf = (contrast: LayoutContrast) => all.find((entry) => entry.contrast === contrast)!.files;
	const name = layoutName(option);
	const lines = [
		...layout.map(
			(contrast) =>
				`warning: layout: ${name}'s own colours on Fallback's screen${on(filesOf(contrast))}: ${contrastLine(contrast)}`,
		),
		...unread.map((contrast) => {
			const color = contrast.foreground.hex ? contrast.background : contrast.foreground;
			return `layout: the contrast of ${contrast.what} (${contrast.scheme} scheme)${on(filesOf(contrast))} is not checked at build: ${color.value} (${color.where}) is not an opaque colour the build can read; verify --axe checks the served pages in a browser`;
		}),
	];
	const read = all.map(({ contrast }) => contrast).filter((contrast) => contrast.ratio !== undefined);
	if (screen.length + layout.length === 0 && read.length > 0) {
		const closest = read.sort((a, b) => a.ratio! / a.minimum - b.ratio! / b.minimum)[0]!;
		const schemes = SCHEMES.filter((scheme) => read.some((contrast) => contrast.scheme === scheme)).join(
			' and ',
		);
		lines.push(
			`layout: the screen's colours in ${name} meet WCAG 2.2 AA contrast (${schemes}, as its stylesheets set them; verify --axe checks the served pages in a browser); closest: ${closest.what} ${formatRatio(closest.ratio!)}:1 (${closest.scheme}, needs ${closest.minimum}:1)`,
		);
	}
	return { lines, failures: screen.map((contrast) => `${contrastLine(contrast)}${on(filesOf(contrast))}`) };
}

/** The build stopped by the screen's colours in the layout: each failing pair, and how to mend it. */
export function layoutContrastError(option: string, failures: readonly string[]): AstroError {
	return new AstroError(
		`fallback: the colours ${layoutName(option)} gives Fallback's screen fail WCAG 2.2 AA contrast:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
		"Set the --fallback-* custom properties in the layout's stylesheet to colours that meet it, in each scheme (the guide Your look lists them); --fallback-background is the colour behind the screen where it is not the page's own.",
	);
}

/**
 * The build's lines on the site's own policy (Astro's security.csp) in the error pages of its layout:
 * the directives they keep beside their own style-src and script-src, and those they leave out;
 * none where the site has no policy.
 */
export function sitePolicyLines({
	found,
	kept,
	left,
}: {
	found: boolean;
	kept: ReadonlySet<string>;
	left: ReadonlySet<string>;
}): string[] {
	if (!found) return [];
	const notInPage = [...left]
		.filter((name) => ['frame-ancestors', 'report-uri', 'sandbox'].includes(name))
		.sort();
	const narrower = [...left].filter((name) => !notInPage.includes(name)).sort();
	const lines = [
		kept.size > 0
			? `layout: the error pages keep the site's own Content-Security-Policy from Astro's security.csp (${[...kept].join('; ')}), with their own style-src and script-src: the exact hashes of each page's inline code`
			: "layout: the error pages carry their own style-src and script-src in place of Astro's security.csp (the exact hashes of each page's inline code); the site's policy has no other directive",
	];
	if (narrower.length > 0)
		lines.push(
			`layout: the site's ${directivesNamed(narrower)} left out of the error pages: their own style-src and script-src allow exactly their code`,
		);
	if (notInPage.length > 0)
		lines.push(
			`warning: layout: the site's ${directivesNamed(notInPage)} left out of the error pages: browsers ignore ${notInPage.length === 1 ? 'it' : 'them'} in a policy in the page; send ${notInPage.length === 1 ? 'it' : 'them'} in a header`,
		);
	return lines;
}

const directivesNamed = (names: readonly string[]) =>
	names.length === 1 ? `directive ${names[0]} is` : `directives ${names.join(', ')} are`;
