import { checks } from '../checks/exports';
import { registerChecks } from '../harness/runner';

// Named to sort first: Playwright hands tests to its workers in file-name order, then in declaration order, and
// this feature's first check (exports.getFile.availability) waits seconds on the target's clock for a file to
// expire. Started first, that wait overlaps the other features' tests instead of ending the run alone.
registerChecks('exports', checks);
