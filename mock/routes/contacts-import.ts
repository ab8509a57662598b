import { permissionDenied } from '../auth';
import type { Contact } from '../data/model';
import type { Store } from '../data/store';
import { invalidParameter, missingParameter } from '../errors';
import { applyGroupChanges, groupsJoined, resolveGroupChanges, uncountedActive, type GroupChanges } from '../import/group-changes';
import { isJsonObject, recordErrors, structureOf, type RecordRules } from '../import/record-check';
import { data, type Operation, type OperationContext } from './operation';

const MAX_CONTACTS = 1000;
/** Keys of a record that are not stored as plain fields (contactID in input is ignored: matching is on email; a fault reads it). */
const NOT_PLAIN_FIELDS = new Set(['email', 'customFields', 'contactID']);

interface RowResult {
  email: string;
  contactID?: number | '';
  success: 0 | 1;
  inserted: 0 | 1;
  updated: 0 | 1;
  errors?: string[];
}

/**
 * POST /contacts/import: up to 1000 contacts, matched on email (case-insensitively), with group adds and
 * removes. The call is validated before anything is written; a failing row changes nothing and fails alone.
 */
export const contactsImport: Operation = {
  key: 'contacts.import',
  path: '/contacts/import',
  methods: ['POST'],
  permission: 'contactsImport',
  handle(context) {
    const { params, fault, state } = context;
    state.store.noteWrite();
    if (fault('auth-app-token-refused-on-import') && context.token.kind === 'application') throw permissionDenied('contactsImport');
    const contacts = readContacts(context);
    const groupIDs = params.integerList('groupIDs') ?? [];
    const removeGroupIDs = params.integerList('removeGroupIDs') ?? [];
    const updateExisting = params.boolean('updateExisting') ?? !fault('import-update-existing-default-off');
    refuseSilentInputs(context, contacts, groupIDs, removeGroupIDs);
    const limit = fault('import-limit-off-by-one') ? MAX_CONTACTS + 1 : MAX_CONTACTS;
    const oversize = contacts.length > limit;
    if (oversize && !fault('import-oversize-partially-written')) throw tooMany(contacts.length);

    const changes = resolveGroupChanges(groupIDs, removeGroupIDs, state.store, context);
    // import.dynamic-group=refused: a Dynamic or unknown group refuses the whole call (nothing is written) instead of a warning
    if (context.choices.is('import.dynamic-group', 'refused') && changes.warnings.length > 0) throw invalidParameter(changes.warnings.join('; '));
    const importer = new RowImporter(context, changes, updateExisting || fault('import-update-existing-off-ignored'), structureOf(contacts[0]));
    const results = contacts.slice(0, limit).map((record) => importer.import(record));
    if (oversize) throw tooMany(contacts.length);
    return data(importResponse(contacts.length, results, changes.warnings, importer.rowWarnings, context, importer.joined));
  },
};

function readContacts({ params, fault }: OperationContext): unknown[] {
  if (!params.has('contacts')) throw missingParameter('contacts');
  if (params.inQuery('contacts')) throw invalidParameter('contacts must be a JSON array in the request body');
  const contacts = params.raw('contacts');
  if (!Array.isArray(contacts)) throw invalidParameter('contacts must be an array of contact objects');
  if (contacts.length === 0 && !fault('import-empty-accepted')) throw invalidParameter('contacts must hold at least 1 record');
  return contacts;
}

/**
 * The `refused` readings of the inputs whose acceptance the documents leave open: the whole call is refused,
 * nothing written (import.group-in-both-lists, import.duplicate-email-in-call, import.record-contactID).
 */
function refuseSilentInputs({ choices }: OperationContext, contacts: unknown[], groupIDs: number[], removeGroupIDs: number[]): void {
  const both = groupIDs.find((id) => removeGroupIDs.includes(id));
  if (both !== undefined && choices.is('import.group-in-both-lists', 'refused')) throw invalidParameter(`group ${both} is in both groupIDs and removeGroupIDs`);
  const emails = contacts.map((record) => (isJsonObject(record) && typeof record.email === 'string' ? record.email.toLowerCase() : undefined)).filter((email) => email !== undefined && email !== '');
  const twice = emails.find((email, index) => emails.indexOf(email) !== index);
  if (twice !== undefined && choices.is('import.duplicate-email-in-call', 'refused')) throw invalidParameter(`${twice} is in contacts twice`);
  const carrying = contacts.findIndex((record) => isJsonObject(record) && 'contactID' in record);
  if (carrying >= 0 && choices.is('import.record-contactID', 'refused')) throw invalidParameter(`contacts[${carrying}] carries a contactID; contacts are matched on email`);
}

const tooMany = (count: number) => invalidParameter(`contacts may hold at most ${MAX_CONTACTS} records, got ${count}`);

/** Imports rows in order, so a later row with the same email updates the contact an earlier row created. */
class RowImporter {
  readonly rowWarnings: string[] = [];
  /** Per row: whether the import added its contact to a group that did not hold it (the counting faults read it). */
  readonly joined: boolean[] = [];
  private readonly rules: RecordRules;
  private aborted = false;
  private row = 0;
  /** import.duplicate-email-in-call=second-fails: the emails of this call's earlier rows, with their row numbers. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly context: OperationContext,
    private readonly changes: GroupChanges,
    private readonly updateExisting: boolean,
    structure: string[] | undefined,
  ) {
    const { fault } = context;
    this.rules = {
      structure,
      checkStructure: !fault('import-structure-unchecked'),
      requireEmail: !fault('import-missing-email-accepted'),
      acceptCustomFields: !fault('import-custom-fields-rejected'),
    };
  }

  import(record: unknown): RowResult {
    this.row++;
    const email = isJsonObject(record) && typeof record.email === 'string' ? record.email : '';
    const errors = this.aborted ? ['not processed: an earlier row failed'] : recordErrors(record, this.rules);
    // import.duplicate-email-in-call=second-fails: an email already imported by an earlier row of the same call fails as a duplicate row
    const secondFails = this.context.choices.is('import.duplicate-email-in-call', 'second-fails');
    const earlier = secondFails && errors.length === 0 ? this.seen.get(email.trim()) : undefined;
    if (earlier !== undefined) errors.push(`duplicate of row ${earlier} in this call`);
    if (errors.length > 0) return this.failed(email, errors);
    if (secondFails) this.seen.set(email.trim(), this.row);
    const { contact, inserted, updated } = this.save(record as Record<string, unknown>, email.trim());
    const { fault, state } = this.context;
    const joining = !(fault('import-update-existing-off-skips-groups') && !inserted && !this.updateExisting) ? groupsJoined(contact.contactID, this.changes) : [];
    // Faults import-active-members-stale (existing contacts) and import-new-active-members-stale (created ones): a join whose activeMembers is never counted.
    const staleJoin = inserted ? fault('import-new-active-members-stale') : fault('import-active-members-stale');
    if (staleJoin && contact.state === 'active') for (const group of joining) uncountedActive.set(group, (uncountedActive.get(group) ?? 0) + 1);
    this.joined.push(joining.length > 0);
    if (!(fault('import-update-existing-off-skips-groups') && !inserted && !this.updateExisting)) applyGroupChanges(contact.contactID, this.changes, this.context.choices.is('import.group-in-both-lists', 'kept'));
    if (fault('import-unsuppresses') && contact.state === 'suppressed') contact.state = 'active';
    const reportedID = !inserted && fault('import-existing-wrong-contact-id') ? state.store.allocateContactID() : contact.contactID;
    return { email, contactID: reportedID, success: 1, inserted, updated, errors: [] };
  }

  private save(record: Record<string, unknown>, email: string): { contact: Contact; inserted: 0 | 1; updated: 0 | 1 } {
    const { store } = this.context.state;
    const { now } = this.context;
    const fields = Object.fromEntries(Object.entries(record).filter(([name]) => !NOT_PLAIN_FIELDS.has(name)));
    const custom = customFieldValues(record.customFields);
    // Fault import-match-on-contact-id: a record's contactID naming an existing contact wins over its email (the contact keeps its own email).
    const byContactID = this.context.fault('import-match-on-contact-id') ? contactNamed(record.contactID, store) : undefined;
    const existing = byContactID ?? (email === '' ? undefined : store.contactByEmail(email));
    if (!existing) {
      const contact = store.insertContact({ email, state: 'active', fields, customFields: custom, dateAdded: now, dateModified: now });
      return { contact, inserted: 1, updated: 0 };
    }
    if (!this.updateExisting) return { contact: existing, inserted: 0, updated: 0 };
    // import.unchanged-row-updated=unchanged: a row that changes no value leaves the record as it was: updated 0
    if (this.context.choices.is('import.unchanged-row-updated', 'unchanged') && !changesAnything(existing, fields, custom)) return { contact: existing, inserted: 0, updated: 0 };
    Object.assign(existing.fields, fields);
    Object.assign(existing.customFields, custom);
    existing.dateModified = now;
    return { contact: existing, inserted: 0, updated: 1 };
  }

  private failed(email: string, errors: string[]): RowResult {
    const { fault, state } = this.context;
    this.joined.push(false);
    if (fault('import-failure-aborts-rest')) this.aborted = true;
    this.rowWarnings.push(`row ${this.row} (${email || 'no email'}): ${errors.join('; ')}`);
    const result: RowResult = { email, success: 0, inserted: 0, updated: 0, errors: fault('import-failed-row-no-errors') ? [] : errors };
    // import.failed-row-contactID=empty: a failed row carries contactID "" (not populated)
    if (this.context.choices.is('import.failed-row-contactID', 'empty')) result.contactID = '';
    if (fault('import-contact-id-on-failed-rows')) result.contactID = state.store.contactByEmail(email)?.contactID ?? 0;
    return result;
  }
}

/** The existing contact a record's contactID (an integer, or its digits as text) names, if any. */
function contactNamed(contactID: unknown, store: Store): Contact | undefined {
  const id = typeof contactID === 'number' ? contactID : typeof contactID === 'string' && /^\s*\d+\s*$/.test(contactID) ? Number(contactID) : undefined;
  return id !== undefined && Number.isSafeInteger(id) ? store.contactByID(id) : undefined;
}

function changesAnything(contact: Contact, fields: Record<string, unknown>, custom: Record<string, unknown>): boolean {
  const differs = (stored: Record<string, unknown>, given: Record<string, unknown>) => Object.entries(given).some(([name, value]) => !Object.is(stored[name], value));
  return differs(contact.fields, fields) || differs(contact.customFields, custom);
}

function customFieldValues(customFields: unknown): Record<string, unknown> {
  if (!isJsonObject(customFields)) return {};
  return Object.fromEntries(Object.entries(customFields).map(([name, field]) => [name, (field as { value: unknown }).value]));
}

/** A successful row's errors ("empty on success"): [] by default; import.success-row-errors=omitted leaves the key out. */
function successErrors({ fault, choices }: OperationContext): string[] | undefined {
  if (fault('import-success-row-errors')) return ['this row succeeded'];
  return choices.is('import.success-row-errors', 'omitted') ? undefined : [];
}

/**
 * The import answer. import.error-element-shape=objects: row errors and warnings are objects ({row, message},
 * {index, message}); import.warnings-when-none-failed=empty: warnings always present, [] when nothing failed;
 * records.extra-members=extra: the answer adds recordsFailed.
 */
function importResponse(recordsInData: number, results: RowResult[], groupWarnings: string[], rowWarnings: string[], context: OperationContext, joined: readonly boolean[]) {
  const { fault, choices } = context;
  const count = (pick: (result: RowResult, index: number) => number) => results.reduce((sum, result, index) => sum + pick(result, index), 0);
  // The counting faults: a new contact that joined a group counted as updated too; an existing one that joined a group counted as inserted.
  const joinedNew = fault('import-updated-counts-group-adds') ? count((result, index) => (result.inserted && joined[index] ? 1 : 0)) : 0;
  const joinedExisting = fault('import-reimport-joins-counted-inserted') ? count((result, index) => (result.success && !result.inserted && joined[index] ? 1 : 0)) : 0;
  const objects = choices.is('import.error-element-shape', 'objects');
  const messages: string[] = [...rowWarnings, ...groupWarnings];
  const warnings: unknown[] = objects ? messages.map((message, index) => ({ index: index + 1, message })) : messages;
  const contactResults = results.map((result, index) => ({
    ...result,
    errors: result.success ? successErrors(context) : objects ? result.errors?.map((message) => ({ row: index + 1, message })) : result.errors,
  }));
  const warningsShown = warnings.length > 0 || choices.is('import.warnings-when-none-failed', 'empty');
  return {
    recordsUpdated: count((result) => result.updated) + joinedNew,
    recordsInserted: count((result) => (fault('import-inserted-counts-updates') ? result.success : result.inserted)) + joinedExisting,
    recordsInData: fault('import-records-in-data-successful-only') ? count((result) => result.success) : recordsInData,
    ...(choices.is('records.extra-members', 'extra') ? { recordsFailed: count((result) => 1 - result.success) } : {}),
    contactResults: fault('import-results-reversed') ? contactResults.reverse() : contactResults,
    warnings: warningsShown && !fault('import-no-warnings') ? warnings : undefined,
  };
}
