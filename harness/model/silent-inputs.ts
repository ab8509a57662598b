// @silent-point requests.unknown-parameters requests.repeated-parameter requests.unclear-integer requests.enum-case methods.post-on-get-operations import.group-in-both-lists import.duplicate-email-in-call import.record-contactID import.dynamic-group
/**
 * The inputs of a request that no sentence of interface.md or service-facts.md promises to be accepted: a
 * parameter the operation does not know, a scalar parameter given twice, an integer written another way (a padded
 * "007"), an enum value spelled otherwise than
 * the spec spells it, POST on an operation named GET only, and for an import a group in both groupIDs and
 * removeGroupIDs, the same email twice, a record carrying a contactID, a group the traffic never showed as a
 * Static group (a Dynamic group, or one that may not exist). A target may refuse the whole of such a call: a
 * judge fails a refusal only of a request holding none of them. Once the target accepts one, the documented
 * meaning of the rest holds and is judged. Pure.
 */
import { boundsOf } from '../../generators';
import { operationInfo } from '../contract';
import type { RecordedExchange, RecordedTraffic } from '../check';
import { readInteger } from '../oracles';
import { paramSchemas, paramStanding } from './sent-params';
import { listOf } from './sent-values';
import { isObject, sentEmail, sentRecords } from './import-answer';
import { tokenWorks } from './tokens';

/** The Static groups groups/search answers of the traffic showed (type read in any case). */
const shown = new WeakMap<RecordedTraffic, Set<number>>();
function staticGroups(traffic: RecordedTraffic): Set<number> {
  const known = shown.get(traffic);
  if (known) return known;
  const found = new Set<number>();
  for (const exchange of traffic.of('groups.search')) {
    if (exchange.outcome !== 'success') continue;
    for (const record of exchange.records ?? []) {
      if (!isObject(record) || typeof record.type !== 'string' || record.type.toLowerCase() !== 'static') continue;
      const id = readInteger(record.groupID);
      if (id !== undefined) found.add(id);
    }
  }
  shown.set(traffic, found);
  return found;
}

/** An input whose acceptance is unwritten: the silent point it is about, and what the request sent. */
export interface SilentInput {
  point: string;
  what: string;
}

const input = (point: string, what: string): SilentInput => ({ point, what });

/** Each enum value the request sent spelled otherwise than the spec (letter case), as `name=value`. */
function otherSpellings(exchange: RecordedExchange): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(exchange.params)) {
    const schema = paramSchemas(exchange.op)[name];
    const allowed = (schema?.enum ?? schema?.items?.enum)?.map(String);
    if (!allowed || value === undefined) continue;
    const items = schema!.type === 'array' ? listOf(value) ?? [] : [value];
    for (const item of items) {
      if (typeof item === 'string' && !allowed.includes(item) && allowed.some((spelled) => spelled.toLowerCase() === item.toLowerCase())) found.push(`${name}=${item}`);
    }
  }
  return found;
}

/** The index of each record of a call whose email (letter case aside) an earlier record already holds. */
export function repeatedEmailRows(records: readonly unknown[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  records.forEach((record, index) => {
    const email = sentEmail(record)?.toLowerCase();
    if (email === undefined) return;
    if (seen.has(email)) repeated.push(index);
    else seen.add(email);
  });
  return repeated;
}

/** What an import sent beyond what the documents promise to accept. */
function importInputs(traffic: RecordedTraffic, exchange: RecordedExchange): SilentInput[] {
  const found: SilentInput[] = [];
  const add = (listOf(exchange.params.groupIDs) ?? []).map(readInteger);
  const remove = (listOf(exchange.params.removeGroupIDs) ?? []).map(readInteger);
  const both = add.filter((id) => id !== undefined && remove.includes(id));
  if (both.length > 0) found.push(input('import.group-in-both-lists', `group ${both[0]} in both groupIDs and removeGroupIDs`));
  const statics = staticGroups(traffic);
  const unshown = [...add, ...remove].filter((id) => id === undefined || !statics.has(id));
  if (unshown.length > 0) found.push(input('import.dynamic-group', `group ${String(unshown[0])}, never shown as a Static group, in a group list`));
  const records = sentRecords(exchange) ?? [];
  const [twice] = repeatedEmailRows(records);
  if (twice !== undefined) found.push(input('import.duplicate-email-in-call', `the email ${sentEmail(records[twice])!.toLowerCase()} twice in one call`));
  const carrying = records.findIndex((record) => isObject(record) && record.contactID !== undefined);
  if (carrying >= 0) found.push(input('import.record-contactID', `record ${carrying + 1} carrying a contactID`));
  return found;
}

/** The inputs of a request whose acceptance no sentence promises, each with its point (empty: every input is one the documents promise to take). */
export function silentInputs(traffic: RecordedTraffic, exchange: RecordedExchange): SilentInput[] {
  const schemas = paramSchemas(exchange.op);
  const found: SilentInput[] = [];
  const { methods } = operationInfo(exchange.op);
  if (!methods.includes(exchange.method)) found.push(input('methods.post-on-get-operations', `${exchange.method}, on an operation named ${methods.join(' and ')} only`));
  for (const [name, value] of Object.entries(exchange.params)) {
    if (value === undefined) continue;
    if (!schemas[name]) found.push(input('requests.unknown-parameters', `the unknown parameter ${name}`));
    else if (schemas[name]!.type !== 'array' && Array.isArray(value)) found.push(input('requests.repeated-parameter', `${name} given ${value.length} times`));
    else if (schemas[name]!.type === 'integer' && paramStanding(exchange.op, name, value) === 'unclear') found.push(input('requests.unclear-integer', `${name}=${JSON.stringify(value)}, an integer written another way`));
  }
  found.push(...otherSpellings(exchange).map((spelled) => input('requests.enum-case', `${spelled} spelled otherwise than the spec`)));
  if (exchange.op === 'contacts.import') found.push(...importInputs(traffic, exchange));
  return found;
}

/**
 * Whether the documents promise that an import call is accepted (its rows may still fail): a batch within the
 * call limits, sent with a token the traffic shows working, holding no input whose acceptance is unwritten
 * (silentInputs) and no parameter the spec does not clearly allow (updateExisting other than 0/1).
 */
export function importAcceptancePromised(traffic: RecordedTraffic, exchange: RecordedExchange): boolean {
  const records = sentRecords(exchange);
  const { min, max } = boundsOf('contacts.import', 'contacts');
  if (!records || records.length < min || records.length > (max ?? records.length)) return false;
  const others = Object.entries(exchange.params).filter(([name, value]) => name !== 'contacts' && value !== undefined);
  return others.every(([name, value]) => paramStanding(exchange.op, name, value) === 'within') && silentInputs(traffic, exchange).length === 0 && tokenWorks(traffic, exchange);
}
