import type { Evidence, HarnessError, TransportFailureReason } from '../types';
import { harnessErrorOf, isOutage, type Judge, type TransportError } from '../core';

/** How a test body ended, as the judge fixture sees it. */
export interface TestEnd {
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** The error that ended the test (Playwright's TestInfo.error: message and stack). */
  error?: { message?: string; stack?: string };
  /** The last TransportError the client threw in the test. */
  transportError?: TransportError;
  skipReason?: string;
  timeoutMs: number;
}

type Settlement =
  | { verdict: 'fail' | 'inconclusive' | 'skipped'; reason: string; evidence?: Evidence[]; transportFailure?: TransportFailureReason }
  | { verdict: 'error'; reason: string; harnessError: HarnessError };

/**
 * Gives the declared rules the verdict their test's end implies. A check that threw anything but a
 * transport failure hit a harness error: every declared rule gets `error` (which outranks a pass it
 * recorded before, never a failure). Otherwise only rules without a verdict are settled: an outage (no
 * answer of the target's: refused, reset, timed out, a gateway's 502/503/504; harness/core/outage.ts) and a
 * rate limit that never cleared leave them inconclusive with the reason, marked `transportFailure`; an answer
 * the target did give that cannot be read (not JSON, too large, a 5xx in its envelope, an unknown status)
 * fails them with its reason and evidence; a check that ended without judging is a harness error too (it must
 * not pass silently); one cut short is inconclusive.
 */
export function settleDeclaredRules(judge: Judge, end: TestEnd): void {
  const settled = settlement(end);
  const threw = settled.verdict === 'error' && end.status === 'failed';
  for (const rule of judge.declared) {
    if (!threw && judge.hasVerdict(rule)) continue;
    if (settled.verdict === 'error') judge.record({ rule, verdict: 'error', reason: settled.reason, evidence: [], requests: 0, harnessError: settled.harnessError });
    else {
      const { verdict, reason, evidence = [], transportFailure } = settled;
      judge.record({ rule, verdict, reason, evidence, requests: 0, ...(transportFailure ? { transportFailure } : {}) });
    }
  }
}

function settlement(end: TestEnd): Settlement {
  switch (end.status) {
    case 'passed':
      return harnessError({ message: 'the check recorded no verdict' });
    case 'skipped':
      return { verdict: 'skipped', reason: end.skipReason || 'the test was skipped' };
    case 'timedOut':
      return { verdict: 'inconclusive', reason: `unfinished: the test timed out after ${end.timeoutMs} ms` };
    case 'interrupted':
      return { verdict: 'inconclusive', reason: 'unfinished: the run was interrupted' };
    case 'failed': {
      const transport = end.transportError;
      if (transport && end.error?.message?.includes(transport.message)) {
        // An outage or a rate limit that never cleared is no answer of the target's to the rule: unjudged, never failed.
        const verdict = transport.reason === 'rate-limited' || isOutage(transport.reason) ? 'inconclusive' : 'fail';
        return { verdict, reason: transport.message, evidence: [transport.evidence], transportFailure: transport.reason };
      }
      return harnessError(end.error ?? { message: 'the test failed without a message' });
    }
  }
}

function harnessError(error: { message?: string; stack?: string }): Settlement {
  const found = harnessErrorOf(error);
  return { verdict: 'error', reason: `harness error: ${found.message}`, harnessError: found };
}
