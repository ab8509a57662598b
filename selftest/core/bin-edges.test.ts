/** Edges of the main command where a CI job meets it: each says the truth in one line, or counts what it judged. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadRules } from '../../harness/contract';
import { startMock } from '../../mock';
import { readReport, runConformance as conformance } from './support/run';


test('should refuse --workers 0 (and EMS_WORKERS=0) in one line, exit 2', { timeout: 60_000 }, async () => {
  const flag = await conformance(['--workers', '0']);
  assert.equal(flag.code, 2);
  assert.equal(flag.stderr, 'conformance: --workers 0: give a whole number greater than 0\n');
  const variable = await conformance([], { EMS_WORKERS: '0' });
  assert.equal(variable.code, 2);
  assert.equal(variable.stderr, 'conformance: EMS_WORKERS 0: give a whole number greater than 0\n');
});

test('should say a base URL is probably missing its version segment, not that the token was refused', { timeout: 60_000 }, async () => {
  const mock = await startMock({ port: 0 });
  try {
    const finished = await conformance(['--base-url', mock.origin, '--token', mock.tokens.full]);
    assert.equal(finished.code, 2, finished.stdout + finished.stderr);
    assert.match(finished.stderr, new RegExp(`^conformance: helper/ping at ${mock.origin} answered an error \\(.*\\): the base URL is probably missing its version segment \\(e\\.g\\. ${mock.origin}/v1\\)\\n$`));
    assert.ok(!finished.stderr.includes(mock.tokens.full));
  } finally {
    await mock.close();
  }
});

test('should count as judged only the rules --grep selected', { timeout: 180_000 }, async () => {
  const rules = ['groups.search.rpp.default', 'helper.ping.accepts-token'];
  const finished = await conformance(['--grep', rules.map((rule) => `@rule:${rule.replace(/\./g, '\\.')}`).join('|'), '--seed', '5']);
  assert.equal(finished.code, 0, finished.stdout + finished.stderr);
  const report = readReport(finished);
  const judged = report.rules.filter((rule) => rule.verdict !== 'skipped').map((rule) => rule.id).sort();
  assert.deepEqual(judged, rules);
  assert.ok(finished.stdout.includes(`\n  0 fail, 0 inconclusive, 2 pass, ${loadRules().rules.length - 2} skipped\n`), finished.stdout.slice(-800));
  // A rule no selected test declares is not judged, whatever answers of its operations the selected tests had.
  assert.match(report.rules.find((rule) => rule.id === 'schema.groups.search')?.reason ?? '', /^not selected in this run/);
});
