/** What recorded traffic shows of a token's permissions: tokens an operation refuses that other operations serve. */
import { headerOnly, type RecordedExchange, type RecordedTraffic, type TokenRole } from '../../harness/check';
import type { OperationKey } from '../../harness/types';
import { paramsKey } from '../../harness/model';

/** The request carried a token in the header alone, and got an answer. */
export const answeredWithHeaderToken = (e: RecordedExchange): boolean => e.outcome !== 'transport' && headerOnly(e) && e.token.id !== undefined;

/** Stand-ins of the tokens served (in the header) by an operation other than `op`: valid tokens. */
function servedElsewhere(traffic: RecordedTraffic, op: OperationKey): Set<string> {
  return new Set(traffic.exchanges.filter((e) => e.op !== op && answeredWithHeaderToken(e) && e.outcome === 'success').map((e) => e.token.id!));
}

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
