#!/usr/bin/env node
// The `fallback-pages` command. Astro 7, which builds the pages, needs Node 22.12 or newer: an
// older Node gets one line saying so instead of a stack trace from deep inside a dependency.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
	console.error(
		`fallback-pages: needs Node.js 22.12 or newer (Astro 7 does); this is Node ${process.versions.node}.`,
	);
	process.exit(1);
}
const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
