import { checks } from '../checks/emails.search';
import { registerChecks } from '../harness/core';

registerChecks('emails/search', checks);
