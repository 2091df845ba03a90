import { describeServer } from './cases';
import { apache } from './servers';

describeServer(apache);
