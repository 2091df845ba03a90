import { describe, expect, it } from 'vitest';
import { MAX_DIGEST_LENGTH, saneDigest } from '../../packages/fallback-pages/src/utils/digest';
import { globalErrorMessage } from '../../packages/fallback-pages/src/catalog/appErrors';

describe('saneDigest', () => {
	it('accepts digests as servers print them', () => {
		expect(saneDigest(['abc123'])).toBe('abc123');
		expect(saneDigest(['NEXT_NOT_FOUND-1_2'])).toBe('NEXT_NOT_FOUND-1_2');
		expect(saneDigest(['a'.repeat(MAX_DIGEST_LENGTH)])).toBe('a'.repeat(64));
	});

	it.each([
		['<img src=x onerror=alert(1)>'],
		['"><script>alert(1)</script>'],
		["abc' onmouseover='alert(1)"],
		['abc def'],
		['abc%3Cb%3E'],
		['jav&#x61;script:alert(1)'],
		['ａｂｃ'],
		['abc\u202Edef'],
		['😀'],
		[''],
		['a'.repeat(MAX_DIGEST_LENGTH + 1)],
		['x'.repeat(10_240)],
		['abc\n123'],
	])('rejects %j', (value) => {
		expect(saneDigest([value])).toBeNull();
	});

	it('shows nothing for an absent or repeated parameter', () => {
		expect(saneDigest([])).toBeNull();
		expect(saneDigest(['abc', 'def'])).toBeNull();
	});
});

describe('globalErrorMessage', () => {
	it('uses the client-side wording without a digest', () => {
		expect(globalErrorMessage('example.com', null)).toBe(
			'Application error: a client-side exception has occurred while loading example.com (see the browser console for more information).',
		);
	});

	it('uses the server-side wording with a digest', () => {
		expect(globalErrorMessage('shop.example', 'abc123')).toBe(
			'Application error: a server-side exception has occurred while loading shop.example (see the server logs for more information).',
		);
	});
});
