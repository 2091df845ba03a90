/** verify's host profiles, as the reference lists them: how each kind of host negotiates and differs. */
import { hostProfiles, type HostProfile } from '../../../packages/fallback-pages/src/verify/hosts.ts';
import { statusCatalog } from '../../../packages/fallback-pages/src/catalog/statuses.ts';

export const profiles: readonly HostProfile[] = Object.values(hostProfiles);

export const negotiationWords: Record<HostProfile['negotiation'], string> = {
	'first-entry': "the header's first entry only, by its first two letters",
	'first-listed': 'the first language listed that ships; q-values not weighed',
	'q-values': 'the shipped language with the highest q-value',
};

export const formatWords: Record<HostProfile['formatNegotiation'], string> = {
	'first-match':
		'`Accept` in order: the page when it names `text/html`, else the problem document, else the text twin',
	'q-values': "`Accept`'s q-values weighed (Apache's type maps)",
	none: 'the page always; the API prefixes get the problem document',
};

/** How many catalogued statuses a host answers with their own page at `/{code}`. */
export const answeredStatuses = (profile: HostProfile) =>
	statusCatalog.filter((status) => !profile.unsupportedStatuses.has(status.code)).length;

export const requestIdWords = (profile: HostProfile) =>
	profile.requestIds === undefined
		? 'none'
		: profile.requestIds.inBody
			? '`X-Request-ID`, on the page and in the problem document too'
			: '`X-Request-ID` on every error answer';
