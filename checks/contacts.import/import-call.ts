/** Sending contacts/import: the request, read through the target profile, the contacts it created logged. */
import type { CheckContext } from '../../harness/check';
import { readImport, type ImportReading } from '../../harness/model';
import { logSavedContacts } from '../shared/saved-contacts';

export interface ImportRequest {
  contacts: unknown[];
  groupIDs?: number[];
  removeGroupIDs?: number[];
  /** Sent the profile's way (service: 0/1); left out when undefined, so the documented default applies. */
  updateExisting?: boolean;
}

/** Sends contacts/import and logs every contact the answer shows was created. */
export async function importContacts({ api, target, createdContacts }: Pick<CheckContext, 'api' | 'target' | 'createdContacts'>, request: ImportRequest): Promise<ImportReading> {
  const params: Record<string, unknown> = { contacts: request.contacts };
  if (request.groupIDs !== undefined) params.groupIDs = request.groupIDs;
  if (request.removeGroupIDs !== undefined) params.removeGroupIDs = request.removeGroupIDs;
  if (request.updateExisting !== undefined) params.updateExisting = request.updateExisting;
  const response = await api.call('contacts.import', { method: 'POST', params });
  const reading = readImport(response, target);
  logSavedContacts(target, createdContacts, reading);
  return reading;
}

/** updateExisting as a request carries it: left out when undefined. */
export const updateExistingParam = (updateExisting: boolean | undefined): Pick<ImportRequest, 'updateExisting'> =>
  updateExisting === undefined ? {} : { updateExisting };

/** Runs of a property whose samples cost several requests: the run's, at most `cap`, at least one. */
export const runsOf = (runs: number, cap: number): number => Math.max(1, Math.min(runs, cap));
