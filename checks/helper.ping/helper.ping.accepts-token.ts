import { defineCheck } from '../../harness/core';
import { ping } from './ping';
import { judgePingAcceptsToken } from '../shared/traffic';

export default defineCheck({
  rule: 'helper.ping.accepts-token',
  title: 'answers a success to a valid token in the Authorization header',
  async run({ judge, observe }) {
    const response = await observe(ping);
    judge.check(response.outcome === 'success', {
      title: 'helper/ping answers a success to the full token',
      expected: 'success',
      actual: { outcome: response.outcome, code: response.code, errors: response.errors },
      response,
    });
  },
  judge: (ctx) => judgePingAcceptsToken(ctx),
});
