/**
 * What the reports show of a failure: bodies clipped once around the JSON pointer (harness/report/excerpt.ts),
 * what was seen in one line (harness/report/seen.ts), long commands in files beside the page
 * (harness/report/long-commands.ts), and a page that opens with the failing rules and stays small with many.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { excerpt, WHOLE_CHARS } from '../../harness/report/excerpt';
import { renderHtml } from '../../harness/report/html/page';
import { renderJunit } from '../../harness/report/junit';
import { commandFile, LONG_COMMAND_CHARS, longCommandFiles } from '../../harness/report/long-commands';
import { seenInWords } from '../../harness/report/seen';
import { writeReportFiles } from '../../harness/report/write';
import type { ConformanceReport, RuleResult } from '../../harness/types';
import { failingRule, sampleCatalogue, sampleReport } from './fixtures/sample-report';

const group = (id: number) => ({ groupID: id, groupName: `Group ${id}`, status: 'Active', totalMembers: id === 7 ? '57' : 57, tags: ['a', 'b'] });
const page = { success: 1, code: 0, errors: [], data: { records: Array.from({ length: 64 }, (_, i) => group(i)), paging: { page: 1, rpp: 64 } } };

test('a body longer than a screen keeps the path to the pointer and summarizes the rest, with one note', () => {
  const shown = excerpt(page, '/data/records/7/totalMembers');
  assert.ok(shown.text.length < 1500, `${shown.text.length} characters shown`);
  const pruned = JSON.parse(shown.text) as { errors: unknown; data: { records: unknown[]; paging: unknown } };
  assert.deepEqual(pruned.errors, [], 'an empty container stays as it is');
  assert.deepEqual(pruned.data.records, ['... 7 items before', { groupID: 7, groupName: 'Group 7', status: 'Active', totalMembers: '57', tags: '[... 2 items]' }, '... 56 more items']);
  assert.equal(pruned.data.paging, '{... 2 members}');
  assert.match(shown.note ?? '', /^an excerpt \(around \/data\/records\/7\/totalMembers\) of [\d,]+ characters; the whole value is in conformance\.json$/);
});

test('without a pointer (or one that leads nowhere) the first items and levels stay; a short value is whole', () => {
  for (const pointer of [undefined, '/data/records/99']) {
    const shown = excerpt(page, pointer);
    assert.match(shown.text, /"\.\.\. 62 more items"/);
    assert.match(shown.note ?? '', /its beginning/);
  }
  assert.deepEqual(excerpt({ a: 1 }), { text: '{\n  "a": 1\n}' });
  const text = 'x'.repeat(WHOLE_CHARS + 500);
  assert.match(excerpt(text).note ?? '', /^the first 1,000 of 1,500 characters/);
});

test('what was seen, not what was expected, leads the line: at the first item that differs, or at the pointer', () => {
  const rule = (evidence: RuleResult['evidence'], reason: string): RuleResult => ({ ...failingRule, reason, evidence });
  const order = rule([{ title: "row 1's result is the result of input row 1", expected: ['a@x', 'b@x'], actual: ['b@x', 'a@x'] }], "row 1's result is the result of input row 1");
  assert.equal(seenInWords(order), `row 1's result is the result of input row 1: saw "b@x" at item 1 of 2 where "a@x" was expected`);
  const refused = rule([{ title: 'GET rpp=0 is refused', expected: 'error', actual: { outcome: 'success' } }, { title: 'GET rpp=251 is refused' }], 'GET rpp=0 is refused (and 1 more)');
  assert.equal(seenInWords(refused), 'GET rpp=0 is refused: saw {"outcome":"success"} where error was expected (and 1 more)');
  const schema = rule([{ title: '/data/0/n: expected type: integer, found "57"', pointer: '/data/0/n', expected: 'type: integer', actual: '57' }], 'x');
  assert.equal(seenInWords(schema), 'saw "57" at /data/0/n where type: integer was expected');
  const silent = rule([{ title: 'helper/ping answers', response: { transport: 'timeout' } }], 'x');
  assert.equal(seenInWords(silent), 'helper/ping answers: no usable answer: timeout');
});

/** A report of `count` failing rules, each with five pieces of evidence carrying a 1,000-row import and its curl. */
function manyFailures(count: number): ConformanceReport {
  const base = sampleReport();
  const rows = Array.from({ length: 1000 }, (_, i) => ({ email: `row-${i}@example.com` }));
  const curl = `curl -sS -X POST 'http://127.0.0.1:1/v1/contacts/import' --data '${JSON.stringify({ contacts: rows })}'`;
  const failures: RuleResult[] = Array.from({ length: count }, (_, i) => ({
    ...failingRule,
    id: `contacts.import.rule-${i}`,
    reason: 'row 1 is row 1',
    evidence: Array.from({ length: 5 }, (_, j) => ({
      title: `row ${j + 1} is row ${j + 1}`,
      request: { method: 'POST', url: 'http://127.0.0.1:1/v1/contacts/import', body: { contacts: rows } },
      response: { status: 200, body: { success: 1, data: { contactResults: [...rows].reverse() } } },
      expected: rows.map((row) => row.email),
      actual: [...rows].reverse().map((row) => row.email),
      curl,
    })),
    repro: `# run it again\n${curl}`,
  }));
  const rules = [...base.rules.filter((rule) => rule.verdict !== 'fail'), ...failures];
  return { ...base, rules, counts: { ...base.counts, fail: count } };
}

test('the page opens with the failing rules, links each to its card, and stays small with many failures', () => {
  const report = manyFailures(30);
  const html = renderHtml(report, sampleCatalogue);
  const first = html.indexOf('id="failing-first"');
  assert.ok(first > 0 && first < html.indexOf('class="run-facts"') && first < html.indexOf('id="failures"'), 'the list comes before the facts and the cards');
  for (const rule of report.rules.filter((r) => r.verdict === 'fail')) assert.ok(html.includes(`<a href="#rule-${rule.id}">`), `${rule.id} is not linked`);
  assert.match(html, /saw &quot;row-999@example.com&quot; at item 1 of 1000 where &quot;row-0@example.com&quot; was expected/);
  // 30 rules x 5 pieces of evidence x (a 1,000-row request, its answer, two lists and a 50 kB curl): about 1.5 MB of text whole.
  assert.ok(html.length < 400_000, `the page is ${html.length} characters`);
  assert.doesNotMatch(html, /row-500@example\.com/, 'a body was shown whole');
  assert.equal(html.includes("curl -sS -X POST 'http://127.0.0.1:1/v1/contacts/import' --data"), false, 'a long curl is on the page');
  assert.ok(html.includes(`<a href="${commandFile('contacts.import.rule-0', 0)}">`), 'the long curl is linked');
  const junit = renderJunit(report, sampleCatalogue.areas);
  assert.ok(junit.includes(`${commandFile('contacts.import.rule-0', 0)} beside conformance.html`), 'junit.xml names the file');
});

test('the long commands are written beside the report, and an earlier run\'s are removed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-long-commands-'));
  try {
    const stale = join(dir, 'repro', 'stale.sh');
    await writeReportFiles(manyFailures(1), dir, sampleCatalogue);
    writeFileSync(stale, 'old');
    const files = longCommandFiles(manyFailures(1));
    assert.equal(files.size, 6, 'five curls and the repro');
    for (const [file, text] of files) {
      assert.equal(readFileSync(join(dir, file), 'utf8'), text);
      assert.ok(text.length > LONG_COMMAND_CHARS);
    }
    await writeReportFiles(sampleReport(), dir, sampleCatalogue);
    assert.equal(existsSync(stale), false);
    assert.equal(existsSync(join(dir, 'repro')), false, 'a report without long commands leaves no folder');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
