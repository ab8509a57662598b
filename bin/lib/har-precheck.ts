import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { ConfigError, oneLine } from '../../harness/core';
import { recordingFile } from '../../harness/exchanges';

/** How much of a HAR's start is looked at. */
const START_BYTES = 64 * 1024;

/**
 * Each `--har` file, checked before anything else of the run: it exists, is a file, can be read, and
 * starts as a HAR does (a JSON object with a "log" member near its start). Only its start is read, however
 * large the file; the HAR reader (harness/exchanges) still checks the whole recording before Playwright
 * starts. A file that fails is one line naming it and what is wrong (exit 2). The file checked is the one the
 * reader will read: a proxy's journal where the HAR named is missing or older than it (`recordingFile`), unless
 * `asNamed`; a journal holds one HAR entry per line (a JSON object each), no "log" member.
 */
export function precheckHarFiles(files: readonly string[], asNamed = false): void {
  for (const file of files) {
    const recording = asNamed ? { path: file, journal: false } : recordingFile(file);
    precheckHarFile(recording.path, recording.journal);
  }
}

function precheckHarFile(file: string, journal: boolean): void {
  const refuse = (why: string) => new ConfigError(`--har ${file} ${why}`);
  let start: string;
  try {
    const stats = statSync(file);
    if (stats.isDirectory()) throw refuse('is a folder, not a HAR file');
    if (stats.size === 0 && !journal) throw refuse('is empty, not a HAR file');
    const descriptor = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(START_BYTES, stats.size));
      start = buffer.subarray(0, readSync(descriptor, buffer, 0, buffer.length, 0)).toString('utf8');
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw refuse(`cannot be read: ${oneLine(error)}`);
  }
  const first = start.replace(/^\uFEFF/, '').trimStart().charAt(0);
  if (journal) {
    if (first !== '' && first !== '{') throw refuse(`is not a proxy's journal: its first line is not a JSON object (it starts with ${JSON.stringify(first)})`);
    return;
  }
  if (first !== '{') throw refuse(`is not a HAR file: not JSON (it starts with ${JSON.stringify(first)}, a HAR with {)`);
  if (!/"log"\s*:/.test(start)) throw refuse(`is not a HAR file: it has no log.entries array (no "log" member in its first ${START_BYTES / 1024} KiB)`);
}
