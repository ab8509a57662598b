import { defineCheck } from '../../harness/check';
import { drivePing } from './ping';
import { A_SUCCESS_TO_A_USER_TOKEN, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'schema.helper.ping',
  title: 'the pong payload matches the PingData schema',
  drive: (ctx) => drivePing(ctx),
  // Every ping answer's payload; decided once a ping to a user's token succeeded.
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS_TO_A_USER_TOKEN] }),
});
