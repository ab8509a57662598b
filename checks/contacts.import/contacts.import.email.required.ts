import fc from 'fast-check';
import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { expectRowFails } from './defective-row';
import { judgeEmailRequired } from './traffic-imports';

export default defineCheck({
  rule: 'contacts.import.email.required',
  title: 'a record without an email address fails as a row',
  async run(ctx) {
    // An empty address keeps the first record's keys; a record without the email key differs from them as well.
    const batches = fc.record({ batch: defectiveBatch(addresses).filter((batch) => batch.defect === 'no-email'), withoutKey: fc.boolean() });
    await ctx.judge.property(batches, async ({ batch: { records, defectAt }, withoutKey }, sample) => {
      const contacts = records.map((record, index) => {
        if (index !== defectAt || !withoutKey) return record;
        const { email: _email, ...rest } = record;
        return rest;
      });
      await expectRowFails(ctx, contacts, defectAt, withoutKey ? 'no email key' : 'email ""', sample);
    });
  },
  judge: (ctx) => judgeEmailRequired(ctx),
});
