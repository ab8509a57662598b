/** contacts/import where the documents leave a choice: row results, warnings, matching, Dynamic groups. */
import type { RecordedExchange, RecordedTraffic } from '../check';
import { foldCase, isAbsent, isSet, readInteger } from '../oracles';
import { answered, isObject, recordsOf, type Row } from './_internals/answers';
import { observer, saw, type Sighting } from './_internals/sighting';

/** The row results of an accepted import call, as carried. */
const rowsOf = (exchange: RecordedExchange): Row[] => {
  const results = isObject(exchange.importResult) ? exchange.importResult.contactResults : undefined;
  return Array.isArray(results) ? results.filter(isObject) : [];
};

const warningsOf = (exchange: RecordedExchange): { present: boolean; value: unknown } => {
  const result = isObject(exchange.importResult) ? exchange.importResult : {};
  return { present: 'warnings' in result, value: result.warnings };
};

/** The import calls accepted, by time. */
const imports = (traffic: RecordedTraffic): RecordedExchange[] => [...answered(traffic, 'contacts.import')].sort((a, b) => a.startedAt - b.startedAt || a.index - b.index);

/** The contacts a call sent (its rows as sent). */
const sentRows = (exchange: RecordedExchange): unknown[] => (Array.isArray(exchange.params.contacts) ? exchange.params.contacts : []);

export const successRowErrors = observer('import.success-row-errors', (traffic) => {
  const sightings: Sighting[] = [];
  for (const exchange of imports(traffic)) {
    for (const row of rowsOf(exchange)) {
      if (!isSet(row.success)) continue;
      if (!('errors' in row)) sightings.push(saw('omitted', 'contacts/import successful row -> no errors key'));
      else if (Array.isArray(row.errors) && row.errors.length === 0) sightings.push(saw('empty-array', 'contacts/import successful row -> errors []'));
    }
  }
  return sightings;
});

export const failedRowContactID = observer('import.failed-row-contactID', (traffic) => {
  const sightings: Sighting[] = [];
  for (const exchange of imports(traffic)) {
    for (const row of rowsOf(exchange)) {
      if (isSet(row.success) || !('success' in row)) continue;
      if (!('contactID' in row)) sightings.push(saw('omitted', 'contacts/import failed row -> no contactID key'));
      else if (isAbsent(row.contactID) || row.contactID === 0 || row.contactID === '0') sightings.push(saw('empty', `contacts/import failed row -> contactID ${JSON.stringify(row.contactID)}`));
    }
  }
  return sightings;
});

export const warningsWhenNoneFailed = observer('import.warnings-when-none-failed', (traffic) => {
  const sightings: Sighting[] = [];
  for (const exchange of imports(traffic)) {
    const rows = rowsOf(exchange);
    if (rows.length === 0 || !rows.every((row) => isSet(row.success))) continue;
    const { present, value } = warningsOf(exchange);
    if (!present) sightings.push(saw('absent', 'contacts/import no row failed -> no warnings'));
    else if (Array.isArray(value) && value.length === 0) sightings.push(saw('empty', 'contacts/import no row failed -> warnings []'));
  }
  return sightings;
});

export const errorElementShape = observer('import.error-element-shape', (traffic) => {
  const sightings: Sighting[] = [];
  const look = (where: string, list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (typeof item === 'string') sightings.push(saw('strings', `contacts/import ${where} -> strings`));
      else if (isObject(item)) sightings.push(saw('objects', `contacts/import ${where} -> objects`));
    }
  };
  for (const exchange of imports(traffic)) {
    for (const row of rowsOf(exchange)) if (!isSet(row.success)) look('failed row errors', row.errors);
    look('warnings', warningsOf(exchange).value);
  }
  return sightings;
});

/** A row as sent, its keys sorted: two rows with the same text sent the same values. */
const rowText = (row: unknown): string | undefined =>
  isObject(row) ? JSON.stringify(Object.keys(row).sort().map((key) => [key, row[key]])) : undefined;

export const unchangedRowUpdated = observer('import.unchanged-row-updated', (traffic) => {
  const sightings: Sighting[] = [];
  // The last row each address was imported with successfully, as sent.
  const lastSent = new Map<string, string>();
  for (const exchange of imports(traffic)) {
    const sent = sentRows(exchange);
    const updateExisting = exchange.params.updateExisting;
    // A call that also changes group membership may count that as an update: only calls that change no group tell.
    const groups = [exchange.params.groupIDs, exchange.params.removeGroupIDs].some((list) => Array.isArray(list) ? list.length > 0 : list !== undefined);
    const updates = (updateExisting === undefined || isSet(updateExisting)) && !groups;
    rowsOf(exchange).forEach((row, i) => {
      const input = sent[i];
      const email = isObject(input) && typeof input.email === 'string' ? input.email : undefined;
      const text = rowText(input);
      if (!email || !text || !isSet(row.success)) return;
      // By address letter case aside: a row in other letter case may have changed the same contact meanwhile.
      const key = foldCase(email);
      if (updates && lastSent.get(key) === text && !isSet(row.inserted)) {
        sightings.push(isSet(row.updated) ? saw('updated', 'contacts/import the same row again -> updated 1') : saw('unchanged', 'contacts/import the same row again -> updated 0'));
      }
      // The values stored: those of a row inserted, or of a call that updates existing contacts.
      if (isSet(row.inserted) || updateExisting === undefined || isSet(updateExisting)) lastSent.set(key, text);
    });
  }
  return sightings;
});

export const emailMatchCase = observer('import.email-match-case', (traffic) => {
  const sightings: Sighting[] = [];
  // Addresses imported successfully so far, exactly as sent, and their contactIDs by address letter case aside.
  const exact = new Set<string>();
  const folded = new Map<string, number | undefined>();
  for (const exchange of imports(traffic)) {
    const sent = sentRows(exchange);
    rowsOf(exchange).forEach((row, i) => {
      const input = sent[i];
      const email = isObject(input) && typeof input.email === 'string' ? input.email : undefined;
      if (!email || !isSet(row.success)) return;
      const key = foldCase(email);
      if (!exact.has(email) && folded.has(key)) {
        const before = folded.get(key);
        const id = readInteger(row.contactID);
        const same = before !== undefined && id !== undefined ? before === id : !isSet(row.inserted);
        sightings.push(same ? saw('case-insensitive', 'contacts/import an address in other letter case -> the same contact') : saw('exact', 'contacts/import an address in other letter case -> a new contact'));
      }
      exact.add(email);
      folded.set(key, readInteger(row.contactID) ?? folded.get(key));
    });
  }
  return sightings;
});

export const dynamicGroup = observer('import.dynamic-group', (traffic) => {
  const dynamic = new Set<number>();
  for (const exchange of answered(traffic, 'groups.search')) {
    for (const record of recordsOf(exchange)) {
      const id = readInteger(record.groupID);
      if (id !== undefined && foldCase(record.type) === 'dynamic') dynamic.add(id);
    }
  }
  const sightings: Sighting[] = [];
  for (const exchange of traffic.of('contacts.import')) {
    const groups = Array.isArray(exchange.params.groupIDs) ? exchange.params.groupIDs : [];
    if (exchange.outcome === 'transport' || !groups.some((id) => dynamic.has(readInteger(id) ?? -1))) continue;
    // A refusal tells of the group only when the call carried a token that may import.
    const { role, header, query, body } = exchange.token;
    if (exchange.outcome === 'error' && (!(header || query || body) || (role !== undefined && role !== 'full' && role !== 'noGroups'))) continue;
    if (exchange.outcome === 'error') sightings.push(saw('refused', 'contacts/import a Dynamic group in groupIDs -> refused'));
    else if (warningsOf(exchange).present && Array.isArray(warningsOf(exchange).value) && (warningsOf(exchange).value as unknown[]).length > 0) {
      sightings.push(saw('warning', 'contacts/import a Dynamic group in groupIDs -> accepted with a warning'));
    }
  }
  return sightings;
});
