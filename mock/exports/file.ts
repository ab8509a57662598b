import { strToU8, zipSync } from 'fflate';
import type { Choices } from '../choices/choices';
import type { Email } from '../data/model';
import { formatServiceDatetime } from '../datetime';
import type { FaultSwitch } from '../faults';

/** The columns of the email export, in order. */
const COLUMNS: readonly [string, (email: Email) => string | number | undefined][] = [
  ['emailID', (email) => email.emailID],
  ['deliveryType', (email) => email.deliveryType],
  ['status', (email) => email.status],
  ['title', (email) => email.title],
  ['subject', (email) => email.subject],
  ['userID', (email) => email.userID],
  ['fromName', (email) => email.fromName],
  ['fromAddress', (email) => email.fromAddress],
  ['dateSent', (email) => (email.dateSent === undefined ? undefined : formatServiceDatetime(email.dateSent))],
  ['parentEmailID', (email) => email.parentEmailID],
  ['abSplitID', (email) => email.abSplitID],
  ['campaignIDs', (email) => email.campaignIDs.join(',')],
  ['recipients', (email) => email.metrics.recipients],
  ['uniqueViews', (email) => email.metrics.uniqueViews],
  ['uniqueClicks', (email) => email.metrics.uniqueClicks],
  ['bounces', (email) => email.metrics.bounces],
  ['unsubscribes', (email) => email.metrics.unsubscribes],
];

/** exports.file-rows=by-emailID: two more columns at the end. */
const EXTRA_COLUMNS: typeof COLUMNS = [
  ...COLUMNS,
  ['templateID', (email) => email.templateID],
  ['dateAdded', (email) => formatServiceDatetime(email.dateAdded)],
];

interface FileFormat {
  entryName: string;
  delimiter: string;
  lineEnding: string;
  quoted: boolean;
  dropLastRow: boolean;
}

/**
 * The export file: a zip holding one `{fileKey}.csv`, which is tab-delimited, rows ending CR LF, every
 * value in double quotes (quotes inside doubled), with a header row. Absent values are empty.
 */
export function buildExportZip(fileKey: string, rows: readonly Email[], faults: FaultSwitch, choices: Choices): Uint8Array {
  const columns = choices.is('exports.file-rows', 'by-emailID') ? EXTRA_COLUMNS : COLUMNS;
  const format: FileFormat = {
    entryName: faults.has('exports-file-entry-misnamed') ? 'export.csv' : `${fileKey}.csv`,
    delimiter: faults.has('exports-file-comma-delimited') ? ',' : '\t',
    lineEnding: faults.has('exports-file-lf-rows') ? '\n' : '\r\n',
    quoted: !faults.has('exports-file-unquoted'),
    dropLastRow: faults.has('exports-file-missing-last-row'),
  };
  // A job's file is built once per format (a large account's files are big, and clients fetch them again).
  const key = JSON.stringify([fileKey, format, columns === EXTRA_COLUMNS]);
  const built = builtFiles.get(rows);
  if (built?.key === key) return built.bytes;
  const bytes = zipOf(rows, columns, format);
  builtFiles.set(rows, { key, bytes });
  return bytes;
}

/** The last file built from a job's rows, with the fileKey and format it was built for. */
const builtFiles = new WeakMap<readonly Email[], { key: string; bytes: Uint8Array }>();

function zipOf(rows: readonly Email[], columns: typeof COLUMNS, format: FileFormat): Uint8Array {
  const written = format.dropLastRow ? rows.slice(0, -1) : rows;
  const lines = [columns.map(([name]) => name), ...written.map((email) => columns.map(([, read]) => read(email)))].map((values) =>
    values.map((value) => cell(value, format.quoted)).join(format.delimiter),
  );
  const text = lines.map((line) => line + format.lineEnding).join('');
  return zipSync({ [format.entryName]: strToU8(text) });
}

function cell(value: string | number | undefined, quoted: boolean): string {
  const text = value === undefined ? '' : String(value);
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}
