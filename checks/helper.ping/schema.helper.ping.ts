import { defineCheck } from '../../harness/core';
import { ping } from './ping';

export default defineCheck({
  rule: 'schema.helper.ping',
  title: 'the pong payload matches the PingData schema',
  async run({ judge, observe }) {
    // The client validated the answer and recorded this rule's verdict; without a success there was no payload.
    const response = await observe(ping);
    if (response.outcome !== 'success') judge.inconclusive('helper/ping answered no success, so there was no payload to judge');
  },
});
