// @silent-point auth.app-token-permissions
/**
 * The Application-Only token's answers on every operation, against the full token's answers to the same
 * request. Which permissions an Application-Only token holds is not written beyond "keeps working", so a
 * refusal is blamed on the token only where the same request (operation, method, parameters) was served
 * to the full token both before and after it: the state of the target then served that request, so the
 * refusal was about the token. Pure: no I/O.
 */
import { headerOnly, servedBefore, type RecordedExchange, type RecordedTraffic, type Target } from '../../harness/check';
import { jobsMayRun, paramsKey } from '../../harness/model';

/** The tokens the traffic shows holding every documented permission: the recorder's `full` token, else one served by both operations that need a permission. */
export function fullTokens(traffic: RecordedTraffic, app: string): Set<string> {
  const named = new Set(traffic.exchanges.filter((e) => e.token.role === 'full' && e.token.id !== undefined).map((e) => e.token.id!));
  if (named.size > 0) return named;
  if (traffic.exchanges.some((e) => e.token.role !== undefined)) return new Set();
  const servedBy = (op: 'groups.search' | 'contacts.import') => new Set(traffic.of(op).filter((e) => e.outcome === 'success' && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!));
  const groups = servedBy('groups.search');
  return new Set([...servedBy('contacts.import')].filter((id) => groups.has(id) && id !== app));
}

/** One refusal of the Application-Only token, and the full token's answers to the same request that frame it. */
export interface FramedRefusal {
  refused: RecordedExchange;
  servedBefore: RecordedExchange;
  servedAfter: RecordedExchange;
}

/** What the app token's refusals show: those framed by the full token's successes, and why others could not be judged. */
export interface AppTokenRefusals {
  framed: FramedRefusal[];
  /** Requests the app token was refused whose framing the traffic lacks (one line each kind). */
  unjudged: string[];
  /** Requests of each operation the app token was served or framed on (operation labels). */
  judgedOps: Set<string>;
}

const label = (e: RecordedExchange): string => `${e.op} (${e.method})`;

/**
 * Every header-only request with the app token that got an answer, each refusal matched with a success of the
 * same request to a full token that ended before it started and one that started after it ended. An export
 * request refused while any job may still run is not judged (a Pending job with the same parameters refuses it
 * by the documented duplicate rule, and one with others is exports.duplicate.other-params' business).
 */
export function appTokenRefusals(traffic: RecordedTraffic, target: Pick<Target, 'profile'>, app: string, withApp: readonly RecordedExchange[]): AppTokenRefusals {
  const full = fullTokens(traffic, app);
  const result: AppTokenRefusals = { framed: [], unjudged: [], judgedOps: new Set() };
  const unjudged = new Set<string>();
  for (const e of withApp) {
    if (e.outcome === 'success') {
      result.judgedOps.add(label(e));
      continue;
    }
    if (e.outcome !== 'error') continue;
    const key = paramsKey(e.op, e, []);
    const same = traffic.of(e.op).filter((other) => other.method === e.method && other.outcome === 'success' && headerOnly(other) && full.has(other.token.id ?? '') && paramsKey(other.op, other, []) === key);
    const servedEarlier = same.filter((other) => servedBefore(other, e)).at(-1);
    const servedLater = same.find((other) => servedBefore(e, other));
    if (!servedEarlier || !servedLater) {
      unjudged.add(`${label(e)} refused the Application-Only token, and the full token was not seen served the same request both before and after`);
      continue;
    }
    if (e.op === 'exports.emails' && jobsMayRun(traffic, target, e)) {
      unjudged.add(`${label(e)} refused the Application-Only token while an export job may have been running`);
      continue;
    }
    result.judgedOps.add(label(e));
    result.framed.push({ refused: e, servedBefore: servedEarlier, servedAfter: servedLater });
  }
  result.unjudged = [...unjudged];
  return result;
}
