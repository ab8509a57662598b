import { observation, type ApiResponse } from '../../harness/check';
import type { DateRange } from '../../generators';
import { runExport, type ExportRun } from '../../drivers';
import { findRangeWithoutSends } from './empty-range';
import { unusableRun } from './job-runs';

export interface ExportWithoutRecords {
  range?: DateRange;
  /** The job started and polled (undefined when no range without sends is known). */
  exportRun?: ExportRun;
  /** The jobStatus answer that reported the job Completed; `missing` says why there is none. */
  completed?: ApiResponse;
  missing?: string;
}

/** One export over a range long ago in which emails/search shows no email sent, run to its end. */
export const exportWithoutRecords = observation('one export over a range without sends, run to its end', async ({ api, target }): Promise<ExportWithoutRecords> => {
  const empty = await findRangeWithoutSends(api, target);
  if (!empty) return { missing: 'emails/search found emails sent in every candidate range (fortnights of 2001-2012), so no range without records is known' };
  const exportRun = await runExport(api, target, empty.range);
  const unusable = unusableRun(exportRun);
  if (unusable) return { range: empty.range, exportRun, missing: unusable };
  return { range: empty.range, exportRun, completed: exportRun.run!.last! };
});
