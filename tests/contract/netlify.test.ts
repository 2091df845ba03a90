/**
 * Netlify's engine: netlify-cli serving dist/ offline with the generated _redirects and _headers,
 * and, where the local proxy answers differently from the rules (status 400), the rules themselves
 * through Netlify's own matcher.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { describeServer, contract } from './cases';
import { distDir } from './harness';
import { netlify } from './servers';

describeServer(netlify);

interface Match {
	to: string;
	status: number;
	force: boolean;
}
interface Matcher {
	match(request: Record<string, unknown>): Match | null;
}

/**
 * netlify-redirector is the WASM matcher netlify-cli feeds the parsed rules to (its rules proxy);
 * the request is described the way netlify-cli describes it.
 */
async function netlifyMatcher(): Promise<Matcher> {
	const redirector = createRequire(import.meta.url)('netlify-redirector') as {
		parseJSON(rules: string, options: object): Promise<Matcher>;
	};
	const { redirects, errors } = await parseAllRedirects({
		redirectsFiles: [join(distDir, '_redirects')],
		configRedirects: [],
		minimal: false,
	});
	expect(errors).toEqual([]);
	return redirector.parseJSON(JSON.stringify(redirects), {});
}

function matchRequest(path: string) {
	const headers = { 'x-language': 'en', 'x-country': 'us' };
	return {
		scheme: 'http',
		host: 'localhost',
		path,
		query: '',
		headers,
		cookieValues: {},
		getHeader: (name: string) => (headers as Record<string, string>)[name.toLowerCase()] ?? '',
		getCookie: () => '',
	};
}

describe('the status-400 rules, through Netlify’s matcher (netlify-cli turns them into redirects)', () => {
	const route = contract.statusPages.find((page) => page.status === 400)!;
	it.each([route.path, `/${route.file}`])('%s rewrites to the 400 page with 400, forced', async (path) => {
		const match = (await netlifyMatcher()).match(matchRequest(path));
		expect(match).toMatchObject({ to: `/${route.file}`, status: 400, force: true });
		expect(readFileSync(join(distDir, route.file), 'utf8')).toContain('<title>400: Bad Request</title>');
	});
	it('an unknown path matches the not-found rule, which is what makes the matcher check meaningful', async () => {
		const match = (await netlifyMatcher()).match(matchRequest('/no-such-page'));
		expect(match).toMatchObject({ to: '/404.html', status: 404, force: false });
	});
});
