// @silent-point records.absent-value records.boolean-form records.extra-members exports.job-extras exports.completed-empty-fileKey import.success-row-errors import.error-element-shape
/**
 * The schema and envelope rules: one judge over every exchange of their operations, live and offline
 * alike. Each answer earns its verdicts on the rule (answerVerdicts: from the validation report riding on
 * the answer, or the profile's outcome convention); the rule also needs to have seen the answers its
 * statement speaks of (a success, a refusal, a record).
 */
import { ruleById } from '../../../harness/contract';
import { answerVerdicts, inconclusive, issueOwner, NOT_OBSERVED, responseEvidence, type JudgeContext, type Judgement, type RecordedExchange, type RecordedTraffic } from '../../../harness/check';
import type { ToleratedQuirk, Verdict } from '../../../harness/types';
import { headerOnly } from './fit-requests';

export interface AnswerNeed {
  /** What was not seen, for the reason ("refusal"). */
  what: string;
  seen(exchange: RecordedExchange, traffic: RecordedTraffic): boolean;
}

export interface AnswerRuleOptions {
  needs?: AnswerNeed[];
  /** A recorded answer whose HTTP status the profile does not know (read as a transport failure) fails the rule. */
  statusFails?: boolean;
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
 * failure; a rate limit's answer is never judged) fails it with `statusFails`. Passes when every judged answer held and the traffic shows what
 * the rule needs; inconclusive, naming what was never seen, otherwise.
 */
export function judgeAnswerRule({ rule, target, traffic }: JudgeContext, { needs = [], statusFails = false }: AnswerRuleOptions = {}): Judgement {
  const operations = new Set<string>(ruleById(rule).operations);
  const exchanges = traffic.exchanges.filter((exchange) => operations.has(exchange.op));
  const strays = traffic.exchanges.filter((exchange) => !operations.has(exchange.op) && exchange.validation.issues.some((issue) => issueOwner(issue.rule, exchange) === rule));
  const failures: Verdict[] = [];
  const errors: Verdict[] = [];
  const tolerated: ToleratedQuirk[] = [];
  let judged = 0;
  for (const exchange of [...exchanges, ...strays]) {
    if (statusFails && exchange.outcome === 'transport' && exchange.status !== undefined && exchange.transport?.reason !== 'rate-limited') {
      const reason = `HTTP ${exchange.status} is no status the target profile declares (${exchange.transport?.reason})`;
      failures.push({ rule, verdict: 'fail', reason, evidence: [responseEvidence(exchange, reason)], requests: 0 });
      continue;
    }
    for (const verdict of answerVerdicts(rule, exchange, target.profile)) {
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
