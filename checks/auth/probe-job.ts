/** A real export job for the token probes of jobStatus and getFile: started over a range with sends, run to its end. */
import { LANES, RangeLane } from '../../generators';
import type { ApiClient, Target } from '../../harness/check';
import { pollJob, startExport, type ExportStart, type JobRun, findDayWithSends } from '../../drivers';
import { fileKeyOf } from '../../harness/model';

export interface ProbeJob {
  start?: ExportStart;
  run?: JobRun;
  jobID?: number;
  fileKey?: string;
  /** Why there is no jobID or fileKey to probe with. */
  missing?: string;
}

/** The worker's one probe job, shared by the token probes and the token matrix (started on first use). */
const started = new WeakMap<Target, Promise<ProbeJob>>();

/** The probe job of this target in this worker: started by the first caller, awaited by the others. */
export function sharedProbeJob(api: ApiClient, target: Target): Promise<ProbeJob> {
  let job = started.get(target);
  if (!job) started.set(target, (job = probeJob(api, target)));
  return job;
}

async function probeJob(api: ApiClient, target: Target): Promise<ProbeJob> {
  const found = await findDayWithSends(api, target);
  const lane = found ? new RangeLane(LANES.authFile, target.seed, { endingAt: found.day }) : new RangeLane(LANES.authFile, target.seed);
  const range = lane.fresh(30);
  const start = await startExport(api, target, range, target.exportBudgetS * 1000);
  if (start.jobID === undefined) return { start, missing: `no export job could be started over ${range.startDate}..${range.endDate}` };
  const run = await pollJob(api, target, start.jobID, start.startedAt);
  const fileKey = run.last && run.phase === 'completed' ? fileKeyOf(run.last, target.profile) : undefined;
  return {
    start,
    run,
    jobID: start.jobID,
    ...(fileKey === undefined ? { missing: `job ${start.jobID} gave no fileKey (it ended ${run.timeline.at(-1)?.status ?? 'unfinished'})` } : { fileKey }),
  };
}
