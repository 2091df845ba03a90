/**
 * The programs the test suite runs besides Node: Chromium (browser suite, Lighthouse), Java (the Nu
 * HTML checker), the web servers the host configs are tested on and Hugo (a site the Netlify plugin
 * is tested on). `npm test` calls this first:
 * whatever is missing is installed from Debian's packages, as root, with a line saying so (as
 * `playwright install --with-deps` does); anywhere else it stops at once naming what to install.
 * `--check` only reports.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { parseArgs } from 'node:util';

interface Requirement {
	/** What it is for, in a message. */
	purpose: string;
	/** Executables that satisfy it (any one), looked up on PATH and in the sbin folders. */
	executables: readonly string[];
	/** The Debian package that provides it. */
	debianPackage: string;
}

export const systemRequirements: readonly Requirement[] = [
	{ purpose: 'browser tests and Lighthouse', executables: ['chromium'], debianPackage: 'chromium' },
	{ purpose: 'the Nu HTML checker', executables: ['java'], debianPackage: 'default-jre-headless' },
	{ purpose: 'nginx config tests', executables: ['nginx'], debianPackage: 'nginx' },
	{ purpose: 'Caddy config tests', executables: ['caddy'], debianPackage: 'caddy' },
	{ purpose: 'Apache config tests', executables: ['apache2', 'httpd'], debianPackage: 'apache2' },
	{ purpose: 'HAProxy config tests', executables: ['haproxy'], debianPackage: 'haproxy' },
	{ purpose: 'the Netlify plugin on a Hugo site', executables: ['hugo'], debianPackage: 'hugo' },
];

/** Servers live in sbin, which is not on a normal user's PATH on Debian. */
const searchDirs = () => [
	...(process.env['PATH'] ?? '').split(delimiter).filter(Boolean),
	'/usr/local/sbin',
	'/usr/sbin',
	'/sbin',
];

/** The full path of the first of these executables found, or undefined. */
export function findExecutable(names: readonly string[]): string | undefined {
	for (const name of names) {
		for (const dir of isAbsolute(name) ? [''] : searchDirs()) {
			const candidate = join(dir, name);
			try {
				accessSync(candidate, constants.X_OK);
				return candidate;
			} catch {
				// not here
			}
		}
	}
	return undefined;
}

export function missingRequirements(): Requirement[] {
	return systemRequirements.filter((requirement) => !findExecutable(requirement.executables));
}

/**
 * Debian's packages start their services (nginx and Apache on port 80) when installed; the tests
 * start their own on loopback ports. A policy-rc.d that answers 101 ("action forbidden") keeps
 * invoke-rc.d from starting anything during this install.
 */
function withoutStartingServices(install: () => void) {
	const policy = '/usr/sbin/policy-rc.d';
	const ours = !existsSync(policy);
	if (ours) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	try {
		install();
	} finally {
		if (ours) rmSync(policy, { force: true });
	}
}

function aptGet(args: string[]) {
	const result = spawnSync('apt-get', args, {
		stdio: 'inherit',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
	if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
}

function main() {
	const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
	const missing = missingRequirements();
	if (missing.length === 0) return;

	const packages = missing.map((requirement) => requirement.debianPackage);
	const list = missing.map((r) => `${r.debianPackage} (${r.purpose})`).join(', ');
	const isDebian = existsSync('/etc/debian_version') && findExecutable(['apt-get']) !== undefined;
	const isRoot = process.getuid?.() === 0;
	if (values.check || !isDebian || !isRoot) {
		const how = isDebian
			? `sudo apt-get install -y ${packages.join(' ')}`
			: `install ${missing.map((r) => r.executables[0]).join(', ')} with your system's package manager`;
		console.error(`npm test needs programs that are not installed: ${list}. Run: ${how}`);
		process.exit(1);
	}

	console.log(`system requirements: installing ${list} from Debian's packages…`);
	const started = Date.now();
	withoutStartingServices(() => {
		aptGet(['update', '-qq']);
		aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
	});
	const still = missingRequirements();
	if (still.length > 0) {
		console.error(
			`system requirements: still missing after apt-get: ${still.map((r) => r.executables.join('/')).join(', ')}`,
		);
		process.exit(1);
	}
	// Debian may still have started a server before the policy was read (a package's postinst
	// that does not use invoke-rc.d): nothing of ours may hold port 80 for the tests.
	for (const service of ['nginx', 'apache2']) {
		try {
			execFileSync('service', [service, 'stop'], { stdio: 'ignore' });
		} catch {
			// not running, or no such service: both fine
		}
	}
	console.log(`system requirements: installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

if (import.meta.main) main();
