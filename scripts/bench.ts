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
 *
 * `--features` measures what each feature of the generated static config costs, on an unknown path
 * and `/503`: from the hand-written config without the page headers, one feature added at a time
 * (the page headers; the generated config with one locale and no request ID, which adds format
 * negotiation; language negotiation; the request ID in the header; the request ID in the page).
 * `--blackhole` times each proxy config in front of an app whose host drops connection attempts
 * (scripts/blackhole.ts), with its default connect timeout: one request, then 100 at once.
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
import { blackholedOrigin } from './blackhole.ts';

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
		features: { type: 'boolean', default: false },
		blackhole: { type: 'boolean', default: false },
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

interface BuildVariant {
	requestId?: 'page' | 'header' | false;
	/** The app the proxy configs stand in front of. */
	upstream?: string;
}

function build(locales: number, port: number, variant: BuildVariant = {}): Build {
	const dir = join(work, `locales-${locales}-${JSON.stringify(variant).replace(/\W+/g, '-')}`);
	mkdirSync(dir, { recursive: true });
	const pagesRoot = join(dir, 'dist');
	const config = join(dir, 'fallback.config.mjs');
	const options = {
		locales: localeOrder.slice(0, locales),
		...(variant.requestId === undefined ? {} : { requestId: variant.requestId }),
		hosts: {
			pagesRoot,
			listen: { host: '127.0.0.1', port },
			...(variant.upstream ? { upstream: variant.upstream } : {}),
		},
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

/** A config started, measured on these requests (each after a one-second warm-up), stopped. */
async function measureConfig(
	server: BenchServer,
	config: string,
	port: number,
	paths: readonly (typeof requests)[number][],
): Promise<Load[]> {
	const dir = mkdtempSync(join(work, `${server.name}-`));
	chmodSync(dir, 0o755);
	const siteConfig = config.replace(/\/var\/log\/(?:nginx|apache2)\/access\.log/g, join(dir, 'access.log'));
	const running = await start(
		server.launch(executables.get(server)!, dir, siteConfig, port),
		port,
		server.name,
	);
	try {
		await sleep(300);
		const loads: Load[] = [];
		for (const request of paths) {
			await load(running.pid, port, request.path, browser, { seconds: 1, connections });
			loads.push(await load(running.pid, port, request.path, browser, { seconds, connections }));
		}
		return loads;
	} finally {
		await running.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

interface FeatureRow {
	server: string;
	locales: number;
	step: string;
	/** Per request measured: median req/s, p99 and server CPU µs. */
	loads: { path: string; requestsPerSecond: number; p99Ms: number; cpuMicroseconds: number }[];
}

/** `--features`: each feature's cost, added one at a time, per server and locale count. */
async function features(): Promise<FeatureRow[]> {
	const measured = requests.filter((request) => request.label !== 'gallery');
	const port = await freePort();
	const all: FeatureRow[] = [];
	for (const locales of localeCounts) {
		const withIds = build(locales, port, { requestId: 'page' });
		const headerIds = build(locales, port, { requestId: 'header' });
		const noIds = build(locales, port, { requestId: false });
		const oneLocale = build(1, port, { requestId: false });
		const site = (b: Build, pageHeaders = b.pageHeaders) => ({
			pagesRoot: b.pagesRoot,
			port,
			statuses: b.statuses,
			pageHeaders,
		});
		for (const server of servers) {
			const steps: { step: string; config: () => string }[] = [
				{ step: 'hand-written, no page headers', config: () => server.handWritten(site(noIds, {})) },
				{ step: '+ the page headers (hand-written)', config: () => server.handWritten(site(noIds)) },
				{
					step: '+ format negotiation (generated, 1 locale, no request ID)',
					config: () => readFileSync(join(oneLocale.hostsDir, server.generated), 'utf8'),
				},
				{
					step: `+ language negotiation (${locales} locales)`,
					config: () => readFileSync(join(noIds.hostsDir, server.generated), 'utf8'),
				},
				{
					step: "+ the request ID in the header (requestId: 'header')",
					config: () => readFileSync(join(headerIds.hostsDir, server.generated), 'utf8'),
				},
				{
					step: "+ the request ID in the page (requestId: 'page', the default)",
					config: () => readFileSync(join(withIds.hostsDir, server.generated), 'utf8'),
				},
			];
			const samples = steps.map(() => [] as Load[][]);
			for (let round = 0; round < rounds; round++) {
				// Each round in the other order: a drift of the machine's speed falls on every step alike.
				const order = round % 2 ? [...steps.keys()].reverse() : [...steps.keys()];
				for (const index of order) {
					process.stdout.write(
						`  ${server.name}, ${locales} locales, round ${round + 1}/${rounds}, step ${index + 1}/${steps.length} …\r`,
					);
					samples[index]!.push(await measureConfig(server, steps[index]!.config(), port, measured));
				}
			}
			process.stdout.write(' '.repeat(100) + '\r');
			const rowsHere = steps.map(({ step }, index) => ({
				server: server.name,
				locales,
				step,
				loads: measured.map((request, i) => ({
					path: request.label,
					requestsPerSecond: median(samples[index]!.map((loads) => loads[i]!.requestsPerSecond)),
					p99Ms: median(samples[index]!.map((loads) => loads[i]!.p99Ms)),
					cpuMicroseconds: median(samples[index]!.map((loads) => loads[i]!.cpuMicroseconds)),
				})),
			}));
			printFeatures(rowsHere);
			all.push(...rowsHere);
		}
	}
	return all;
}

function printFeatures(rows: readonly FeatureRow[]) {
	const bare = rows[1]!; // the hand-written config with the page headers: what the goals compare with
	console.log(
		`\n${rows[0]!.server}, ${rows[0]!.locales} locales: req/s (× hand-written), CPU µs/request (+ this step)`,
	);
	for (const [index, row] of rows.entries()) {
		const cells = row.loads.map((one, i) => {
			const before = index > 0 ? rows[index - 1]!.loads[i]!.cpuMicroseconds : undefined;
			const added =
				before === undefined
					? ''
					: ` (${one.cpuMicroseconds - before >= 0 ? '+' : ''}${fixed(one.cpuMicroseconds - before)})`;
			return `${one.path}: ${fixed(one.requestsPerSecond).padStart(6)} (${ratio(one.requestsPerSecond, bare.loads[i]!.requestsPerSecond)}), ${fixed(one.cpuMicroseconds)} µs${added}, p99 ${fixed(one.p99Ms, 2)} ms`;
		});
		console.log(`  ${row.step.padEnd(62)} ${cells.join('   ')}`);
	}
}

interface BlackholeRow {
	server: string;
	status: number;
	oneSeconds: number;
	hundredMedianSeconds: number;
	hundredMaxSeconds: number;
	statuses: Record<string, number>;
}

/** One GET through a proxy config: its status and how long the answer took, in seconds. */
function timedGet(port: number): Promise<{ status: number; seconds: number }> {
	const started = performance.now();
	return fetch(`http://127.0.0.1:${port}/orders`, { headers: browser }).then(async (answer) => {
		await answer.arrayBuffer();
		return { status: answer.status, seconds: (performance.now() - started) / 1000 };
	});
}

/** `--blackhole`: each proxy config, default connect timeout, in front of a blackholed app. */
async function blackhole(): Promise<BlackholeRow[]> {
	const port = await freePort();
	const origin = await blackholedOrigin(await freePort());
	const rowsHere: BlackholeRow[] = [];
	try {
		const b = build(localeCounts[0]!, port, { upstream: `127.0.0.1:${origin.port}` });
		for (const server of servers) {
			const dir = mkdtempSync(join(work, `${server.name}-blackhole-`));
			chmodSync(dir, 0o755);
			const config = readFileSync(join(b.hostsDir, server.proxy), 'utf8').replace(
				/\/var\/log\/(?:nginx|apache2)\/access\.log/g,
				join(dir, 'access.log'),
			);
			const running = await start(
				server.launch(executables.get(server)!, dir, config, port),
				port,
				server.name,
			);
			try {
				const one = await timedGet(port);
				const hundred = await Promise.all(Array.from({ length: 100 }, () => timedGet(port)));
				const statuses: Record<string, number> = {};
				for (const { status } of hundred) statuses[status] = (statuses[status] ?? 0) + 1;
				const row = {
					server: server.name,
					status: one.status,
					oneSeconds: one.seconds,
					hundredMedianSeconds: median(hundred.map((answer) => answer.seconds)),
					hundredMaxSeconds: Math.max(...hundred.map((answer) => answer.seconds)),
					statuses,
				};
				console.log(
					`  ${server.name.padEnd(8)} ${row.status} in ${fixed(row.oneSeconds, 2)} s; 100 at once: median ${fixed(row.hundredMedianSeconds, 2)} s, slowest ${fixed(row.hundredMaxSeconds, 2)} s, statuses ${JSON.stringify(statuses)}`,
				);
				rowsHere.push(row);
			} finally {
				await running.stop();
				rmSync(dir, { recursive: true, force: true });
			}
		}
	} finally {
		await origin.stop();
	}
	return rowsHere;
}

const rows: Row[] = [];
const workerRows: {
	locales: number;
	path: string;
	workerMicroseconds: number;
	assetOnlyMicroseconds: number;
}[] = [];
try {
	if (values.features) {
		console.log(
			`bench --features: ${servers.map((s) => s.name).join(', ')} at ${localeCounts.join(', ')} locales; ${rounds} rounds of ${seconds} s wrk runs (${connections} connections)`,
		);
		const featureRows = await features();
		if (values.json) writeFileSync(values.json, `${JSON.stringify({ features: featureRows }, null, '\t')}\n`);
	} else if (values.blackhole) {
		console.log(
			`bench --blackhole: ${servers.map((s) => s.name).join(', ')} in front of an app whose host drops connection attempts`,
		);
		const blackholeRows = await blackhole();
		if (values.json)
			writeFileSync(values.json, `${JSON.stringify({ blackhole: blackholeRows }, null, '\t')}\n`);
	} else {
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
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
