import type { OutageSection, RuleResult } from '../types';
import { isOutage } from '../core';
import { operationInfo } from '../contract';
import type { RecordedTraffic } from '../exchanges';

/**
 * The run's outage, read from its exchanges: every attempt that got no answer of the target's (an exchange that
 * ended so, and each failed attempt of a request sent again, `resent`), when, of which operations and why; the
 * requests sent again and how many then got an answer; the writes whose outcome is unknown; and the rules the
 * outage left inconclusive (their verdict marked with an outage's `transportFailure`). Undefined when every
 * request got an answer of the target's at its first attempt. The retired token endpoint is left out: that it
 * answers nothing is its documented state.
 */
export function outageOf(traffic: RecordedTraffic, rules: readonly Pick<RuleResult, 'id' | 'verdict' | 'transportFailure'>[]): OutageSection | undefined {
  const times: number[] = [];
  const operations: Record<string, number> = {};
  const reasons: Record<string, number> = {};
  let unanswered = 0;
  let resent = 0;
  let recovered = 0;
  let writesUnknown = 0;
  const count = (op: string, reason: string, startedAt: number) => {
    times.push(startedAt);
    operations[op] = (operations[op] ?? 0) + 1;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };
  for (const exchange of traffic.exchanges) {
    // A retired endpoint that answers nothing is what the documents say of it, no outage (auth.app-endpoint.retired judges it).
    if (operationInfo(exchange.op).retired !== undefined) continue;
    for (const attempt of exchange.resent ?? []) count(exchange.op, attempt.reason, attempt.startedAt);
    resent += exchange.resent?.length ?? 0;
    const lost = exchange.outcome === 'transport' && isOutage(exchange.transport?.reason);
    if (lost) {
      count(exchange.op, exchange.transport!.reason, exchange.startedAt);
      unanswered += 1;
    } else if ((exchange.resent?.length ?? 0) > 0) recovered += 1;
    if (exchange.outcomeUnknown) writesUnknown += 1;
  }
  if (times.length === 0) return undefined;
  return {
    first: new Date(Math.min(...times)).toISOString(),
    last: new Date(Math.max(...times)).toISOString(),
    attempts: times.length,
    unanswered,
    resent,
    recovered,
    writesUnknown,
    operations,
    reasons,
    rules: rules.filter((rule) => rule.verdict === 'inconclusive' && isOutage(rule.transportFailure)).map((rule) => rule.id),
  };
}

/** The outage in a few lines for the console: when, how many, which operations and reasons, what was sent again. */
export function outageInWords(outage: OutageSection): string[] {
  const list = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${n}`).join(', ');
  return [
    `outage (no answer of the target's; decides no rule): ${outage.attempts} attempt(s) from ${outage.first} to ${outage.last}`,
    `  reasons: ${list(outage.reasons)}`,
    `  operations: ${list(outage.operations)}`,
    `  ${outage.resent} resend(s) (${outage.recovered} request(s) then answered), ${outage.unanswered} request(s) left without an answer, ${outage.writesUnknown} write(s) of unknown outcome (never sent again)`,
    `  ${outage.rules.length} rule(s) inconclusive on it${outage.rules.length ? `: ${outage.rules.join(', ')}` : ''}`,
  ];
}
