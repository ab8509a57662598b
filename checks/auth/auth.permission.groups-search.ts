import { defineCheck } from '../../harness/core';
import { tokenWorks } from './token-works';

export default defineCheck({
  rule: 'auth.permission.groups-search',
  title: 'groups/search refuses a token without the Create Groups permission',
  async run({ api, judge }) {
    const valid = await tokenWorks(api, 'noGroups');
    if (!valid.works) {
      judge.inconclusive('the token without Create Groups (EMS_TOKEN_NO_GROUPS) is refused by emails/search and helper/ping too, so a refusal would not be about the permission');
      return;
    }
    for (const method of ['GET', 'POST'] as const) {
      const response = await api.call('groups.search', { method, token: 'noGroups' });
      judge.check(response.outcome === 'error', {
        title: `groups/search (${method}) refuses a valid token that lacks Create Groups`,
        expected: 'error',
        actual: { outcome: response.outcome, code: response.code ?? null, records: response.records?.length ?? null },
        response,
      });
    }
  },
});
