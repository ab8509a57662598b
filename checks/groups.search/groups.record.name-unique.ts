import { defineCheck, headerOnly, type JudgeContext, type Judgement } from '../../harness/check';
import { readInteger } from '../../harness/oracles';
import { VerdictTally } from '../shared/judges';
import { discoverGroups, groupId } from './discovery';
import { EVERY_GROUP_UNREAD, everyGroupRead, everyGroupSampled, sampledNote } from './every-group';
import { OP } from './group-filters';
import { recordsOf } from '../../harness/model';

/** A group's identity as a key (its ID read as an integer when it is one). */
const idKey = (id: unknown): string => JSON.stringify(readInteger(id) ?? id);

/**
 * No two groups share a groupName, over every answer in recorded order (no documented operation renames
 * a group): an answer fails when it shows a name another group was seen with, written the same (letter
 * case counts: interface.md says "unique", not how names compare). Pass needs every group seen: the
 * widest search read whole, holding two groups or more (on a large account, its first pages: a sample, noted).
 */
function judgeNameUnique(ctx: JudgeContext): Judgement {
  const tally = new VerdictTally();
  const owners = new Map<string, { id: unknown; key: string }>();
  for (const exchange of ctx.traffic.of(OP)) {
    if (exchange.outcome !== 'success' || !headerOnly(exchange)) continue;
    const named = recordsOf(exchange).filter((g) => typeof g.groupName === 'string' && groupId(g) !== undefined);
    if (named.length === 0) continue;
    const shared: { groupName: string; groupIDs: unknown[] }[] = [];
    for (const group of named) {
      const name = group.groupName as string;
      const seen = owners.get(name);
      if (!seen) owners.set(name, { id: groupId(group), key: idKey(groupId(group)) });
      else if (seen.key !== idKey(groupId(group))) shared.push({ groupName: name, groupIDs: [seen.id, groupId(group)] });
    }
    tally.expect(shared.length === 0, {
      title: `each group of ${exchange.method} ${JSON.stringify(exchange.params)} has a name no other group has`,
      expected: 'no shared name',
      actual: shared.slice(0, 8),
      response: exchange,
    });
  }
  const every = everyGroupRead(ctx.traffic);
  const sample = every ? undefined : everyGroupSampled(ctx.traffic);
  if (sample) tally.note(sampledNote(sample));
  const missing = !every && !sample ? [EVERY_GROUP_UNREAD] : every && every.ids.length < 2 ? [`the target has ${every.ids.length} group(s)`] : [];
  return tally.verdicts({ none: 'no group with a name', missing });
}

export default defineCheck({
  rule: 'groups.record.name-unique',
  title: 'no two groups share a groupName',
  drive: async (ctx) => {
    await discoverGroups(ctx);
  },
  judge: judgeNameUnique,
});
