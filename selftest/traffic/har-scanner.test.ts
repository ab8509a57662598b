/**
 * The HAR reader reads a chunk (1 MiB) at a time and hands over the elements of log.entries one by one: what it
 * hands over is what JSON.parse of the whole file holds, whatever the strings contain, the layout, the place of
 * log.entries among other members, and entries crossing chunk boundaries; a file cut short or not JSON is told so.
 */
import assert from 'node:assert/strict';
import { openSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { scanHarEntries, type ScanProblem } from '../../harness/exchanges';
import { scratch } from './support';

const dir = scratch();

function scan(text: string): { entries: unknown[]; problem: ScanProblem | undefined } {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.har`);
  writeFileSync(path, text);
  const fd = openSync(path, 'r');
  const entries: unknown[] = [];
  try {
    const problem = scanHarEntries(fd, (entry, index) => {
      assert.equal(index, entries.length);
      entries.push(entry);
    });
    return { entries, problem };
  } finally {
    closeSync(fd);
  }
}

const tricky = (n: number) => ({
  request: { method: 'GET', url: `http://x/v1/helper/ping?q="]}{[\\",${n}` },
  response: { status: 200, content: { text: JSON.stringify({ a: '"]}}]', b: ['\\', '\u00e9\u4e2d\ud83d\ude00'], entries: [n] }) } },
  entries: { log: { entries: ['not these'] } },
});

describe('the HAR reader hands over exactly the entries of log.entries', () => {
  test('strings holding brackets, quotes and escapes; other members around log.entries; any layout', () => {
    const document = { before: { entries: [1, 2] }, log: { version: '1.2', pages: [{ entries: [3] }], entries: [tricky(0), tricky(1), tricky(2)], after: '[' } };
    for (const text of [JSON.stringify(document), JSON.stringify(document, null, 2), JSON.stringify(document, null, '\t').replace(/\n/g, '\r\n')]) {
      const { entries, problem } = scan(text);
      assert.equal(problem, undefined);
      assert.deepEqual(entries, document.log.entries);
    }
  });

  test('entries larger than a chunk and many small ones across chunk boundaries', () => {
    const big = { request: { method: 'POST', url: 'http://x/v1/contacts/import' }, response: { status: 200, content: { text: 'x\\"'.repeat(900_000) } } };
    const small = Array.from({ length: 30_000 }, (_, n) => ({ request: { method: 'GET', url: `http://x/v1/helper/ping?n=${n}` }, response: { status: 200 } }));
    const document = { log: { entries: [big, ...small, big] } };
    const { entries, problem } = scan(JSON.stringify(document));
    assert.equal(problem, undefined);
    assert.equal(entries.length, small.length + 2);
    assert.deepEqual(entries, document.log.entries);
  });

  test('a file cut short, in an entry or after it; not JSON; no log.entries; an entry that is no object', () => {
    const whole = JSON.stringify({ log: { entries: [tricky(0), tricky(1)] } });
    for (const cut of [whole.slice(0, whole.length - 40), whole.slice(0, whole.length - 2)]) assert.deepEqual(scan(cut).problem, { kind: 'truncated', bytes: Buffer.byteLength(cut) });
    assert.equal(scan(`${whole}x`).problem?.kind, 'not-json');
    assert.equal(scan('hello').problem?.kind, 'not-json');
    assert.equal(scan('{"log": {"entries": [{"a": tru}]}}').problem?.kind, 'not-json');
    assert.equal(scan('{"log": {"entries": [}]}').problem?.kind, 'not-json');
    assert.deepEqual(scan('{"log": {"pages": []}}').problem, { kind: 'no-entries' });
    assert.deepEqual(scan('{"entries": []}').problem, { kind: 'no-entries' });
    assert.equal(scan('{"log": {"entries": [1]}}').problem?.kind, 'not-json');
    assert.deepEqual(scan('{"log": {"entries": []}}'), { entries: [], problem: undefined });
  });
});
