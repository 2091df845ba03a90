/**
 * The generated nginx configs (src/hosts/nginx.ts) on a real nginx: static site and in front of an app.
 */
import { describeHost } from './cases';
import { nginx } from './servers';

describeHost(nginx);
