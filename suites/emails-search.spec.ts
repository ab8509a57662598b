import { checks } from '../checks/emails.search';
import { registerChecks } from '../harness/runner';

registerChecks('emails/search', checks);
