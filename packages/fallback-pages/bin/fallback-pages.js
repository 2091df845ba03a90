#!/usr/bin/env node
// The `fallback-pages` command. It needs Node 22.12 or newer (the package's engines; Astro 6 and 7
// need it too): an older Node gets one line saying so instead of a stack trace from deep inside a
// dependency.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
	console.error(`fallback-pages: needs Node.js 22.12 or newer; this is Node ${process.versions.node}.`);
	process.exit(1);
}
const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
