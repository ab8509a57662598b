import type { Choices } from '../choices/choices';
import type { Email } from '../data/model';
import type { Store } from '../data/store';
import { DAY_MS, HOUR_MS, parseDate } from '../datetime';
import type { FaultSwitch } from '../faults';
import { createRandom, randomGuid, type Random } from '../random';

export type JobStatus = 'Pending' | 'In Progress' | 'Completed' | 'Failed';

/** The mock's documented failure trigger: an export range starting before this date ends Failed. */
const FAILING_BEFORE = '2000-01-01';
const FILE_LIFETIME_MS = 24 * HOUR_MS;
/** exports.file-lifetime=short: files are available for 30 minutes after completion. */
const SHORT_FILE_LIFETIME_MS = HOUR_MS / 2;
/** exports.job-ids=from-1001: job IDs start here. */
const HIGH_FIRST_JOB_ID = 1001;

export interface ExportResult {
  rows: Email[];
  fileKey: string;
  completedAt: number;
  expiresAt: number;
  /** When getFile first served the file, on the mock clock (the single-use and early-expiry faults count from it). */
  firstServedAt?: number;
}

export interface ExportJob {
  jobID: number;
  startDate: string;
  endDate: string;
  requestedAt: number;
  /** exports.running-statuses=in-progress: when the job moves from Pending to In Progress, on the mock clock. */
  startedAt: number;
  /** When the job leaves Pending (in-progress: In Progress), on the mock clock. */
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
    /**
     * exports.running-statuses=in-progress: a job is Pending, then In Progress, then Completed or Failed (with a
     * poll limit: Pending for pendingPolls answers, In Progress for one more); exports.job-ids=from-1001: IDs
     * start at 1001; exports.fileKey-form=lower-exact: fileKeys are lower case, matched exactly;
     * exports.file-lifetime=short: files last 30 minutes; exports.file-rows=by-emailID: rows are ordered by emailID.
     */
    private readonly choices: Choices,
    /** How long a file is available after its job completed (mock option exportFileLifetimeMs); default per exports.file-lifetime. */
    private readonly fileLifetimeMs = choices.is('exports.file-lifetime', 'short') ? SHORT_FILE_LIFETIME_MS : FILE_LIFETIME_MS,
  ) {
    this.random = createRandom(seed ^ 0x5eed);
    this.inProgress = choices.is('exports.running-statuses', 'in-progress');
    this.exactKeys = choices.is('exports.fileKey-form', 'lower-exact');
    if (choices.is('exports.job-ids', 'from-1001')) this.nextJobID = HIGH_FIRST_JOB_ID;
  }

  private readonly inProgress: boolean;
  private readonly exactKeys: boolean;

  create(startDate: string, endDate: string, now: number): ExportJob {
    const [min, max] = this.delayMs;
    const delay = this.random.int(min, max);
    const startedAt = this.inProgress ? now + Math.floor(delay / 2) : now + delay;
    const job = { jobID: this.nextJobID++, startDate, endDate, requestedAt: now, startedAt, readyAt: now + delay, polls: 0 };
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
    if (this.inProgress) {
      if (job.polls === this.pendingPolls + 1 && now < job.startedAt) job.startedAt = now;
      if (job.polls > this.pendingPolls + 1 && now < job.readyAt) job.readyAt = now;
      return;
    }
    if (job.polls > this.pendingPolls && now < job.readyAt) job.readyAt = now;
  }

  status(job: ExportJob, now: number, faults: FaultSwitch): JobStatus {
    if (faults.has('exports-job-never-finishes') || (this.inProgress ? now < job.startedAt : now < job.readyAt)) return 'Pending';
    if (now < job.readyAt) return 'In Progress';
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
      .sort(this.choices.is('exports.file-rows', 'by-emailID') ? (a, b) => a.emailID - b.emailID : (a, b) => (a.dateSent as number) - (b.dateSent as number) || a.emailID - b.emailID);
    const fileKey = this.exactKeys ? randomGuid(this.random).toLowerCase() : randomGuid(this.random);
    job.result = { rows, fileKey, completedAt: job.readyAt, expiresAt: job.readyAt + this.fileLifetimeMs };
    return job.result;
  }

  /** Gives the result a new fileKey (fault exports-file-key-rotates: the file is rebuilt under a new key); the earlier keys still find it. */
  rekey(result: ExportResult): void {
    result.fileKey = this.exactKeys ? randomGuid(this.random).toLowerCase() : randomGuid(this.random);
  }

  /** Records that jobStatus handed out this result's fileKey. */
  issue(result: ExportResult): void {
    this.issuedFiles.set(result.fileKey, result);
  }

  /** The issued file with this key (compared case-insensitively; exports.fileKey-form=lower-exact: exactly), expired or not. */
  file(fileKey: string): ExportResult | undefined {
    return this.issuedFiles.get(this.exactKeys ? fileKey : fileKey.trim().toUpperCase());
  }
}

/** Every email that went out: manual and transactional emails and individual automated sends (not their summaries). */
function exportableEmails(store: Store): Email[] {
  const { manual, automatedSends, transactional } = store.emailSets;
  return [...manual, ...automatedSends, ...transactional];
}
