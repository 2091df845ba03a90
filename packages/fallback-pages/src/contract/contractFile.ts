/**
 * `contract.json`: the route contract as the build writes it for `verify` and every other reader.
 */
import type { RouteContract } from './contract';

/** The contract's file text: tab-indented JSON, one final line break. */
export const contractJson = (contract: RouteContract): string => `${JSON.stringify(contract, null, '\t')}\n`;
