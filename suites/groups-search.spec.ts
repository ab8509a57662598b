import { checks } from '../checks/groups.search';
import { registerChecks } from '../harness/runner';

registerChecks('groups/search', checks);
