import { defineCheck, headerOnly, type JudgeContext, type Judgement } from '../../harness/check';
import { readCount } from '../../harness/oracles';
import { VerdictTally } from '../shared/judges';
import { discoverGroups, groupId } from './discovery';
import { EVERY_GROUP_UNREAD, everyGroupRead, everyGroupSampled, sampledNote } from './every-group';
import { OP } from './group-filters';
import { recordsOf } from '../../harness/model';

/**
 * Each group as an answer shows it (members change over time, so one record at a time): activeMembers
 * <= totalMembers. A count written as a numeric string is read as its number (its type is
 * schema.groups.search's business). Pass needs every group seen: the widest search read whole (on a large
 * account, its first pages: a sample, noted).
 */
function judgeActiveMembers(ctx: JudgeContext): Judgement {
  const tally = new VerdictTally();
  for (const exchange of ctx.traffic.of(OP)) {
    if (exchange.outcome !== 'success' || !headerOnly(exchange)) continue;
    const counted = recordsOf(exchange).filter((g) => readCount(g.activeMembers) !== undefined && readCount(g.totalMembers) !== undefined);
    if (counted.length === 0) continue;
    const over = counted.filter((g) => readCount(g.activeMembers)! > readCount(g.totalMembers)!);
    tally.expect(over.length === 0, {
      title: `activeMembers <= totalMembers on each of the ${counted.length} groups of ${exchange.method} ${JSON.stringify(exchange.params)}`,
      expected: 'activeMembers <= totalMembers',
      actual: over.slice(0, 8).map((g) => ({ groupID: groupId(g), activeMembers: g.activeMembers, totalMembers: g.totalMembers })),
      response: exchange,
    });
  }
  const sample = everyGroupRead(ctx.traffic) ? undefined : everyGroupSampled(ctx.traffic);
  if (sample) tally.note(sampledNote(sample));
  return tally.verdicts({ none: 'no group carrying both member counts as numbers', missing: everyGroupRead(ctx.traffic) || sample ? [] : [EVERY_GROUP_UNREAD] });
}

export default defineCheck({
  rule: 'groups.record.active-members',
  title: 'activeMembers never exceeds totalMembers',
  drive: async (ctx) => {
    await discoverGroups(ctx);
  },
  judge: judgeActiveMembers,
});
