import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PLAYWRIGHT, readReport, runAtRoot } from '../core/support/run';

const PING_RULES = ['helper.ping.accepts-token', 'schema.helper.ping', 'envelope.shape', 'envelope.http-status', 'envelope.error-signal'];

/** A Playwright run under the rest profile: the global setup puts the REST adapter in front of the embedded mock. */
async function restRun(faults: string[] = []) {
  const output = mkdtempSync(join(tmpdir(), 'ems-rest-results-'));
  process.once('exit', () => rmSync(output, { recursive: true, force: true }));
  const env: Record<string, string> = { EMS_PROFILE: 'rest', EMS_TEST_RESULTS_DIR: output, ...(faults.length ? { EMS_MOCK_FAULTS: faults.join(',') } : {}) };
  const finished = await runAtRoot(PLAYWRIGHT, ['test', 'suites/helper-ping.spec.ts', 'suites/envelope.spec.ts'], env);
  const report = readReport(finished);
  const verdicts = Object.fromEntries(report.rules.filter((rule) => PING_RULES.includes(rule.id)).map((rule) => [rule.id, rule.verdict]));
  return { finished, report, verdicts };
}

describe('EMS_PROFILE=rest end to end: the suites against the REST adapter in front of the embedded mock', { timeout: 180_000 }, () => {
  test('helper/ping and the envelope rules pass under the rest profile', async () => {
    const { finished, report, verdicts } = await restRun();
    const output = finished.stdout + finished.stderr;
    assert.deepEqual(verdicts, Object.fromEntries(PING_RULES.map((rule) => [rule, 'pass'])), output);
    assert.equal(finished.code, 0, output);
    assert.equal(report.target.profile, 'rest');
    assert.equal(report.target.embeddedMock, true);
    assert.equal(report.counts.fail, 0);
  });

  test('a mock fault still shows through the adapter (ping-data-empty fails schema.helper.ping)', async () => {
    const { finished, verdicts } = await restRun(['ping-data-empty']);
    assert.equal(verdicts['schema.helper.ping'], 'fail', finished.stdout + finished.stderr);
    assert.equal(verdicts['helper.ping.accepts-token'], 'pass');
    assert.notEqual(finished.code, 0);
  });
});
