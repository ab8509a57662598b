/**
 * Both modes agree: an active run against the embedded mock records itself through the proxy
 * (recording-provider.ts), the HAR is judged offline (`--har`), and every rule the HAR decides (pass or
 * fail) has the live verdict; every other rule is inconclusive, none passes without evidence. Clean, and
 * with mock faults whose rules have traffic judges (the fault is caught offline too).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { NOT_OBSERVED } from '../../harness/core';
import { conformance, readReport, recordedActiveRun, scratch, SIDE_JUDGED, verdicts } from './support';
import { TRAFFIC_JUDGED } from './traffic-judged';

interface Case {
  name: string;
  faults: string[];
  grep?: string;
  /** Rules the faults make fail: live, and offline too. */
  caught: string[];
}

const CASES: Case[] = [
  { name: 'clean: the whole catalogue', faults: [], caught: [] },
  {
    name: 'faults groups-rpp-clamped and groups-sort-numbers-as-text',
    faults: ['groups-rpp-clamped', 'groups-sort-numbers-as-text'],
    grep: '@rule:(groups\\.|schema\\.groups\\.|envelope\\.)',
    caught: ['groups.search.rpp.bounds', 'groups.search.sort.order'],
  },
  {
    name: 'faults envelope-error-code-zero and emails-sort-desc-ignored',
    faults: ['envelope-error-code-zero', 'emails-sort-desc-ignored'],
    grep: '@rule:(emails\\.|schema\\.emails\\.|envelope\\.)',
    caught: ['envelope.error-signal', 'emails.search.sort.order'],
  },
];

async function agreement({ faults, grep }: Case) {
  const har = join(scratch(), 'live.har');
  const selection = grep ? ['--grep', grep] : [];
  const live = await recordedActiveRun(har, ['--seed', '7', ...selection], { EMS_WORKERS: '2', ...(faults.length ? { EMS_MOCK_FAULTS: faults.join(',') } : {}) });
  const liveReport = readReport(live);
  const offline = await conformance(['--har', har, ...selection]);
  assert.ok([0, 1, 3].includes(offline.code ?? -1), `offline judgement exited ${offline.code}: ${offline.stderr}`);
  const offlineReport = readReport(offline);
  assert.equal(offlineReport.mode, 'traffic');
  assert.equal(offlineReport.requests, 0, 'a traffic run sends no request');
  assert.equal(offlineReport.traffic?.sources[0]?.kept, offlineReport.traffic?.exchanges);

  const liveVerdicts = verdicts(liveReport);
  const figures = { decided: 0, equal: 0, inconclusive: 0, withoutJudge: 0, skipped: 0 };
  const problems: string[] = [];
  for (const [rule, off] of verdicts(offlineReport)) {
    const on = liveVerdicts.get(rule)!;
    if (off.verdict === 'skipped') {
      // Only rules --grep left out (live may still have judged them on the side of a selected test's requests).
      figures.skipped += 1;
      if (!off.reason.startsWith('not selected in this run')) problems.push(`${rule}: skipped offline (${off.reason})`);
    } else if (off.verdict === 'inconclusive') {
      figures.inconclusive += 1;
      if (!TRAFFIC_JUDGED.has(rule) && !SIDE_JUDGED.test(rule)) figures.withoutJudge += 1;
    } else {
      figures.decided += 1;
      if (on.verdict === off.verdict) figures.equal += 1;
      else problems.push(`${rule}: ${off.verdict} offline, ${on.verdict} live (${off.reason || on.reason})`);
      if (!TRAFFIC_JUDGED.has(rule) && !SIDE_JUDGED.test(rule)) problems.push(`${rule}: ${off.verdict} offline without a traffic judge`);
    }
    const unjudgeable = !TRAFFIC_JUDGED.has(rule) && !SIDE_JUDGED.test(rule) && off.verdict !== 'skipped';
    if (unjudgeable && !(off.verdict === 'inconclusive' && off.reason.startsWith(NOT_OBSERVED))) {
      problems.push(`${rule}: no traffic judge, yet ${off.verdict} offline (${off.reason})`);
    }
  }
  console.log(`agreement (faults: ${faults.join(', ') || 'none'}): ${JSON.stringify(figures)}; ${TRAFFIC_JUDGED.size} rules have a traffic judge`);
  return { figures, problems, liveVerdicts, offlineVerdicts: verdicts(offlineReport) };
}

describe('a HAR of an active run, judged offline, gives the live verdict for every rule it decides', { timeout: 900_000 }, () => {
  for (const testCase of CASES) {
    test(testCase.name, async () => {
      const { figures, problems, liveVerdicts, offlineVerdicts } = await agreement(testCase);
      assert.deepEqual(problems, []);
      assert.ok(figures.decided > 0, 'the HAR decides some rules');
      if (testCase.faults.length === 0) assert.ok(![...liveVerdicts.values()].some((v) => v.verdict === 'fail'), 'the clean run fails no rule');
      for (const rule of testCase.caught) {
        assert.equal(liveVerdicts.get(rule)?.verdict, 'fail', `${rule} fails live`);
        assert.equal(offlineVerdicts.get(rule)?.verdict, 'fail', `${rule} fails offline too (${offlineVerdicts.get(rule)?.reason})`);
      }
    });
  }
});
