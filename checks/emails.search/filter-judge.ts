/**
 * The one judge of an emails/search filter (or a filter's default): every served search that carried it
 * returns only records it asked for, whatever else the search carried (`every`, one exchange at a time);
 * and, where the filter came with nothing but a search's base parameters, a search read whole holds
 * exactly what it should, compared with another search read whole (`rule`, checks/shared/judges judgeFilter).
 */
import { checked, type JudgeContext, type Judgement, type RecordedExchange } from '../../harness/check';
import type { ExploredRequest } from '../../generators';
import type { ExchangeJudge, ExploredExchange } from '../../drivers';
import { judgeFilter, paramStanding, type FilterRule } from '../shared/judges';
import { OP } from './documented-values';

/** Failures shown per rule (the report folds them; more would only repeat). */
const MAX_FAILURES = 5;

/** A recorded exchange as an exchange judge reads it (the request as it was sent). */
const asExplored = (exchange: RecordedExchange): ExploredExchange => ({
  request: { method: exchange.method, params: exchange.params, page: 'omitted', pick: 0 } as ExploredRequest,
  params: exchange.params,
  response: exchange,
});

/** A request every parameter of which the spec allows (an unknown enum value served is enums.reject-unknown's business). */
const withinSpec = (exchange: RecordedExchange): boolean =>
  Object.entries(exchange.params).every(([name, value]) => value === undefined || paramStanding(OP, name, value) !== 'outside');

/** Judges every served search of the recording with `every`, then the comparisons of `rule`: the verdicts of both. */
export function judgeEmailsFilter<V>(ctx: JudgeContext, rule: FilterRule<V>, every: ExchangeJudge): Judgement {
  const failed: Judgement[number][] = [];
  for (const exchange of ctx.traffic.of(OP)) {
    if (exchange.outcome !== 'success' || !withinSpec(exchange)) continue;
    const judgement = every(asExplored(exchange));
    if (judgement === undefined || judgement.ok) continue;
    if (failed.length < MAX_FAILURES) failed.push(checked(false, { ...judgement.evidence, response: exchange }));
  }
  return [...failed, ...judgeFilter(ctx, OP, rule)];
}
