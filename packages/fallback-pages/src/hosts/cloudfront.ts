/**
 * Amazon CloudFront: `CustomErrorResponses` for a distribution whose origin holds dist/ (an S3
 * bucket, say). CloudFront only replaces errors the origin answered with; it has no rule that
 * answers a path with an error status, and it cannot add headers per status.
 */
import type { RouteContract } from '../contract/contract';
import type { HostConfigFile } from './format';

/**
 * The statuses CloudFront can replace with a custom page and answer with (besides 200):
 * "400, 403, 404, 405, 414, 416" and "500, 501, 502, 503, 504". Source: Amazon CloudFront Developer
 * Guide, "Create a custom error page for specific HTTP status codes"
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/creating-custom-error-pages.html)
 * and "Change response codes returned by CloudFront" (custom-error-pages-response-code.html).
 */
export const cloudFrontErrorCodes: ReadonlySet<number> = new Set([
	400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504,
]);

/**
 * How long CloudFront keeps an error before asking the origin again. A transient error (a 503 during
 * a deploy) should clear quickly; 300 s is CloudFront's own default. CloudFront never caches 416.
 */
export const transientErrorCachingSeconds = 10;
export const lastingErrorCachingSeconds = 300;

export interface CloudFrontCustomErrorResponse {
	ErrorCode: number;
	ResponsePagePath: string;
	/** A string in the CloudFront API (and in `aws cloudfront update-distribution` JSON). */
	ResponseCode: string;
	ErrorCachingMinTTL: number;
}

export interface CloudFrontCustomErrorResponses {
	Quantity: number;
	Items: CloudFrontCustomErrorResponse[];
}

/** One entry per catalogued status CloudFront accepts: its page, its own status. */
export function cloudFrontCustomErrorResponses(contract: RouteContract): CloudFrontCustomErrorResponses {
	const items = contract.statusPages
		.filter((route) => cloudFrontErrorCodes.has(route.status))
		.map((route) => ({
			ErrorCode: route.status,
			ResponsePagePath: `/${route.file}`,
			ResponseCode: String(route.status),
			ErrorCachingMinTTL: route.transient ? transientErrorCachingSeconds : lastingErrorCachingSeconds,
		}));
	return { Quantity: items.length, Items: items };
}

/** The JSON to put under `CustomErrorResponses` in a DistributionConfig. */
export function cloudFrontFiles(contract: RouteContract): HostConfigFile[] {
	return [
		{
			path: 'cloudfront/custom-error-responses.json',
			content: `${JSON.stringify(cloudFrontCustomErrorResponses(contract), null, '\t')}\n`,
		},
	];
}
