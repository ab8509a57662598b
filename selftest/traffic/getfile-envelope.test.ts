/**
 * getFile answers the file or the profile's error envelope (service-facts.md: every body but the export file is
 * the envelope), so envelope.shape judges getFile's JSON answers. With the mock fault envelope-missing-request-id,
 * envelope.shape fails (on getFile too), and the rules whose checks call getFile keep their own verdicts, live
 * and with --har on the same recording: no harness error, no failure taken from another rule.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { ConformanceReport } from '../../harness/types';
import { conformance, readReport, recordedActiveRun, scratch } from './support';

const CALLERS = ['auth.token.missing', 'auth.token.invalid', 'exports.getFile.availability', 'exports.getFile.unknown-key'];
const GREP = '@rule:(auth\\.token\\.(missing|invalid)|exports\\.getFile\\.(availability|unknown-key)|envelope\\.shape)(\\s|$)';

function byRule(report: ConformanceReport) {
  return new Map(report.rules.map((rule) => [rule.id, rule]));
}

describe('envelope-missing-request-id on getFile', { timeout: 600_000 }, () => {
  test('should fail envelope.shape on getFile\'s error envelope and leave the rules that call getFile their own verdicts, live and with --har', async () => {
    const har = join(scratch(), 'live.har');
    const live = await recordedActiveRun(har, ['--grep', GREP], { EMS_MOCK_FAULTS: 'envelope-missing-request-id', EMS_WORKERS: '2' });
    const liveReport = readReport(live);
    const liveRules = byRule(liveReport);
    assert.equal(live.code, 1, live.stdout.slice(-2000));
    assert.equal(liveRules.get('envelope.shape')?.verdict, 'fail');
    assert.equal(liveReport.counts.error, 0, 'no harness error');
    for (const rule of CALLERS) assert.equal(liveRules.get(rule)?.verdict, 'pass', `${rule} live: ${liveRules.get(rule)?.reason}`);

    const started = Date.now();
    const offline = await conformance(['--har', har, '--grep', GREP]);
    const offlineReport = readReport(offline);
    const offlineRules = byRule(offlineReport);
    assert.equal(offlineReport.counts.error, 0, 'no harness error');
    assert.ok(Date.now() - started < 120_000, `--har took ${Math.round((Date.now() - started) / 1000)} s`);
    assert.equal(offline.code, 1, offline.stdout.slice(-2000));
    assert.equal(offlineRules.get('envelope.shape')?.verdict, 'fail');
    for (const rule of CALLERS) {
      const verdict = offlineRules.get(rule);
      assert.ok(verdict?.verdict === 'pass' || verdict?.verdict === 'inconclusive', `${rule} offline: ${verdict?.verdict} ${verdict?.reason}`);
      assert.doesNotMatch(verdict?.reason ?? '', /does not cover/);
    }
  });
});
