// @no-silent-point "not shown" here says what a judge cannot conclude about a token, not a choice of the target
/**
 * Where recorded requests carried their token and what the answers show of it, against the authentication
 * rules: no token, a token shown not valid, or a valid one out of the header, is refused on every operation.
 * Tokens are stand-ins ("token#N"); what a token is (valid, not valid) comes from what the answers show, and from
 * its role where the recorder knew it (live; offline when the run is given the tokens).
 */
import { headerOnly, type RecordedExchange, type RecordedTraffic, type TrafficContext, type Judgement } from '../../../harness/check';
import { ruleById } from '../../../harness/contract';
import type { OperationKey } from '../../../harness/types';
import { VerdictTally } from './tally';
import { tokenless, paramsKey } from '../../../harness/model';

/** The retired token endpoint: no API operation, judged by auth.app-endpoint.retired alone. */
export const RETIRED_ENDPOINT: OperationKey = 'login.applicationAccessToken';

/** Stand-ins of the tokens the traffic shows valid: a success with the token in the header alone, on any operation. */
export function validTokens(traffic: RecordedTraffic): Set<string> {
  return new Set(traffic.exchanges.filter((e) => e.outcome === 'success' && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!));
}

/** A success to a token in the header alone. */
const servedInHeader = (e: RecordedExchange): boolean => e.outcome === 'success' && headerOnly(e);

/** The operations whose refusal may be about a documented permission (interface.md, Authentication 4). */
const NEED_PERMISSION: readonly OperationKey[] = ['groups.search', 'contacts.import'];

/** The stand-in of a request's header token, when it carried one in the header alone. */
const headerId = (e: RecordedExchange): string | undefined => (headerOnly(e) ? e.token.id : undefined);

/**
 * Stand-ins of the tokens the traffic shows not valid: helper/ping (which "accepts a valid token" and needs
 * no permission) refused them in the header and never served them, and another operation with no documented
 * permission refused them a request it served to another token. A token ping alone refuses (a ping that
 * refuses valid tokens) is not shown invalid; neither is one the operations needing a permission refuse.
 * And the tokens the recorder knew nobody issued (role `unissued`: the harness's made-up token, live).
 */
export function notValidTokens(traffic: RecordedTraffic): Set<string> {
  const pings = traffic.of('helper.ping').filter((e) => e.outcome !== 'transport' && headerId(e) !== undefined);
  const pinged = new Set(pings.filter((e) => e.outcome === 'success').map(headerId));
  const refusedByPing = new Set(pings.filter((e) => e.outcome === 'error' && !pinged.has(headerId(e))).map((e) => headerId(e)!));
  const shown = new Set<string>();
  for (const e of traffic.exchanges) {
    const id = headerId(e);
    if (id === undefined || !refusedByPing.has(id) || e.outcome !== 'error' || e.op === 'helper.ping' || e.op === RETIRED_ENDPOINT || NEED_PERMISSION.includes(e.op)) continue;
    const key = paramsKey(e.op, e, []);
    if (traffic.of(e.op).some((other) => servedInHeader(other) && other.token.id !== id && paramsKey(other.op, other, []) === key)) shown.add(id);
  }
  // The tokens the harness made up (live, it knows; a recording names none).
  for (const e of traffic.exchanges) if (e.token.role === 'unissued' && e.token.id !== undefined) shown.add(e.token.id);
  return shown;
}

/** The job steps, whose refusal may be about an unknown jobID or fileKey rather than the token. */
const NEEDS_KNOWN_KEY: readonly OperationKey[] = ['exports.jobStatus', 'exports.getFile'];

/**
 * Whether a refusal of the request can be about its token only: for the job steps, the same parameters
 * (jobID, fileKey) were served to a token in the header somewhere in the traffic, or (getFile) its fileKey
 * came in a jobStatus answer to one; the other operations' requests are taken as sent.
 */
export function otherwiseServed(traffic: RecordedTraffic, exchange: RecordedExchange): boolean {
  if (!NEEDS_KNOWN_KEY.includes(exchange.op)) return true;
  const key = paramsKey(exchange.op, exchange, []);
  if (traffic.of(exchange.op).some((e) => servedInHeader(e) && paramsKey(e.op, e, []) === key)) return true;
  const { fileKey } = exchange.params;
  return exchange.op === 'exports.getFile' && fileKey !== undefined && traffic.of('exports.jobStatus').some((e) => servedInHeader(e) && e.job?.fileKey === String(fileKey));
}

/** Where a request carried its token, when it is one of the placements these rules judge. */
export type Placement = 'none' | 'not-valid' | 'query' | 'body';

function placementOf(exchange: RecordedExchange, valid: Set<string>, notValid: Set<string>): Placement | undefined {
  const { header, query, body, id } = exchange.token;
  if (tokenless(exchange)) return 'none';
  if (id === undefined) return undefined;
  if (headerOnly(exchange)) return notValid.has(id) ? 'not-valid' : undefined;
  if (header || !valid.has(id)) return undefined;
  if (query && !body) return 'query';
  if (body && !query) return 'body';
  return undefined;
}

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
    if (ping.outcome === 'transport' || !headerOnly(ping) || ping.token.id === undefined || !elsewhere.has(ping.token.id)) continue;
    tally.expect(ping.outcome === 'success', {
      title: 'helper/ping answers a success to a token (in the Authorization header) that other operations accept',
      expected: 'success', actual: { outcome: ping.outcome, code: ping.code ?? null, errors: ping.errors }, response: ping,
    });
  }
  return tally.verdicts({ none: 'no helper/ping with a token in the header that another operation accepted' });
}
