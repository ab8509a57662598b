/**
 * Support for the export-flow suite (and the auth suite, which needs a real jobID and fileKey):
 * date ranges unique per test, requesting a job, polling it to its end, reading the job answer
 * through the profile, and discovering the target's data through emails/search only.
 */
import { valueAt } from '../../harness/contract';
import type { ApiClient, ApiResponse, Target } from '../../harness/core';
import { addDays, addMonths, formatDate, formatDatetime, parseTargetDatetime } from '../../harness/oracles';
import type { Evidence, Profile } from '../../harness/types';
import { allowedValues, boundsOf, defaultOf, defaultWindowMonths, param } from '../../generators';

const DAY_MS = 86_400_000;

// ------------------------------------------------------------------ date ranges

/** An export range as the request carries it (YYYY-MM-DD). */
export interface DateRange {
  startDate: string;
  endDate: string;
}

export const rangeParams = (range: DateRange): Record<string, string> => ({ startDate: range.startDate, endDate: range.endDate });
export const rangeText = (range: DateRange): string => `${range.startDate}..${range.endDate}`;

/** Midnight GMT of the day holding `date`. */
export const dayOf = (date: Date): Date => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);

/**
 * The lanes of the run: every test that requests exports draws its ranges from its own lane, so two
 * tests running at the same time never send the same parameters (which the duplicate rule would
 * refuse). A lane owns LANE_SPAN distinct start days; the seed shifts them from run to run.
 */
export const LANES = {
  request: 0,
  duplicatePending: 1,
  duplicateOther: 2,
  duplicateAfter: 3,
  authNoToken: 4,
  authInvalidToken: 5,
  /** The two lanes of ranges ending on a day with sends (they differ by lane parity). */
  fileRecords: 6,
  authFile: 7,
} as const;

const LANE_SPAN = 64;
/** The longest range a lane hands out, in days after its start. */
export const MAX_RANGE_DAYS = 60;

/**
 * Ranges of one lane, all with distinct start days. By default they end at the latest a day before
 * now (start days go back from `now - 1 - MAX_RANGE_DAYS`); `endingAt` gives ranges that all end on
 * one day (ranges around a day known to hold sends).
 */
export class RangeLane {
  private used = 0;
  private readonly anchor: Date;
  private readonly shift: number;

  constructor(
    private readonly lane: number,
    seed: number,
    private readonly options: { now?: Date; endingAt?: Date } = {},
  ) {
    this.anchor = options.endingAt ? dayOf(options.endingAt) : addDays(dayOf(options.now ?? new Date()), -1 - MAX_RANGE_DAYS);
    this.shift = Math.abs(seed) % LANE_SPAN;
  }

  /** A range no other lane (and no earlier call of this lane) hands out; `lengthDays` 0 is a single day. */
  fresh(lengthDays = 0): DateRange {
    if (this.options.endingAt) {
      // Ranges ending on one day differ by their start: two such lanes share the 64 days before it.
      const half = LANE_SPAN / 2;
      if (this.used >= half) throw new Error(`export lane ${this.lane} is exhausted (${half} ranges per test)`);
      // At least one day before it: a range of two days or more.
      const offset = 1 + (this.lane % 2) * half + ((this.shift + this.used * 7) % half);
      this.used += 1;
      return { startDate: formatDate(addDays(this.anchor, -offset)), endDate: formatDate(this.anchor) };
    }
    if (this.used >= LANE_SPAN) throw new Error(`export lane ${this.lane} is exhausted (${LANE_SPAN} ranges per test)`);
    // 7 is prime to LANE_SPAN, so the first LANE_SPAN calls give distinct offsets.
    const offset = this.lane * LANE_SPAN + ((this.shift + this.used * 7) % LANE_SPAN);
    this.used += 1;
    const start = addDays(this.anchor, -offset);
    const length = Math.max(0, Math.min(MAX_RANGE_DAYS, Math.floor(lengthDays)));
    return { startDate: formatDate(start), endDate: formatDate(addDays(start, length)) };
  }
}

// ------------------------------------------------------------------ reading job answers

export type JobPhase = 'pending' | 'running' | 'completed' | 'failed' | 'unknown';

const same = (a: string | undefined, b: string): boolean => a !== undefined && a.toLowerCase() === b.toLowerCase();

/** The status string of a jobStatus answer (undefined when the answer carries none). */
export const jobStatusOf = (response: ApiResponse): string | undefined => response.job?.status;

/**
 * Where a jobStatus answer puts the job, per the profile's status names (compared without regard to
 * letter case). An error that names no status is the job's failure as the profile reports it (a REST
 * target answers a failed job with a 4xx and its error body only).
 */
export function phaseOf(response: ApiResponse, profile: Profile): JobPhase {
  const status = jobStatusOf(response);
  const names = profile.jobStatuses;
  if (same(status, names.pending)) return 'pending';
  if (names.running.some((name) => same(status, name))) return 'running';
  if (same(status, names.completed)) return 'completed';
  if (same(status, names.failed)) return 'failed';
  if (response.outcome === 'error' && status === undefined) return 'failed';
  return 'unknown';
}

/** A raw payload value of the answer at a pointer relative to the payload. */
const payloadValue = (response: ApiResponse, pointer: string): unknown => valueAt(response.payload, pointer);

/** An integer read leniently (an integer, or a string of digits: the schema rules judge the type). */
function lenientInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/** The jobID an export request answered, read leniently (schema.exports.emails judges its type). */
export const jobIdOf = (response: ApiResponse, profile: Profile): number | undefined =>
  response.outcome === 'success' ? lenientInteger(payloadValue(response, profile.pointers.jobID)) : undefined;

/** The jobID exactly as answered (for evidence and the integer check). */
export const rawJobId = (response: ApiResponse, profile: Profile): unknown => payloadValue(response, profile.pointers.jobID);

/** totalRecords of a jobStatus answer, read leniently (schema.exports.jobStatus judges its type). */
export const totalRecordsOf = (response: ApiResponse, profile: Profile): number | undefined =>
  lenientInteger(payloadValue(response, profile.pointers.job.totalRecords));

/** A non-empty string value of the job (fileKey, fileExpiration); "", null and absence are no value. */
export function jobText(response: ApiResponse, pointer: string): string | undefined {
  const value = payloadValue(response, pointer);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export const fileKeyOf = (response: ApiResponse, profile: Profile): string | undefined => jobText(response, profile.pointers.job.fileKey);
export const fileExpirationOf = (response: ApiResponse, profile: Profile): string | undefined =>
  jobText(response, profile.pointers.job.fileExpiration);

/** Whether a fileKey is present at all (any value but absent/null/""), for the no-records rule. */
export function carriesFileKey(response: ApiResponse, profile: Profile): boolean {
  const value = payloadValue(response, profile.pointers.job.fileKey);
  return !(value === undefined || value === null || value === '');
}

/**
 * A datetime of the target read in the profile's format, else as ISO 8601 with a zone (the
 * envelope.datetime-format rule judges the format; the export rules judge the moment).
 */
export function readDatetime(value: unknown, profile: Profile): Date | undefined {
  const parsed = parseTargetDatetime(value, profile.datetime.format);
  if (parsed || typeof value !== 'string') return parsed;
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return undefined;
  const time = Date.parse(value.trim().replace(' ', 'T'));
  return Number.isNaN(time) ? undefined : new Date(time);
}

// ------------------------------------------------------------------ requesting a job

export interface ExportStart {
  range: DateRange;
  /** The accepted request (undefined when every attempt was refused). */
  accepted?: ApiResponse;
  jobID?: number;
  /** The refused attempts, in order. */
  refusals: ApiResponse[];
  /** When the accepted request was sent (ms since epoch). */
  startedAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Requests an export of the range; a refusal is retried with backoff for up to `retryForMs`. Ranges
 * are unique per test, so a refusal is never the documented duplicate rule: it is a target that
 * refuses this range (kept refusing: given up) or that is briefly refusing everything.
 */
export async function startExport(api: ApiClient, target: Target, range: DateRange, retryForMs: number): Promise<ExportStart> {
  const refusals: ApiResponse[] = [];
  const until = Date.now() + retryForMs;
  let delay = 250;
  for (;;) {
    const startedAt = Date.now();
    const response = await api.call('exports.emails', { params: rangeParams(range) });
    if (response.outcome === 'success') {
      return { range, accepted: response, jobID: jobIdOf(response, target.profile), refusals, startedAt };
    }
    refusals.push(response);
    if (Date.now() + delay > Math.min(until, target.deadline)) return { range, refusals, startedAt };
    await sleep(delay);
    delay = Math.min(delay * 1.5, 1000);
  }
}

/** How long a check retries an export request that a conforming target would accept at once. */
export function retryWindowMs(target: Target): number {
  return Math.min(30_000, target.exportBudgetS * 1000);
}

export function refusalEvidence(start: ExportStart): Evidence[] {
  return start.refusals.slice(-2).map((response, index) => ({
    title: `export request ${rangeText(start.range)} refused (attempt ${start.refusals.length - Math.min(2, start.refusals.length) + index + 1} of ${start.refusals.length})`,
    request: { method: response.method, url: response.url },
    response: { ...(response.status === undefined ? {} : { status: response.status }), body: response.body },
    curl: response.curl,
  }));
}

// ------------------------------------------------------------------ polling

export interface Poll {
  elapsedMs: number;
  outcome: ApiResponse['outcome'];
  status?: string;
  phase: JobPhase;
}

export interface JobRun {
  /** The last jobStatus answer. */
  last?: ApiResponse;
  phase: JobPhase;
  finished: boolean;
  /** Why polling stopped without an end: the export budget, or the run's time budget. */
  stoppedBecause?: 'export-budget' | 'run-budget';
  timeline: Poll[];
  /** When the end was seen (ms since epoch). */
  finishedAt?: number;
}

/**
 * Polls jobStatus with backoff (200 ms, growing by a quarter, at most 5 s apart) until the job is Completed or
 * Failed (per the profile), or the export budget (EMS_EXPORT_BUDGET_S) from `startedAt` has passed.
 * Pending, running and unknown statuses mean "poll again" (the full list of statuses is not shown).
 */
export async function pollJob(api: ApiClient, target: Target, jobID: number, startedAt: number): Promise<JobRun> {
  const timeline: Poll[] = [];
  const budgetEnd = startedAt + target.exportBudgetS * 1000;
  let delay = 200;
  let last: ApiResponse | undefined;
  for (;;) {
    last = await api.call('exports.jobStatus', { params: { jobID } });
    const phase = phaseOf(last, target.profile);
    const status = jobStatusOf(last);
    timeline.push({ elapsedMs: Date.now() - startedAt, outcome: last.outcome, ...(status === undefined ? {} : { status }), phase });
    if (phase === 'completed' || phase === 'failed') return { last, phase, finished: true, timeline, finishedAt: Date.now() };
    const next = Date.now() + delay;
    if (next > budgetEnd) return { last, phase, finished: false, stoppedBecause: 'export-budget', timeline };
    if (next > target.deadline) return { last, phase, finished: false, stoppedBecause: 'run-budget', timeline };
    await sleep(delay);
    delay = Math.min(Math.round(delay * 1.25), 5000);
  }
}

/** The polls as one line each: "+1234 ms Pending (success)". */
export const timelineText = (timeline: Poll[]): string[] =>
  timeline.map((poll) => `+${poll.elapsedMs} ms ${poll.status ?? '(no status)'} (${poll.outcome})`);

/** A job started and run to its end: the usual setup of the export checks. */
export interface ExportRun {
  start: ExportStart;
  run?: JobRun;
}

export async function runExport(api: ApiClient, target: Target, range: DateRange): Promise<ExportRun> {
  const start = await startExport(api, target, range, target.exportBudgetS * 1000);
  if (start.jobID === undefined) return { start };
  return { start, run: await pollJob(api, target, start.jobID, start.startedAt) };
}

/** Why a run gives no completed job to judge further, or undefined when it does. */
export function unusableRun(exportRun: ExportRun): string | undefined {
  const { start, run } = exportRun;
  if (!start.accepted) return `the export request ${rangeText(start.range)} was refused ${start.refusals.length} time(s): ${start.refusals.at(-1)?.errors[0] ?? 'no message'}`;
  if (start.jobID === undefined) return `the export request ${rangeText(start.range)} answered no readable jobID`;
  if (!run) return 'the job was not polled';
  if (!run.finished) return `the job ${start.jobID} did not finish (${run.stoppedBecause === 'run-budget' ? 'run time budget reached' : 'export budget reached'}; last status ${run.timeline.at(-1)?.status ?? 'none'})`;
  if (run.phase !== 'completed') return `the job ${start.jobID} ended ${run.timeline.at(-1)?.status ?? 'as an error'}, not Completed`;
  return undefined;
}

// ------------------------------------------------------------------ discovering data through emails/search

const SEARCH = 'emails.search' as const;

/**
 * Every search that can show a send: each deliveryType, and the one automatedResults applies to
 * (named by the spec's x-applies-when) with each of its values, since a summary may fold sends away.
 */
function sendSearches(): Record<string, unknown>[] {
  const searches: Record<string, unknown>[] = allowedValues(SEARCH, 'deliveryType').map((deliveryType) => ({ deliveryType }));
  const condition = param(SEARCH, 'automatedResults')['x-applies-when'] as { deliveryType?: unknown } | undefined;
  const automatedDefault = String(defaultOf(SEARCH, 'automatedResults'));
  if (typeof condition?.deliveryType === 'string') {
    for (const automatedResults of allowedValues(SEARCH, 'automatedResults')) {
      if (automatedResults !== automatedDefault) searches.push({ deliveryType: condition.deliveryType, automatedResults });
    }
  }
  return searches;
}

export interface DayWithSends {
  day: Date;
  /** The search that showed it. */
  response: ApiResponse;
}

/**
 * A day on which the target sent an email: searched with explicit windows of the default length,
 * going back from now, over every delivery type. Undefined when none is found.
 */
export async function findDayWithSends(api: ApiClient, target: Target, now = new Date()): Promise<DayWithSends | undefined> {
  const months = defaultWindowMonths();
  const format = target.profile.datetime.format;
  for (let back = 0; back < 3; back += 1) {
    const end = addMonths(now, -months * back);
    const start = addMonths(end, -months);
    const window = { dateSentStart: formatDatetime(start, format), dateSentEnd: formatDatetime(end, format) };
    for (const search of sendSearches()) {
      const response = await api.call(SEARCH, { params: { ...search, ...window } });
      if (response.outcome !== 'success') continue;
      for (const record of response.records ?? []) {
        const sent = readDatetime((record as Record<string, unknown>)?.dateSent, target.profile);
        if (sent && sent.getTime() <= now.getTime() && sent.getTime() >= start.getTime()) return { day: dayOf(sent), response };
      }
    }
  }
  return undefined;
}

export interface EmptyRange {
  range: DateRange;
  /** The searches that showed no send in it. */
  searches: ApiResponse[];
}

/**
 * A range long ago (a fortnight in 2001-2012, after 2000) in which every delivery-type search finds
 * no email sent. Undefined when none of a few candidates is empty.
 */
export async function findRangeWithoutSends(api: ApiClient, target: Target): Promise<EmptyRange | undefined> {
  const format = target.profile.datetime.format;
  const rppMin = boundsOf(SEARCH, 'rpp').min;
  const seed = Math.abs(target.seed);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const year = 2001 + ((seed + attempt * 5) % 12);
    const month = (seed + attempt * 7) % 12;
    const startDay = 1 + ((seed >> 4) % 10);
    const start = new Date(Date.UTC(year, month, startDay));
    const end = addDays(start, 14);
    const range = { startDate: formatDate(start), endDate: formatDate(end) };
    const window = { dateSentStart: formatDatetime(start, format), dateSentEnd: formatDatetime(new Date(end.getTime() + DAY_MS - 1000), format) };
    const searches: ApiResponse[] = [];
    let empty = true;
    for (const search of sendSearches()) {
      const response = await api.call(SEARCH, { params: { ...search, ...window, rpp: rppMin } });
      searches.push(response);
      const total = response.paging?.totalRecords;
      if (response.outcome !== 'success' || (response.records ?? []).length > 0 || (total !== undefined && total > 0)) {
        empty = false;
        break;
      }
    }
    if (empty) return { range, searches };
  }
  return undefined;
}
