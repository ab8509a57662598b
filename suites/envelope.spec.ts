import { checks } from '../checks/envelope';
import { registerChecks } from '../harness/core';

registerChecks('envelope', checks);
