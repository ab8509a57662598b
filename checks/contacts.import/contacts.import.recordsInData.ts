import { anyImportBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeImports } from './import-judges';

export default defineCheck({
  rule: 'contacts.import.recordsInData',
  title: 'recordsInData equals the number of records passed',
  drive: (ctx) => ctx.explore(anyImportBatch(addresses), (records) => importContacts(ctx, { contacts: records })),
  judge: (ctx) =>
    judgeImports(ctx, 'no accepted import of an array of records', (records, reading) =>
      reading.result?.recordsInData === records.length ? undefined : { title: `recordsInData is the ${records.length} record(s) passed`, expected: records.length, actual: { recordsInData: reading.result?.recordsInData } }),
});
