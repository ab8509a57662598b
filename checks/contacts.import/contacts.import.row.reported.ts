// @silent-point import.success-row-errors import.warnings-when-none-failed import.error-element-shape
import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeImports } from './import-judges';
import { IMPORT_FACTS } from '../../harness/model';

export default defineCheck({
  rule: 'contacts.import.row.reported',
  title: 'a failing row is reported with success 0 and errors, and the answer carries warnings',
  drive: (ctx) => ctx.explore(defectiveBatch(addresses), ({ records }) => importContacts(ctx, { contacts: records })),
  judge: (ctx) => judgeImports(ctx, 'no accepted import with a failed row', IMPORT_FACTS.failureReported),
});
