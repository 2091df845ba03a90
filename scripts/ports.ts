/**
 * A loopback port free to listen on, for a server another program starts (netlify-cli, nginx…):
 * picked below Linux's ephemeral range (32768–60999), from which the kernel hands out every port a
 * process binds to 0 and every outgoing connection's. A port from there could be taken by a
 * program under test (netlify-cli binds helpers to 0) between this check and its server's start.
 */
import { createServer } from 'node:net';

const PORTS = { from: 20_000, to: 32_000 };

function canListen(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

export async function unusedPort(): Promise<number> {
	for (;;) {
		const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
		if (await canListen(port)) return port;
	}
}
