import { checks } from '../checks/helper.ping';
import { registerChecks } from '../harness/runner';

registerChecks('helper/ping', checks);
