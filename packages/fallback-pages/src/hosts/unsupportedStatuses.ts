/**
 * Catalogued statuses a host cannot answer with at all: their pages are left out of its config and
 * their `/{code}` is an unknown path there. Read by the generators and by the verifier's host
 * profiles, so this module imports nothing (the verifier runs on plain Node).
 */

/**
 * Apache 2.4's status table (modules/http/http_protocol.c) has no 418 or 425, so
 * `ErrorDocument 418 …` stops the config with "Unsupported HTTP response code 418" and a rule
 * answering 418 answers 500.
 */
export const apacheUnsupportedStatuses: ReadonlySet<number> = new Set([418, 425]);
