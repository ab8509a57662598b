import type { Evidence, Profile, ValidationIssue, Verdict } from '../types';
import type { ApiResponse } from './api-response';
import { responseEvidence } from './evidence';
import { messagesFormOf, statusMatches } from './read-body';
import { findRule, valueAt } from '../contract';
import { harnessErrorVerdict } from './harness-error';

/**
 * The verdicts every answered request earns on the cross-cutting rules: `schema.<op>`,
 * `envelope.shape`, `envelope.datetime-format` (from validation), `envelope.http-status` and
 * `envelope.error-signal` (from the profile's outcome convention: the code as its codeType, the
 * messages in any form or the declared errorsForm). Only rules of the catalogue
 * that list the operation are judged; a validation issue of a rule that does not cover the answer is
 * that rule's harness error (`error`), never a throw that would take the caller's verdicts with it.
 */
export function responseVerdicts(response: ApiResponse, profile: Profile): Verdict[] {
  if (response.outcome === 'transport') return [];
  const success = response.outcome === 'success';
  const json = response.body !== undefined;
  const judged = [
    { rule: `schema.${response.op}`, applies: success },
    { rule: 'envelope.shape', applies: json },
    { rule: 'envelope.datetime-format', applies: success },
  ];
  const verdicts = judged
    .filter(({ rule, applies }) => appliesTo(rule, response) && (applies || hasIssues(rule, response)))
    .map(({ rule }) => validationVerdict(rule, response));

  // An issue no judged rule covers is a harness error (the validator and the catalogue disagree): that rule's
  // verdict is `error`, and the answer's other verdicts, and the check that asked, go on.
  const outOfScope = new Set(response.validation.issues.filter((issue) => !judged.some(({ rule }) => rule === issue.rule) || !appliesTo(issue.rule, response)).map((issue) => issue.rule));
  for (const rule of outOfScope) {
    const error = new Error(`the validator reported an issue of rule "${rule}" on ${response.op}, which that rule does not cover`);
    const owner = [rule, `schema.${response.op}`].find((id) => findRule(id));
    // No rule to carry it: the check that asked gets the harness error.
    if (owner === undefined) throw error;
    verdicts.push(harnessErrorVerdict(owner, error));
  }
  if (json && appliesTo('envelope.http-status', response)) verdicts.push(httpStatusVerdict(response, profile));
  if (json && appliesTo('envelope.error-signal', response)) verdicts.push(errorSignalVerdict(response, profile));
  return verdicts;
}

/**
 * Issues of one rule on one answer that carry evidence (each holds the whole request and answer); the reason
 * still counts them all. A 1000-row import with an issue per row would otherwise build 1000 copies.
 */
const EVIDENCE_PER_RULE = 5;

function appliesTo(ruleId: string, response: ApiResponse): boolean {
  return findRule(ruleId)?.operations.includes(response.op) ?? false;
}

function hasIssues(rule: string, response: ApiResponse): boolean {
  return response.validation.issues.some((issue) => issue.rule === rule);
}

function validationVerdict(rule: string, response: ApiResponse): Verdict {
  const issues = response.validation.issues.filter((issue) => issue.rule === rule);
  const tolerated = response.validation.tolerated.filter((quirk) => quirk.rule === rule);
  const evidence = issues.slice(0, EVIDENCE_PER_RULE).map((issue) => issueEvidence(issue, response));
  const verdict = issues.length === 0 ? pass(rule) : fail(rule, describeIssues(issues), evidence);
  return tolerated.length === 0 ? verdict : { ...verdict, tolerated };
}

function describeIssues(issues: ValidationIssue[]): string {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${first?.pointer || '(body)'}: expected ${first?.constraint}, found ${JSON.stringify(first?.actual)}${more}`;
}

function issueEvidence(issue: ValidationIssue, response: ApiResponse): Evidence {
  return responseEvidence(response, issue.message, { pointer: issue.pointer, expected: issue.constraint, actual: issue.actual });
}

function httpStatusVerdict(response: ApiResponse, profile: Profile): Verdict {
  const rule = 'envelope.http-status';
  const expected = response.outcome === 'success' ? profile.outcome.successStatus : profile.outcome.errorStatus;
  if (response.status !== undefined && statusMatches(expected, response.status)) return pass(rule);
  const reason = `a${response.outcome === 'error' ? 'n' : ''} ${response.outcome} answered HTTP ${response.status}, expected ${expected}`;
  return fail(rule, reason, [responseEvidence(response, reason, { expected, actual: response.status })]);
}

function errorSignalVerdict(response: ApiResponse, profile: Profile): Verdict {
  const rule = 'envelope.error-signal';
  const { codePointer, codeType = 'integer', errorsPointer, errorsForm } = profile.outcome;
  const hasCode = codePointer !== undefined;
  const rawCode = hasCode ? valueAt(response.body, codePointer) : undefined;
  const problems: Array<{ title: string; pointer?: string; expected: unknown; actual: unknown }> = [];
  if (response.outcome === 'success') {
    if (hasCode && codeType === 'integer' && response.code !== undefined && response.code !== 0) {
      problems.push({ title: 'a success carries a non-zero code', pointer: codePointer, expected: 0, actual: response.code });
    }
    if (hasCode && codeType === 'string' && response.code !== undefined) {
      problems.push({ title: 'a success carries an error code', pointer: codePointer, expected: 'no code (or "")', actual: response.code });
    }
    if (response.errors.length > 0) {
      problems.push({ title: 'a success carries error messages', pointer: errorsPointer, expected: [], actual: response.errors });
    }
  } else {
    if (hasCode && codeType === 'integer' && (response.code === undefined || response.code === 0 || !Number.isInteger(response.code))) {
      problems.push({ title: 'an error carries no non-zero integer code', pointer: codePointer, expected: 'a non-zero integer', actual: rawCode });
    }
    if (hasCode && codeType === 'string' && response.code === undefined) {
      problems.push({ title: 'an error carries no non-empty string code', pointer: codePointer, expected: 'a non-empty string', actual: rawCode });
    }
    if (response.errors.length === 0) {
      problems.push({ title: 'an error carries no error message', pointer: errorsPointer, expected: 'at least one message', actual: response.errors });
    }
    const messages = valueAt(response.body, errorsPointer);
    const form = messagesFormOf(messages);
    if (errorsForm !== undefined && messages !== undefined && form !== errorsForm) {
      problems.push({ title: `an error's messages are not in the declared form (${errorsForm})`, pointer: errorsPointer, expected: errorsForm, actual: messages });
    }
  }
  if (problems.length === 0) return pass(rule);
  return fail(rule, problems.map((problem) => problem.title).join('; '), problems.map(({ title, ...details }) => responseEvidence(response, title, details)));
}

function pass(rule: string): Verdict {
  return { rule, verdict: 'pass', evidence: [], requests: 0 };
}

function fail(rule: string, reason: string, evidence: Evidence[]): Verdict {
  return { rule, verdict: 'fail', reason, evidence, requests: 0 };
}
