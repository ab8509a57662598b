import { checks } from '../checks/auth';
import { registerChecks } from '../harness/core';

registerChecks('auth', checks);
