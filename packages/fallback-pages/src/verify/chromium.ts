/**
 * How Fallback starts Chromium everywhere (Playwright, screenshots, Lighthouse): the system
 * browser (Debian's `chromium` package), since browser downloads are not available offline.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags that keep Chromium quiet on a closed network and working as root in CI containers. */
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
];

export function chromiumLaunchOptions() {
	if (!existsSync(CHROMIUM_PATH)) {
		throw new Error(
			`No Chromium at ${CHROMIUM_PATH}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`,
		);
	}
	return { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
}
