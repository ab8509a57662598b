/**
 * Whether a recorded request can show a refusal or an acceptance to be about what a rule judges: its
 * token was in the header alone and works for the operation (the traffic holds a success with it), and
 * its other parameters are all within the spec.
 */
import type { ApiResponse, RecordedExchange, RecordedTraffic, Target } from '../../../harness/check';
import { perOperation, silentInputs, tokenWorks, effectiveValue, keyOf, paramSchemas, paramStanding, type Standing, sentWindow, windowStanding } from '../../../harness/model';
import { operationInfo } from '../../../harness/contract';
import { foldCase } from '../../../harness/oracles';
import type { OperationKey } from '../../../harness/types';

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

/**
 * Fit to show a refusal or acceptance is about the parameters in `about`: a working token, every other parameter
 * within the spec, and no other input whose acceptance is unwritten (silentInputs: an unknown parameter, one given
 * twice, an enum value spelled otherwise, a method the operation is not named with).
 */
export function fitRequest(traffic: RecordedTraffic, target: Pick<Target, 'profile'>, exchange: RecordedExchange, about: readonly string[]): boolean {
  const others = { ...exchange, params: Object.fromEntries(Object.entries(exchange.params).filter(([name]) => !about.includes(name))) };
  return tokenWorks(traffic, exchange) && paramProblems(target, exchange, about).length === 0 && silentInputs(traffic, others).length === 0;
}

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
