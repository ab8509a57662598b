import { observation, type ApiResponse, type ObservationContext } from '../../harness/check';
import { LANES, RangeLane, rangeText, type DateRange } from '../../generators';
import { runExport, type ExportRun, findDayWithSends } from '../../drivers';
import { unusableRun } from './job-runs';
import { fileKeyOf, fileExpirationOf, totalRecordsOf } from '../../harness/model';

/** The Completed job with records the file rules judge. */
export interface RecordsJob {
  jobID: number;
  range: DateRange;
  /** The jobStatus answer that reported it Completed. */
  completed: ApiResponse;
  /** When it was seen Completed (ms since epoch). */
  finishedAt: number;
  totalRecords?: number;
  fileKey?: string;
  expiration?: string;
}

export interface ExportWithRecords {
  /** The job started and polled (undefined when no day with sends is known). */
  exportRun?: ExportRun;
  /** The Completed job with records; `missing` says why there is none. */
  job?: RecordsJob;
  missing?: string;
  /** getFile with the job's fileKey (when it has one). */
  download?: ApiResponse;
  /** When that getFile answered (ms since epoch). */
  downloadedAt?: number;
}

/**
 * One export over a range ending on a day with sends (found through emails/search), run to its end,
 * its file fetched when the job completed with records and a fileKey, and the job polled once more.
 */
export const exportWithRecords = observation('one export over a range with sends, run to its end, its file fetched', (ctx) => exportOverSends(ctx));

/**
 * An export over a range of the records lane ending on a day with sends, run to its end, its file fetched:
 * the lane's `nth` range (0: the shared observation's; a later one is a job of the caller's own).
 */
export async function exportOverSends({ api, target }: Pick<ObservationContext, 'api' | 'target'>, nth = 0): Promise<ExportWithRecords> {
  const { profile } = target;
  const found = await findDayWithSends(api, target);
  if (!found) return { missing: 'emails/search shows no email sent in the last 18 months, so no export range with records is known' };
  const lane = new RangeLane(LANES.fileRecords, target.seed, { endingAt: found.day });
  for (let i = 0; i < nth; i++) lane.fresh();
  const range = lane.fresh();
  const exportRun = await runExport(api, target, range);
  const unusable = unusableRun(exportRun);
  if (unusable) return { exportRun, missing: unusable };
  const completed = exportRun.run!.last!;
  const totalRecords = totalRecordsOf(completed, profile);
  if (totalRecords === 0) {
    const day = found.day.toISOString().slice(0, 10);
    return { exportRun, missing: `the job over ${rangeText(range)} (which holds an email sent on ${day} per emails/search) completed with totalRecords 0` };
  }
  const fileKey = fileKeyOf(completed, profile);
  const expiration = fileExpirationOf(completed, profile);
  const job: RecordsJob = {
    jobID: exportRun.start.jobID!,
    range,
    completed,
    finishedAt: exportRun.run!.finishedAt!,
    ...(totalRecords === undefined ? {} : { totalRecords }),
    ...(fileKey === undefined ? {} : { fileKey }),
    ...(expiration === undefined ? {} : { expiration }),
  };
  const pollAgain = () => api.call('exports.jobStatus', { params: { jobID: job.jobID } });
  // Polled once more (after the download, when there is a file): a Completed job with records carries fileKey and fileExpiration on every poll (exports.job.file-key).
  if (fileKey === undefined) {
    await pollAgain();
    return { exportRun, job };
  }
  const download = await api.call('exports.getFile', { params: { fileKey } });
  const downloadedAt = Date.now();
  await pollAgain();
  return { exportRun, job, download, downloadedAt };
}

/** Whether getFile returned the file: a success carrying a non-empty file. */
export const fileFetched = (download: ApiResponse): boolean => download.outcome === 'success' && download.file !== undefined && download.file.length > 0;
