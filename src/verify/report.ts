/** STUB: being written; the interface is fixed. */
import type { AuditResult } from './audits.ts';
import type { VerifyResult } from './run.ts';

export function terminalSummary(
	result: VerifyResult,
	audits: readonly AuditResult[],
	options: { color: boolean },
): string {
	void options;
	return `${result.results.filter((one) => one.verdict === 'passed').length} passed, ${result.results.filter((one) => one.verdict !== 'passed').length} failed (${audits.length} audits)`;
}
export const htmlReport = (result: VerifyResult, audits: readonly AuditResult[]) =>
	JSON.stringify({ result, audits });
export const jsonReport = (result: VerifyResult, audits: readonly AuditResult[]) =>
	JSON.stringify({ result, audits });
export const junitReport = (result: VerifyResult, audits: readonly AuditResult[]) =>
	JSON.stringify({ result, audits });
