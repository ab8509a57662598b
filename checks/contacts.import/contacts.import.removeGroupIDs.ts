import { freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck, type CheckContext } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { countChange, exampleGroupsOf, memberCounts, totalChanges } from './groups';
import { importContacts } from './import-call';
import { judgeAlongSequences } from './membership-sequences';
import { runsOf } from './rows';
import { judgeRemoveGroupIDs } from './group-judges';

export default defineCheck({
  rule: 'contacts.import.removeGroupIDs',
  title: 'the contacts are removed from every group of removeGroupIDs',
  async run(ctx) {
    await judgeLeavingGroups(ctx);
    // Imported contacts leave every group of removeGroupIDs, as a membership model predicts.
    await judgeAlongSequences(ctx, 'leave');
  },
  judge: (ctx) => judgeRemoveGroupIDs(ctx),
});

/** Members of a group re-imported with removeGroupIDs naming it (and a group that never held them) leave it. */
async function judgeLeavingGroups(ctx: CheckContext): Promise<void> {
  const { api, judge, target } = ctx;
  const groups = await exampleGroupsOf(api);
  if (groups.length === 0) return judge.inconclusive('the target has no Active Static group to import into');
  const [member, other] = groups as [number, number | undefined];

  await judge.property(smallBatchSize(5), async (size, sample) => {
    const contacts = freshEmailContacts(addresses, size);
    const start = await memberCounts(api, [member]);
    const added = await importContacts(ctx, { contacts, groupIDs: [member] });
    const before = await memberCounts(api, groups);
    if (!added.accepted || countChange(start, before, member).total !== size) {
      sample.inconclusive(`the contacts were not added to group ${member} first, so their removal cannot be seen`);
    }
    // The other group never held them: nothing to remove there.
    const removeGroupIDs = other === undefined ? [member] : [member, other];
    const reading = await importContacts(ctx, { contacts, removeGroupIDs });
    const after = await memberCounts(api, groups);
    const changes = totalChanges(removeGroupIDs, before, after);
    const expected = removeGroupIDs.map((groupID) => ({ groupID, totalMembers: groupID === member ? -size : 0 }));
    sample.expect(changes.every((change, index) => change.totalMembers === expected[index]!.totalMembers), {
      title: `re-importing ${size} member(s) of group ${member} with removeGroupIDs=[${removeGroupIDs.join(',')}] drops its totalMembers by ${size}`,
      expected,
      actual: changes,
      response: reading.response,
    });
  }, { numRuns: runsOf(target.runs, 6) });
}
