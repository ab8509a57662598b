import fc from 'fast-check';
import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeEmailRequired } from './import-judges';

export default defineCheck({
  rule: 'contacts.import.email.required',
  title: 'a record without an email address fails as a row',
  drive(ctx) {
    // An empty address keeps the first record's keys; a record without the email key differs from them as well.
    const batches = fc.record({ batch: defectiveBatch(addresses).filter((batch) => batch.defect === 'no-email'), withoutKey: fc.boolean() });
    return ctx.explore(batches, ({ batch: { records, defectAt }, withoutKey }) => {
      const contacts = records.map((record, index) => {
        if (index !== defectAt || !withoutKey) return record;
        const { email: _email, ...rest } = record;
        return rest;
      });
      return importContacts(ctx, { contacts });
    });
  },
  judge: (ctx) => judgeEmailRequired(ctx),
});
