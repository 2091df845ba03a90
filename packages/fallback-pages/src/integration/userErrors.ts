/**
 * What stops a site's build for a reason the team can fix, as Astro shows such an error: what is
 * wrong, then a hint saying how to fix it (Astro's AstroError, as Starlight's are).
 */
import { AstroError } from 'astro/errors';
import { OptionsError, parseOptions, type ParsedOptions } from '../config/options';
import { CONTRACT_NAME } from '../contract/contract';

/** The options of `fallback({ … })`, or an AstroError listing every broken one. */
export function parseSiteOptions(raw: unknown): ParsedOptions {
	try {
		return parseOptions(raw);
	} catch (error) {
		if (!(error instanceof OptionsError)) throw error;
		throw new AstroError(
			error.message,
			'Each line names an option of fallback({ … }) and what it takes: change it, or leave it out for its default.',
		);
	}
}

/** The error of a folder Fallback would replace that holds something else. */
export const notOursError = (folder: string, what: string) =>
	new AstroError(
		`fallback: ${folder} exists and is not Fallback's (no ${CONTRACT_NAME} in it); nothing was removed.`,
		`Choose another folder with fallback({ ${what}: '…' }), or remove that one.`,
	);
