import { checks } from '../checks/envelope';
import { registerChecks } from '../harness/runner';

registerChecks('envelope', checks);
