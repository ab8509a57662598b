import { anyImportBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeImports } from './import-judges';
import { IMPORT_FACTS } from '../../harness/model';

export default defineCheck({
  rule: 'contacts.import.recordsInData',
  title: 'recordsInData equals the number of records passed',
  drive: (ctx) => ctx.explore(anyImportBatch(addresses), (records) => importContacts(ctx, { contacts: records })),
  judge: (ctx) => judgeImports(ctx, 'no accepted import of an array of records', IMPORT_FACTS.recordsInData),
});
