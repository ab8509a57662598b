import { checks } from '../checks/contacts.import';
import { registerChecks, test } from '../harness/runner';

// Imports change shared group member counts: the checks of this file run one after another on one worker
// (a failing check does not skip the rest).
test.describe.configure({ mode: 'default' });

registerChecks('contacts/import', checks);
