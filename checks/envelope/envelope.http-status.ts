import { defineCheck, responseEvidence, statusMatches, type ApiResponse } from '../../harness/check';
import type { Profile, Verdict } from '../../harness/types';
import { driveEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, failedOn, judgeAnswerRule, passedOn } from '../shared/judges';

const RULE = 'envelope.http-status';

export default defineCheck({
  rule: RULE,
  title: 'successes and refusals carry the HTTP statuses the profile declares',
  // An answer carrying an HTTP status the profile does not declare (read as a transport failure: a 5xx) fails this rule.
  drive: (ctx) => driveEnvelopes(ctx),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL], statusFails: true, answer: httpStatusOf }),
});

/** A success answered with the profile's success status, an error with its error status. */
export function httpStatusOf(response: ApiResponse, profile: Profile): Verdict {
  const expected = response.outcome === 'success' ? profile.outcome.successStatus : profile.outcome.errorStatus;
  if (response.status !== undefined && statusMatches(expected, response.status)) return passedOn(RULE);
  const reason = `a${response.outcome === 'error' ? 'n' : ''} ${response.outcome} answered HTTP ${response.status}, expected ${expected}`;
  return failedOn(RULE, reason, [responseEvidence(response, reason, { expected, actual: response.status })]);
}
