import { describeServer } from './cases';
import { caddy } from './servers';

describeServer(caddy);
