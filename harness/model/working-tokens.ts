/**
 * Which tokens the traffic shows working: a token in the header alone that got a success on an operation
 * (or on one needing the same permission). A refusal with another token may be about the token. Pure.
 */
import { headerOnly, type RecordedExchange, type RecordedTraffic } from '../check';
import type { OperationKey } from '../types';
import { perOperation } from './per-traffic';

/** The request carried no token at all. */
export const tokenless = (exchange: RecordedExchange): boolean => !exchange.token.header && !exchange.token.query && !exchange.token.body;

/** Stand-ins of the tokens that got a success on the operation, sent in the header alone. */
export const workingTokens = perOperation(
  (traffic, op): Set<string> =>
    new Set(traffic.of(op).filter((e) => e.outcome === 'success' && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!)),
);

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
