/**
 * `npm run bench`: what Fallback's generated static configs cost each server per request, against
 * the config a team would write by hand (scripts/bench/handWritten.ts) on the same server and pages.
 * It builds the pages for each locale count with the package's own command, then, per server, starts
 * the generated and the hand-written config of each count in turn (alternating, `--rounds` times) and
 * measures start-up, idle memory, wrk's throughput and p99 on an unknown path, `/503` and the
 * gallery, the server's CPU per request, and the idle keep-alive connections it keeps. It prints
 * the medians and the ratios, generated / hand-written. Also the Cloudflare Worker's own CPU per
 * request, in Node (scripts/bench/worker.ts). A measurement, not a test: nothing here fails on a
 * figure.
 *
 *   npm run bench -- --locales 1,5,20 --servers nginx,caddy,apache,haproxy --seconds 2 --rounds 3
 */
import { spawnSync } from 'node:child_process';
import {
	chmodSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cataloguedLocales } from './catalogued-locales.ts';
import { benchServers, type BenchServer } from './bench/servers.ts';
import { heldConnections, load, residentMB, start, type Load } from './bench/measure.ts';
import { measureWorker } from './bench/worker.ts';
import { findExecutable } from './system-requirements.ts';

const root = new URL('../', import.meta.url).pathname;
const { values } = parseArgs({
	options: {
		locales: { type: 'string', default: '1,5,20' },
		servers: { type: 'string', default: benchServers.map((server) => server.name.toLowerCase()).join(',') },
		seconds: { type: 'string', default: '2' },
		rounds: { type: 'string', default: '3' },
		connections: { type: 'string', default: '16' },
		hold: { type: 'string', default: '2000' },
		json: { type: 'string' },
		worker: { type: 'boolean', default: true },
	},
	allowNegative: true,
});

function positiveIntegers(option: string, text: string): number[] {
	const numbers = text.split(',').map(Number);
	if (numbers.some((n) => !Number.isInteger(n) || n < 1)) {
		console.error(`bench: --${option} takes positive whole numbers separated by commas, not "${text}"`);
		process.exit(2);
	}
	return numbers;
}
const localeCounts = positiveIntegers('locales', values.locales);
const [seconds = 2] = positiveIntegers('seconds', values.seconds);
const [rounds = 3] = positiveIntegers('rounds', values.rounds);
const [connections = 16] = positiveIntegers('connections', values.connections);
const [hold = 2000] = positiveIntegers('hold', values.hold);
const servers = values.servers.split(',').map((name) => {
	const server = benchServers.find((candidate) => candidate.name.toLowerCase() === name.trim().toLowerCase());
	if (!server) {
		console.error(`bench: no server "${name}" (${benchServers.map((s) => s.name.toLowerCase()).join(', ')})`);
		process.exit(2);
	}
	return server;
});
const tooMany = localeCounts.find((count) => count > cataloguedLocales.length);
if (tooMany) {
	console.error(`bench: --locales ${tooMany}: the catalogue has ${cataloguedLocales.length} locales`);
	process.exit(2);
}
if (!findExecutable(['wrk'])) {
	console.error('bench: wrk is missing: apt-get install wrk');
	process.exit(2);
}
const executables = new Map<BenchServer, string>();
for (const server of servers) {
	const executable = findExecutable(server.executables);
	if (!executable) {
		console.error(
			`bench: ${server.name} is missing: apt-get install ${server.debianPackage} (or npm run requirements)`,
		);
		process.exit(2);
	}
	executables.set(server, executable);
}

/** The starter's five locales first (German among them: the benchmark's browser is German). */
const starter = ['en', 'de', 'fr', 'ar', 'ja'];
const localeOrder = [...starter, ...cataloguedLocales.filter((locale) => !starter.includes(locale))];

/** What a German browser sends. */
const browser = {
	'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8',
	Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};
const requests = [
	{ label: 'unknown path', path: '/no/such/page', status: 404, file: '/404.html' },
	{ label: '/503', path: '/503', status: 503, file: '/503.html' },
	{ label: 'gallery', path: '/', status: 200, file: '/index.html' },
] as const;

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

const median = (numbers: readonly number[]) => {
	const sorted = [...numbers].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Build {
	locales: number;
	pagesRoot: string;
	hostsDir: string;
	port: number;
	pageHeaders: Record<string, string>;
	statuses: number[];
}

const work = mkdtempSync(join(tmpdir(), 'fallback-bench-'));
// The servers' workers run as other users (nobody, www-data): they must read the pages.
chmodSync(work, 0o755);

function build(locales: number, port: number): Build {
	const dir = join(work, `locales-${locales}`);
	mkdirSync(dir, { recursive: true });
	const pagesRoot = join(dir, 'dist');
	const config = join(dir, 'fallback.config.mjs');
	const options = {
		locales: localeOrder.slice(0, locales),
		hosts: { pagesRoot, listen: { host: '127.0.0.1', port } },
	};
	writeFileSync(config, `export default ${JSON.stringify(options)};\n`);
	const started = performance.now();
	const result = spawnSync(
		join(root, 'node_modules/.bin/fallback-pages'),
		['build', '--config', config, '--out', pagesRoot],
		{ cwd: dir, encoding: 'utf8', env: { ...process.env, CONTEXT: 'production' } },
	);
	if (result.status !== 0) throw new Error(`fallback-pages build failed:\n${result.stdout}${result.stderr}`);
	const hostsDir = join(dir, 'dist-hosts');
	// Apache's type maps go where its config says: beside the pages (`<pagesRoot>-languages/`).
	if (existsSync(join(hostsDir, 'apache/languages')))
		cpSync(join(hostsDir, 'apache/languages'), `${pagesRoot}-languages`, { recursive: true });
	const contract = JSON.parse(readFileSync(join(hostsDir, 'contract.json'), 'utf8')) as {
		pageHeaders: Record<string, string>;
		statusPages: { status: number }[];
	};
	console.log(
		`  built ${locales} locale${locales > 1 ? 's' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
	);
	return {
		locales,
		pagesRoot,
		hostsDir,
		port,
		pageHeaders: contract.pageHeaders,
		statuses: contract.statusPages.map((route) => route.status),
	};
}

type Variant = 'generated' | 'hand-written';

interface Sample {
	startupMs: number;
	idleMB: number;
	held: number;
	loads: Load[];
}

async function sample(server: BenchServer, variant: Variant, b: Build): Promise<Sample> {
	const dir = mkdtempSync(join(work, `${server.name}-${variant}-`));
	chmodSync(dir, 0o755);
	const config =
		variant === 'generated'
			? readFileSync(join(b.hostsDir, server.generated), 'utf8')
			: server.handWritten({
					pagesRoot: b.pagesRoot,
					port: b.port,
					statuses: b.statuses,
					pageHeaders: b.pageHeaders,
				});
	// The access log in the run's folder, not the system's: a run writes hundreds of MB.
	const siteConfig = config.replace(/\/var\/log\/(?:nginx|apache2)\/access\.log/g, join(dir, 'access.log'));
	const launch = server.launch(executables.get(server)!, dir, siteConfig, b.port);
	const running = await start(launch, b.port, `${server.name} (${variant})`);
	try {
		await sleep(300);
		const idleMB = residentMB(running.pid);
		const loads: Load[] = [];
		for (const request of requests) {
			await load(running.pid, b.port, request.path, browser, { seconds: 1, connections });
			loads.push(await load(running.pid, b.port, request.path, browser, { seconds, connections }));
		}
		const held = await heldConnections(b.port, '/no/such/page', hold, 3_000);
		return { startupMs: running.startupMs, idleMB, held, loads };
	} finally {
		await running.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

interface Row {
	server: string;
	locales: number;
	generated: Sample;
	handWritten: Sample;
}

function summarize(samples: readonly Sample[]): Sample {
	return {
		startupMs: median(samples.map((s) => s.startupMs)),
		idleMB: median(samples.map((s) => s.idleMB)),
		held: median(samples.map((s) => s.held)),
		loads: requests.map((_, i) => ({
			requestsPerSecond: median(samples.map((s) => s.loads[i]!.requestsPerSecond)),
			p99Ms: median(samples.map((s) => s.loads[i]!.p99Ms)),
			cpuMicroseconds: median(samples.map((s) => s.loads[i]!.cpuMicroseconds)),
			socketErrors: Math.max(...samples.map((s) => s.loads[i]!.socketErrors)),
		})),
	};
}

function printRow({ server, locales, generated: g, handWritten: h }: Row) {
	console.log(`\n${server}, ${locales} locale${locales > 1 ? 's' : ''} (generated | hand-written | ratio)`);
	requests.forEach((request, i) => {
		const a = g.loads[i]!;
		const b = h.loads[i]!;
		console.log(
			`  ${request.label.padEnd(13)} req/s ${fixed(a.requestsPerSecond).padStart(6)} | ${fixed(b.requestsPerSecond).padStart(6)} | ${ratio(a.requestsPerSecond, b.requestsPerSecond)}` +
				`   p99 ${fixed(a.p99Ms, 2)} | ${fixed(b.p99Ms, 2)} ms | ${ratio(a.p99Ms, b.p99Ms)}` +
				`   CPU ${fixed(a.cpuMicroseconds)} | ${fixed(b.cpuMicroseconds)} µs/req` +
				(a.socketErrors + b.socketErrors > 0 ? `   socket errors ${a.socketErrors} | ${b.socketErrors}` : ''),
		);
	});
	console.log(
		`  start-up ${fixed(g.startupMs)} | ${fixed(h.startupMs)} ms   idle memory ${fixed(g.idleMB, 1)} | ${fixed(h.idleMB, 1)} MB | ${ratio(g.idleMB, h.idleMB)}` +
			`   held keep-alive ${g.held} | ${h.held} of ${hold}`,
	);
}

const rows: Row[] = [];
const workerRows: {
	locales: number;
	path: string;
	workerMicroseconds: number;
	assetOnlyMicroseconds: number;
}[] = [];
try {
	console.log(
		`bench: ${servers.map((s) => s.name).join(', ')} at ${localeCounts.join(', ')} locales; ${rounds} rounds of ${seconds} s wrk runs (${connections} connections), alternating generated and hand-written`,
	);
	const builds: Build[] = [];
	for (const locales of localeCounts) builds.push(build(locales, await freePort()));
	for (const server of servers) {
		// Each round runs every locale count, generated and hand-written in turn: a figure at 20
		// locales and one at 1 are taken minutes apart at most, not a whole run apart.
		const samples = builds.map(() => ({ generated: [] as Sample[], 'hand-written': [] as Sample[] }));
		for (let round = 0; round < rounds; round++) {
			for (const [index, b] of builds.entries()) {
				const order: Variant[] =
					(round + index) % 2 ? ['hand-written', 'generated'] : ['generated', 'hand-written'];
				for (const variant of order) {
					process.stdout.write(
						`  ${server.name}, ${b.locales} locales, round ${round + 1}/${rounds}, ${variant} …\r`,
					);
					samples[index]![variant].push(await sample(server, variant, b));
				}
			}
		}
		process.stdout.write(' '.repeat(80) + '\r');
		for (const [index, b] of builds.entries()) {
			const row = {
				server: server.name,
				locales: b.locales,
				generated: summarize(samples[index]!.generated),
				handWritten: summarize(samples[index]!['hand-written']),
			};
			rows.push(row);
			printRow(row);
		}
	}
	if (values.worker) {
		for (const b of builds) {
			for (const figure of await measureWorker(b.hostsDir, b.pagesRoot, requests, browser)) {
				workerRows.push({ locales: b.locales, ...figure });
			}
		}
	}
	if (workerRows.length > 0) {
		console.log('\nCloudflare Worker in Node, CPU per request (the Worker | only fetching the asset)');
		for (const row of workerRows) {
			console.log(
				`  ${String(row.locales).padStart(2)} locales  ${row.path.padEnd(14)} ${fixed(row.workerMicroseconds, 1)} | ${fixed(row.assetOnlyMicroseconds, 1)} µs`,
			);
		}
	}
	if (values.json) writeFileSync(values.json, `${JSON.stringify({ rows, workerRows }, null, '\t')}\n`);
} finally {
	rmSync(work, { recursive: true, force: true });
}
