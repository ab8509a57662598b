import { defineCheck, NOT_OBSERVED, type JudgeContext, type Judgement, inconclusive } from '../../harness/check';
import { VerdictTally } from '../shared/judges';
import { answeredWithHeaderToken, lackingPermission } from '../../harness/model';
import { tokenWorks } from './token-works';

/**
 * A token lacking Create Groups (the one configured so, when the recorder names it; or one the traffic shows
 * so: valid elsewhere, refused by groups/search with parameters it served to another token) is refused by
 * every groups/search request, under both methods. Without either, inconclusive.
 */
export function judgeGroupsPermission({ traffic }: JudgeContext): Judgement {
  const { lacking, unproven } = lackingPermission(traffic, 'groups.search', 'noGroups');
  if (lacking.size === 0) {
    return [inconclusive(unproven.length > 0
      ? 'the token without Create Groups (EMS_TOKEN_NO_GROUPS) was served by no other operation, so a refusal would not be about the permission'
      : `${NOT_OBSERVED}: no token is known or shown to lack Create Groups`)];
  }
  const tally = new VerdictTally();
  const refusedUnder = new Set<string>();
  for (const e of traffic.of('groups.search').filter((x) => answeredWithHeaderToken(x) && lacking.has(x.token.id!))) {
    if (tally.expect(e.outcome === 'error', {
      title: `groups/search (${e.method}) refuses a valid token that lacks Create Groups`,
      expected: 'error', actual: { outcome: e.outcome, code: e.code ?? null, records: e.records?.length ?? null }, response: e,
    })) refusedUnder.add(e.method);
  }
  return tally.verdicts({
    none: 'no groups/search with a token lacking Create Groups',
    missing: ['GET', 'POST'].filter((method) => !refusedUnder.has(method)).map((method) => `no groups/search (${method}) with a token lacking Create Groups`),
  });
}

export default defineCheck({
  rule: 'auth.permission.groups-search',
  title: 'groups/search refuses a token without the Create Groups permission',
  // The token without Create Groups on operations that need no permission (valid?), then on groups/search by both methods.
  async drive({ api }) {
    await tokenWorks(api, 'noGroups');
    for (const method of ['GET', 'POST'] as const) await api.call('groups.search', { method, token: 'noGroups' });
  },
  judge: judgeGroupsPermission,
});
