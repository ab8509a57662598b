/**
 * Whether a recorded request can show a refusal or an acceptance to be about what a rule judges: its
 * token was in the header alone and works for the operation (the traffic holds a success with it), and
 * its other parameters are all within the spec.
 */
import { headerOnly, type ApiResponse, type RecordedExchange, type RecordedTraffic, type Target } from '../../../harness/check';
import { operationInfo } from '../../../harness/contract';
import { foldCase } from '../../../harness/oracles';
import type { OperationKey } from '../../../harness/types';
import { effectiveValue, keyOf, paramSchemas, paramStanding, type Standing } from './sent-params';
import { sentWindow, windowStanding } from './sent-window';

/** The request carried no token at all. */
export const tokenless = (exchange: RecordedExchange): boolean => !exchange.token.header && !exchange.token.query && !exchange.token.body;

/** Memoizes a per-operation reading of one recorded traffic (each is read once per operation, not per judged request). */
function perOperation<T>(read: (traffic: RecordedTraffic, op: OperationKey) => T): (traffic: RecordedTraffic, op: OperationKey) => T {
  const cache = new WeakMap<RecordedTraffic, Map<OperationKey, T>>();
  return (traffic, op) => {
    let byOp = cache.get(traffic);
    if (!byOp) cache.set(traffic, (byOp = new Map()));
    if (!byOp.has(op)) byOp.set(op, read(traffic, op));
    return byOp.get(op)!;
  };
}

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

/** Where a parameter that is valid only with another's value (x-valid-when) stands. */
function conditionStanding(op: OperationKey, exchange: ApiResponse, name: string): Standing {
  const condition = paramSchemas(op)[name]?.['x-valid-when'] as Record<string, unknown> | undefined;
  if (!condition) return 'within';
  return Object.entries(condition).every(([other, value]) => effectiveValue(op, exchange, other) === foldCase(value)) ? 'within' : 'outside';
}

/** The parameters of a request the spec does not clearly allow, apart from those in `except`. */
export function paramProblems(target: Pick<Target, 'profile'>, exchange: RecordedExchange, except: readonly string[] = []): string[] {
  const { op } = exchange;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(exchange.params)) {
    if (value === undefined || except.includes(name)) continue;
    const standing = paramStanding(op, name, value);
    if (standing !== 'within' || conditionStanding(op, exchange, name) !== 'within') problems.push(`${name}=${JSON.stringify(value)}`);
  }
  const windowed = operationInfo(op).paramsExtensions['x-max-window-months'] !== undefined;
  if (windowed && !except.includes('dateSentStart') && windowStanding(sentWindow(exchange, target)) !== 'within') problems.push('the dateSent window');
  return problems;
}

/** Fit to show a refusal or acceptance is about the parameters in `about`: a working token and every other parameter within the spec. */
export const fitRequest = (traffic: RecordedTraffic, target: Pick<Target, 'profile'>, exchange: RecordedExchange, about: readonly string[]): boolean =>
  tokenWorks(traffic, exchange) && paramProblems(target, exchange, about).length === 0;

/** Every parameter value (name and normalized value) some accepted request of the operation sent. */
const acceptedValues = perOperation((traffic, op): Set<string> => {
  const accepted = traffic.of(op).filter((e) => e.outcome === 'success');
  return new Set(accepted.flatMap((e) => Object.keys(e.params).map((name) => keyOf(op, { [name]: e.params[name] }, []))));
});

/**
 * Whether a refusal of this request can be about the parameters in `about`: every other parameter value
 * it sent was accepted in some request of the traffic. Else the refusal may be about the rest of the
 * request (which may break some other rule of the target).
 */
export function othersAccepted(traffic: RecordedTraffic, exchange: RecordedExchange, about: readonly string[]): boolean {
  const values = acceptedValues(traffic, exchange.op);
  return Object.keys(exchange.params)
    .filter((name) => !about.includes(name) && exchange.params[name] !== undefined)
    .every((name) => values.has(keyOf(exchange.op, { [name]: exchange.params[name] }, [])));
}
