/** Where recorded requests carried their token, against the authentication rules: no token, or a valid one out of the header, is refused. */
import type { RecordedExchange, RecordedTraffic, TrafficContext } from '../../../harness/core';
import { ruleById } from '../../../harness/contract';
import type { OperationKey } from '../../../harness/types';
import { headerOnly, tokenless } from './fit-requests';
import { TrafficTally } from './tally';

/** Stand-ins of the tokens the traffic shows valid: a success with the token in the header alone, on any operation. */
export function validTokens(traffic: RecordedTraffic): Set<string> {
  return new Set(traffic.exchanges.filter((e) => e.outcome === 'success' && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!));
}

/** Where a request carried its token, when it is one of the placements these rules judge. */
export type Placement = 'none' | 'query' | 'body';

function placementOf(exchange: RecordedExchange, valid: Set<string>): Placement | undefined {
  const { header, query, body, id } = exchange.token;
  if (tokenless(exchange)) return 'none';
  if (header || id === undefined || !valid.has(id)) return undefined;
  if (query && !body) return 'query';
  if (body && !query) return 'body';
  return undefined;
}

const placementText: Record<Placement, string> = { none: 'that carries no token', query: 'whose valid token is in the query string (accessToken) only', body: 'whose valid token is in the body (accessToken) only' };

/**
 * Every request of the rule's operations whose token was so placed is refused; the rule needs each
 * operation (and method) of `needed` judged, as its live check probes them.
 */
export function judgeTokenPlacement(ctx: TrafficContext, placement: Placement, needed: Array<{ op: OperationKey; method?: 'GET' | 'POST' }>): void {
  const tally = new TrafficTally();
  const operations: readonly string[] = ruleById(ctx.judge.rule).operations;
  const valid = validTokens(ctx.traffic);
  const judged = new Set<string>();
  for (const exchange of ctx.traffic.exchanges) {
    if (!operations.includes(exchange.op) || exchange.outcome === 'transport' || placementOf(exchange, valid) !== placement) continue;
    if (tally.expect(exchange.outcome === 'error', {
      title: `${exchange.op} (${exchange.method}) refuses a request ${placementText[placement]}`,
      expected: 'error', actual: { outcome: exchange.outcome, code: exchange.code ?? null, errors: exchange.errors }, response: exchange,
    })) judged.add(`${exchange.op} ${exchange.method}`);
  }
  const seen = (op: OperationKey, method?: string): boolean => (method ? judged.has(`${op} ${method}`) : [...judged].some((s) => s.startsWith(`${op} `)));
  const missing = needed.filter(({ op, method }) => !seen(op, method));
  tally.record(ctx.judge, {
    none: `no request ${placementText[placement]}`,
    missing: missing.map(({ op, method }) => `no ${op}${method ? ` (${method})` : ''} request ${placementText[placement]}`),
  });
}

/** helper.ping.accepts-token: a ping with a token the traffic shows valid elsewhere, in the header, answers a success. */
export function judgePingAcceptsToken(ctx: TrafficContext): void {
  const tally = new TrafficTally();
  const elsewhere = new Set(ctx.traffic.exchanges.filter((e) => e.op !== 'helper.ping' && e.outcome === 'success' && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!));
  for (const ping of ctx.traffic.of('helper.ping')) {
    if (ping.outcome === 'transport' || !headerOnly(ping) || ping.token.id === undefined || !elsewhere.has(ping.token.id)) continue;
    tally.expect(ping.outcome === 'success', {
      title: 'helper/ping answers a success to a token (in the Authorization header) that other operations accept',
      expected: 'success', actual: { outcome: ping.outcome, code: ping.code ?? null, errors: ping.errors }, response: ping,
    });
  }
  tally.record(ctx.judge, { none: 'no helper/ping with a token in the header that another operation accepted' });
}
