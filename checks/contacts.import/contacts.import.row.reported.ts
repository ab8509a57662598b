// @silent-point import.success-row-errors import.warnings-when-none-failed import.error-element-shape
import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { hasErrors, hasWarnings } from './rows';
import { judgeImports } from './import-judges';

export default defineCheck({
  rule: 'contacts.import.row.reported',
  title: 'a failing row is reported with success 0 and errors, and the answer carries warnings',
  drive: (ctx) => ctx.explore(defectiveBatch(addresses), ({ records }) => importContacts(ctx, { contacts: records })),
  judge: (ctx) =>
    judgeImports(ctx, 'no accepted import with a failed row', (_records, reading) => {
      const failed = (reading.rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => !row.success);
      if (failed.length === 0) return 'imports without a failed row say nothing of failure reports';
      const silent = failed.filter(({ row }) => !hasErrors(row));
      if (silent.length > 0) return { title: `failed row ${silent[0]!.index + 1} carries a non-empty errors array`, expected: 'errors: [at least one]', actual: silent.map(({ row, index }) => ({ row: index + 1, errors: row.errors })) };
      return hasWarnings(reading) ? undefined : { title: `an answer with ${failed.length} failed row(s) carries warnings`, expected: 'warnings present', actual: { warnings: reading.result?.warnings } };
    }),
});
