// @silent-point import.failed-row-contactID
/**
 * Reading an answer of contacts/import (the import checks, and the auth checks that import): its row
 * results, their flags, and the contacts it shows were saved, for the created-contacts log.
 */
import type { ApiResponse, CreatedContactsLog, Target } from '../../harness/check';
import { isAbsent, isSet } from '../../harness/oracles';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One row of contactResults as the answer carries it. */
export interface ImportRow {
  email?: unknown;
  contactID?: unknown;
  success?: unknown;
  inserted?: unknown;
  updated?: unknown;
  errors?: unknown;
}

/** The row results of an import answer, as carried (none when contactResults is no array). */
export function importRows(response: ApiResponse): ImportRow[] {
  const result = response.importResult as { contactResults?: unknown } | undefined;
  return Array.isArray(result?.contactResults) ? (result.contactResults as ImportRow[]) : [];
}

/** One row of contactResults, its flags read as booleans (0/1, or true/false from a lenient target). */
export interface RowResult {
  email: unknown;
  contactID: unknown;
  /** Whether contactID is populated (carriesContactID). */
  hasContactID: boolean;
  success: boolean;
  inserted: boolean;
  updated: boolean;
  errors: unknown;
}

export interface ImportReading {
  response: ApiResponse;
  /** The call succeeded (the envelope says so). */
  accepted: boolean;
  /** The import payload (ImportResponse) when the call succeeded and it is an object. */
  result?: Record<string, unknown>;
  /** contactResults read, when it is an array. */
  rows?: RowResult[];
}

/**
 * Whether a row carries a contactID. interface.md ("Populated only when success is true") does not say
 * how an unpopulated contactID looks: a missing key, null, "" and 0 each read as "not populated", under
 * every profile (whether "" is a documented type is the schema rule's business, not this one's).
 */
export const carriesContactID = (contactID: unknown): boolean => !isAbsent(contactID) && contactID !== 0 && contactID !== '0';

/** Reads an answer of contacts/import through the target profile. */
export function readImport(response: ApiResponse, _target: Pick<Target, 'profile'>): ImportReading {
  const accepted = response.outcome === 'success';
  const result = accepted && isObject(response.importResult) ? response.importResult : undefined;
  const results = result?.contactResults;
  const rows = Array.isArray(results)
    ? results.map((row): RowResult => {
        const item = isObject(row) ? row : {};
        const contactID = item.contactID;
        return {
          email: item.email,
          contactID,
          hasContactID: carriesContactID(contactID),
          success: isSet(item.success),
          inserted: isSet(item.inserted),
          updated: isSet(item.updated),
          errors: item.errors,
        };
      })
    : undefined;
  return { response, accepted, ...(result ? { result } : {}), ...(rows ? { rows } : {}) };
}

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
