import { describeServer } from './cases';
import { haproxy } from './servers';

describeServer(haproxy);
