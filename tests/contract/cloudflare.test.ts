import { describeServer } from './cases';
import { cloudflare } from './servers';

describeServer(cloudflare);
