import { checks } from '../checks/exports';
import { registerChecks } from '../harness/core';

registerChecks('exports', checks);
