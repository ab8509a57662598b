import { defineCheck, NOT_OBSERVED, type JudgeContext } from '../../harness/core';
import { TrafficTally } from '../shared/traffic';
import { answeredWithHeaderToken, refusedByOperation } from './shown-tokens';
import { tokenWorks } from './token-works';

/**
 * From traffic: a token the traffic shows lacking Create Groups (valid elsewhere, refused by groups/search
 * with parameters it served to another token) is refused by every groups/search request, under both
 * methods. A target that serves such a token everywhere leaves nothing that tells it from a token holding
 * the permission: that is inconclusive here (live, `run` knows which token it sent).
 */
export function judgeGroupsPermission({ judge, traffic }: JudgeContext): void {
  const lacking = refusedByOperation(traffic, 'groups.search');
  if (lacking.size === 0) return judge.inconclusive(`${NOT_OBSERVED}: no valid token was refused by groups/search with a request served to another token, so no token is shown to lack Create Groups`);
  const tally = new TrafficTally();
  const refusedUnder = new Set<string>();
  for (const e of traffic.of('groups.search').filter((x) => answeredWithHeaderToken(x) && lacking.has(x.token.id!))) {
    if (tally.expect(e.outcome === 'error', {
      title: `groups/search (${e.method}) refuses a token that groups/search refuses elsewhere (shown to lack Create Groups) and other operations serve`,
      expected: 'error', actual: { outcome: e.outcome, code: e.code ?? null, records: e.records?.length ?? null }, response: e,
    })) refusedUnder.add(e.method);
  }
  tally.record(judge, {
    none: 'no groups/search with a token lacking Create Groups',
    missing: ['GET', 'POST'].filter((method) => !refusedUnder.has(method)).map((method) => `no groups/search (${method}) with a token lacking Create Groups`),
  });
}

export default defineCheck({
  rule: 'auth.permission.groups-search',
  title: 'groups/search refuses a token without the Create Groups permission',
  // Live, `run` decides: it knows which token lacks the permission, which traffic shows only by a refusal.
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
  judge: judgeGroupsPermission,
});
