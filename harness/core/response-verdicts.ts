import type { Evidence, Profile, ValidationIssue, Verdict } from '../types';
import type { ApiResponse } from './api-response';
import { responseEvidence } from './evidence';
import { messagesFormOf, statusMatches } from './read-body';
import { findRule, valueAt } from '../contract';
import { harnessErrorVerdict } from './harness-error';

/**
 * The verdicts one answered request earns on the cross-cutting rules: `schema.<op>`, `envelope.shape`,
 * `envelope.datetime-format` (from validation), `envelope.http-status` and `envelope.error-signal` (from
 * the profile's outcome convention: the code as its codeType, the messages in any form or the declared
 * errorsForm). Pure: the rules' judges (checks/shared/judges/answer-verdicts.ts) call `answerVerdicts`
 * for their own rule on every exchange, live and offline alike.
 */
export function responseVerdicts(response: ApiResponse, profile: Profile): Verdict[] {
  const rules = new Set([...VERDICT_RULES.map((rule) => rule(response.op)), ...response.validation.issues.map((issue) => issueOwner(issue.rule, response))]);
  return [...rules].flatMap((rule) => answerVerdicts(rule, response, profile));
}

/** The rules an answer may earn a verdict of (the catalogue decides which of them list its operation). */
const VERDICT_RULES = [(op: string) => `schema.${op}`, () => 'envelope.shape', () => 'envelope.datetime-format', () => 'envelope.http-status', () => 'envelope.error-signal'];

/**
 * The verdicts one answer earns on one rule (none when the rule does not judge it). Only a rule of the
 * catalogue that lists the operation is judged; a validation issue of a rule that does not cover the
 * answer is a harness error (the validator and the catalogue disagree) of its owner (issueOwner): that
 * rule's `error`, never a throw that would take other rules' verdicts with it.
 */
export function answerVerdicts(rule: string, response: ApiResponse, profile: Profile): Verdict[] {
  if (response.outcome === 'transport') return [];
  const success = response.outcome === 'success';
  const json = response.body !== undefined;
  const verdicts: Verdict[] = [];
  const validated = VALIDATED[rule] ?? (rule === `schema.${response.op}` ? (s: boolean) => s : undefined);
  if (validated && appliesTo(rule, response) && (validated(success, json) || hasIssues(rule, response))) verdicts.push(validationVerdict(rule, response));
  const strays = new Set(response.validation.issues.filter((issue) => !inScope(issue.rule, response) && issueOwner(issue.rule, response) === rule).map((issue) => issue.rule));
  for (const stray of strays) {
    verdicts.push(harnessErrorVerdict(rule, new Error(`the validator reported an issue of rule "${stray}" on ${response.op}, which that rule does not cover`)));
  }
  if (json && appliesTo(rule, response) && rule === 'envelope.http-status') verdicts.push(httpStatusVerdict(response, profile));
  if (json && appliesTo(rule, response) && rule === 'envelope.error-signal') verdicts.push(errorSignalVerdict(response, profile));
  return verdicts;
}

/** The rules judged from the validation report, and when each applies (a success; any JSON answer). */
const VALIDATED: Record<string, (success: boolean, json: boolean) => boolean> = {
  'envelope.shape': (_success, json) => json,
  'envelope.datetime-format': (success) => success,
};

/** Whether the validator's issue of this rule is one the rule judges on this answer. */
function inScope(rule: string, response: ApiResponse): boolean {
  return (rule === `schema.${response.op}` || rule in VALIDATED) && appliesTo(rule, response);
}

/**
 * The rule whose harness error an issue outside its rule's scope is: its own rule when the catalogue has
 * it, else the operation's schema rule, else envelope.shape (every JSON answer's rule).
 */
export function issueOwner(rule: string, response: Pick<ApiResponse, 'op'>): string {
  return [rule, `schema.${response.op}`].find((id) => findRule(id)) ?? 'envelope.shape';
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
