// @silent-point import.failed-row-contactID
/**
 * The model's reading of contacts/import: the records a request sent, an answer's row results and their
 * flags, its counts against the flags, its warnings, and the row result of each input row. Pure.
 */
import type { ApiResponse, RecordedExchange, Target } from '../check';
import { isAbsent, isSet, readInteger } from '../oracles';

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

/** The records an import request sent, when it sent an array. */
export const sentRecords = (exchange: Pick<ApiResponse, 'params'>): unknown[] | undefined => (Array.isArray(exchange.params.contacts) ? exchange.params.contacts : undefined);

/** Whether a failing row is reported: a non-empty errors array. */
export const hasErrors = (row: RowResult): boolean => Array.isArray(row.errors) && row.errors.length > 0;

/** Whether the answer carries warnings with something in them (interface.md: "Present when rows failed"). */
export function hasWarnings(reading: ImportReading): boolean {
  const warnings = reading.result?.warnings;
  if (warnings === undefined || warnings === null || warnings === '') return false;
  if (Array.isArray(warnings)) return warnings.length > 0;
  if (isObject(warnings)) return Object.keys(warnings).length > 0;
  return true;
}

/** recordsInserted / recordsUpdated against the row flags. */
export function countsOf(reading: ImportReading): { inserted: unknown; updated: unknown; flaggedInserted: number; flaggedUpdated: number } {
  const rows = reading.rows ?? [];
  return {
    inserted: reading.result?.recordsInserted,
    updated: reading.result?.recordsUpdated,
    flaggedInserted: rows.filter((row) => row.inserted).length,
    flaggedUpdated: rows.filter((row) => row.updated).length,
  };
}

/** Whether recordsInserted and recordsUpdated count the rows flagged inserted and updated. */
export const countsAgree = (counts: ReturnType<typeof countsOf>): boolean =>
  counts.inserted === counts.flaggedInserted && counts.updated === counts.flaggedUpdated;

/** The email of a record as the row result should echo it, or undefined when the record has none to echo. */
export function sentEmail(record: unknown): string | undefined {
  return isObject(record) && typeof record.email === 'string' && record.email !== '' ? record.email : undefined;
}

/**
 * The result of input row `index`: the row at the same position when it echoes that row's email (or both
 * have none), else the one result that does (emails compared ignoring case). Checks other than the order
 * check find their rows this way, so a target answering out of order fails only the order rule.
 */
export function resultFor(records: readonly unknown[], rows: readonly RowResult[], index: number): RowResult | undefined {
  const email = sentEmail(records[index])?.toLowerCase();
  const echoes = (row: RowResult | undefined): boolean => {
    if (row === undefined) return false;
    const echoed = typeof row.email === 'string' && row.email !== '' ? row.email.toLowerCase() : undefined;
    return echoed === email;
  };
  if (echoes(rows[index])) return rows[index];
  const matching = rows.filter(echoes);
  return matching.length === 1 ? matching[0] : rows[index];
}

/** What a response shows about its rows, for evidence. */
export const rowsSummary = (reading: ImportReading) =>
  reading.rows?.map((row) => ({ email: row.email, success: row.success, inserted: row.inserted, updated: row.updated, contactID: row.contactID })) ??
  reading.response.errors;

/** A contact an accepted import answered: the address as sent, the contactID its successful row carried, the record. */
export interface AnsweredContact {
  address: string;
  contactID: number;
  record: unknown;
}

/**
 * The contacts an accepted import answered: one per record with an address whose row succeeded carrying a contactID,
 * leaving out addresses the call holds twice (letter case aside: which row answers which is not written).
 */
export function answeredContacts(response: ApiResponse, target: Pick<Target, 'profile'>): AnsweredContact[] {
  if (response.outcome !== 'success') return [];
  const records = sentRecords(response);
  const rows = readImport(response, target).rows;
  if (!records || !rows) return [];
  const addresses = records.map((record) => sentEmail(record)?.toLowerCase());
  return records.flatMap((record, index) => {
    const address = sentEmail(record);
    const row = resultFor(records, rows, index);
    const contactID = row?.success && row.hasContactID ? readInteger(row.contactID) : undefined;
    if (!address || contactID === undefined || addresses.filter((other) => other === address.toLowerCase()).length > 1) return [];
    return [{ address, contactID, record }];
  });
}
