// @silent-point exports.running-statuses exports.completed-empty-fileKey
/**
 * The model's reading of an export job answer through the target profile: where the job stands (its phase:
 * the profile's status names, letter case aside; several running statuses may exist, not shown), its jobID,
 * fileKey, fileExpiration and totalRecords, and when the answer was given on the target's clock. "", null and
 * absence are no value of fileKey or fileExpiration. Pure.
 */
import { valueAt } from '../contract';
import type { ApiResponse, Target } from '../check';
import type { Profile } from '../types';

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
export const payloadValue = (response: ApiResponse, pointer: string): unknown => valueAt(response.payload, pointer);

/** An integer read leniently (an integer, or a string of digits: the schema rules judge the type). */
export function lenientInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/** The jobID an export request answered, read leniently (schema.exports.emails judges its type). */
export const jobIdOf = (response: ApiResponse, profile: Profile): number | undefined =>
  response.outcome === 'success' ? lenientInteger(payloadValue(response, profile.pointers.jobID)) : undefined;

/** A non-empty string value of the job (fileKey, fileExpiration); "", null and absence are no value. */
export function jobText(response: ApiResponse, pointer: string): string | undefined {
  const value = payloadValue(response, pointer);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * When an answer was given on the target's clock: its HTTP Date header (to the second), else `ours` (the moment on
 * the harness's clock). A fileExpiration is a datetime of the target's: it is compared with this.
 */
export function answeredAt(response: ApiResponse, ours: number): { at: number; basis: string } {
  const stated = statedDate(response);
  return stated === undefined ? { at: ours, basis: 'our clock' } : { at: stated, basis: 'the Date header of that answer' };
}

/** The answer's HTTP Date header as epoch ms (the target's clock, to the second); undefined when absent or unreadable. */
export function statedDate(response: ApiResponse): number | undefined {
  const stated = response.date === undefined ? Number.NaN : Date.parse(response.date);
  return Number.isNaN(stated) ? undefined : stated;
}

export const fileKeyOf = (response: ApiResponse, profile: Profile): string | undefined => jobText(response, profile.pointers.job.fileKey);

/** totalRecords of a jobStatus answer, read leniently (schema.exports.jobStatus judges its type). */
export const totalRecordsOf = (response: ApiResponse, profile: Profile): number | undefined =>
  lenientInteger(payloadValue(response, profile.pointers.job.totalRecords));

export const fileExpirationOf = (response: ApiResponse, profile: Profile): string | undefined =>
  jobText(response, profile.pointers.job.fileExpiration);

/** Every status name the profile knows, Pending first. */
export const knownStatuses = (target: Target): string[] => {
  const { pending, running, completed, failed } = target.profile.jobStatuses;
  return [pending, ...running, completed, failed];
};
