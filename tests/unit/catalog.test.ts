import { describe, expect, it } from 'vitest';
import statuses from 'statuses';
import {
	statusCatalog,
	statusByCode,
	isCatalogued,
} from '../../packages/fallback-pages/src/catalog/statuses';
import { icons } from '../../packages/fallback-pages/src/catalog/icons';

const codes = statusCatalog.map((s) => s.code);

describe('status catalogue', () => {
	it('holds exactly the IANA registry 4xx and 5xx codes (statuses, minus 509 which the registry lacks)', () => {
		const registry = statuses.codes.filter((code) => code >= 400 && code <= 599 && code !== 509);
		expect([...codes].sort((a, b) => a - b)).toEqual([...registry].sort((a, b) => a - b));
		expect(codes).toHaveLength(40);
		expect(isCatalogued(509)).toBe(false);
	});

	it('lists every code once, in order', () => {
		expect(new Set(codes).size).toBe(codes.length);
		expect(codes).toEqual([...codes].sort((a, b) => a - b));
	});

	it('names reasons as RFC 9110 does, where statuses still carries older names', () => {
		expect(statusByCode(413).reason).toBe('Content Too Large');
		expect(statuses.message[413]).toBe('Payload Too Large');
		expect(statusByCode(422).reason).toBe('Unprocessable Content');
		expect(statusByCode(418).reason).toBe('(Unused)');
		expect(statusByCode(510).reason).toBe('Not Extended (OBSOLETED)');
	});

	it('keeps the seed texts exact', () => {
		const seeds: Record<number, [title: string, message: string]> = {
			404: ['404: This page could not be found.', 'This page could not be found.'],
			400: ['400: Bad Request', 'Bad Request.'],
			405: ['405: Method Not Allowed', 'Method Not Allowed.'],
			500: ['500: Internal Server Error', 'Internal Server Error.'],
			401: ["401: You're not authorized to access this page.", "You're not authorized to access this page."],
			403: ['403: This page could not be accessed.', 'This page could not be accessed.'],
		};
		for (const [code, [title, message]] of Object.entries(seeds)) {
			expect(statusByCode(Number(code))).toMatchObject({ title, message });
		}
	});

	it('titles other codes "{code}: {reason}" with the message "{reason}."', () => {
		const gone = statusByCode(410);
		expect(gone.title).toBe('410: Gone');
		expect(gone.message).toBe('Gone.');
	});

	it('gives every status one help sentence and a known icon', () => {
		for (const status of statusCatalog) {
			expect(status.help.length, `${status.code}`).toBeGreaterThan(20);
			expect(Object.keys(icons)).toContain(status.icon);
		}
	});

	it('uses the seed icons where pages.md suggests', () => {
		expect(statusByCode(404).icon).toBe('Search');
		expect(statusByCode(500).icon).toBe('Zap');
		expect(statusByCode(503).icon).toBe('Settings');
		expect(statusByCode(402).icon).toBe('CreditCard');
		expect(statusByCode(429).icon).toBe('Calendar');
		expect(statusByCode(410).icon).toBe('Bookmark');
		expect(statusByCode(451).icon).toBe('Building');
	});

	it('carries the headers RFC 9110 asks for', () => {
		expect(statusByCode(405).headers).toEqual({ Allow: 'GET, HEAD' });
		expect(Number(statusByCode(503).headers['Retry-After'])).toBeGreaterThan(0);
		expect(Number(statusByCode(429).headers['Retry-After'])).toBeGreaterThan(0);
		// Basic and Digest challenges make browsers open a login dialog; no other scheme does.
		const challenge = statusByCode(401).headers['WWW-Authenticate'];
		expect(challenge).toBeTruthy();
		expect(challenge).not.toMatch(/^\s*(basic|digest)\b/i);
	});

	it('marks server and rate errors transient, permanent client errors not', () => {
		for (const code of [408, 429, 500, 502, 503, 504])
			expect(statusByCode(code).transient, `${code}`).toBe(true);
		for (const code of [400, 401, 403, 404, 405, 410, 451])
			expect(statusByCode(code).transient, `${code}`).toBe(false);
	});

	it('refuses an unknown code', () => {
		expect(() => statusByCode(499)).toThrow(/499/);
	});
});
