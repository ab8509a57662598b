import { closeSync, existsSync, openSync, renameSync, statSync } from 'node:fs';
import { writeAll } from './json-lines';

/** The journal beside a HAR the proxy writes: every finished exchange appended as one line (a HAR entry). */
export const journalPathOf = (harFile: string): string => `${harFile}.journal.ndjson`;

/** Whether a path names a journal (JSON lines of HAR entries) rather than a HAR document. */
export const isJournalPath = (path: string): boolean => /\.(ndjson|jsonl)$/i.test(path);

/**
 * The recording of a proxy, kept on disk as it goes: each exchange, once finished, is appended to the journal as
 * one line, written to the operating system at once (a `write` per line, no buffer in the process), so a proxy
 * killed without warning (`kill -9`) loses only the requests still in flight. A journal already at the path (a
 * proxy killed before it wrote its HAR) is moved aside first, never overwritten (an empty one is): `movedAside` names where.
 */
export class Journal {
  readonly movedAside: string | undefined;
  private fd: number | undefined;
  private lines = 0;

  constructor(readonly path: string) {
    if (existsSync(path) && statSync(path).size > 0) {
      const stamp = statSync(path).mtime.toISOString().replace(/[:.]/g, '-');
      this.movedAside = path.replace(/\.ndjson$/, `-${stamp}.ndjson`);
      renameSync(path, this.movedAside);
    }
    this.fd = openSync(path, 'w');
  }

  /** Appends one entry as a line. */
  append(entry: unknown): void {
    if (this.fd === undefined) throw new Error(`the journal ${this.path} is closed`);
    writeAll(this.fd, `${JSON.stringify(entry)}\n`);
    this.lines++;
  }

  /** How many entries were appended. */
  get count(): number {
    return this.lines;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
