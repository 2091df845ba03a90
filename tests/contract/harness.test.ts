/**
 * The harness judges only the server it started: a port another process holds is refused before
 * any case runs (that process would otherwise answer every case), and no two test processes are
 * handed the same port.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort, startServer } from './harness';

it('refuses to call a server started when another process listens on its port', async () => {
	const port = await freePort();
	const squatter = createServer().listen(port, '127.0.0.1');
	await new Promise((resolve) => squatter.once('listening', resolve));
	try {
		// A process that never listens: only the other one answers there.
		await expect(
			startServer({ label: 'sleep', command: 'sleep', args: ['30'], port, logs: [], startupSeconds: 2 }),
		).rejects.toThrow(
			/sleep did not start on 127\.0\.0\.1:\d+ \(timed out, and another process listens on that port\)/,
		);
	} finally {
		squatter.close();
	}
});

it('reserves each port it hands out for this process', async () => {
	const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
	expect(new Set(ports).size).toBe(ports.length);
	for (const port of ports) {
		expect(readFileSync(join(tmpdir(), 'fallback-test-ports', String(port)), 'utf8')).toBe(
			String(process.pid),
		);
	}
});
