// @silent-point exports.running-statuses
/** Readers of export job answers that only the export checks need (the shared ones: drivers/export-jobs). */
import type { ApiResponse, Target } from '../../harness/check';
import type { Profile } from '../../harness/types';
import { jobText, lenientInteger, payloadValue } from '../../drivers';

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
