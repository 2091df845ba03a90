/**
 * The golden files: every file Fallback writes from a route contract — each host's configs, the
 * Netlify rules, the contract itself — for two configurations, committed under tests/golden/ so
 * that a change to a generator shows in review as a diff of real config. `npm run golden` rewrites
 * them; tests/unit/golden.test.ts compares them byte for byte.
 */
import { fileURLToPath } from 'node:url';
import { contractJson } from '../../packages/fallback-pages/src/contract/contractFile';
import { optionsContract } from '../../packages/fallback-pages/src/contract/fromOptions';
import { parseOptions, type FallbackOptions } from '../../packages/fallback-pages/src/config/options';
import {
	hostConfigFiles,
	netlifyFiles,
	type HostConfigFile,
} from '../../packages/fallback-pages/src/hosts/index';

export const goldenDir = fileURLToPath(new URL('./', import.meta.url));

/** The configurations, by the folder their files live in. */
export const goldenConfigs: Readonly<Record<string, FallbackOptions>> = {
	// What `fallback()` writes with nothing said: English only, `/api/`, no maintenance.
	default: {},
	// A brand, three locales (one right to left), an API prefix with a dot, maintenance on, and
	// host options of its own.
	configured: {
		site: { name: 'Acme Cloud', url: 'https://acme.example' },
		brand: { accent: { light: '#0b5cad', dark: '#7fb6ff' } },
		locales: ['en', 'ar', 'de'],
		api: { prefixes: ['/api/', '/v1.2/'] },
		maintenance: { enabled: true, allow: ['/healthz', '/status/'] },
		hosts: { pagesRoot: '/srv/acme/fallback', listen: { port: 8080 }, upstream: 'app.internal:3000' },
	},
};

/** The files of one configuration: netlify/ (the rule files), every host's, contract.json. */
export function goldenFiles(options: FallbackOptions): HostConfigFile[] {
	const parsed = parseOptions(options);
	const contract = optionsContract(parsed, { embedded: false, preview: false });
	return [
		...netlifyFiles(contract, { everyPath: true }).map((file) => ({ ...file, path: `netlify/${file.path}` })),
		...hostConfigFiles(contract, parsed.hosts),
		{ path: 'contract.json', content: contractJson(contract) },
	].sort((a, b) => (a.path < b.path ? -1 : 1));
}
