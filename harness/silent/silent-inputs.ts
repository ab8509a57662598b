/**
 * Inputs whose acceptance the documents leave open (harness/model/silent-inputs.ts), read where a request holds
 * one such input alone: its answer decides the point only when nothing else in it could explain a refusal (the
 * same request without the input was answered, or for an import, the call would be promised acceptance without
 * it). A refusal about something else, or an answer that cannot tell the readings apart, shows nothing.
 */
import type { RecordedExchange, RecordedTraffic } from '../check';
import { importAcceptancePromised, paramsKey, readImport, repeatedEmailRows, sentRecords, silentInputs, tokenWorks } from '../model';
import { isWrite, OPERATION_KEYS, operationInfo } from '../contract';
import { answered, opName, SEARCH_OPS } from './_internals/answers';
import { observer, saw, type Sighting } from './_internals/sighting';

/** Whether the request's one silent input is of this point. */
const aloneOf = (traffic: RecordedTraffic, exchange: RecordedExchange, point: string): boolean => {
  const inputs = silentInputs(traffic, exchange);
  return inputs.length === 1 && inputs[0]!.point === point;
};

/** The same search, parameters but page normalized (letter case of enum values folded), answered without any silent input. */
function answeredPlain(traffic: RecordedTraffic, exchange: RecordedExchange, leaveOut: readonly string[]): boolean {
  const key = paramsKey(exchange.op, { ...exchange, params: withoutNames(exchange.params, leaveOut) }, ['page']);
  return answered(traffic, exchange.op).some((other) => silentInputs(traffic, other).length === 0 && paramsKey(other.op, other, ['page']) === key);
}

const withoutNames = (params: Record<string, unknown>, names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));

/**
 * A search holding one silent input of the point: accepted shows `accepted` (undefined: an answer tells no reading),
 * refused (the same request without it answered) shows `refused`.
 */
function searchInputs(traffic: RecordedTraffic, point: string, accepted: string | undefined, refused: string, leaveOut: (exchange: RecordedExchange) => string[]): Sighting[] {
  const sightings: Sighting[] = [];
  for (const op of SEARCH_OPS) {
    for (const exchange of traffic.of(op)) {
      if (exchange.outcome === 'transport' || !aloneOf(traffic, exchange, point) || !tokenWorks(traffic, exchange)) continue;
      if (exchange.outcome === 'success') {
        if (accepted !== undefined) sightings.push(saw(accepted, `${opName(op)} with ${point.split('.')[1]} -> answered`));
      } else if (answeredPlain(traffic, exchange, leaveOut(exchange))) sightings.push(saw(refused, `${opName(op)} with ${point.split('.')[1]}, answered without -> refused`));
    }
  }
  return sightings;
}

export const unknownParameters = observer('requests.unknown-parameters', (traffic) =>
  searchInputs(traffic, 'requests.unknown-parameters', 'ignored', 'refused', (exchange) => Object.keys(exchange.params).filter((name) => silentInputs(traffic, { ...exchange, params: { [name]: exchange.params[name] } }).length > 0)));

export const enumCase = observer('requests.enum-case', (traffic) => searchInputs(traffic, 'requests.enum-case', 'any-case', 'exact', () => []));

// The value given twice is the same each time (drivers/stateful): an answer shows the key taken, not which of two values would win, so only a refusal decides.
export const repeatedParameter = observer('requests.repeated-parameter', (traffic) => searchInputs(traffic, 'requests.repeated-parameter', undefined, 'refused', () => []));

export const unclearInteger = observer('requests.unclear-integer', (traffic) => searchInputs(traffic, 'requests.unclear-integer', 'read-as-number', 'refused', () => []));

/**
 * The reads the spec names GET only. A write's refusal may be about its state (a duplicate export request), never
 * telling the method's reading.
 */
const GET_ONLY = OPERATION_KEYS.filter((op) => !isWrite(op) && !operationInfo(op).methods.includes('POST'));

/** POST to an operation named GET only: answered (accepted), or refused where the same request by GET was answered. */
export const postOnGetOperations = observer('methods.post-on-get-operations', (traffic) => {
  const sightings: Sighting[] = [];
  for (const op of GET_ONLY) {
    for (const exchange of traffic.of(op)) {
      if (exchange.outcome === 'transport' || exchange.method !== 'POST' || !aloneOf(traffic, exchange, 'methods.post-on-get-operations') || !tokenWorks(traffic, exchange)) continue;
      const key = paramsKey(op, exchange, []);
      if (exchange.outcome === 'success') sightings.push(saw('accepted', `POST ${opName(op)} -> answered`));
      else if (answered(traffic, op).some((other) => other.method === 'GET' && other.token.id === exchange.token.id && paramsKey(op, other, []) === key)) sightings.push(saw('refused', `POST ${opName(op)}, answered by GET -> refused`));
    }
  }
  return sightings;
});

/** An import holding one silent input of the point, which the documents would promise to take without it. */
function importsAlone(traffic: RecordedTraffic, point: string, without: (exchange: RecordedExchange) => RecordedExchange): RecordedExchange[] {
  return traffic.of('contacts.import').filter((exchange) => exchange.outcome !== 'transport' && aloneOf(traffic, exchange, point) && importAcceptancePromised(traffic, without(exchange)));
}

const stripContactIDs = (exchange: RecordedExchange): RecordedExchange => ({
  ...exchange,
  params: { ...exchange.params, contacts: (exchange.params.contacts as unknown[]).map((record) => (record && typeof record === 'object' ? withoutNames(record as Record<string, unknown>, ['contactID']) : record)) },
});

export const recordContactID = observer('import.record-contactID', (traffic) =>
  importsAlone(traffic, 'import.record-contactID', stripContactIDs).map((exchange) =>
    exchange.outcome === 'success' ? saw('ignored', 'contacts/import records carrying a contactID -> taken') : saw('refused', 'contacts/import records carrying a contactID -> refused')));

export const groupInBothLists = observer('import.group-in-both-lists', (traffic) =>
  // Taken, the call shows removed or kept only in the group's members around it: read here, only its refusal decides.
  importsAlone(traffic, 'import.group-in-both-lists', (exchange) => ({ ...exchange, params: withoutNames(exchange.params, ['removeGroupIDs']) }))
    .filter((exchange) => exchange.outcome === 'error')
    .map(() => saw('refused', 'contacts/import a group in both groupIDs and removeGroupIDs -> refused')));

export const duplicateEmailInCall = observer('import.duplicate-email-in-call', (traffic, target) => {
  const sightings: Sighting[] = [];
  const firstOf = (exchange: RecordedExchange): RecordedExchange => {
    const records = sentRecords(exchange) ?? [];
    const repeated = new Set(repeatedEmailRows(records));
    return { ...exchange, params: { ...exchange.params, contacts: records.filter((_, index) => !repeated.has(index)) } };
  };
  for (const exchange of importsAlone(traffic, 'import.duplicate-email-in-call', firstOf)) {
    if (exchange.outcome === 'error') {
      sightings.push(saw('refused', 'contacts/import the same email twice -> refused'));
      continue;
    }
    // The later row of a repeated email: succeeded (it updates the contact the first created) or failed.
    const [later] = repeatedEmailRows(sentRecords(exchange) ?? []);
    const row = later === undefined ? undefined : readImport(exchange, target).rows?.[later];
    if (row?.success === true) sightings.push(saw('second-updates', 'contacts/import the same email twice -> the later row succeeds'));
    else if (row?.success === false) sightings.push(saw('second-fails', 'contacts/import the same email twice -> the later row fails'));
  }
  return sightings;
});
