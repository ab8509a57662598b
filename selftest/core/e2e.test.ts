import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FAULTS } from '../../mock';
import { PLAYWRIGHT, readReport, runAtRoot } from './support/run';

const PING_RULES = ['helper.ping.accepts-token', 'schema.helper.ping'];

async function pingRun(faults: string[] = []) {
  const output = join('test-results', `selftest-core-e2e-${faults.join('-') || 'clean'}`);
  const finished = await runAtRoot(PLAYWRIGHT, ['test', 'suites/helper-ping.spec.ts', '--output', output], faults.length ? { EMS_MOCK_FAULTS: faults.join(',') } : {});
  const report = readReport(finished);
  const verdicts = Object.fromEntries(report.rules.filter((rule) => PING_RULES.includes(rule.id)).map((rule) => [rule.id, rule.verdict]));
  return { finished, report, verdicts };
}

describe('helper/ping end to end against the embedded mock', { timeout: 180_000 }, () => {
  test('both ping rules pass, and the run passes', async () => {
    const { finished, report, verdicts } = await pingRun();
    assert.deepEqual(verdicts, { 'helper.ping.accepts-token': 'pass', 'schema.helper.ping': 'pass' }, finished.stdout + finished.stderr);
    assert.equal(finished.code, 0);
    assert.equal(report.target.embeddedMock, true);
    assert.equal(report.counts.fail, 0);
  });

  for (const rule of PING_RULES) {
    const fault = FAULTS.find((candidate) => candidate.rule === rule);
    test(`the mock fault ${fault?.name} makes ${rule} fail, and the run fail`, async () => {
      assert.ok(fault, `mock/faults.ts has a fault for ${rule}`);
      const { finished, report, verdicts } = await pingRun([fault.name]);
      assert.equal(verdicts[rule], 'fail', finished.stdout + finished.stderr);
      assert.notEqual(finished.code, 0);
      assert.deepEqual(report.target.faults, [fault.name]);
      assert.ok(rule !== 'schema.helper.ping' || verdicts['helper.ping.accepts-token'] === 'pass', 'the other rule is unaffected');
    });
  }
});
