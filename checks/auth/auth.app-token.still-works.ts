import { defineCheck } from '../../harness/core';

export default defineCheck({
  rule: 'auth.app-token.still-works',
  title: 'an Application-Only token issued before the cut-off still works',
  async run({ api, judge }) {
    const response = await api.call('helper.ping', { token: 'app' });
    judge.check(response.outcome === 'success', {
      title: 'helper/ping answers a success to the Application-Only token in the Authorization header',
      expected: 'success',
      actual: { outcome: response.outcome, code: response.code ?? null, errors: response.errors },
      response,
    });
  },
});
