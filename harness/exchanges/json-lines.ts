import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/**
 * Reads a file of JSON lines a chunk at a time and hands over each line that parses (blank lines skipped), with
 * its number from 0; `onBad` hears of a line that does not parse (the last line of a file whose writer was
 * killed mid-append is cut short). The file is never one string: memory is bounded by the longest line.
 */
export function forEachJsonLine(path: string, onLine: (value: unknown, line: number) => void, onBad: (line: number, error: unknown, last: boolean) => void = () => {}): void {
  const fd = openSync(path, 'r');
  try {
    let pending: Buffer[] = [];
    let line = 0;
    const take = (bytes: Buffer, last: boolean) => {
      const text = bytes.toString('utf8');
      if (text.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        onBad(line++, error, last);
        return;
      }
      onLine(value, line++);
    };
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const length = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (length === 0) break;
      let from = 0;
      for (let end = chunk.indexOf(NEWLINE, from); end !== -1 && end < length; end = chunk.indexOf(NEWLINE, from)) {
        const piece = chunk.subarray(from, end);
        take(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece, false);
        pending = [];
        from = end + 1;
      }
      if (from < length) pending.push(chunk.subarray(from, length));
    }
    if (pending.length > 0) take(Buffer.concat(pending), true);
  } finally {
    closeSync(fd);
  }
}

/** Writes the whole of a text to a file descriptor (writeSync may write part of it). */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}
