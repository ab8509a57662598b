// @no-silent-point "not shown" here says what a judge cannot conclude about a token, not a choice of the target
/**
 * The authentication rules on recorded requests: no token, a token shown not valid, or a valid one out of the
 * header, is refused on every operation (what the traffic shows of each token: harness/model/tokens.ts).
 */
import { headerOnly, type TrafficContext, type Judgement } from '../../../harness/check';
import { ruleById } from '../../../harness/contract';
import type { OperationKey } from '../../../harness/types';
import { VerdictTally } from './tally';
import { NEEDS_KNOWN_KEY, notValidTokens, otherwiseServed, placementOf, RETIRED_ENDPOINT, silentInputs, validTokens, type Placement } from '../../../harness/model';

const placementText: Record<Placement, string> = {
  none: 'that carries no token',
  'not-valid': 'whose token (in the header) helper/ping and another operation refused as not valid',
  query: 'whose valid token is in the query string (accessToken) only',
  body: 'whose valid token is in the body (accessToken) only',
};

/** One operation (and method) a placement rule needs to have seen refused. */
export interface NeededRequest {
  op: OperationKey;
  method?: 'GET' | 'POST';
}

/**
 * Every request of any operation whose token was so placed is refused (a success is a failure wherever it
 * is); the rule passes when each operation (and method) of `needed` was seen refused with a request whose
 * refusal can be about the token only (otherwiseServed), and is inconclusive naming the others.
 */
export function judgeTokenPlacement(ctx: TrafficContext, placement: Placement, needed: readonly NeededRequest[]): Judgement {
  const tally = new VerdictTally();
  const valid = validTokens(ctx.traffic);
  const notValid = notValidTokens(ctx.traffic);
  const judged = new Set<string>();
  for (const exchange of ctx.traffic.exchanges) {
    if (exchange.op === RETIRED_ENDPOINT || exchange.outcome === 'transport' || placementOf(exchange, valid, notValid) !== placement) continue;
    // A job step refused with a jobID/fileKey never served proves nothing either way; served, it is a failure all the same.
    const decisive = otherwiseServed(ctx.traffic, exchange);
    if (exchange.outcome === 'error' && !decisive) {
      tally.skip(`${exchange.op} refused with a ${exchange.op === 'exports.getFile' ? 'fileKey' : 'jobID'} no valid token was served`);
      continue;
    }
    if (tally.expect(exchange.outcome === 'error', {
      title: `${exchange.op} (${exchange.method}) refuses a request ${placementText[placement]}`,
      expected: 'error', actual: { outcome: exchange.outcome, code: exchange.code ?? null, errors: exchange.errors }, response: exchange,
    })) judged.add(`${exchange.op} ${exchange.method}`);
  }
  const seen = ({ op, method }: NeededRequest): boolean => (method ? judged.has(`${op} ${method}`) : [...judged].some((s) => s.startsWith(`${op} `)));
  const missing = needed.filter((request) => !seen(request));
  tally.note(`refused: ${[...judged].sort().join(', ')}`);
  return tally.verdicts({
    none: `no request ${placementText[placement]}`,
    missing: missing.map(({ op, method }) => `no ${op}${method ? ` (${method})` : ''} request ${placementText[placement]}${NEEDS_KNOWN_KEY.includes(op) ? ' (with a key served to a valid token)' : ''}`),
  });
}

/** Every operation of the rule (spec/rules.yaml), each needed under any method. */
export const everyOperationOf = (rule: string): NeededRequest[] => ruleById(rule).operations.filter((op) => op !== RETIRED_ENDPOINT).map((op) => ({ op }));

/** helper.ping.accepts-token: a ping with a token the traffic shows valid elsewhere, in the header, answers a success. */
export function judgePingAcceptsToken(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const elsewhere = new Set(ctx.traffic.exchanges.filter((e) => e.op !== 'helper.ping' && e.outcome === 'success' && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!));
  for (const ping of ctx.traffic.of('helper.ping')) {
    // A ping with parameters ("No parameters") or by POST (named GET only) may be refused: its acceptance is unwritten.
    if (ping.outcome === 'transport' || !headerOnly(ping) || ping.token.id === undefined || !elsewhere.has(ping.token.id) || silentInputs(ctx.traffic, ping).length > 0) continue;
    tally.expect(ping.outcome === 'success', {
      title: 'helper/ping answers a success to a token (in the Authorization header) that other operations accept',
      expected: 'success', actual: { outcome: ping.outcome, code: ping.code ?? null, errors: ping.errors }, response: ping,
    });
  }
  return tally.verdicts({ none: 'no helper/ping with a token in the header that another operation accepted' });
}
