import { defineCheck, failed, passed, responseEvidence, statusMatches, type ApiResponse, type RuleVerdict } from '../../harness/check';
import type { Profile } from '../../harness/types';
import { driveEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'envelope.http-status',
  title: 'successes and refusals carry the HTTP statuses the profile declares',
  // An answer carrying an HTTP status the profile does not declare (read as a transport failure: a 5xx) fails this rule.
  drive: (ctx) => driveEnvelopes(ctx),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL], statusFails: true, answer: httpStatusOf }),
});

/** A success answered with the profile's success status, an error with its error status. */
export function httpStatusOf(response: ApiResponse, profile: Profile): RuleVerdict {
  const expected = response.outcome === 'success' ? profile.outcome.successStatus : profile.outcome.errorStatus;
  if (response.status !== undefined && statusMatches(expected, response.status)) return passed();
  const reason = `a${response.outcome === 'error' ? 'n' : ''} ${response.outcome} answered HTTP ${response.status}, expected ${expected}`;
  return failed(reason, [responseEvidence(response, reason, { expected, actual: response.status })]);
}
