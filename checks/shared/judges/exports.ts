// @silent-point exports.running-statuses exports.duplicate-while-in-progress
/** The export rules on recorded flows: request → status polls → file, as the traffic shows them in order. */
import { endOf, servedBefore, type RecordedExchange, type TrafficContext, type Judgement } from '../../../harness/check';
import { readDatetime } from '../../../harness/oracles';
import { VerdictTally } from './tally';
import { answeredAt, endPoll, expirationAhead, fileExpirationOf, fileKeyOf, fileWithRecords, jobsMayRun, jobsOf, noFileWithoutRecords, unknownJobBefore, payloadValue, phaseBefore, phaseOf, silentInputs, tokenWorks, totalRecordsOf, type RecordedJob } from '../../../harness/model';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An export request over a valid range (two dates, the first not after the second, nothing else), with a working token. */
function validRangeRequest(ctx: TrafficContext, exchange: RecordedExchange): boolean {
  const { startDate, endDate, ...rest } = exchange.params;
  const dates = [startDate, endDate].every((d) => typeof d === 'string' && DATE.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
  return dates && String(startDate) <= String(endDate) && Object.keys(rest).length === 0 && silentInputs(ctx.traffic, exchange).length === 0 && tokenWorks(ctx.traffic, exchange);
}

const rangeOf = (exchange: RecordedExchange): string => `${String(exchange.params.startDate)}..${String(exchange.params.endDate)}`;

/**
 * request.jobID: a valid range is accepted with an integer jobID. A refusal fails only when the traffic
 * shows no job that may have been running then (a target refusing while another job is Pending breaks
 * the duplicate rules, and the live check retries through it).
 */
export function judgeRequestJobID(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const { profile } = ctx.target;
  for (const exchange of ctx.traffic.of('exports.emails')) {
    if (exchange.outcome === 'transport' || !validRangeRequest(ctx, exchange)) continue;
    if (exchange.outcome === 'success') {
      const jobID = payloadValue(exchange, profile.pointers.jobID);
      tally.expect(Number.isInteger(jobID), { title: `the export request ${rangeOf(exchange)} succeeds with an integer jobID`, expected: 'an integer jobID', actual: { jobID }, response: exchange });
    } else if (jobsMayRun(ctx.traffic, ctx.target, exchange)) {
      tally.skip('refusals came while another job may have been running');
    } else {
      tally.expect(false, { title: `the export request ${rangeOf(exchange)} (a valid range, while no job ran) was refused`, expected: 'success with a jobID', actual: exchange.errors, response: exchange });
    }
  }
  return tally.verdicts({ none: 'no export request over a valid range' });
}

/** Judges each job that `judgeJob` has something to say about; `missing` names what the rule also needed to see, once all were judged. */
function judgeJobs(ctx: TrafficContext, none: string, judgeJob: (job: RecordedJob, tally: VerdictTally) => void, missing: (tally: VerdictTally) => string[] = () => []): Judgement {
  const tally = new VerdictTally();
  for (const job of jobsOf(ctx.traffic, ctx.target)) judgeJob(job, tally);
  return tally.verdicts({ none: withBudgetReason(ctx, none), missing: missing(tally) });
}

/**
 * What a rule judged on finished jobs says when it saw none: `none`, and the job of the traffic that never
 * finished: one polled through the whole export budget (the reason names the budget), else one whose polls
 * stopped while it was unfinished (the run's export budget was spent by another job: drivers/export-budget.ts).
 */
export function withBudgetReason(ctx: TrafficContext, none: string): string {
  const unfinished = jobsOf(ctx.traffic, ctx.target).filter((job) => job.polls.length > 0 && !endPoll(job, ctx.target));
  const throughBudget = unfinished.find((candidate) => polledThroughBudget(candidate, ctx.target));
  // Else the job polled longest: a job asked once (another rule's driver) explains nothing.
  const polledMs = (candidate: RecordedJob) => candidate.polls.at(-1)!.startedAt - candidate.request.startedAt;
  const job = throughBudget ?? [...unfinished].sort((a, b) => polledMs(b) - polledMs(a))[0];
  if (!job) return none;
  const status = job.polls.at(-1)!.job?.status ?? 'without a status';
  const polledS = Math.round(polledMs(job) / 1000);
  const polls = job.polls.length === 1 ? 'its one poll' : `the last of its ${job.polls.length} polls`;
  return throughBudget
    ? `${none}; export budget exceeded: job ${job.jobID} was still ${status} after ${polledS} s (EMS_EXPORT_BUDGET_S=${ctx.target.exportBudgetS})`
    : `${none}; job ${job.jobID} was still ${status} at ${polls}, ${polledS} s after it was requested`;
}

/** pending-first: the first status of a new job is one the profile knows. */
export function judgePendingFirst(ctx: TrafficContext, knownStatuses: string[]): Judgement {
  return judgeJobs(ctx, 'no accepted export request followed by a poll of its job', ({ jobID, polls }, tally) => {
    const first = polls[0];
    if (!first) return;
    tally.expect(phaseOf(first, ctx.target.profile) !== 'unknown', {
      title: `the new job ${jobID} is first reported with a status the profile knows`, expected: knownStatuses, actual: { outcome: first.outcome, status: first.job?.status }, response: first,
    });
  });
}

/**
 * Whether a job was polled through the export budget: its next poll (the gap between its last two polls, at
 * least the first wait between polls, EMS_EXPORT_POLL_MS, grown by a quarter as the client backs off, at most 5 s;
 * plus a second for the request) would have come after the budget. A job asked once at once (a new job's first
 * status) was not: it decides nothing.
 */
function polledThroughBudget(job: RecordedJob, target: TrafficContext['target']): boolean {
  const [previous, last] = job.polls.slice(-2).length === 2 ? job.polls.slice(-2) : [job.request, job.polls.at(-1)];
  if (!last || !previous) return false;
  const nextGapMs = Math.min(5_000, 1.25 * Math.max(target.exportPollMs, last.startedAt - previous.startedAt)) + 1_000;
  return last.startedAt - job.request.startedAt + nextGapMs >= target.exportBudgetS * 1000;
}

/**
 * finishes: a job reaches Completed or Failed; one polled through the whole export budget without is a failure.
 * Decided on the whole statement: it passes only when a job that had records and one that had none were each
 * seen to finish (no file is generated for the second, a different path through the service).
 */
export function judgeJobFinishes(ctx: TrafficContext): Judgement {
  const finished = new Set<string>();
  return judgeJobs(ctx, 'no job polled to its end', (job, tally) => {
    const last = job.polls.at(-1);
    if (!last) return;
    const end = endPoll(job, ctx.target);
    if (end) {
      tally.expect(true, { title: '', response: last });
      const kind = finishedKind(ctx, end);
      if (kind) finished.add(kind);
      return;
    }
    const polledMs = last.startedAt - job.request.startedAt;
    if (!polledThroughBudget(job, ctx.target)) return tally.skip('jobs were not polled to their end or through the export budget');
    tally.expect(false, {
      title: `job ${job.jobID} (${rangeOf(job.request)}) reaches Completed or Failed within ${ctx.target.exportBudgetS} s`,
      expected: `Completed or Failed within ${ctx.target.exportBudgetS} s (EMS_EXPORT_BUDGET_S)`, actual: `${last.job?.status ?? 'no status'} after ${Math.round(polledMs / 1000)} s`, response: last,
    });
  }, (tally) => {
    const unexercised = Object.values(FINISHED_KINDS).filter((kind) => !finished.has(kind));
    return unexercised.length > 0 && tally.judged > 0 ? [`never exercised: ${unexercised.join(', ')} (held: ${[...finished].join(', ') || 'only Failed jobs'})`] : [];
  });
}

const FINISHED_KINDS = { withRecords: 'a job with records finished', withoutRecords: 'a job without records finished' };

/** Whether a job seen Completed had records (totalRecords above 0, or a fileKey where no totalRecords is read); Failed: neither. */
function finishedKind(ctx: TrafficContext, end: RecordedExchange): string | undefined {
  if (end.outcome !== 'success' || phaseOf(end, ctx.target.profile) !== 'completed') return undefined;
  const totalRecords = totalRecordsOf(end, ctx.target.profile);
  const fileKey = payloadValue(end, ctx.target.profile.pointers.job.fileKey);
  const hasRecords = totalRecords === undefined ? fileKey !== undefined && fileKey !== null && fileKey !== '' : totalRecords > 0;
  return hasRecords ? FINISHED_KINDS.withRecords : FINISHED_KINDS.withoutRecords;
}

/** Judges the answers that saw a job Completed (each job's first), with its totalRecords. */
function judgeCompleted(ctx: TrafficContext, none: string, judgeOne: (poll: RecordedExchange, totalRecords: number | undefined, job: RecordedJob, tally: VerdictTally) => void): Judgement {
  return judgeJobs(ctx, none, (job, tally) => {
    const end = endPoll(job, ctx.target);
    if (end && end.outcome === 'success' && phaseOf(end, ctx.target.profile) === 'completed') judgeOne(end, totalRecordsOf(end, ctx.target.profile), job, tally);
  });
}

/** Every answer that saw a job Completed, in recorded order (the first one and every later poll). */
const completedPolls = (ctx: TrafficContext, job: RecordedJob): RecordedExchange[] =>
  job.polls.filter((poll) => poll.outcome === 'success' && phaseOf(poll, ctx.target.profile) === 'completed');

/**
 * file-key: a Completed job with records carries fileKey and fileExpiration on every poll: each answer that saw
 * it Completed, from the first, once any of them showed records (totalRecords above 0; a later answer without a
 * readable totalRecords is still the same job's). Passes once a job with records was seen Completed twice.
 */
export function judgeFileKey(ctx: TrafficContext): Judgement {
  const { profile } = ctx.target;
  let polledAgain = false;
  return judgeJobs(ctx, 'no job seen Completed with records', (job, tally) => {
    const completed = completedPolls(ctx, job);
    const totalRecords = completed.map((poll) => totalRecordsOf(poll, profile)).find((total) => total !== undefined);
    if (!totalRecords) return;
    completed.forEach((poll, index) => {
      const misfit = fileWithRecords(poll, profile, totalRecords);
      tally.expect(misfit === undefined, {
        ...misfit, title: `job ${job.jobID}: ${misfit?.title ?? ''} (${index === 0 ? 'the answer that first saw it Completed' : `poll ${index + 1} since it was seen Completed`})`, response: poll,
      });
    });
    polledAgain ||= completed.length > 1;
  }, (tally) => (tally.judged > 0 && !polledAgain ? ['no job with records was polled again after it was seen Completed'] : []));
}

/** no-records: a Completed job with totalRecords 0 carries no fileKey (absent, null or ""). */
export function judgeNoRecords(ctx: TrafficContext): Judgement {
  return judgeCompleted(ctx, 'no job seen Completed with totalRecords 0', (poll, totalRecords, job, tally) => {
    if (totalRecords !== 0) return;
    const misfit = noFileWithoutRecords(poll, ctx.target.profile, totalRecords);
    tally.expect(misfit === undefined, { ...misfit, title: `job ${job.jobID}: ${misfit?.title ?? ''}`, response: poll });
  });
}

/** expiration: fileExpiration lies after the moment the job was seen Completed (less the clock skew allowed). */
export function judgeExpiration(ctx: TrafficContext): Judgement {
  return judgeCompleted(ctx, 'no job seen Completed with a readable fileExpiration', (poll, _total, job, tally) => {
    const expiration = fileExpirationOf(poll, ctx.target.profile);
    if (!expiration || !readDatetime(expiration, ctx.target.profile.datetime.format)) return;
    const misfit = expirationAhead(poll, ctx.target.profile, answeredAt(poll, endOf(poll)));
    tally.expect(misfit === undefined, { ...misfit, title: `job ${job.jobID}: ${misfit?.title ?? ''}`, response: poll });
  });
}

/** A getFile request with the fileKey a Completed job issued, and that job's answer. */
export interface IssuedDownload {
  download: RecordedExchange;
  fileKey: string;
  completed: RecordedExchange;
  totalRecords?: number;
}

/** Every getFile (with a working token) of a fileKey a Completed job issued before it. */
export function issuedDownloads(ctx: TrafficContext): IssuedDownload[] {
  const issued = new Map<string, RecordedExchange>();
  const found: IssuedDownload[] = [];
  for (const exchange of ctx.traffic.exchanges) {
    if (exchange.op === 'exports.jobStatus' && exchange.outcome === 'success' && phaseOf(exchange, ctx.target.profile) === 'completed') {
      const fileKey = fileKeyOf(exchange, ctx.target.profile);
      if (fileKey !== undefined && !issued.has(fileKey)) issued.set(fileKey, exchange);
    }
    const fileKey = exchange.op === 'exports.getFile' ? exchange.params.fileKey : undefined;
    const completed = typeof fileKey === 'string' ? issued.get(fileKey) : undefined;
    // A download holding an input whose acceptance is unwritten (POST, another parameter) may be refused whatever the file.
    if (completed && exchange.outcome !== 'transport' && tokenWorks(ctx.traffic, exchange) && silentInputs(ctx.traffic, exchange).length === 0) {
      const totalRecords = totalRecordsOf(completed, ctx.target.profile);
      found.push({ download: exchange, fileKey: fileKey as string, completed, ...(totalRecords === undefined ? {} : { totalRecords }) });
    }
  }
  return found;
}

/** Judges each getFile of an issued fileKey that `judgeOne` has something to say about. */
export function judgeDownloads(ctx: TrafficContext, none: string, judgeOne: (download: IssuedDownload, tally: VerdictTally) => void): Judgement {
  const tally = new VerdictTally();
  for (const download of issuedDownloads(ctx)) judgeOne(download, tally);
  return tally.verdicts({ none: withBudgetReason(ctx, none) });
}

/** unknown-key: getFile with a fileKey no jobStatus answer of the traffic issued is refused. */
export function judgeUnknownKey(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const issued = new Set<unknown>();
  for (const poll of ctx.traffic.of('exports.jobStatus')) {
    const value = payloadValue(poll, ctx.target.profile.pointers.job.fileKey);
    if (typeof value === 'string') issued.add(value);
  }
  for (const exchange of ctx.traffic.of('exports.getFile')) {
    const { fileKey } = exchange.params;
    if (exchange.outcome === 'transport' || typeof fileKey !== 'string' || fileKey === '' || issued.has(fileKey)) continue;
    if (exchange.outcome === 'error' && !tokenWorks(ctx.traffic, exchange)) continue;
    tally.expect(exchange.outcome === 'error', {
      title: `getFile with the fileKey ${fileKey}, which no job of the traffic issued, is refused`, expected: 'error', actual: { outcome: exchange.outcome, bytes: exchange.file?.length ?? null }, response: exchange,
    });
  }
  return tally.verdicts({ none: 'no getFile with a fileKey no job of the traffic issued' });
}

/**
 * duplicate.pending: an export request with the parameters of an accepted one whose job a later poll
 * (started after the second answer came back) still saw Pending, with no poll in between seeing it
 * otherwise, is refused.
 */
export function judgeDuplicatePending(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const key = (e: RecordedExchange) => JSON.stringify([e.params.startDate, e.params.endDate]);
  for (const job of jobsOf(ctx.traffic, ctx.target)) {
    for (const second of ctx.traffic.of('exports.emails')) {
      if (second.index <= job.request.index || !servedBefore(job.request, second) || key(second) !== key(job.request) || second.outcome === 'transport') continue;
      const after = job.polls.find((poll) => servedBefore(second, poll));
      const before = phaseBefore(job, second, ctx.target);
      if (!after || phaseOf(after, ctx.target.profile) !== 'pending' || (before !== undefined && before !== 'pending')) continue;
      if (second.outcome === 'error' && !tokenWorks(ctx.traffic, second)) continue;
      tally.expect(second.outcome === 'error', {
        title: `a second export request ${rangeOf(second)} while job ${job.jobID} is ${ctx.target.profile.jobStatuses.pending} is refused`,
        expected: 'error', actual: { outcome: second.outcome, statusAfter: after.job?.status }, response: second,
      });
    }
  }
  return tally.verdicts({ none: 'no second export request with the same parameters while the first job was seen Pending' });
}

const paramsOf = (e: RecordedExchange): string => JSON.stringify([e.params.startDate, e.params.endDate]);

/** A job whose request was not surely served after an exchange, and which no poll surely served before it saw ended. */
const mayRunAt = (ctx: TrafficContext, job: RecordedJob, exchange: RecordedExchange): boolean => {
  const phase = phaseBefore(job, exchange, ctx.target);
  return !servedBefore(exchange, job.request) && phase !== 'completed' && phase !== 'failed';
};

/**
 * duplicate.other-params: an export request over a valid range is accepted while a job with other
 * parameters is Pending (a poll started after the request's answer still saw it Pending), unless a job
 * with the same parameters may still run (then a refusal may be the documented duplicate rule), an earlier
 * request with the same parameters whose outcome is unknown included.
 */
export function judgeDuplicateOtherParams(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const jobs = jobsOf(ctx.traffic, ctx.target);
  for (const exchange of ctx.traffic.of('exports.emails')) {
    if (exchange.outcome === 'transport' || !validRangeRequest(ctx, exchange)) continue;
    if (jobs.some((job) => job.request !== exchange && paramsOf(job.request) === paramsOf(exchange) && mayRunAt(ctx, job, exchange))) continue;
    // An earlier request with the same parameters whose outcome is unknown may have left a Pending job: a refusal may be the duplicate rule.
    if (unknownJobBefore(ctx.traffic, exchange, (request) => paramsOf(request) === paramsOf(exchange))) continue;
    const pending = jobs.find((job) => {
      if (paramsOf(job.request) === paramsOf(exchange) || !servedBefore(job.request, exchange)) return false;
      const after = job.polls.find((poll) => servedBefore(exchange, poll));
      return after !== undefined && phaseOf(after, ctx.target.profile) === 'pending';
    });
    if (!pending) continue;
    tally.expect(exchange.outcome === 'success', {
      title: `an export request ${rangeOf(exchange)} is accepted while job ${pending.jobID} (${rangeOf(pending.request)}) is ${ctx.target.profile.jobStatuses.pending}`,
      expected: 'success', actual: { outcome: exchange.outcome, errors: exchange.errors }, response: exchange,
    });
  }
  return tally.verdicts({ none: 'no export request while a job with other parameters was seen Pending' });
}

/**
 * Whether the traffic shows the target accepting an export request while a job with other parameters was
 * Pending (a poll started after that request's answer still saw it so): then a Pending job does not refuse
 * requests with other parameters, and a refusal beside one is not explained by it.
 */
function acceptsBesidePending(ctx: TrafficContext, jobs: readonly RecordedJob[]): boolean {
  return ctx.traffic.of('exports.emails').some((exchange) =>
    exchange.outcome === 'success' &&
    jobs.some((job) => job.request !== exchange && paramsOf(job.request) !== paramsOf(exchange) && servedBefore(job.request, exchange) &&
      job.polls.some((poll) => servedBefore(exchange, poll) && phaseOf(poll, ctx.target.profile) === 'pending')));
}

const REPEATED_KINDS = { withRecords: 'a repeat after a job with records', withoutRecords: 'a repeat after a job without records' };

/**
 * duplicate.after-completion: an export request with the parameters of earlier jobs, every one of which a poll
 * (ended before the request started) saw Completed or Failed, is accepted: the duplicate rule refuses only while
 * a job with the same parameters is Pending. Not judged while any earlier job with the same parameters may still
 * be Pending or in another status (service-facts.md: whether an In Progress job blocks a duplicate is not
 * documented), nor with a token the traffic does not show working; a refusal while a job with other parameters
 * may run counts only where the traffic shows the target accepting requests beside a Pending job (else it may be
 * exports.duplicate.other-params' failure). Passes once repeats after a job with records and after one without
 * records were judged.
 */
export function judgeDuplicateAfterCompletion(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const jobs = jobsOf(ctx.traffic, ctx.target);
  const besidePending = acceptsBesidePending(ctx, jobs);
  const kinds = new Set<string>();
  for (const exchange of ctx.traffic.of('exports.emails')) {
    if (exchange.outcome === 'transport' || !validRangeRequest(ctx, exchange)) continue;
    const same = jobs.filter((job) => job.request !== exchange && paramsOf(job.request) === paramsOf(exchange) && job.request.startedAt < exchange.startedAt);
    if (same.length === 0) continue;
    // A request with the same parameters whose outcome is unknown may have left a job still Pending.
    if (unknownJobBefore(ctx.traffic, exchange, (request) => paramsOf(request) === paramsOf(exchange))) continue;
    const ended = same.filter((job) => servedBefore(job.request, exchange) && ['completed', 'failed'].includes(phaseBefore(job, exchange, ctx.target) ?? ''));
    if (ended.length < same.length) continue;
    const done = ended.at(-1)!;
    if (exchange.outcome === 'error' && jobsMayRun(ctx.traffic, ctx.target, exchange) && !besidePending) {
      tally.skip('refusals came while a job with other parameters may have been running, and the traffic does not show the target accepting requests beside a Pending job');
      continue;
    }
    const endAnswer = done.polls.find((poll) => servedBefore(poll, exchange) && ['completed', 'failed'].includes(phaseOf(poll, ctx.target.profile)));
    const total = endAnswer === undefined ? undefined : totalRecordsOf(endAnswer, ctx.target.profile);
    const status = endAnswer?.job?.status ?? 'ended';
    if (tally.expect(exchange.outcome === 'success', {
      title: `after job ${done.jobID} (${rangeOf(exchange)}) was seen ${status}${total === undefined ? '' : ` with ${total} record(s)`}, the same export request is accepted again`,
      expected: 'success', actual: { outcome: exchange.outcome, errors: exchange.errors }, response: exchange,
    }) && endAnswer !== undefined && phaseOf(endAnswer, ctx.target.profile) === 'completed' && total !== undefined) {
      kinds.add(total > 0 ? REPEATED_KINDS.withRecords : REPEATED_KINDS.withoutRecords);
    }
  }
  const unexercised = Object.values(REPEATED_KINDS).filter((kind) => !kinds.has(kind));
  return tally.verdicts({
    none: withBudgetReason(ctx, 'no export request with the parameters of jobs all seen Completed or Failed before it'),
    missing: tally.judged > 0 && unexercised.length > 0 ? [`never judged: ${unexercised.join('; ')}`] : [],
  });
}

/**
 * job.failed: a job over the profile's failing fixture range, and any job seen Failed, ends Failed
 * answered as an error with its reason (a non-zero code or error messages).
 */
export function judgeJobFailed(ctx: TrafficContext, fixture: { startDate?: unknown; endDate?: unknown } | undefined): Judgement {
  return judgeJobs(ctx, 'no job over the failing fixture range, nor any job seen Failed, was polled to its end', (job, tally) => {
    const end = endPoll(job, ctx.target);
    const overFixture = fixture !== undefined && job.request.params.startDate === fixture.startDate && job.request.params.endDate === fixture.endDate;
    if (!end || (!overFixture && phaseOf(end, ctx.target.profile) !== 'failed')) return;
    const signalled = (end.code !== undefined && end.code !== 0) || end.errors.length > 0;
    tally.expect(phaseOf(end, ctx.target.profile) === 'failed' && end.outcome === 'error' && signalled, {
      title: `the job ${job.jobID} (${rangeOf(job.request)}${overFixture ? ', the failing fixture' : ''}) ends ${ctx.target.profile.jobStatuses.failed}, answered as an error with its reason`,
      expected: { outcome: 'error', status: ctx.target.profile.jobStatuses.failed, reason: 'a non-zero code or error messages' },
      actual: { outcome: end.outcome, status: end.job?.status ?? null, code: end.code ?? null, errors: end.errors }, response: end,
    });
  });
}
