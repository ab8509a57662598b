import type { Email } from '../data/model';
import type { Store } from '../data/store';
import { DAY_MS, HOUR_MS, parseDate } from '../datetime';
import type { FaultSwitch } from '../faults';
import { createRandom, randomGuid, type Random } from '../random';

export type JobStatus = 'Pending' | 'Completed' | 'Failed';

/** The mock's documented failure trigger: an export range starting before this date ends Failed. */
const FAILING_BEFORE = '2000-01-01';
const FILE_LIFETIME_MS = 24 * HOUR_MS;

export interface ExportResult {
  rows: Email[];
  fileKey: string;
  completedAt: number;
  expiresAt: number;
}

export interface ExportJob {
  jobID: number;
  startDate: string;
  endDate: string;
  requestedAt: number;
  /** When the job leaves Pending, on the mock clock. */
  readyAt: number;
  /** How many jobStatus answers it has had. */
  polls: number;
  /** Set when the job is first seen Completed. */
  result?: ExportResult;
}

/** Export jobs: Pending until a delay (on the mock clock) has passed, then Completed or Failed. */
export class ExportJobs {
  private readonly jobs = new Map<number, ExportJob>();
  /** Files whose key jobStatus has handed out; only these can be fetched. */
  private readonly issuedFiles = new Map<string, ExportResult>();
  private readonly random: Random;
  private nextJobID = 1;

  constructor(
    seed: number,
    private readonly delayMs: readonly [number, number],
    /** At most this many jobStatus answers say Pending (mock option exportPendingPolls); Infinity: no limit. */
    private readonly pendingPolls = Infinity,
  ) {
    this.random = createRandom(seed ^ 0x5eed);
  }

  create(startDate: string, endDate: string, now: number): ExportJob {
    const [min, max] = this.delayMs;
    const job = { jobID: this.nextJobID++, startDate, endDate, requestedAt: now, readyAt: now + this.random.int(min, max), polls: 0 };
    this.jobs.set(job.jobID, job);
    return job;
  }

  job(jobID: number): ExportJob | undefined {
    return this.jobs.get(jobID);
  }

  all(): IterableIterator<ExportJob> {
    return this.jobs.values();
  }

  /** Counts a jobStatus answer about the job; past the Pending answers allowed, its clock moves on to its end now. */
  poll(job: ExportJob, now: number): void {
    job.polls += 1;
    if (job.polls > this.pendingPolls && now < job.readyAt) job.readyAt = now;
  }

  status(job: ExportJob, now: number, faults: FaultSwitch): JobStatus {
    if (faults.has('exports-job-never-finishes') || now < job.readyAt) return 'Pending';
    const failing = job.startDate < FAILING_BEFORE && !faults.has('exports-failing-range-completes');
    return failing ? 'Failed' : 'Completed';
  }

  /** The rows of a completed job: every email with a dateSent in [startDate 00:00:00, endDate 23:59:59]. */
  result(job: ExportJob, store: Store): ExportResult {
    if (job.result) return job.result;
    const from = parseDate(job.startDate) as number;
    const until = (parseDate(job.endDate) as number) + DAY_MS;
    const rows = exportableEmails(store)
      .filter((email) => email.dateSent !== undefined && email.dateSent >= from && email.dateSent < until)
      .sort((a, b) => (a.dateSent as number) - (b.dateSent as number) || a.emailID - b.emailID);
    job.result = { rows, fileKey: randomGuid(this.random), completedAt: job.readyAt, expiresAt: job.readyAt + FILE_LIFETIME_MS };
    return job.result;
  }

  /** Records that jobStatus handed out this result's fileKey. */
  issue(result: ExportResult): void {
    this.issuedFiles.set(result.fileKey, result);
  }

  /** The issued file with this key (compared case-insensitively), expired or not. */
  file(fileKey: string): ExportResult | undefined {
    return this.issuedFiles.get(fileKey.trim().toUpperCase());
  }
}

/** Every email that went out: manual and transactional emails and individual automated sends (not their summaries). */
function exportableEmails(store: Store): Email[] {
  const { manual, automatedSends, transactional } = store.emailSets;
  return [...manual, ...automatedSends, ...transactional];
}
