/**
 * Path prefixes the options name (the embed prefix, the API prefixes): plain path segments between
 * slashes, so every host's config carries them literally.
 */

/** The folder of a locale's problem documents, beside its pages: `problem/404.json`. */
export const PROBLEM_FOLDER = 'problem/';

/** The API prefixes when the options name none. */
export const DEFAULT_API_PREFIXES: readonly string[] = ['/api/'];

/** Why a prefix is not one or more plain path segments with `/` around, or undefined. */
export function plainPrefixProblem(prefix: string, example: string): string | undefined {
	if (!/^\/(?:[a-z0-9][a-z0-9._-]*\/)+$/.test(prefix) || prefix.split('/').includes('..')) {
		return `must be a path of lower-case letters, digits, '.', '_' and '-' segments that starts and ends with /, e.g. ${example}, not ${JSON.stringify(prefix)}`;
	}
	return undefined;
}
