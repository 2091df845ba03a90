/**
 * Optional audits of a live deploy (`--lighthouse`, `--axe`): a sample of its pages in Chromium.
 * STUB: being written; the interface is fixed.
 */
import type { RouteContract } from '../contract/contract.ts';

export interface AuditResult {
	tool: 'lighthouse' | 'axe';
	/** The page audited, absolute. */
	url: string;
	passed: boolean;
	/** Lighthouse: category id → score 0–100. */
	scores?: Readonly<Record<string, number>>;
	/** axe: the violations found. */
	violations?: readonly { id: string; impact: string; help: string; nodes: number }[];
	/** Why the audit could not run (no browser…): a failed audit. */
	error?: string;
}

export async function auditPages(
	base: URL,
	contract: RouteContract,
	options: { lighthouse: boolean; axe: boolean; log: (line: string) => void },
): Promise<AuditResult[]> {
	void base;
	void contract;
	void options;
	return [];
}
