/**
 * The generated caddy configs (src/hosts/caddy.ts) on a real caddy: static site and in front of an app.
 */
import { describeHost } from './cases';
import { caddy } from './servers';

describeHost(caddy);
