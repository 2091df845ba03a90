/**
 * `fallback-pages/verify`: the verifier as a function, for build plugins and scripts
 * (`runVerify({ url, dist, contract, host })`), and the host profiles it knows.
 */
export { defaultReportDir, runVerify, type VerifyCommand, type VerifyRun } from './verify/main.ts';
export { hostProfiles } from './verify/hosts.ts';
export type { Unreachable } from './verify/run.ts';
