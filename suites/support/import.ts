import fc from 'fast-check';
import { allowedValues, boundsOf, contactOfShape, type AddressBook, type ContactRecord, type ContactShape } from '../../generators';
import { loadSpec, operationInfo } from '../../harness/contract';
import type { ApiClient, ApiResponse, CreatedContactsLog, Target } from '../../harness/core';

/**
 * Support for the contacts/import suites: calling the import and reading its answer, the batches
 * they send, and the groups whose member counts show what an import did to group membership.
 */

// ------------------------------------------------------------------ the request and its answer

export interface ImportRequest {
  contacts: unknown[];
  groupIDs?: number[];
  removeGroupIDs?: number[];
  /** Sent the profile's way (service: 0/1); left out when undefined, so the documented default applies. */
  updateExisting?: boolean;
}

/** One row of contactResults, its flags read as booleans (0/1, or true/false from a lenient target). */
export interface RowResult {
  email: unknown;
  contactID: unknown;
  /** Whether contactID is there: not absent, not null, not the profile's "" for absent values. */
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

const isOne = (value: unknown): boolean => value === 1 || value === true;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an answer of contacts/import through the target profile. */
export function readImport(response: ApiResponse, target: Pick<Target, 'profile'>): ImportReading {
  const accepted = response.outcome === 'success';
  const result = accepted && isObject(response.importResult) ? response.importResult : undefined;
  const results = result?.contactResults;
  const absentAsEmpty = target.profile.quirks?.emptyStringForAbsent === true;
  const rows = Array.isArray(results)
    ? results.map((row): RowResult => {
        const item = isObject(row) ? row : {};
        const contactID = item.contactID;
        return {
          email: item.email,
          contactID,
          hasContactID: contactID !== undefined && contactID !== null && !(absentAsEmpty && contactID === ''),
          success: isOne(item.success),
          inserted: isOne(item.inserted),
          updated: isOne(item.updated),
          errors: item.errors,
        };
      })
    : undefined;
  return { response, accepted, ...(result ? { result } : {}), ...(rows ? { rows } : {}) };
}

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

/** IDs of contacts this worker has seen created, so each is logged once. */
const loggedContactIDs = new Set<number>();

/**
 * Sends contacts/import and logs every contact the answer shows was created: rows flagged inserted,
 * and successful rows whose contactID this worker has not seen before (a target may misflag a row).
 */
export async function importContacts(
  api: ApiClient,
  target: Pick<Target, 'profile'>,
  createdContacts: CreatedContactsLog,
  request: ImportRequest,
): Promise<ImportReading> {
  const params: Record<string, unknown> = { contacts: request.contacts };
  if (request.groupIDs !== undefined) params.groupIDs = request.groupIDs;
  if (request.removeGroupIDs !== undefined) params.removeGroupIDs = request.removeGroupIDs;
  if (request.updateExisting !== undefined) params.updateExisting = request.updateExisting;
  const response = await api.call('contacts.import', { method: 'POST', params });
  const reading = readImport(response, target);
  for (const row of reading.rows ?? []) {
    if (!row.success || typeof row.email !== 'string' || row.email === '') continue;
    const id = typeof row.contactID === 'number' ? row.contactID : undefined;
    if (!row.inserted && (id === undefined || loggedContactIDs.has(id))) continue;
    if (id !== undefined) loggedContactIDs.add(id);
    createdContacts.record({ email: row.email, ...(id === undefined ? {} : { contactID: id }) });
  }
  return reading;
}

/** The email of a record as the row result should echo it, or undefined when the record has none to echo. */
export function sentEmail(record: unknown): string | undefined {
  return isObject(record) && typeof record.email === 'string' && record.email !== '' ? record.email : undefined;
}

/**
 * The result of input row `index`: the row at the same position when it echoes that row's email (or both
 * have none), else the one result that does (emails compared ignoring case). Checks other than the order
 * rule find their rows this way, so a target answering out of order fails only contacts.import.results.order.
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

// ------------------------------------------------------------------ batches

/** Batch sizes for properties: the spec's minimum up to a dozen (the maximum is sent once, by the limits check). */
export const smallBatchSize = (max = 12): fc.Arbitrary<number> => {
  const bounds = boundsOf('contacts.import', 'contacts');
  return fc.integer({ min: bounds.min, max: Math.min(bounds.max ?? max, max) });
};

/** How a run-unique address is written: as generated, its local part upper-cased, or every letter capitalised. */
export type LetterCase = 'as-generated' | 'upper-local' | 'upper';
export const letterCase: fc.Arbitrary<LetterCase> = fc.constantFrom<LetterCase>('as-generated', 'upper-local', 'upper');

export function inLetterCase(email: string, style: LetterCase): string {
  if (style === 'upper') return email.toUpperCase();
  if (style === 'upper-local') {
    const at = email.lastIndexOf('@');
    return email.slice(0, at).toUpperCase() + email.slice(at);
  }
  return email;
}

/** The same address in a different letter case (interface.md does not say whether matching ignores case). */
export const otherCase = (email: string): string => (email === email.toUpperCase() ? email.toLowerCase() : email.toUpperCase());

export const contactShape: fc.Arbitrary<ContactShape> = fc.constantFrom<ContactShape>('email', 'email+customFields');

/** Fresh contacts of one shape, each address in its own letter case. */
export function freshContacts(book: AddressBook, shape: ContactShape, cases: LetterCase[], tag = 'x'): ContactRecord[] {
  return cases.map((style) => contactOfShape(shape, inLetterCase(book.fresh(), style), tag));
}

/** A well-formed batch of fresh contacts: 1..12 of one shape, addresses in assorted letter cases. */
export function wellFormedBatch(book: AddressBook): fc.Arbitrary<ContactRecord[]> {
  return fc
    .record({ shape: contactShape, cases: smallBatchSize().chain((size) => fc.array(letterCase, { minLength: size, maxLength: size })) })
    .map(({ shape, cases }) => freshContacts(book, shape, cases));
}

/** A well-formed batch holding one address twice: exactly, or in another letter case. */
export interface BatchWithRepeat {
  records: ContactRecord[];
  first: number;
  repeat: number;
  sameCase: boolean;
}

export function batchWithRepeat(book: AddressBook): fc.Arbitrary<BatchWithRepeat> {
  return fc
    .record({ batch: wellFormedBatch(book), from: fc.nat(), at: fc.nat(), sameCase: fc.boolean() })
    .map(({ batch, from, at, sameCase }) => {
      const first = from % batch.length;
      const repeat = first + 1 + (at % (batch.length - first));
      const original = batch[first]!;
      const email = sameCase ? original.email! : otherCase(original.email!);
      const records = [...batch];
      records.splice(repeat, 0, { ...original, email });
      return { records, first, repeat, sameCase };
    });
}

/** A tag value for customFields: short printable text. */
export const customFieldValue: fc.Arbitrary<string> = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,19}$/);

// ------------------------------------------------------------------ groups

export interface GroupView {
  groupID: number;
  type: string;
  status: string;
}

export interface MemberCounts {
  total: number;
  active: number;
}

/** A reason a check cannot be judged on this target's data (the check turns it into `inconclusive`). */
export class Unjudgeable extends Error {
  override name = 'Unjudgeable';
}

/**
 * The request value of groups/search status that includes every group: the one allowed value that no
 * group record carries ("All"), from the spec's enums.
 */
export function everyStatus(): string {
  const records = operationInfo('groups.search').payload.records;
  const schemas = loadSpec().components?.schemas ?? {};
  const recordSchema = (records ? schemas[records] : undefined) as { properties?: Record<string, { enum?: unknown[] }> } | undefined;
  const carried = (recordSchema?.properties?.status?.enum ?? []).map((value) => String(value).toLowerCase());
  const widest = allowedValues('groups.search', 'status').filter((value) => !carried.includes(value.toLowerCase()));
  if (carried.length === 0 || widest.length !== 1) throw new Error('spec/openapi.yaml: groups.search status has no single value that selects every group');
  return widest[0]!;
}

const largestPage = (): number => boundsOf('groups.search', 'rpp').max ?? boundsOf('groups.search', 'rpp').min;

export interface GroupDirectory {
  /** Active Static groups, by groupID ascending. */
  statics: number[];
  /** Dynamic groups (Active first), by groupID ascending. */
  dynamics: number[];
}

/** Every group, through groups/search (status All, the largest page), sorted into Static and Dynamic. */
export async function groupDirectory(api: ApiClient): Promise<GroupDirectory> {
  const found = await api.searchAll('groups.search', { status: everyStatus(), rpp: largestPage() }, { maxPages: 20 });
  if (!found.complete) throw new Unjudgeable(`groups/search could not list the groups: ${found.stoppedBecause}`);
  const groups = found.records.filter(isObject).flatMap((record): GroupView[] =>
    typeof record.groupID === 'number' && typeof record.type === 'string' && typeof record.status === 'string'
      ? [{ groupID: record.groupID, type: record.type.toLowerCase(), status: record.status.toLowerCase() }]
      : [],
  );
  const byID = (a: GroupView, b: GroupView) => a.groupID - b.groupID;
  const statics = groups.filter((group) => group.type === 'static' && group.status === 'active').sort(byID);
  const dynamics = groups
    .filter((group) => group.type === 'dynamic')
    .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || byID(a, b));
  return { statics: statics.map((group) => group.groupID), dynamics: dynamics.map((group) => group.groupID) };
}

/**
 * Static groups shared out between the two import files so they can run on two workers at once:
 * contacts-import takes the two lowest IDs, the model the (up to) three highest of the rest.
 */
export function staticGroupsFor(file: 'contacts-import' | 'import-model', directory: GroupDirectory): number[] {
  const suite = directory.statics.slice(0, 2);
  if (file === 'contacts-import') return suite;
  return directory.statics.slice(suite.length).slice(-3);
}

/** totalMembers and activeMembers of the groups, read with groups/search groupIDs=[...] status All. */
export async function memberCounts(api: ApiClient, groupIDs: number[], method: 'GET' | 'POST' = 'GET'): Promise<Map<number, MemberCounts>> {
  const response = await api.call('groups.search', { method, params: { groupIDs, status: everyStatus(), rpp: largestPage() } });
  if (response.outcome !== 'success') throw new Unjudgeable(`groups/search groupIDs=[${groupIDs.join(',')}] answered an error: ${response.errors[0] ?? response.status}`);
  const counts = new Map<number, MemberCounts>();
  for (const record of (response.records ?? []).filter(isObject)) {
    const { groupID, totalMembers, activeMembers } = record;
    if (typeof groupID === 'number' && typeof totalMembers === 'number' && typeof activeMembers === 'number') {
      counts.set(groupID, { total: totalMembers, active: activeMembers });
    }
  }
  const missing = groupIDs.filter((id) => !counts.has(id));
  if (missing.length > 0) throw new Unjudgeable(`groups/search groupIDs=[${groupIDs.join(',')}] returned no member counts for group(s) ${missing.join(', ')}`);
  return counts;
}

/** Change of each group's counts between two readings. */
export function countChange(before: Map<number, MemberCounts>, after: Map<number, MemberCounts>, groupID: number): MemberCounts {
  const a = before.get(groupID)!;
  const b = after.get(groupID)!;
  return { total: b.total - a.total, active: b.active - a.active };
}
