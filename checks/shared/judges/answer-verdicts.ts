// @silent-point records.absent-value records.boolean-form records.extra-members exports.job-extras exports.completed-empty-fileKey import.success-row-errors import.error-element-shape errors.data
/**
 * The schema and envelope rules: one judge over every exchange of their operations, live and offline
 * alike. Each answer earns its verdicts on the rule (answerVerdicts: from the validation report riding on
 * the answer, for the part the catalogue says the rule validates; or the rule's own judgement of an answer,
 * given by its check file); the rule also needs to have seen the answers its statement speaks of (a success,
 * a refusal, a record).
 */
import { findRule, ruleById, validatingRule } from '../../../harness/contract';
import { failed, harnessErrorVerdict, headerOnly, inconclusive, isOutage, NOT_OBSERVED, passed, responseEvidence, type ApiResponse, type JudgeContext, type Judgement, type RecordedExchange, type RecordedTraffic, type RuleVerdict } from '../../../harness/check';
import type { Evidence, Profile, ToleratedQuirk, ValidatedPart, ValidationIssue, Verdict } from '../../../harness/types';

export interface AnswerNeed {
  /** What was not seen, for the reason ("refusal"). */
  what: string;
  seen(exchange: RecordedExchange, traffic: RecordedTraffic): boolean;
}

/** What one answer earns on a rule beyond its validation report (the envelope's HTTP status, its error signal). */
export type AnswerJudgement = (response: ApiResponse, profile: Profile) => RuleVerdict;

export interface AnswerRuleOptions {
  needs?: AnswerNeed[];
  /** A recorded answer whose HTTP status the profile does not know (read as a transport failure) fails the rule. */
  statusFails?: boolean;
  /** The rule's judgement of every JSON answer of its operations, beside what the validator reports of its part. */
  answer?: AnswerJudgement;
}

const MAX_FAILURES = 5;

/** Answered with a success / with an error / a success holding at least one record. */
export const A_SUCCESS: AnswerNeed = { what: 'success', seen: (e) => e.outcome === 'success' };
export const A_REFUSAL: AnswerNeed = { what: 'refusal (an error answer)', seen: (e) => e.outcome === 'error' };
/**
 * A success to a user's token in the header: one the recorder names a user's (live; offline with the tokens
 * given), or one another operation accepted too (an Application-Only token may be accepted by helper/ping alone).
 */
export const A_SUCCESS_TO_A_USER_TOKEN: AnswerNeed = {
  what: 'success to a token other operations accept',
  seen: (e, traffic) => e.outcome === 'success' && headerOnly(e) && (USER_ROLES.has(e.token.role ?? '') || traffic.exchanges.some((o) => o.op !== e.op && o.outcome === 'success' && headerOnly(o) && o.token.id === e.token.id)),
};

/** The configured tokens that are a user's (the Application-Only token is not). */
const USER_ROLES: ReadonlySet<string> = new Set(['full', 'noGroups', 'noImport']);
export const A_RECORD: AnswerNeed = { what: 'success holding a record', seen: (e) => e.outcome === 'success' && (e.records ?? []).length > 0 };

/**
 * Judges the rule on every exchange of its operations (and on any answer the validator reported an issue
 * of the rule on, which the rule does not cover: that is the rule's harness error, the others' verdicts
 * stand). Each answer that breaks the rule is a failure with its evidence (the first MAX_FAILURES answers;
 * the reason counts them all); an answer whose HTTP status the profile does not know (read as a transport
 * failure; a rate limit's answer and a gateway's in an outage are never judged) fails it with `statusFails`. Passes when every judged answer held and the traffic shows what
 * the rule needs; inconclusive, naming what was never seen, otherwise.
 */
export function judgeAnswerRule({ rule, target, traffic }: JudgeContext, { needs = [], statusFails = false, answer }: AnswerRuleOptions = {}): Judgement {
  const operations = new Set<string>(ruleById(rule).operations);
  const exchanges = traffic.exchanges.filter((exchange) => operations.has(exchange.op));
  const strays = traffic.exchanges.filter((exchange) => !operations.has(exchange.op) && exchange.validation.issues.some((issue) => issueOwner(issue.rule, exchange) === rule));
  const failures: Verdict[] = [];
  const errors: Verdict[] = [];
  const tolerated: ToleratedQuirk[] = [];
  let judged = 0;
  for (const exchange of [...exchanges, ...strays]) {
    // An outage's answer (a gateway's 502 without the target's envelope) and a rate limit's are no answer of the target's.
    if (statusFails && exchange.outcome === 'transport' && exchange.status !== undefined && exchange.transport?.reason !== 'rate-limited' && !isOutage(exchange.transport?.reason)) {
      const reason = `HTTP ${exchange.status} is no status the target profile declares (${exchange.transport?.reason})`;
      failures.push({ rule, verdict: 'fail', reason, evidence: [responseEvidence(exchange, reason)], requests: 0 });
      continue;
    }
    for (const verdict of answerVerdicts(rule, exchange, target.profile, answer)) {
      if (verdict.verdict === 'pass') judged += 1;
      else if (verdict.verdict === 'error') errors.push(verdict);
      else failures.push(verdict);
      tolerated.push(...(verdict.tolerated ?? []));
    }
  }
  if (failures.length > 0) {
    const more = failures.length > MAX_FAILURES ? ` (${failures.length} answers of ${exchanges.length} break the rule)` : '';
    return [...errors, ...failures.slice(0, MAX_FAILURES).map((failure) => ({ ...failure, reason: `${failure.reason}${more}` }))];
  }
  const unseen = needs.filter((need) => !exchanges.some((exchange) => need.seen(exchange, traffic))).map((need) => need.what);
  if (judged === 0) return [...errors, inconclusive(`${NOT_OBSERVED}: no answer of ${[...operations].join(', ')} the rule applies to`)];
  if (unseen.length > 0) return [...errors, inconclusive(`${NOT_OBSERVED}: no ${unseen.join(' and no ')} among the ${exchanges.length} answers of its operations`)];
  return [...errors, { verdict: 'pass', reason: `${judged} answers of ${[...operations].join(', ')} held`, evidence: [], requests: 0, ...(tolerated.length > 0 ? { tolerated } : {}) }];
}

/** Which answers the validator's report of a part is judged on: the envelope on every JSON answer, the rest on successes. */
const VALIDATED_ON: Record<ValidatedPart, (success: boolean, json: boolean) => boolean> = {
  envelope: (_success, json) => json,
  'datetime-format': (success) => success,
  payload: (success) => success,
};

/**
 * The verdicts one answer earns on one rule (none when the rule does not judge it): from the validation report
 * of the part the rule validates (Rule.validates), and from the rule's own `answer` judgement. Only a rule of the
 * catalogue that lists the operation is judged; a validation issue of a rule that does not cover the answer is a
 * harness error (the validator and the catalogue disagree) of its owner (issueOwner): that rule's `error`, never a
 * throw that would take other rules' verdicts with it.
 */
export function answerVerdicts(rule: string, response: ApiResponse, profile: Profile, answer?: AnswerJudgement): Verdict[] {
  if (response.outcome === 'transport') return [];
  const success = response.outcome === 'success';
  const json = response.body !== undefined;
  const verdicts: Verdict[] = [];
  const part = findRule(rule)?.validates;
  if (part && appliesTo(rule, response) && (VALIDATED_ON[part](success, json) || hasIssues(rule, response))) verdicts.push(validationVerdict(rule, response));
  const strays = new Set(response.validation.issues.filter((issue) => !inScope(issue.rule, response) && issueOwner(issue.rule, response) === rule).map((issue) => issue.rule));
  for (const stray of strays) {
    verdicts.push(harnessErrorVerdict(rule, new Error(`the validator reported an issue of rule "${stray}" on ${response.op}, which that rule does not cover`)));
  }
  if (answer && json && appliesTo(rule, response)) verdicts.push({ rule, ...answer(response, profile) });
  return verdicts;
}

/** Whether the validator's issue of this rule is one the rule judges on this answer. */
function inScope(rule: string, response: ApiResponse): boolean {
  return findRule(rule)?.validates !== undefined && appliesTo(rule, response);
}

/**
 * The rule whose harness error an issue outside its rule's scope is: its own rule when the catalogue has
 * it, else the rule validating the operation's payload, else the one validating the envelope (every JSON answer's).
 */
export function issueOwner(rule: string, response: Pick<ApiResponse, 'op'>): string {
  return findRule(rule)?.id ?? validatingRule('payload', response.op)?.id ?? validatingRule('envelope')?.id ?? rule;
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
  const verdict: Verdict = { rule, ...(issues.length === 0 ? passed() : failed(describeIssues(issues), evidence)) };
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
