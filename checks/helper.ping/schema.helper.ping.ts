import { defineCheck } from '../../harness/core';
import { ping } from './ping';
import { A_SUCCESS_TO_A_USER_TOKEN, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'schema.helper.ping',
  title: 'the pong payload matches the PingData schema',
  async run({ judge, observe }) {
    // The client validated the answer and recorded this rule's verdict; without a success there was no payload.
    const response = await observe(ping);
    if (response.outcome !== 'success') judge.inconclusive('helper/ping answered no success, so there was no payload to judge');
  },
  // As live: the payload of a ping to a user's token (the ping check's own request).
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS_TO_A_USER_TOKEN] }),
});
