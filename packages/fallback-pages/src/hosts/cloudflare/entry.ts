/**
 * The Worker as Cloudflare runs it: `FALLBACK_SITE` is the site's data, which the generated
 * worker.js declares before this code (cloudflare.ts).
 */
import type { WorkerData } from './data';
import { createWorker } from './worker';

declare const FALLBACK_SITE: WorkerData;

export default createWorker(FALLBACK_SITE);
