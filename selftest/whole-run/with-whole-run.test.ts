/** How a rule's live verdicts meet the whole run's (harness/runner/whole-run.ts withWholeRun). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWholeRun } from '../../harness/runner/whole-run';
import type { Verdict } from '../../harness/types';

const RULE = 'contacts.import.groupIDs.add';
const verdict = (kind: Verdict['verdict'], reason: string, over: Partial<Verdict> = {}): Verdict => ({ rule: RULE, verdict: kind, reason, evidence: [], requests: 0, ...over });

test('should drop a live failure the whole run does not confirm, whatever its reason says', () => {
  const live = verdict('fail', 'transport: a judge whose own words begin like a transport failure');
  assert.deepEqual(withWholeRun([live], verdict('pass', 'held')).map((v) => v.verdict), ['pass']);
});

test('should keep a failure on an unreadable answer beside a whole-run pass', () => {
  const cut = verdict('fail', 'transport: not-json (HTTP 200) on POST /contacts/import', { transportFailure: 'not-json' });
  assert.deepEqual(withWholeRun([cut], verdict('pass', 'held')), [verdict('pass', 'held'), cut]);
});

test('should keep a test cut short by an outage inconclusive beside a whole-run pass, never beside a whole-run failure', () => {
  const cut = verdict('inconclusive', 'transport: reset (ECONNRESET) on POST /contacts/import', { transportFailure: 'reset' });
  assert.deepEqual(withWholeRun([cut], verdict('pass', 'held')), [verdict('pass', 'held'), cut]);
  assert.deepEqual(withWholeRun([cut], verdict('fail', 'seen by the run')), [verdict('fail', 'seen by the run')]);
  // A rate limit that never cleared stays as before: the whole run's pass decides.
  const limited = verdict('inconclusive', 'transport: rate-limited', { transportFailure: 'rate-limited' });
  assert.deepEqual(withWholeRun([limited], verdict('pass', 'held')), [verdict('pass', 'held')]);
});

test('should keep the live failure beside a whole-run failure, the whole run first', () => {
  const live = verdict('fail', 'seen by the worker');
  const whole = verdict('fail', 'seen by the run');
  assert.deepEqual(withWholeRun([live], whole), [whole, live]);
});
