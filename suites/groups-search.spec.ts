import { checks } from '../checks/groups.search';
import { registerChecks } from '../harness/core';

registerChecks('groups/search', checks);
