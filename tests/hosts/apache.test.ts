/**
 * The generated apache configs (src/hosts/apache.ts) on a real apache: static site and in front of an app.
 */
import { describeHost } from './cases';
import { apache } from './servers';

describeHost(apache);
