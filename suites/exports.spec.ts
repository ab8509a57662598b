import { checks } from '../checks/exports';
import { registerChecks } from '../harness/runner';

registerChecks('exports', checks);
