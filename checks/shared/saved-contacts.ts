/** The contacts an import answer shows were saved, logged once each for the created-contacts log (the import checks, and the auth checks that import). */
import type { CreatedContactsLog, Target } from '../../harness/check';
import type { ImportReading } from '../../harness/model';

/** IDs of contacts this worker has seen created, per target (a worker of the fault matrix serves several), so each is logged once. */
const loggedContactIDs = new WeakMap<Target, Set<number>>();

/**
 * Logs every contact an import answer shows was created: rows flagged inserted, and successful rows
 * whose contactID this worker has not seen before (a target may misflag a row).
 */
export function logSavedContacts(target: Target, createdContacts: CreatedContactsLog, reading: ImportReading): void {
  let logged = loggedContactIDs.get(target);
  if (!logged) loggedContactIDs.set(target, (logged = new Set()));
  for (const row of reading.rows ?? []) {
    if (!row.success || typeof row.email !== 'string' || row.email === '') continue;
    const id = typeof row.contactID === 'number' ? row.contactID : undefined;
    if (!row.inserted && (id === undefined || logged.has(id))) continue;
    if (id !== undefined) logged.add(id);
    createdContacts.record({ email: row.email, ...(id === undefined ? {} : { contactID: id }) });
  }
}
