import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeFirstRecordStructure } from './import-judges';

export default defineCheck({
  rule: 'contacts.import.structure.first-record',
  title: 'a record whose keys differ from the first record fails as a row',
  drive(ctx) {
    const batches = defectiveBatch(addresses).filter((batch) => batch.defect === 'added-key' || batch.defect === 'missing-key');
    return ctx.explore(batches, ({ records }) => importContacts(ctx, { contacts: records }));
  },
  judge: (ctx) => judgeFirstRecordStructure(ctx),
});
