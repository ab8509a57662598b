/** Export jobs where the documents show nothing: running statuses, duplicates while running, empty jobs, extras, file lifetime. */
import { servedBefore, type ApiResponse, type RecordedExchange, type RecordedTraffic, type Target } from '../check';
import { valueAt } from '../contract';
import { foldCase, parseTargetDatetime, readInteger } from '../oracles';
import type { Profile } from '../types';
import { isObject } from './_internals/answers';
import { observer, saw, type Sighting } from './_internals/sighting';
import { jobObject } from './records';

type Phase = 'pending' | 'running' | 'completed' | 'failed' | 'unknown';

/** Where a jobStatus answer puts the job, by the profile's status names in any letter case (drivers' phaseOf). */
function phaseOf(response: ApiResponse, profile: Profile): Phase {
  const status = response.job?.status;
  const names = profile.jobStatuses;
  const is = (name: string) => status !== undefined && foldCase(status) === foldCase(name);
  if (is(names.pending)) return 'pending';
  if (names.running.some(is)) return 'running';
  if (is(names.completed)) return 'completed';
  if (is(names.failed)) return 'failed';
  return response.outcome === 'error' && status === undefined ? 'failed' : 'unknown';
}

interface Job {
  request: RecordedExchange;
  /** Its status answers after the request, by time. */
  polls: RecordedExchange[];
}

const byTime = (a: RecordedExchange, b: RecordedExchange): number => a.startedAt - b.startedAt || a.index - b.index;

/** The jobs the traffic started (accepted export requests with a jobID), each with its status answers. */
function jobsOf(traffic: RecordedTraffic, profile: Profile): Job[] {
  const polls = traffic.of('exports.jobStatus').filter((poll) => poll.outcome !== 'transport').sort(byTime);
  return traffic.of('exports.emails').flatMap((request) => {
    const jobID = request.outcome === 'success' ? readInteger(valueAt(request.payload, profile.pointers.jobID)) : undefined;
    if (jobID === undefined) return [];
    return [{ request, polls: polls.filter((poll) => poll.startedAt >= request.startedAt && readInteger(poll.params.jobID) === jobID) }];
  });
}

export const runningStatuses = observer('exports.running-statuses', (traffic, target) => {
  const sightings: Sighting[] = [];
  for (const { polls } of jobsOf(traffic, target.profile)) {
    const phases = polls.map((poll) => phaseOf(poll, target.profile));
    if (phases.includes('running')) sightings.push(saw('in-progress', 'exports/jobStatus -> a running status between Pending and the end'));
    else if (phases[0] === 'pending' && phases.some((phase) => phase === 'completed' || phase === 'failed')) {
      sightings.push(saw('none', 'exports/jobStatus -> Pending, then the end, nothing between'));
    }
  }
  // A job seen running shows the reading; jobs that showed none do not undo it.
  return sightings.some((s) => s.reading === 'in-progress') ? sightings.filter((s) => s.reading === 'in-progress') : sightings;
});

const datesOf = (exchange: ApiResponse): string => `${String(exchange.params.startDate)}..${String(exchange.params.endDate)}`;

export const duplicateWhileInProgress = observer('exports.duplicate-while-in-progress', (traffic, target) => {
  const sightings: Sighting[] = [];
  const jobs = jobsOf(traffic, target.profile);
  for (const request of traffic.of('exports.emails')) {
    if (request.outcome === 'transport') continue;
    for (const job of jobs) {
      if (job === undefined || job.request === request || datesOf(job.request) !== datesOf(request) || !servedBefore(job.request, request)) continue;
      const before = job.polls.filter((poll) => servedBefore(poll, request)).at(-1);
      const after = job.polls.find((poll) => servedBefore(request, poll));
      // Running before the request and still running (or not yet ended) after it.
      if (!before || phaseOf(before, target.profile) !== 'running' || (after && phaseOf(after, target.profile) !== 'running')) continue;
      sightings.push(request.outcome === 'success' ? saw('accepted', 'exports/emails same dates while that job runs -> accepted') : saw('refused', 'exports/emails same dates while that job runs -> refused'));
    }
  }
  return sightings;
});

export const completedEmptyFileKey = observer('exports.completed-empty-fileKey', (traffic, target) => {
  const { pointers } = target.profile;
  const sightings: Sighting[] = [];
  for (const poll of traffic.of('exports.jobStatus')) {
    if (phaseOf(poll, target.profile) !== 'completed' || readInteger(valueAt(poll.payload, pointers.job.totalRecords)) !== 0) continue;
    const fileKey = valueAt(poll.payload, pointers.job.fileKey);
    if (fileKey === undefined) sightings.push(saw('absent', 'exports/jobStatus Completed without records -> no fileKey'));
    else if (fileKey === '') sightings.push(saw('empty-string', 'exports/jobStatus Completed without records -> fileKey ""'));
  }
  return sightings;
});

export const jobExtras = observer('exports.job-extras', (traffic, target) => {
  const { job } = target.profile.pointers;
  const documented = new Set(Object.values(job).map((pointer) => pointer.split('/').at(-1)));
  const extras = new Set<string>();
  let read = 0;
  for (const poll of traffic.of('exports.jobStatus')) {
    const object = jobObject(poll, job.status);
    if (!object || poll.job?.status === undefined) continue;
    read++;
    for (const key of Object.keys(object)) if (!documented.has(key)) extras.add(key);
  }
  if (extras.size > 0) return [...extras].map((key) => saw('extra', `exports/jobStatus answer -> also ${key}`));
  return read > 0 ? [saw('none', `exports/jobStatus answer -> ${[...documented].join(', ')} only`)] : [];
});

const HOUR_MS = 3_600_000;

export const fileLifetime = observer('exports.file-lifetime', (traffic, target: Target) => {
  const sightings: Sighting[] = [];
  for (const { polls } of jobsOf(traffic, target.profile)) {
    const completed = polls.find((poll) => phaseOf(poll, target.profile) === 'completed' && isObject(poll.payload));
    const expiration = completed && parseTargetDatetime(completed.job?.fileExpiration, target.profile.datetime.format);
    const answeredAt = completed?.date === undefined ? Number.NaN : Date.parse(completed.date);
    if (!expiration || Number.isNaN(answeredAt)) continue;
    const lifetime = expiration.getTime() - answeredAt;
    if (lifetime >= HOUR_MS) sightings.push(saw('hours', 'exports/jobStatus Completed -> fileExpiration an hour or more after the answer'));
    else if (lifetime >= 0) sightings.push(saw('short', 'exports/jobStatus Completed -> fileExpiration less than an hour after the answer'));
  }
  return sightings;
});
