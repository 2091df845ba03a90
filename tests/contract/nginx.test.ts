import { describeServer } from './cases';
import { nginx } from './servers';

describeServer(nginx);
