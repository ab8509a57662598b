import { defineCheck } from '../../harness/core';
import { tokenMatrix } from './token-matrix';

export default defineCheck({
  rule: 'auth.app-token.still-works',
  title: 'an Application-Only token issued before the cut-off still works',
  async run({ api, judge, observe }) {
    const response = await api.call('helper.ping', { token: 'app' });
    judge.check(response.outcome === 'success', {
      title: 'helper/ping answers a success to the Application-Only token in the Authorization header',
      expected: 'success',
      actual: { outcome: response.outcome, code: response.code ?? null, errors: response.errors },
      response,
    });
    // Every other read operation, both methods. groups/search is left out: it requires Create Groups, and
    // which permissions an Application-Only token holds is not written.
    const cells = (await observe(tokenMatrix)).filter((cell) => cell.token === 'app' && cell.placement === 'header' && cell.probe.op !== 'groups.search');
    for (const { probe, response: answer } of cells) {
      judge.check(answer.outcome === 'success', {
        title: `${probe.label} answers a success to the Application-Only token in the Authorization header`,
        expected: 'success',
        actual: { outcome: answer.outcome, code: answer.code ?? null, errors: answer.errors },
        response: answer,
      });
    }
  },
});
