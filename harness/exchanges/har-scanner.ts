import { readSync } from 'node:fs';

/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;
/** What a HAR may hold outside `log.entries` (version, creator, pages, ...): more is no HAR this reader keeps in memory. */
export const MAX_OUTSIDE_ENTRIES_BYTES = 16 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** How the scan of a file ended, for the caller's one-line refusals. */
export type ScanProblem =
  | { kind: 'truncated'; bytes: number }
  | { kind: 'not-json'; detail: string }
  | { kind: 'no-entries' }
  | { kind: 'too-much-outside'; limit: number };

interface Container {
  array: boolean;
  /** The key this container is the value of in its parent object (undefined in an array or at the top). */
  name: string | undefined;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/**
 * Reads a HAR 1.2 file a chunk at a time and hands over each element of `log.entries` as soon as its last byte is
 * read (parsed by JSON.parse, element by element): the file is never one string, and the memory the reading takes is
 * bounded by the largest entry, whatever the file's size. What lies outside the entries (a few hundred bytes in a HAR) is kept and parsed at the end,
 * so a file that is not JSON or is cut short is told apart as `JSON.parse` of the whole would. Returns the
 * problem, if any, where it is met (a form that cannot be JSON) or at the end (cut short, not JSON outside the
 * entries, no log.entries); the entries handed over before it are the caller's to drop.
 */
export function scanHarEntries(fd: number, onEntry: (entry: unknown, index: number) => void): ScanProblem | undefined {
  const stack: Container[] = [];
  const outside: Buffer[] = [];
  let outsideBytes = 0;
  let inString = false;
  let escaped = false;
  /** The key being read, at the top two levels (log, entries); undefined elsewhere. */
  let key: number[] | undefined;
  let pendingName: string | undefined;
  let foundEntries = false;
  /** At the level of the log.entries array (between its elements): what is read there is none of the outside. */
  let atEntries = false;
  /** Inside one element of log.entries: its bytes so far. */
  let element: Buffer[] | undefined;
  let elementStart = 0;
  let index = 0;
  let position = 0;

  const keepOutside = (chunk: Buffer, from: number, to: number): ScanProblem | undefined => {
    if (to <= from) return undefined;
    outsideBytes += to - from;
    if (outsideBytes > MAX_OUTSIDE_ENTRIES_BYTES) return { kind: 'too-much-outside', limit: MAX_OUTSIDE_ENTRIES_BYTES };
    outside.push(chunk.subarray(from, to));
    return undefined;
  };
  const isEntries = () => stack.length === 3 && stack[2]!.array && stack[2]!.name === 'entries' && stack[1]!.name === 'log' && !stack[1]!.array && !stack[0]!.array;

  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const length = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (length === 0) break;
    /** Where the outside part of this chunk began; undefined while inside log.entries. */
    let outsideFrom: number | undefined = atEntries || element ? undefined : 0;
    elementStart = 0;
    for (let i = 0; i < length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) {
          inString = false;
          if (key) {
            pendingName = Buffer.from(key).toString('utf8');
            key = undefined;
          }
        } else if (key && key.length < 64) key.push(byte);
        continue;
      }
      if (isSpace(byte)) continue;
      // An element of log.entries begins.
      if (atEntries && !element && byte !== COMMA && byte !== CLOSE_ARRAY) {
        if (byte !== OPEN_OBJECT) return { kind: 'not-json', detail: `entry ${index} is not an object (byte ${position + i})` };
        element = [];
        elementStart = i;
      }
      const top = stack[stack.length - 1];
      if (byte === QUOTE) {
        inString = true;
        if (top && !top.array && top.expectKey) {
          top.expectKey = false;
          key = stack.length <= 2 ? [] : undefined;
        }
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        stack.push({ array: byte === OPEN_ARRAY, name: top && !top.array ? pendingName : undefined, expectKey: byte === OPEN_OBJECT });
        pendingName = undefined;
        if (!element && isEntries()) {
          // log.entries opens: the outside goes on after it closes.
          foundEntries = true;
          atEntries = true;
          if (outsideFrom !== undefined) {
            const problem = keepOutside(chunk, outsideFrom, i + 1);
            if (problem) return problem;
          }
          outsideFrom = undefined;
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (!top || top.array !== (byte === CLOSE_ARRAY)) return { kind: 'not-json', detail: `unexpected "${String.fromCharCode(byte)}" at byte ${position + i}` };
        if (atEntries && !element) {
          // log.entries closes.
          atEntries = false;
          outsideFrom = i;
        }
        stack.pop();
        pendingName = undefined;
        if (element && stack.length === 3) {
          element.push(chunk.subarray(elementStart, i + 1));
          const text = Buffer.concat(element).toString('utf8');
          element = undefined;
          let value: unknown;
          try {
            value = JSON.parse(text);
          } catch (error) {
            return { kind: 'not-json', detail: `entry ${index}: ${error instanceof Error ? error.message : String(error)}` };
          }
          onEntry(value, index++);
        }
      } else if (byte === COMMA) {
        if (top && !top.array) top.expectKey = true;
        pendingName = undefined;
      }
    }
    if (element) element.push(chunk.subarray(elementStart, length));
    else if (outsideFrom !== undefined) {
      const problem = keepOutside(chunk, outsideFrom, length);
      if (problem) return problem;
    }
    position += length;
  }
  if (inString || stack.length > 0 || element) return { kind: 'truncated', bytes: position };
  const skeleton = Buffer.concat(outside).toString('utf8');
  try {
    JSON.parse(skeleton);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/end of JSON input|Unterminated string/i.test(message)) return { kind: 'truncated', bytes: position };
    return { kind: 'not-json', detail: message };
  }
  return foundEntries ? undefined : { kind: 'no-entries' };
}
