/**
 * Live and offline are one judgement: an active run against the embedded mock records itself through the
 * proxy (recording-provider.ts), the HAR is judged offline (`--har`), and every rule gets the same verdict
 * both ways. Clean, the whole catalogue: at least 100 of the 103 rules decided offline, none failing. With a
 * fault of every area on at once: the same verdicts both ways, and each fault's rule failing in both.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadRules } from '../../harness/contract';
import { TOKEN_NAMES, TOKEN_VARIABLES, type Tokens } from '../../harness/core';
import { FAULTS } from '../../mock/faults';
import { conformance, readReport, recordedActiveRun, scratch, verdicts } from './support';

interface Case {
  name: string;
  /** Mock faults on; each one's rule (mock/faults.ts) must fail live and offline. */
  faults: string[];
  /** At least this many rules decided (pass or fail) offline. */
  decided: number;
}

const CASES: Case[] = [
  { name: 'clean: the whole catalogue', faults: [], decided: 100 },
  {
    name: 'a fault of every area at once',
    faults: [
      'auth-query-token-accepted', 'envelope-error-without-messages', 'ping-data-empty', 'groups-sort-numbers-as-text',
      'emails-sort-desc-ignored', 'import-results-reversed', 'exports-file-lf-rows',
    ],
    decided: 90,
  },
];

describe('a HAR of an active run, judged offline, gives every rule its live verdict', { timeout: 600_000 }, () => {
  for (const testCase of CASES) {
    test(testCase.name, async () => {
      const har = join(scratch(), 'live.har');
      const faults: Record<string, string> = testCase.faults.length ? { EMS_MOCK_FAULTS: testCase.faults.join(',') } : {};
      // The conformance report alone: this test reads neither Playwright's HTML report nor its console lines.
      const live = readReport(await recordedActiveRun(har, ['--seed', '7'], { ...faults, EMS_REPORTERS: 'minimal' }));
      // Judged as a team would judge its recording: given the target's tokens (so each token's role is known) and fixtures.
      const given = JSON.parse(readFileSync(`${har}.target.json`, 'utf8')) as { tokens: Tokens; fixtures: object };
      const tokens = Object.fromEntries(TOKEN_NAMES.filter((name) => given.tokens[name]).map((name) => [TOKEN_VARIABLES[name], given.tokens[name]!]));
      const finished = await conformance(['--har', har], { ...tokens, EMS_FIXTURES_JSON: JSON.stringify(given.fixtures) });
      assert.ok([0, 1, 3].includes(finished.code ?? -1), `offline judgement exited ${finished.code}: ${finished.stderr}`);
      const offline = readReport(finished);
      assert.equal(offline.mode, 'traffic');
      assert.equal(offline.requests, 0, 'a traffic run sends no request');

      const liveVerdicts = verdicts(live);
      const offlineVerdicts = verdicts(offline);
      const differing: string[] = [];
      for (const rule of loadRules().rules) {
        const on = liveVerdicts.get(rule.id);
        const off = offlineVerdicts.get(rule.id);
        if (on?.verdict === off?.verdict) continue;
        const shown = [offline, live].map((report) => report.rules.find((r) => r.id === rule.id)?.evidence[0]).map((e) => (e ? ` [${e.title}: ${e.curl ?? ''}]` : ''));
        differing.push(`${rule.id}: ${off?.verdict} offline (${off?.reason})${shown[0]}, ${on?.verdict} live (${on?.reason})${shown[1]}`);
      }
      const decided = [...offlineVerdicts.values()].filter((v) => v.verdict === 'pass' || v.verdict === 'fail').length;
      console.log(`agreement (faults: ${testCase.faults.join(', ') || 'none'}): ${decided} of ${loadRules().rules.length} rules decided offline, ${differing.length} differ`);
      assert.deepEqual(differing, []);
      assert.ok(decided >= testCase.decided, `${decided} rules decided offline, fewer than ${testCase.decided}`);
      if (testCase.faults.length === 0) assert.deepEqual([...liveVerdicts].filter(([, v]) => v.verdict === 'fail').map(([rule]) => rule), [], 'the clean run fails no rule');
      for (const rule of testCase.faults.map((name) => FAULTS.find((fault) => fault.name === name)!.rule)) {
        assert.equal(liveVerdicts.get(rule)?.verdict, 'fail', `${rule} fails live (${liveVerdicts.get(rule)?.reason})`);
        assert.equal(offlineVerdicts.get(rule)?.verdict, 'fail', `${rule} fails offline too (${offlineVerdicts.get(rule)?.reason})`);
      }
    });
  }
});
