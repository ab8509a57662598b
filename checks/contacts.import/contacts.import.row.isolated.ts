import { contactOfShape, defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeRowIsolated } from './sound-records';

export default defineCheck({
  rule: 'contacts.import.row.isolated',
  title: 'a failing row fails alone: the call succeeds and the other rows succeed',
  async drive(ctx) {
    // Records of each shape imported without a failing row: what the judge compares sound rows next to a failing one with.
    for (const shape of ['email', 'email+customFields'] as const) await importContacts(ctx, { contacts: [contactOfShape(shape, addresses.fresh())] });
    await ctx.explore(defectiveBatch(addresses), ({ records }) => importContacts(ctx, { contacts: records }));
  },
  judge: (ctx) => judgeRowIsolated(ctx),
});
