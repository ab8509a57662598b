/**
 * What the documents say of a jobStatus answer that sees its job Completed, one fact per sentence: "A
 * completed job that has records carries a fileKey ... and a fileExpiration (GMT time until which the file
 * is available)"; "Job Completed with no records: no file is generated". Each gives the misfit (a
 * Rejection) or undefined when the answer holds. Whether a job has records is read from totalRecords (of
 * this answer, or of an earlier answer about the same job). Pure.
 */
import type { ApiResponse } from '../check';
import { readDatetime } from '../oracles';
import type { Profile } from '../types';
import { fileExpirationOf, fileKeyOf, payloadValue } from './export-job';
import type { Rejection } from './rejection';

/** How far the target's clock may be behind ours when a fileExpiration is compared with the moment it was seen (5 min). */
export const FILE_EXPIRATION_CLOCK_SKEW_MS = 5 * 60_000;

/** A Completed job with records carries fileKey and fileExpiration. */
export function fileWithRecords(poll: ApiResponse, profile: Profile, totalRecords: number): Rejection | undefined {
  if (totalRecords <= 0) return undefined;
  const fileKey = fileKeyOf(poll, profile);
  const expiration = fileExpirationOf(poll, profile);
  return fileKey !== undefined && expiration !== undefined ? undefined : {
    title: `the Completed job with ${totalRecords} records carries fileKey and fileExpiration`,
    expected: { fileKey: 'a non-empty string', fileExpiration: 'a datetime' },
    actual: { fileKey: fileKey ?? null, fileExpiration: expiration ?? null },
  };
}

/** A Completed job with totalRecords 0 carries no fileKey (absent, null or ""). */
export function noFileWithoutRecords(poll: ApiResponse, profile: Profile, totalRecords: number): Rejection | undefined {
  if (totalRecords !== 0) return undefined;
  const value = payloadValue(poll, profile.pointers.job.fileKey);
  return value === undefined || value === null || value === '' ? undefined : { title: 'the Completed job without records carries no fileKey', expected: 'no fileKey', actual: { totalRecords, fileKey: value } };
}

/**
 * fileExpiration lies after the moment the job was seen Completed (`seen`: the answer's moment on the
 * target's clock where it states one), less FILE_EXPIRATION_CLOCK_SKEW_MS; undefined also when it is unreadable (its format is another rule's).
 */
export function expirationAhead(poll: ApiResponse, profile: Profile, seen: { at: number; basis: string }): Rejection | undefined {
  const expiration = fileExpirationOf(poll, profile);
  const until = expiration === undefined ? undefined : readDatetime(expiration, profile.datetime.format);
  if (!until || until.getTime() > seen.at - FILE_EXPIRATION_CLOCK_SKEW_MS) return undefined;
  return {
    title: `fileExpiration ${JSON.stringify(expiration)} is after the moment the job was seen Completed (${seen.basis})`,
    expected: `after ${new Date(seen.at).toISOString()} (allowing ${FILE_EXPIRATION_CLOCK_SKEW_MS / 60_000} min of clock difference)`,
    actual: until.toISOString(),
  };
}
