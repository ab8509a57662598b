/**
 * The second opinion: a conformance run (`npm run conformance`'s command, in a child process) against the embedded mock
 * in its `alt` variant (mock/README.md, "Silent points": the other reasonable choice wherever interface.md is
 * silent) must give 0 fail and 0 inconclusive, through the service profile and through the rest and
 * problem-json profiles behind their adapters. A rule that fails here judges a point the documents leave
 * open (or alt broke a documented sentence): the message lists every failing or inconclusive rule with its
 * reason. Runs are kept short (EMS_RUNS=4); each run's report folder is removed afterwards.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { cleanMockRun } from './clean-run';

/**
 * Per profile, the rules the alt run still fails or leaves inconclusive because the harness judges a point
 * the documents leave open (not alt breaking a documented sentence). While a profile's list is not empty its
 * run is skipped with the list as the reason, so `npm test` stays green; empty it once the harness accepts
 * alt. EMS_ALT_RUN=1 runs every profile anyway. Empty: every profile's alt run is green.
 */
const OPEN_CHECK_ISSUES: Readonly<Record<string, readonly string[]>> = {};

const PROFILES = ['service', 'rest', 'problem-json'] as const;

/** One conformance run against the embedded alt mock under the profile; the rules not passing, with reasons. */
async function altRun(profile: string) {
  return cleanMockRun(profile, { EMS_MOCK_VARIANT: 'alt' });
}

function profileExists(name: string): boolean {
  return existsSync(repoPath('profiles', `${name}.json`));
}

describe('variant alt: a clean run against the other reasonable choices is green', { timeout: 900_000 }, () => {
  for (const profile of PROFILES) {
    const open = OPEN_CHECK_ISSUES[profile] ?? [];
    const skip =
      open.length > 0 && process.env.EMS_ALT_RUN !== '1'
        ? `open check issues (the harness judges points the documents leave open): ${open.join(', ')}`
        : !profileExists(profile)
          ? `profiles/${profile}.json does not exist yet`
          : false;
    test(`profile ${profile}: 0 fail, 0 inconclusive against the embedded mock in variant alt`, { skip }, async () => {
      const { finished, report, unsettled, output } = await altRun(profile);
      assert.equal(report.target.profile, profile);
      assert.equal(report.target.embeddedMock, true);
      assert.deepEqual(unsettled, [], `alt under the ${profile} profile:\n${unsettled.join('\n')}`);
      assert.equal(report.counts.fail, 0);
      assert.equal(report.counts.inconclusive, 0);
      assert.equal(finished.code, 0, output.slice(-4000));
    });
  }
});
