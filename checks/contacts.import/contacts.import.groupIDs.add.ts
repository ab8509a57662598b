import fc from 'fast-check';
import { freshAddresses, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { judgeGroupIDsAdd } from './group-judges';
import { exampleGroupsOf, sightGroups } from './groups';
import { importContacts, runsOf } from './import-call';
import { driveImportSequences } from './import-sequences';

export default defineCheck({
  rule: 'contacts.import.groupIDs.add',
  title: 'the contacts are added to every static group of groupIDs',
  async drive(ctx) {
    const { api, target } = ctx;
    const groups = await exampleGroupsOf(api);
    if (groups.length > 1) {
      // New contacts into the first group (activeMembers shows whether they are active), then the same contacts, now
      // existing, into the second: both member counters after a write of existing contacts.
      const joined = freshAddresses(addresses, 2).map((email) => ({ email }));
      for (const groupIDs of [[groups[0]!], [groups[1]!]]) {
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts: joined, groupIDs });
      }
      await sightGroups(api, groups);
    }
    if (groups.length > 0) {
      // New contacts and members already there (from earlier draws), imported with groupIDs naming both groups.
      const members: string[] = [];
      const plans = fc.record({ fresh: smallBatchSize(5), members: fc.nat({ max: 3 }) });
      await ctx.explore(plans, async ({ fresh, members: memberCount }) => {
        const added = freshAddresses(addresses, fresh);
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts: [...added, ...members.slice(0, memberCount)].map((email) => ({ email })), groupIDs: groups });
        await sightGroups(api, groups);
        members.push(...added);
      }, { numRuns: runsOf(target.runs, 6) });
    }
    await driveImportSequences(ctx, 'join');
  },
  judge: (ctx) => judgeGroupIDsAdd(ctx),
});
