// @no-silent-point "not shown" here says what a judge cannot conclude about a token, not a choice of the target
/**
 * The model's reading of tokens (interface.md, Authentication): the documented permissions, and what a
 * traffic shows of each token. A token is a stand-in ("token#N"); what it is (valid, not valid, lacking a
 * permission) comes from what the answers show, and from its role where the recorder knew it (live; offline
 * when the run is given the tokens). Pure.
 */
import { headerOnly, type RecordedExchange, type RecordedTraffic, type TokenRole } from '../check';
import { isOperationKey, operationInfo } from '../contract';
import type { OperationKey } from '../types';
import { perOperation } from './per-traffic';
import type { Rejection } from './rejection';
import { paramsKey } from './sent-params';

/** The configured token that lacks each permission the spec names (x-permission: interface.md, Authentication 4). */
const LACKED_BY: Readonly<Record<string, TokenRole>> = { 'Create Groups': 'noGroups', 'Contacts (Import)': 'noImport' };

/**
 * The permission an operation requires (spec/openapi.yaml x-permission: "groups/search requires Create Groups;
 * contacts/import requires Contacts (Import)") and the configured token that lacks it; undefined for the others.
 */
export function permissionOf(op: OperationKey): { permission: string; lackedBy: TokenRole } | undefined {
  if (!isOperationKey(op)) return undefined;
  const { permission } = operationInfo(op);
  if (permission === undefined) return undefined;
  const lackedBy = LACKED_BY[permission];
  if (!lackedBy) throw new Error(`spec/openapi.yaml: ${op} requires ${permission}, which no configured token lacks`);
  return { permission, lackedBy };
}

/** The request carried no token at all. */
export const tokenless = (exchange: RecordedExchange): boolean => !exchange.token.header && !exchange.token.query && !exchange.token.body;

/** A success to a token in the header alone. */
const servedInHeader = (e: RecordedExchange): boolean => e.outcome === 'success' && headerOnly(e);

/** Stand-ins of the tokens of `exchanges` that got a success, sent in the header alone. */
const servedTokens = (exchanges: readonly RecordedExchange[]): Set<string> =>
  new Set(exchanges.filter((e) => servedInHeader(e) && e.token.id !== undefined).map((e) => e.token.id!));

/** Stand-ins of the tokens that got a success on the operation, sent in the header alone. */
export const workingTokens = perOperation((traffic, op): Set<string> => servedTokens(traffic.of(op)));

/**
 * Operations that need the same permission as another, so a token working for one works for the other:
 * the two later export steps (service-facts.md: "jobStatus and getFile require an administrator-level
 * permission"), since a getFile that is refused for other reasons may never succeed.
 */
const SAME_PERMISSION: Partial<Record<OperationKey, OperationKey>> = { 'exports.getFile': 'exports.jobStatus' };

/** The token was in the header alone and the traffic shows it working for the operation. */
export function tokenWorks(traffic: RecordedTraffic, exchange: RecordedExchange): boolean {
  const { id } = exchange.token;
  if (!headerOnly(exchange) || id === undefined) return false;
  const peer = SAME_PERMISSION[exchange.op];
  return workingTokens(traffic, exchange.op).has(id) || (peer !== undefined && workingTokens(traffic, peer).has(id));
}

/** The retired token endpoint: no API operation, judged by auth.app-endpoint.retired alone. */
export const RETIRED_ENDPOINT: OperationKey = 'login.applicationAccessToken';

/** Stand-ins of the tokens the traffic shows valid: a success with the token in the header alone, on any operation. */
export const validTokens = (traffic: RecordedTraffic): Set<string> => servedTokens(traffic.exchanges);

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
    if (id === undefined || !refusedByPing.has(id) || e.outcome !== 'error' || e.op === 'helper.ping' || e.op === RETIRED_ENDPOINT || permissionOf(e.op) !== undefined) continue;
    const key = paramsKey(e.op, e, []);
    if (traffic.of(e.op).some((other) => servedInHeader(other) && other.token.id !== id && paramsKey(other.op, other, []) === key)) shown.add(id);
  }
  // The tokens the harness made up (live, it knows; a recording names none).
  for (const e of traffic.exchanges) if (e.token.role === 'unissued' && e.token.id !== undefined) shown.add(e.token.id);
  return shown;
}

/** The job steps, whose refusal may be about an unknown jobID or fileKey rather than the token. */
export const NEEDS_KNOWN_KEY: readonly OperationKey[] = ['exports.jobStatus', 'exports.getFile'];

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

export function placementOf(exchange: RecordedExchange, valid: Set<string>, notValid: Set<string>): Placement | undefined {
  const { header, query, body, id } = exchange.token;
  if (tokenless(exchange)) return 'none';
  if (id === undefined) return undefined;
  if (headerOnly(exchange)) return notValid.has(id) ? 'not-valid' : undefined;
  if (header || !valid.has(id)) return undefined;
  if (query && !body) return 'query';
  if (body && !query) return 'body';
  return undefined;
}

/** The request carried a token in the header alone, and got an answer. */
export const answeredWithHeaderToken = (e: RecordedExchange): boolean => e.outcome !== 'transport' && headerOnly(e) && e.token.id !== undefined;

/** Stand-ins of the tokens served (in the header) by an operation other than `op`: valid tokens. */
const servedElsewhere = (traffic: RecordedTraffic, op: OperationKey): Set<string> => servedTokens(traffic.exchanges.filter((e) => e.op !== op));

/** Stand-ins of the tokens the recorder knew to be `role` (live; offline when the run is given the tokens). */
export function tokensOfRole(traffic: RecordedTraffic, role: TokenRole): Set<string> {
  return new Set(traffic.exchanges.filter((e) => e.token.role === role && e.token.id !== undefined).map((e) => e.token.id!));
}

/**
 * The tokens lacking the permission `op` needs: the configured one the recorder names (`role`), when another
 * operation served it (`unproven`: named, but never served elsewhere, so a refusal would not be about the
 * permission), and those the traffic shows so (refusedByOperation).
 */
export function lackingPermission(traffic: RecordedTraffic, op: OperationKey, role: TokenRole, options: { alsoNeverServed?: boolean } = {}): { lacking: Set<string>; unproven: string[] } {
  const valid = servedElsewhere(traffic, op);
  const named = [...tokensOfRole(traffic, role)];
  const lacking = refusedByOperation(traffic, op, options);
  for (const id of named) if (valid.has(id)) lacking.add(id);
  return { lacking, unproven: named.filter((id) => !valid.has(id)) };
}

/**
 * Stand-ins of the tokens the traffic shows lacking the permission `op` needs: valid (another operation
 * serves them), and refused by `op` with a request whose parameters `op` served to another token (so the
 * refusal is about the token, not the request). `alsoNeverServed`: and never served by `op` at all.
 */
export function refusedByOperation(traffic: RecordedTraffic, op: OperationKey, { alsoNeverServed = false } = {}): Set<string> {
  const valid = servedElsewhere(traffic, op);
  const answered = traffic.of(op).filter(answeredWithHeaderToken);
  const servedKeys = (except: string) => new Set(answered.filter((e) => e.outcome === 'success' && e.token.id !== except).map((e) => paramsKey(op, e, [])));
  const servedTo = new Set(answered.filter((e) => e.outcome === 'success').map((e) => e.token.id!));
  const shown = new Set<string>();
  for (const e of answered) {
    const id = e.token.id!;
    if (e.outcome !== 'error' || !valid.has(id) || shown.has(id) || (alsoNeverServed && servedTo.has(id))) continue;
    if (alsoNeverServed || servedKeys(id).has(paramsKey(op, e, []))) shown.add(id);
  }
  return shown;
}

/**
 * What the documents say of a success to one request, read from the token's place and its role where the
 * recorder knew it: an operation answers no request without a token, with a token nobody issued or outside the
 * Authorization header alone, and no token lacking the permission the operation requires. The retired
 * endpoint is not an operation (auth.app-endpoint.retired judges it).
 */
export function tokenRejection(exchange: RecordedExchange): Rejection | undefined {
  if (exchange.outcome !== 'success' || exchange.op === RETIRED_ENDPOINT) return undefined;
  const { token } = exchange;
  const served = `${exchange.op} (${exchange.method}) served a request`;
  if (tokenless(exchange)) return { title: `${served} that carries no token`, expected: 'error', actual: 'success' };
  if (token.role === 'unissued') return { title: `${served} whose token nobody issued`, expected: 'error', actual: 'success' };
  if (!headerOnly(exchange)) return { title: `${served} whose token is not in the Authorization header alone`, expected: 'error', actual: { header: token.header, query: token.query, body: token.body } };
  const needed = permissionOf(exchange.op);
  if (needed && token.role === needed.lackedBy) return { title: `${served} to a token lacking ${needed.permission}`, expected: 'error', actual: 'success' };
  return undefined;
}
