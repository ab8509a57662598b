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
    // Every other read operation, both methods. Which permissions an Application-Only token holds is not written
    // (nor which operations need which, beyond groups/search and contacts/import), so a refusal on both methods may
    // be a permission the token never had. But the searches accept both methods: a token that works under one
    // and is refused under the other has stopped working there.
    const cells = (await observe(tokenMatrix)).filter((cell) => cell.token === 'app' && cell.placement === 'header');
    for (const op of new Set(cells.map((cell) => cell.probe.op))) {
      const answers = cells.filter((cell) => cell.probe.op === op);
      const served = answers.filter((cell) => cell.response.outcome === 'success');
      const refused = answers.find((cell) => cell.response.outcome !== 'success');
      if (served.length === 0 || !refused) continue;
      judge.check(false, {
        title: `${refused.probe.label} refuses the Application-Only token that ${served[0]!.probe.label} serves (both methods are accepted)`,
        expected: 'the same outcome under GET and POST',
        actual: answers.map(({ probe, response }) => ({ request: probe.label, outcome: response.outcome, code: response.code ?? null, errors: response.errors })),
        response: refused.response,
      });
    }
  },
});
