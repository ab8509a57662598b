import type { Evidence } from '../types';
import type { Judge } from './judge';
import type { TransportError } from './transport-error';

/** How a test body ended, as the judge fixture sees it. */
export interface TestEnd {
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** First line of the error that ended the test. */
  error?: string;
  /** The last TransportError the client threw in the test. */
  transportError?: TransportError;
  skipReason?: string;
  timeoutMs: number;
}

/**
 * Gives every declared rule without a verdict the verdict its test's end implies: a check that
 * ended normally without judging fails (it must not pass silently); one that threw fails with the
 * error (a rate limit that never cleared leaves it inconclusive); one cut short is inconclusive.
 */
export function settleDeclaredRules(judge: Judge, end: TestEnd): void {
  for (const rule of judge.declared) {
    if (judge.hasVerdict(rule)) continue;
    const { verdict, reason, evidence = [] } = settlement(end);
    judge.record({ rule, verdict, reason, evidence, requests: 0 });
  }
}

function settlement(end: TestEnd): { verdict: 'fail' | 'inconclusive' | 'skipped'; reason: string; evidence?: Evidence[] } {
  switch (end.status) {
    case 'passed':
      return { verdict: 'fail', reason: 'the check recorded no verdict' };
    case 'skipped':
      return { verdict: 'skipped', reason: end.skipReason || 'the test was skipped' };
    case 'timedOut':
      return { verdict: 'inconclusive', reason: `unfinished: the test timed out after ${end.timeoutMs} ms` };
    case 'interrupted':
      return { verdict: 'inconclusive', reason: 'unfinished: the run was interrupted' };
    case 'failed': {
      const transport = end.transportError;
      if (transport && end.error?.includes(transport.message)) {
        // A rate limit that never cleared is no answer of the target's to the rule: unjudged, never failed.
        const verdict = transport.reason === 'rate-limited' ? 'inconclusive' : 'fail';
        return { verdict, reason: transport.message, evidence: [transport.evidence] };
      }
      return { verdict: 'fail', reason: end.error || 'the test failed without a message' };
    }
  }
}
