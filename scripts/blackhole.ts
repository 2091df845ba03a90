/**
 * An app's address whose host drops connection attempts: what a proxy config is tested against
 * (the contract suite) and timed against (`npm run bench -- --blackhole`).
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';

/**
 * An origin whose host drops connection attempts, as a dead VM or a firewall does: a listener in a
 * process of its own, stopped (SIGSTOP) so it never accepts, its accept queue filled by connections
 * this function holds. Linux then drops every further SYN: a proxy's connect neither succeeds nor is
 * refused, it waits for its own connect timeout.
 */
export async function blackholedOrigin(port: number): Promise<{ port: number; stop(): Promise<void> }> {
	const listener = spawn(
		process.execPath,
		[
			'-e',
			`require('node:net').createServer().listen({ host: '127.0.0.1', port: ${port}, backlog: 1 }, () => console.log('listening'))`,
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	await new Promise<void>((resolve, reject) => {
		listener.once('exit', (code) =>
			reject(new Error(`the blackholed origin's listener exited with ${code}`)),
		);
		listener.stdout!.once('data', () => resolve());
	});
	listener.kill('SIGSTOP');
	const held: Socket[] = [];
	/** Connects; true when the handshake completes within 500 ms (the queue still had room). */
	const fill = () =>
		new Promise<boolean>((resolve) => {
			const socket = connect(port, '127.0.0.1');
			held.push(socket);
			socket.on('error', () => {});
			const dropped = setTimeout(() => {
				socket.destroy();
				resolve(false);
			}, 500);
			socket.once('connect', () => {
				clearTimeout(dropped);
				resolve(true);
			});
		});
	for (let tries = 0; (await fill()) && tries < 64; tries++);
	if (!(await fill())) {
		return {
			port,
			async stop() {
				for (const socket of held) socket.destroy();
				listener.kill('SIGKILL');
			},
		};
	}
	for (const socket of held) socket.destroy();
	listener.kill('SIGKILL');
	throw new Error(`port ${port} kept accepting connections with its listener stopped: nothing to blackhole`);
}
