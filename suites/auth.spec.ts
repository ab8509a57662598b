import { checks } from '../checks/auth';
import { registerChecks } from '../harness/runner';

registerChecks('auth', checks);
