import { checks } from '../checks/helper.ping';
import { registerChecks } from '../harness/core';

registerChecks('helper/ping', checks);
