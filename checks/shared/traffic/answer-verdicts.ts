/**
 * The schema and envelope rules on recorded answers. Live, the client records their verdicts on the side
 * of every answer; a traffic run records the same verdicts from every recorded exchange (harness/core
 * judgeTraffic), and the rule also needs to have seen what its live check asks for (a success, a
 * refusal, a record).
 */
import { ruleById } from '../../../harness/contract';
import { NOT_OBSERVED, responseVerdicts, type RecordedExchange, type RecordedTraffic, type TrafficContext } from '../../../harness/core';
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
 * A success to a token (in the header) that another operation accepted too: a user's token, as the live
 * checks send (an Application-Only token may be accepted by helper/ping alone).
 */
export const A_SUCCESS_TO_A_USER_TOKEN: AnswerNeed = {
  what: 'success to a token other operations accept',
  seen: (e, traffic) => e.outcome === 'success' && headerOnly(e) && traffic.exchanges.some((o) => o.op !== e.op && o.outcome === 'success' && headerOnly(o) && o.token.id === e.token.id),
};
export const A_RECORD: AnswerNeed = { what: 'success holding a record', seen: (e) => e.outcome === 'success' && (e.records ?? []).length > 0 };

/**
 * Judges the rule on recorded answers. The verdict each answer earns on the side (as live, where the
 * client records it) is recorded by the traffic run itself (harness/core judgeTraffic); this adds what
 * the live check adds: a recorded answer whose HTTP status the profile does not know fails the rule
 * (with `statusFails`), and the rule stays inconclusive until the traffic shows what it needs.
 */
export function judgeAnswerRule({ judge, target, traffic }: TrafficContext, { needs = [], statusFails = false }: AnswerRuleOptions = {}): void {
  const operations = new Set(ruleById(judge.rule).operations);
  const exchanges = traffic.exchanges.filter((exchange) => operations.has(exchange.op));
  let failures = 0;
  for (const exchange of exchanges) {
    if (!statusFails || exchange.outcome !== 'transport' || exchange.status === undefined || failures >= MAX_FAILURES) continue;
    failures += 1;
    judge.fail(`HTTP ${exchange.status} is no status the target profile declares (${exchange.transport?.reason})`, exchange);
  }
  if (failures > 0) return;
  const judged = exchanges.filter((exchange) => exchange.outcome !== 'transport' && responseVerdicts(exchange, target.profile).some((v) => v.rule === judge.rule)).length;
  const unseen = needs.filter((need) => !exchanges.some((exchange) => need.seen(exchange, traffic))).map((need) => need.what);
  if (judged === 0) judge.inconclusive(`${NOT_OBSERVED}: no answer of ${[...operations].join(', ')} the rule applies to`);
  else if (unseen.length > 0) judge.inconclusive(`${NOT_OBSERVED}: no ${unseen.join(' and no ')} among the ${exchanges.length} answers of its operations`);
}
