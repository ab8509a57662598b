import type { Evidence, Verdict } from '../types';
import type { ApiResponse } from './api-response';
import { responseEvidence } from './evidence';

/**
 * What a rule's judge returns: its verdicts over the exchanges, without the rule ID (the harness adds the rule
 * of the check and folds them: fail > error > inconclusive > pass > skipped). Judges build them with the pure
 * functions below and return them; none records anything anywhere.
 */
export type RuleVerdict = Omit<Verdict, 'rule'>;
export type Judgement = readonly RuleVerdict[];

/** What should hold, and (when it does not) what was seen and the answer that shows it. */
export interface CheckDetails {
  title: string;
  expected?: unknown;
  actual?: unknown;
  response?: ApiResponse;
}

const verdictOf = (verdict: RuleVerdict['verdict'], reason?: string, evidence: Evidence[] = []): RuleVerdict => ({
  verdict,
  ...(reason ? { reason } : {}),
  evidence,
  requests: 0,
});

export const passed = (note?: string): RuleVerdict => verdictOf('pass', note);

export const failed = (reason: string, evidence: Evidence[] | ApiResponse): RuleVerdict =>
  verdictOf('fail', reason, Array.isArray(evidence) ? evidence : [responseEvidence(evidence, reason)]);

export const inconclusive = (reason: string, evidence: Evidence[] = []): RuleVerdict => verdictOf('inconclusive', reason, evidence);

export const skipped = (reason: string): RuleVerdict => verdictOf('skipped', reason);

/** A pass when the condition holds; else a failure titled by `details`, with expected vs actual and the answer. */
export function checked(condition: boolean, details: CheckDetails): RuleVerdict {
  if (condition) return passed();
  const { response, title, ...values } = details;
  return verdictOf('fail', title, [response ? responseEvidence(response, title, values) : { title, ...values }]);
}
