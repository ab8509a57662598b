import { freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck, type CheckContext } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { countChange, exampleGroupsOf, memberCounts } from './groups';
import { importContacts } from './import-call';
import { judgeAlongSequences } from './membership-sequences';
import { runsOf } from './rows';
import { judgeOffGroups } from './group-judges';

export default defineCheck({
  rule: 'contacts.import.updateExisting.off-groups',
  title: 'with updateExisting 0 existing contacts are still added to groupIDs and removed from removeGroupIDs',
  async run(ctx) {
    await judgeMovingWithoutUpdate(ctx);
    // With updateExisting 0 existing contacts still join and leave groups, as a membership model predicts.
    await judgeAlongSequences(ctx, 'move');
  },
  judge: (ctx) => judgeOffGroups(ctx),
});

/** Existing contacts moved between two groups with updateExisting 0 move as a control set moves with 1. */
async function judgeMovingWithoutUpdate(ctx: CheckContext): Promise<void> {
  const { api, judge, target } = ctx;
  const groups = await exampleGroupsOf(api);
  if (groups.length < 2) return judge.inconclusive('fewer than two Active Static groups: one to leave and one to join are needed');
  const [target1, target2] = groups as [number, number];

  await judge.property(smallBatchSize(4), async (size, sample) => {
    const fresh = () => freshEmailContacts(addresses, size);
    const checked = fresh();
    const control = fresh();
    // Both sets become members of the second group.
    const start = await memberCounts(api, groups);
    const seeded = await importContacts(ctx, { contacts: [...checked, ...control], groupIDs: [target2] });
    const before = await memberCounts(api, groups);
    if (!seeded.accepted || countChange(start, before, target2).total !== 2 * size) {
      sample.inconclusive(`the contacts were not added to group ${target2} first`);
    }
    // The control moves with updateExisting 1: what any existing contact gets. The checked set must get the same with 0.
    const move = { groupIDs: [target1], removeGroupIDs: [target2] };
    const controlled = await importContacts(ctx, { contacts: control, ...move, updateExisting: true });
    const middle = await memberCounts(api, groups);
    const reading = await importContacts(ctx, { contacts: checked, ...move, updateExisting: false });
    const after = await memberCounts(api, groups);
    if (!controlled.accepted || !reading.accepted) sample.inconclusive('a moving import was refused');

    const withUpdate = { joined: countChange(before, middle, target1).total, left: countChange(before, middle, target2).total };
    const withoutUpdate = { joined: countChange(middle, after, target1).total, left: countChange(middle, after, target2).total };
    const addJudgeable = withUpdate.joined === size;
    const removeJudgeable = withUpdate.left === -size;
    if (!addJudgeable && !removeJudgeable) {
      sample.inconclusive('existing contacts imported with updateExisting 1 did not move between the groups either (groupIDs.add / removeGroupIDs judge that)');
    }
    sample.expect((!addJudgeable || withoutUpdate.joined === size) && (!removeJudgeable || withoutUpdate.left === -size), {
      title: `${size} existing contact(s) imported with updateExisting 0, groupIDs=[${target1}], removeGroupIDs=[${target2}] join ${target1} and leave ${target2}`,
      expected: {
        ...(addJudgeable ? { [`group ${target1} totalMembers`]: `+${size}` } : {}),
        ...(removeJudgeable ? { [`group ${target2} totalMembers`]: `-${size}` } : {}),
      },
      actual: { [`group ${target1} totalMembers`]: withoutUpdate.joined, [`group ${target2} totalMembers`]: withoutUpdate.left, withUpdateExisting1: withUpdate },
      response: reading.response,
    });
  }, { numRuns: runsOf(target.runs, 5) });
}
