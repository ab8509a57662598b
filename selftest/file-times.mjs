/**
 * A node:test reporter for `npm test` (plain JavaScript: node loads reporters before tsx's hook): the time each
 * self-test file takes, summed from its top-level tests' durations (files run concurrently, so this is the
 * file's own time, not its share of the wall), and its tests count. One line per file, slowest first:
 * `<seconds>\t<tests>\t<file>`.
 */
import { relative } from 'node:path';

/** @param {AsyncIterable<{ type: string, data: { file?: string, nesting?: number, details?: { duration_ms?: number } } }>} source */
export default async function* fileTimes(source) {
  /** @type {Map<string, { ms: number, tests: number }>} */
  const files = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (file === undefined) continue;
    const entry = files.get(file) ?? { ms: 0, tests: 0 };
    if (nesting === 0) entry.ms += details?.duration_ms ?? 0;
    entry.tests += 1;
    files.set(file, entry);
  }
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  for (const [file, { ms, tests }] of rows) yield `${(ms / 1000).toFixed(1)}\t${tests}\t${relative(process.cwd(), file)}\n`;
}
