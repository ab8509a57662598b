// @silent-point exports.file-rows
/**
 * The export file as the profile describes it (profile.exportFile): the container, its one entry,
 * and the delimited text inside (delimiter, line ending, quoting with doubled quotes, header row). Each
 * download is opened once, for the judges of the file and the observer of its rows alike.
 * Two readings: a strict one that reports every departure from the format, and a lenient one that
 * only counts rows (so a format fault does not hide the row count, which another rule judges).
 */
import { strFromU8, unzipSync } from 'fflate';
import type { Profile } from '../types';

export type ExportFormat = Profile['exportFile'];

export interface Unpacked {
  /** The text of the entry (or of the whole file without a container); undefined when unreadable. */
  text?: string;
  /** Names of the entries found in the container. */
  entries: string[];
  /** Departures from the container part of the format. */
  problems: string[];
}

/** The entry name the profile expects for this fileKey. */
export const expectedEntryName = (format: ExportFormat, fileKey: string): string => format.entryName.replaceAll('{fileKey}', fileKey);

/** Files already opened, per fileKey and format: the format and rows judges read the same downloads. */
const opened = new WeakMap<Buffer, Map<string, Unpacked>>();

/** Opens the container; the text is that of the expected entry, else of the only entry. */
export function unpackExport(file: Buffer, fileKey: string, format: ExportFormat): Unpacked {
  const key = JSON.stringify([fileKey, format.container, format.entryName]);
  const known = opened.get(file)?.get(key);
  if (known) return known;
  const unpacked = openExport(file, fileKey, format);
  opened.set(file, (opened.get(file) ?? new Map()).set(key, unpacked));
  return unpacked;
}

function openExport(file: Buffer, fileKey: string, format: ExportFormat): Unpacked {
  if (format.container === 'none') return { text: file.toString('utf8'), entries: [], problems: [] };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
  } catch (error) {
    const start = JSON.stringify(file.subarray(0, 16).toString('latin1'));
    return { entries: [], problems: [`the file is not a zip archive (${(error as Error).message}; it starts ${start})`] };
  }
  const entries = Object.keys(files).filter((name) => !name.endsWith('/'));
  const expected = expectedEntryName(format, fileKey);
  const problems: string[] = [];
  if (entries.length !== 1) problems.push(`the zip holds ${entries.length} entries (${entries.join(', ') || 'none'}), expected exactly one`);
  const named = entries.find((name) => name === expected) ?? entries.find((name) => name.toLowerCase() === expected.toLowerCase());
  if (!named && entries.length > 0) problems.push(`the zip entry is named ${JSON.stringify(entries[0])}, expected ${JSON.stringify(expected)}`);
  const chosen = named ?? (entries.length === 1 ? entries[0] : undefined);
  const bytes = chosen === undefined ? undefined : files[chosen];
  return { ...(bytes ? { text: strFromU8(bytes) } : {}), entries, problems };
}

const show = (text: string): string => JSON.stringify(text);

export interface StrictReading {
  rows: string[][];
  problems: string[];
}

/**
 * Reads the text exactly as the format says: every value quoted (when `quoted`) with quotes inside
 * doubled, values separated by the delimiter, every row ending with the line ending (a missing one
 * after the last row is tolerated), a header row first, every row as wide as the header.
 * Stops at the first departure inside the text (what follows cannot be read reliably).
 */
export function readStrictly(text: string, format: ExportFormat): StrictReading {
  const { delimiter, lineEnding, quoted } = format;
  // A byte-order mark before the first row is an encoding detail, not part of the format.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const rows: string[][] = [];
  const problems: string[] = [];
  let row: string[] = [];
  let i = 0;
  const where = () => `row ${rows.length + 1}, value ${row.length + 1}`;

  outer: while (i < text.length) {
    // one value
    let value = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close < 0) {
          problems.push(`${where()}: a quoted value is never closed`);
          break outer;
        }
        value += text.slice(i, close);
        if (text[close + 1] === '"') {
          value += '"';
          i = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
    } else {
      if (quoted) {
        problems.push(`${where()}: the value is not in double quotes (it starts ${show(text.slice(i, i + 12))})`);
        break;
      }
      let end = i;
      while (end < text.length && !text.startsWith(delimiter, end) && !text.startsWith(lineEnding, end)) end += 1;
      value = text.slice(i, end);
      i = end;
    }
    row.push(value);
    // what follows a value
    if (i >= text.length) break;
    if (text.startsWith(delimiter, i)) {
      i += delimiter.length;
      continue;
    }
    if (text.startsWith(lineEnding, i)) {
      i += lineEnding.length;
      rows.push(row);
      row = [];
      continue;
    }
    problems.push(`row ${rows.length + 1}, after value ${row.length}: expected the delimiter ${show(delimiter)} or the line ending ${show(lineEnding)}, found ${show(text.slice(i, i + 6))}`);
    break;
  }
  if (row.length > 0) rows.push(row);

  if (problems.length === 0) {
    if (format.header && rows.length === 0) problems.push('the file is empty: no header row');
    const header = rows[0];
    if (format.header && header && header.some((name) => name.trim() === '')) {
      problems.push(`the header row has an empty column name: ${show(header.join(delimiter))}`);
    }
    const width = header?.length ?? 0;
    const ragged = rows.findIndex((cells) => cells.length !== width);
    if (ragged >= 0) problems.push(`row ${ragged + 1} has ${rows[ragged]!.length} values, the first row ${width}`);
  }
  return { rows, problems };
}

/** Characters after which a value may start, whatever the delimiter (a lenient reading does not trust it). */
const VALUE_STARTS = new Set(['\n', '\t', ',', ';', '|']);

/**
 * Counts the rows leniently: a row ends at LF or CR LF outside a quoted value, whatever the
 * delimiter; a double quote opens a quoted value only where a value starts (so an unquoted value
 * holding quotes cannot swallow rows); empty lines are not rows.
 */
export function countRowsLeniently(text: string): number {
  let rows = 0;
  let content = false;
  let inQuotes = false;
  let previous = '\n';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') i += 1;
        else inQuotes = false;
      }
      previous = char;
      continue;
    }
    if (char === '"' && VALUE_STARTS.has(previous)) inQuotes = true;
    if (char === '\n') {
      if (content) rows += 1;
      content = false;
    } else if (char !== '\r') {
      content = true;
    }
    if (char !== '\r') previous = char;
  }
  return content ? rows + 1 : rows;
}

/** Data rows of the text: the rows less the header row when the format has one. */
export const dataRows = (text: string, format: ExportFormat): number => Math.max(0, countRowsLeniently(text) - (format.header ? 1 : 0));
