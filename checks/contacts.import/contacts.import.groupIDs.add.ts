import fc from 'fast-check';
import { freshAddresses, smallBatchSize } from '../../generators';
import { defineCheck, type CheckContext } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { exampleGroupsOf, memberCounts, totalChanges } from './groups';
import { importContacts } from './import-call';
import { judgeAlongSequences } from './membership-sequences';
import { runsOf } from './rows';
import { judgeGroupIDsAdd } from './group-judges';

export default defineCheck({
  rule: 'contacts.import.groupIDs.add',
  title: 'the contacts are added to every static group of groupIDs',
  async run(ctx) {
    await judgeJoiningGroups(ctx);
    // Imported contacts join every static group of groupIDs, as a membership model predicts.
    await judgeAlongSequences(ctx, 'join');
  },
  judge: (ctx) => judgeGroupIDsAdd(ctx),
});

/** New contacts and members already there, imported with groupIDs: each group gains the new ones. */
async function judgeJoiningGroups(ctx: CheckContext): Promise<void> {
  const { api, judge, target } = ctx;
  const groups = await exampleGroupsOf(api);
  if (groups.length === 0) return judge.inconclusive('the target has no Active Static group to import into');

  // Contacts every group already holds (from earlier samples): they are no new members.
  const members: string[] = [];
  const plans = fc.record({ fresh: smallBatchSize(5), members: fc.nat({ max: 3 }) });
  await judge.property(plans, async ({ fresh, members: memberCount }, sample) => {
    const added = freshAddresses(addresses, fresh);
    const already = members.slice(0, memberCount);
    const before = await memberCounts(api, groups);
    const reading = await importContacts(ctx, { contacts: [...added, ...already].map((email) => ({ email })), groupIDs: groups });
    const after = await memberCounts(api, groups);
    if (!reading.accepted || reading.rows?.some((row) => !row.success)) sample.inconclusive('the import did not succeed row by row');
    const changes = totalChanges(groups, before, after);
    sample.expect(changes.every((change) => change.totalMembers === fresh), {
      title: `importing ${fresh} new contact(s) and ${already.length} member(s) with groupIDs=[${groups.join(',')}] raises each group's totalMembers by ${fresh}`,
      expected: groups.map((groupID) => ({ groupID, totalMembers: `+${fresh}` })),
      actual: changes,
      response: reading.response,
    });
    members.push(...added);
  }, { numRuns: runsOf(target.runs, 6) });
}
