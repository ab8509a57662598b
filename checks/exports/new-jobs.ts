import { observation, type ApiResponse } from '../../harness/check';
import { LANES, MAX_RANGE_DAYS, RangeLane, type DateRange } from '../../generators';
import { startExport, type ExportStart } from '../../drivers';
import { retryWindowMs } from './job-runs';

/** One export request over a fresh range, and (when it answered a readable jobID) the new job's first status. */
export interface NewJob {
  range: DateRange;
  start: ExportStart;
  status?: ApiResponse;
}

/**
 * Export requests over a single day, two days, a month and the longest range of the request lane,
 * each new job asked for its status once. One after the other: a target briefly refusing every
 * request while a job is Pending (a duplicate.other-params fault) then holds up one request at a
 * time, within the retry window.
 */
export const newJobs = observation('export requests over fresh ranges, each new job asked its status once', async ({ api, target }) => {
  const lane = new RangeLane(LANES.request, target.seed);
  const jobs: NewJob[] = [];
  for (const range of [0, 1, 30, MAX_RANGE_DAYS].map((length) => lane.fresh(length))) {
    const start = await startExport(api, target, range, retryWindowMs(target));
    const status = start.jobID === undefined ? undefined : await api.call('exports.jobStatus', { params: { jobID: start.jobID } });
    jobs.push({ range, start, ...(status ? { status } : {}) });
  }
  return jobs;
});
