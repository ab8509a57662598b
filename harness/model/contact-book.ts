/**
 * The recorded imports read in order, each with what the earlier ones show of its contacts: whether a
 * contact exists (an earlier accepted import answered a successful row for the address), the contactID it
 * was given, and the data it holds where the traffic shows it. A contact is its address exactly as sent
 * under one token: no case rule for matching is written, and tokens may belong to different accounts; an
 * import of the same address in another letter case (or under another token) leaves what is known of the
 * contact unknown from then on. The model's contact book: pure, no I/O.
 */
import type { RecordedExchange, RecordedTraffic, Target } from '../check';
import { perTraffic } from './per-traffic';
import { isObject, readImport, resultFor, sentEmail, sentRecords, type ImportReading, type RowResult } from './import-answer';

const OP = 'contacts.import';

/** What the traffic showed of a contact before an import. */
export interface KnownContact {
  /** The contactID a successful row gave it (undefined when none was carried). */
  contactID: unknown;
  /** Its field values as last written (field name → JSON), undefined when the traffic cannot show them. */
  data: Map<string, string> | undefined;
  /** Whether the contact was created by an import of the traffic (it was in no group then). */
  createdHere: boolean;
}

/** One record of an import and its row result. */
export interface ImportedRow {
  index: number;
  record: unknown;
  /** The address as sent (undefined when the record has none). */
  email: string | undefined;
  /** The key of the contact (token and address as sent). */
  key: string | undefined;
  row: RowResult | undefined;
  /** The address (letter case aside) appears in another record of the same call too. */
  repeated: boolean;
  /** What the traffic showed of this exact contact before the import. */
  before: KnownContact | undefined;
  /** Contacts known before under the same token and address in another letter case. */
  caseVariants: KnownContact[];
}

/** updateExisting as an import request carried it: absent, on, off, or a value no reading decides. */
export type UpdateExisting = 'absent' | 'on' | 'off' | 'unreadable';

export interface RecordedImport {
  exchange: RecordedExchange;
  /** The records sent, when the request sent an array. */
  records: unknown[] | undefined;
  reading: ImportReading;
  updateExisting: UpdateExisting;
  /** One per record sent (its row result undefined when the call was refused or answered no row results). */
  rows: ImportedRow[];
}

export function readUpdateExisting(value: unknown): UpdateExisting {
  if (value === undefined) return 'absent';
  if (value === 1 || value === true || value === '1' || value === 'true') return 'on';
  if (value === 0 || value === false || value === '0' || value === 'false') return 'off';
  return 'unreadable';
}

/** A record's fields as a contact holds them: each plain key, and each custom field by name (its value member). */
export function fieldsOf(record: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!isObject(record)) return fields;
  for (const [name, value] of Object.entries(record)) {
    if (name === 'email') continue;
    if (name === 'customFields' && isObject(value)) {
      for (const [field, holder] of Object.entries(value)) fields.set(`customFields.${field}`, JSON.stringify(isObject(holder) && 'value' in holder ? holder.value : holder));
    } else fields.set(name, JSON.stringify(value));
  }
  return fields;
}

/** Whether a record would change a contact's data: undefined when the data or one of the record's fields is not known. */
export function changesData(record: unknown, data: Map<string, string> | undefined): boolean | undefined {
  if (data === undefined) return undefined;
  let changes = false;
  for (const [name, value] of fieldsOf(record)) {
    const known = data.get(name);
    if (known === undefined) return undefined;
    if (known !== value) changes = true;
  }
  return changes;
}

const keyOf = (exchange: RecordedExchange, email: string): string => `${exchange.token.id ?? 'no token'}\u0000${email}`;
/** The address of a contact's key (token and address as sent), letter case aside. */
export const addressOf = (key: string): string => key.slice(key.indexOf('\u0000') + 1).toLowerCase();
const tokenOf = (key: string): string => key.slice(0, key.indexOf('\u0000'));

/** What is known of a contact at one point of the traffic (later imports change what is known). */
const snapshot = (contact: KnownContact | undefined): KnownContact | undefined => contact && { ...contact, data: contact.data && new Map(contact.data) };

/** Every recorded import in order, each row with what the earlier imports showed of its contact: read once per traffic. */
export const importHistory = perTraffic(readImportHistory);

function readImportHistory(traffic: RecordedTraffic, target: Pick<Target, 'profile'>): RecordedImport[] {
  const known = new Map<string, KnownContact>();
  /** The keys known under each address, letter case aside. */
  const byAddress = new Map<string, Set<string>>();
  const variantsOf = (key: string): string[] => [...(byAddress.get(addressOf(key)) ?? [])].filter((other) => other !== key);
  const remember = (key: string, contact: KnownContact) => {
    known.set(key, contact);
    if (!byAddress.has(addressOf(key))) byAddress.set(addressOf(key), new Set());
    byAddress.get(addressOf(key))!.add(key);
  };
  return traffic.of(OP).map((exchange): RecordedImport => {
    const records = sentRecords(exchange);
    const reading = readImport(exchange, target);
    const updateExisting = readUpdateExisting(exchange.params.updateExisting);
    const sent = (records ?? []).map((record) => sentEmail(record));
    const counts = new Map<string, number>();
    for (const email of sent) if (email !== undefined) counts.set(email.toLowerCase(), (counts.get(email.toLowerCase()) ?? 0) + 1);
    const rows = (records ?? []).map((record, index): ImportedRow => {
      const email = sent[index];
      const key = email === undefined ? undefined : keyOf(exchange, email);
      return {
        index, record, email, key,
        row: reading.rows ? resultFor(records!, reading.rows, index) : undefined,
        repeated: email !== undefined && (counts.get(email.toLowerCase()) ?? 0) > 1,
        before: key === undefined ? undefined : snapshot(known.get(key)),
        caseVariants: key === undefined ? [] : variantsOf(key).filter((other) => tokenOf(other) === tokenOf(key)).map((other) => snapshot(known.get(other))!),
      };
    });
    const answered = reading.accepted && reading.rows !== undefined;
    for (const item of rows) {
      if (item.key === undefined) continue;
      const succeeded = answered && !item.repeated && item.row?.success === true;
      // Another letter case or token may name the same contact: what is known of those is unknown from now on.
      for (const other of variantsOf(item.key)) known.get(other)!.data = undefined;
      const contact = known.get(item.key);
      if (!succeeded) {
        // A failed row, a refused call or one without an answer may still have written: its data is unknown.
        if (contact) contact.data = undefined;
        continue;
      }
      const row = item.row!;
      if (!contact) {
        remember(item.key, { contactID: row.hasContactID ? row.contactID : undefined, data: row.inserted ? fieldsOf(item.record) : undefined, createdHere: row.inserted });
        continue;
      }
      if (contact.contactID === undefined && row.hasContactID) contact.contactID = row.contactID;
      // A contact known to exist, answered as inserted again: what it holds is no longer known.
      if (row.inserted) contact.data = undefined;
      else if (row.updated && contact.data) for (const [name, value] of fieldsOf(item.record)) contact.data.set(name, value);
    }
    return { exchange, records, reading, updateExisting, rows };
  });
}
