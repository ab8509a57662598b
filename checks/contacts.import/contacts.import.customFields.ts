import fc from 'fast-check';
import { customFieldValue, freshContacts, letterCase, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeCustomFields } from './sound-records';

export default defineCheck({
  rule: 'contacts.import.customFields',
  title: 'a record with customFields as a map of {value} objects imports successfully',
  drive(ctx) {
    const batches = fc.record({ size: smallBatchSize(), cases: fc.array(letterCase, { minLength: 1, maxLength: 1 }), value: customFieldValue });
    return ctx.explore(batches, ({ size, cases, value }) =>
      importContacts(ctx, { contacts: freshContacts(addresses, 'email+customFields', Array(size).fill(cases[0]), value) }));
  },
  judge: (ctx) => judgeCustomFields(ctx),
});
