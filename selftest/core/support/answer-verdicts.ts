/**
 * The verdicts one answer earns on the schema and envelope rules, as their judges read it (answerVerdicts with
 * the envelope checks' own answer judgements): for self-tests that look at one answer at a time.
 */
import { loadRules } from '../../../harness/contract';
import type { ApiResponse } from '../../../harness/core';
import type { Profile, Verdict } from '../../../harness/types';
import { answerVerdicts, issueOwner, type AnswerJudgement } from '../../../checks/shared/judges';
import errorSignal, { errorSignalOf } from '../../../checks/envelope/envelope.error-signal';
import httpStatus, { httpStatusOf } from '../../../checks/envelope/envelope.http-status';

const ANSWERS: Record<string, AnswerJudgement> = { [httpStatus.rule]: httpStatusOf, [errorSignal.rule]: errorSignalOf };

export function responseVerdicts(response: ApiResponse, profile: Profile): Verdict[] {
  const judging = loadRules().rules.filter((rule) => rule.operations.includes(response.op) && (rule.validates !== undefined || ANSWERS[rule.id] !== undefined));
  const rules = new Set([...judging.map((rule) => rule.id), ...response.validation.issues.map((issue) => issueOwner(issue.rule, response))]);
  return [...rules].flatMap((rule) => answerVerdicts(rule, response, profile, ANSWERS[rule]));
}
