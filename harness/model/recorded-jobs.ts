/**
 * Export jobs as a recording shows them: each accepted export request with its jobID, and the jobStatus
 * answers about that job that followed it (sent with a working token), in recorded order; where a job stood
 * before an exchange, and whether any job may still run then (the duplicate rule's state). Pure.
 */
import { isOutage, servedBefore, type RecordedExchange, type RecordedTraffic, type Target, type Timed } from '../check';
import { readInteger } from '../oracles';
import type { TransportFailureReason } from '../types';
import { jobIdOf, phaseOf, type JobPhase } from './export-job';
import { tokenWorks } from './tokens';

export interface RecordedJob {
  request: RecordedExchange;
  jobID: number;
  /** jobStatus answers about the job after its request, in recorded order. */
  polls: RecordedExchange[];
}

const cache = new WeakMap<RecordedTraffic, RecordedJob[]>();

/** The jobs the traffic started, each with the polls that followed its request. */
export function jobsOf(traffic: RecordedTraffic, target: Pick<Target, 'profile'>): RecordedJob[] {
  const cached = cache.get(traffic);
  if (cached) return cached;
  const polls = traffic.of('exports.jobStatus').filter((poll) => poll.outcome !== 'transport' && tokenWorks(traffic, poll));
  const jobs: RecordedJob[] = [];
  for (const request of traffic.of('exports.emails')) {
    const jobID = request.outcome === 'success' ? jobIdOf(request, target.profile) : undefined;
    if (jobID === undefined) continue;
    jobs.push({ request, jobID, polls: polls.filter((poll) => poll.index > request.index && readInteger(poll.params.jobID) === jobID) });
  }
  cache.set(traffic, jobs);
  return jobs;
}

/**
 * The export requests whose outcome is unknown: sent, then no answer of the target's (an outage) after they may
 * have reached it (marked `outcomeUnknown` live; in a recording, any such outage but a refused connection). Each may have created a job that nobody knows the jobID of, so from its start on a job with its
 * parameters may run (and be Pending) for the rest of the traffic: a duplicate refusal of the same parameters is allowed.
 */
export function unknownJobRequests(traffic: RecordedTraffic): RecordedExchange[] {
  return traffic.of('exports.emails').filter((request) => request.outcomeUnknown === true || (request.outcome === 'transport' && mayHaveReached(request.transport?.reason)));
}

/**
 * Whether a request lost to an outage may have reached the target, where the recording carries no mark of it (a HAR,
 * the proxy: live, the client marks `outcomeUnknown` itself): every outage but a refused connection (`unreachable`).
 */
const mayHaveReached = (reason: TransportFailureReason | undefined): boolean => isOutage(reason) && reason !== 'unreachable';

/** Whether an export request with unknown outcome, with these parameters (any, when undefined), started before the exchange. */
export function unknownJobBefore(traffic: RecordedTraffic, exchange: Timed, sameParams?: (request: RecordedExchange) => boolean): boolean {
  return unknownJobRequests(traffic).some((request) => request !== exchange && request.startedAt < exchange.startedAt && (sameParams === undefined || sameParams(request)));
}

/** The first poll of a job that saw it Completed or Failed, if any. */
export const endPoll = (job: RecordedJob, target: Pick<Target, 'profile'>): RecordedExchange | undefined =>
  job.polls.find((poll) => ['completed', 'failed'].includes(phaseOf(poll, target.profile)));

/** Where the last poll the target surely served before an exchange put the job (undefined when none was). */
export function phaseBefore(job: RecordedJob, exchange: Timed, target: Pick<Target, 'profile'>): JobPhase | undefined {
  const before = job.polls.filter((poll) => servedBefore(poll, exchange));
  return before.length === 0 ? undefined : phaseOf(before.at(-1)!, target.profile);
}

/**
 * Whether any job of the traffic may still have been Pending (or running) when the target served an exchange:
 * its request not surely served after the exchange, and no poll surely served before the exchange saw it ended;
 * or an earlier export request's outcome is unknown (it may have created a job nobody polls).
 */
export function jobsMayRun(traffic: RecordedTraffic, target: Pick<Target, 'profile'>, exchange: Timed): boolean {
  if (unknownJobBefore(traffic, exchange)) return true;
  return jobsOf(traffic, target).some((job) => {
    if (job.request === exchange || servedBefore(exchange, job.request)) return false;
    const phase = phaseBefore(job, exchange, target);
    return phase !== 'completed' && phase !== 'failed';
  });
}
