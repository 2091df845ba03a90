/**
 * The route contract's schema: what a reader of `contract.json` accepts. The TypeScript types in
 * contract.ts (with their documentation) and this schema are checked against each other at compile
 * time below, so neither can gain or lose a key alone.
 */
import { z } from 'zod';
import type { PageRoute, RouteContract } from './contract';

const headerValues = z.record(z.string(), z.string());

const pageRouteSchema = z.object({
	path: z.string(),
	file: z.string(),
	status: z.number().int(),
	headers: headerValues,
	transient: z.boolean(),
	problemFile: z.string(),
	sitePage: z.literal(true).exactOptional(),
});

/**
 * A reader accepts keys it does not know (a newer minor version of the schema may add optional
 * ones) and refuses a missing or mistyped one.
 */
export const routeContractSchema = z.object({
	base: z.string().exactOptional(),
	siteBase: z.string().exactOptional(),
	statusPages: z.array(pageRouteSchema),
	extraPages: z.array(pageRouteSchema),
	notFoundStatus: z.number().int(),
	methodNotAllowedStatus: z.number().int(),
	readMethods: z.array(z.string()),
	pageHeaders: headerValues,
	hiddenFiles: z.array(z.string()),
	hiddenFolders: z.array(z.string()),
	requestIdHeader: z.string(),
	requestIdLines: z.record(z.string(), z.string()),
	requestId: z.union([z.literal('header'), z.literal(false)]).exactOptional(),
	apiPrefixes: z.array(z.string()),
	internalPrefix: z.string(),
	indexFile: z.string(),
	siteGalleries: z.array(z.string()).exactOptional(),
	galleries: z.literal(false).exactOptional(),
	otherLocales: z.array(z.string()),
	localeAliases: z.record(z.string(), z.string()).exactOptional(),
	defaultLocale: z.string(),
	languageTags: z.record(z.string(), z.string()),
	replacedAppStatuses: z.array(z.number().int()),
	appOwnedHeaders: z.array(z.string()),
	maintenance: z.object({ allowedPaths: z.array(z.string()) }).exactOptional(),
});

/** True when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// The schema and the types have the same keys, and what the schema accepts is a RouteContract.
const sameContractKeys: Same<keyof z.output<typeof routeContractSchema>, keyof RouteContract> = true;
const sameRouteKeys: Same<keyof z.output<typeof pageRouteSchema>, keyof PageRoute> = true;
const accepted = (value: z.output<typeof routeContractSchema>): RouteContract => value;
void [sameContractKeys, sameRouteKeys, accepted];
