/**
 * `npm run verify` as a function: checks a deploy against the build's contract, prints progress and
 * the summary, writes the reports (HTML, JSON, JUnit XML), optionally audits a sample of pages with
 * Lighthouse and axe. The command line (scripts/verify.ts) and the Netlify build plugin
 * (plugins/verify/) both call it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { hostProfiles } from './hosts.ts';
import { passed, verify, type CaseResult, type VerifyResult } from './run.ts';
import { loadSite } from './site.ts';
import { htmlReport, jsonReport, junitReport, terminalSummary } from './report.ts';
import { auditPages, type AuditResult } from './audits.ts';

export interface VerifyCommand {
	url: string;
	/** A key of hostProfiles (default `netlify`). */
	host?: string;
	/** The build's pages (default `dist`). */
	dist?: string;
	/** The build's contract (default `hosts/contract.json`). */
	contract?: string;
	/** Where the reports go (default `reports/verify`). */
	reportDir?: string;
	concurrency?: number;
	budget?: number;
	timeoutMs?: number;
	retries?: number;
	lighthouse?: boolean;
	axe?: boolean;
	/** Where progress and the summary go (default: the console). */
	log?: (line: string) => void;
	/** Colours in the summary (default: when stdout is a terminal). */
	color?: boolean;
}

export interface VerifyRun {
	result: VerifyResult;
	audits: AuditResult[];
	passed: boolean;
	summary: string;
	reports: { html: string; json: string; junit: string };
}

/** A URL the verifier can ask: http: or https:, nothing but an origin and maybe a path. */
export function parseDeployUrl(text: string): URL {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new Error(
			`${JSON.stringify(text)} is not a URL: give the deploy's address, e.g. https://example.netlify.app`,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new Error(`${text}: only http: and https: addresses can be verified`);
	}
	if (url.username || url.password) {
		throw new Error(
			`${url.host}: credentials in the URL are not sent; verify an address that answers without a login`,
		);
	}
	return url;
}

export function hostProfile(id: string) {
	const profile = hostProfiles[id];
	if (!profile) {
		throw new Error(
			`--host ${JSON.stringify(id)} is not a host Fallback knows: ${Object.keys(hostProfiles).join(', ')}`,
		);
	}
	return profile;
}

/** One line of progress: at every tenth of the cases, and every failure as it happens. */
function progressLine(result: CaseResult, done: number, total: number): string | undefined {
	if (result.verdict !== 'passed') {
		return `  ✘ [${done}/${total}] ${result.group}: ${result.name}${result.error ? ` (${result.error})` : ''}`;
	}
	const step = Math.max(1, Math.ceil(total / 10));
	return done % step === 0 || done === total ? `  … ${done}/${total} cases` : undefined;
}

export async function runVerify(command: VerifyCommand): Promise<VerifyRun> {
	const log = command.log ?? ((line: string) => console.log(line));
	const base = parseDeployUrl(command.url);
	const host = hostProfile(command.host ?? 'netlify');
	const site = loadSite(command.dist ?? 'dist', command.contract ?? 'hosts/contract.json');
	log(
		`Verifying ${base.origin} as ${host.name} against ${command.contract ?? 'hosts/contract.json'} and ${command.dist ?? 'dist'}/`,
	);
	const result = await verify({
		base,
		site,
		host,
		...(command.concurrency !== undefined ? { concurrency: command.concurrency } : {}),
		...(command.budget !== undefined ? { budget: command.budget } : {}),
		...(command.timeoutMs !== undefined ? { timeoutMs: command.timeoutMs } : {}),
		...(command.retries !== undefined ? { retries: command.retries } : {}),
		onCase(caseResult, done, total) {
			const line = progressLine(caseResult, done, total);
			if (line) log(line);
		},
	});
	const audits =
		(command.lighthouse || command.axe) && !result.unreachable
			? await auditPages(base, site.contract, { lighthouse: !!command.lighthouse, axe: !!command.axe, log })
			: [];
	const dir = resolve(command.reportDir ?? join('reports', 'verify'));
	await mkdir(dir, { recursive: true });
	const reports = {
		html: join(dir, 'report.html'),
		json: join(dir, 'report.json'),
		junit: join(dir, 'junit.xml'),
	};
	await writeFile(reports.html, htmlReport(result, audits));
	await writeFile(reports.json, jsonReport(result, audits));
	await writeFile(reports.junit, junitReport(result, audits));
	const ok = passed(result) && audits.every((audit) => audit.passed);
	const summary = terminalSummary(result, audits, { color: command.color ?? process.stdout.isTTY === true });
	log(summary);
	log(`Reports: ${reports.html}, ${reports.json}, ${reports.junit}`);
	return { result, audits, passed: ok, summary, reports };
}
