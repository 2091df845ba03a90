/**
 * The errors Fallback's library throws for what the user can fix, each told whole by its message:
 * the command prints it (exit 2 for a usage mistake, 1 for a failure), the Netlify plugin fails the
 * build with it. Anything else is a bug, shown with its stack.
 */

/** A mistake in how Fallback was called (a flag, a file it was told to read that is missing). */
export class UsageError extends Error {
	override name = 'UsageError';
}

/** A failure the user can fix: a broken config file, a folder that is not Fallback's, a failed build. */
export class FallbackError extends Error {
	override name = 'FallbackError';
}
