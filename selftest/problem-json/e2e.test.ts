import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PLAYWRIGHT, readReport, runAtRoot } from '../core/support/run';

const ENVELOPE_RULES = ['envelope.shape', 'envelope.http-status', 'envelope.error-signal', 'envelope.datetime-format'];

/** A Playwright run of the envelope suite under the problem-json profile: the global setup puts its adapter in front of the embedded mock. */
async function problemJsonRun(faults: string[] = []) {
  const output = mkdtempSync(join(tmpdir(), 'ems-problem-json-results-'));
  try {
    const env: Record<string, string> = { EMS_PROFILE: 'problem-json', EMS_TEST_RESULTS_DIR: output, ...(faults.length ? { EMS_MOCK_FAULTS: faults.join(',') } : {}) };
    const finished = await runAtRoot(PLAYWRIGHT, ['test', 'suites/envelope.spec.ts'], env);
    const report = readReport(finished);
    const verdicts = Object.fromEntries(report.rules.filter((rule) => ENVELOPE_RULES.includes(rule.id)).map((rule) => [rule.id, rule.verdict]));
    return { finished, report, verdicts };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

describe('EMS_PROFILE=problem-json end to end: the envelope suite against the problem-json adapter', { timeout: 180_000 }, () => {
  test('the envelope rules pass', async () => {
    const { finished, report, verdicts } = await problemJsonRun();
    const output = finished.stdout + finished.stderr;
    assert.deepEqual(verdicts, Object.fromEntries(ENVELOPE_RULES.map((rule) => [rule, 'pass'])), output);
    assert.equal(finished.code, 0, output);
    assert.deepEqual([report.target.profile, report.target.embeddedMock, report.counts.fail], ['problem-json', true, 0]);
  });

  test('an error without a problem type fails envelope.error-signal (envelope-error-code-zero)', async () => {
    const { finished, verdicts } = await problemJsonRun(['envelope-error-code-zero']);
    assert.equal(verdicts['envelope.error-signal'], 'fail', finished.stdout + finished.stderr);
    assert.equal(verdicts['envelope.http-status'], 'pass');
    assert.notEqual(finished.code, 0);
  });
});
