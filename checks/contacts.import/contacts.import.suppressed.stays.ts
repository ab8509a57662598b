import { defineCheck, Unjudged, type CheckContext } from '../../harness/core';
import { countChange, exampleGroupsOf, memberCounts } from './groups';
import { importContacts } from './import-call';
import { rowsSummary } from './rows';
import { judgeSuppressedStays } from './group-judges';

export default defineCheck({
  rule: 'contacts.import.suppressed.stays',
  title: 'importing a suppressed contact into a group does not make it active',
  async run(ctx) {
    const { api, judge, target } = ctx;
    const group = (await exampleGroupsOf(api))[0];
    if (group === undefined) return judge.inconclusive('the target has no Active Static group to import into');
    const suppressed = (target.profile.fixtures?.suppressedEmails ?? []).slice(0, 3);

    for (const email of suppressed) {
      // Only the address is sent, so the fixture contact's data stays as it is.
      const contacts = [{ email }];
      const left = await importContacts(ctx, { contacts, removeGroupIDs: [group] });
      if (!left.accepted || !left.rows?.[0]?.success || left.rows[0].inserted) {
        judge.inconclusive(`${email} (fixtures.suppressedEmails) is not an existing contact the target imports`, [
          { title: 'import of the fixture address', actual: rowsSummary(left), curl: left.response.curl },
        ]);
        continue;
      }
      try {
        await judgeStaysSuppressed(ctx, email, group);
      } catch (error) {
        if (!(error instanceof Unjudged)) throw error;
        judge.inconclusive(error.message);
      } finally {
        // Leave the fixture contact out of the group again.
        await importContacts(ctx, { contacts, removeGroupIDs: [group] });
      }
    }
  },
  judge: (ctx) => judgeSuppressedStays(ctx),
});

/** Imports the suppressed contact into the group: it counts in totalMembers but not in activeMembers. */
async function judgeStaysSuppressed(ctx: CheckContext, email: string, group: number): Promise<void> {
  const { api, judge } = ctx;
  const before = await memberCounts(api, [group]);
  const reading = await importContacts(ctx, { contacts: [{ email }], groupIDs: [group] });
  const after = await memberCounts(api, [group]);
  const change = countChange(before, after, group);
  if (change.total !== 1) {
    judge.inconclusive(`importing ${email} into group ${group} changed its totalMembers by ${change.total}, not 1, so its state cannot be seen through the group`, [
      { title: 'the import', actual: { change, rows: rowsSummary(reading) }, curl: reading.response.curl },
    ]);
    return;
  }
  judge.check(change.active === 0, {
    title: `suppressed ${email} imported into group ${group} counts in totalMembers but not in activeMembers`,
    expected: { totalMembers: '+1', activeMembers: '+0' },
    actual: { totalMembers: change.total, activeMembers: change.active },
    response: reading.response,
  });
}
