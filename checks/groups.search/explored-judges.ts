/**
 * The judges of groups/search over the exchanges of its exploring driver: every record returned satisfies
 * every filter the request carried, whatever else it carried; the order asked for holds; a page holds at
 * most rpp records. Each is a pure function of one exchange (checks/shared/search/explore.ts).
 */
import { defaultOf } from '../../generators';
import type { Target } from '../../harness/core';
import { containsText, readBoolean, readInteger, sameText, type Direction } from '../../harness/oracles';
import { deviates, holds, judgeOrderOf, recordsOf, type ExchangeJudge, type ExploredExchange, type SearchRecord } from '../shared/search';
import { groupId, nameOf } from './discovery';
import { filterValues, matchesValue, OP, type GroupEnumFilter } from './group-filters';

/** The records of a served search (undefined for a refusal: these rules judge what comes back). */
const served = (exchange: ExploredExchange): SearchRecord[] | undefined =>
  exchange.response.outcome === 'success' ? recordsOf(exchange.response) : undefined;

const described = (exchange: ExploredExchange): string => `${exchange.request.method} ${JSON.stringify(exchange.params)}`;

/** Every record of a served exchange satisfies `member` when `applies` gives the value judged. */
function everyRecord<V>(
  valueOf: (exchange: ExploredExchange) => V | undefined,
  member: (group: SearchRecord, value: V) => boolean,
  what: (value: V) => string,
  field: string,
): ExchangeJudge {
  return (exchange) => {
    const value = valueOf(exchange);
    const records = served(exchange);
    if (value === undefined || records === undefined) return undefined;
    const misfits = records.filter((group) => !member(group, value));
    return holds(misfits.length === 0, () => ({
      title: `every group returned for ${described(exchange)} ${what(value)}`,
      expected: what(value),
      actual: misfits.slice(0, 8).map((g) => ({ groupID: groupId(g), groupName: nameOf(g), [field]: g[field] })),
      response: exchange.response,
    }));
  };
}

/** status or type at a selecting value: only groups of that value. */
export const enumFilterJudge = (param: GroupEnumFilter): ExchangeJudge =>
  everyRecord(
    (e) => (typeof e.params[param] === 'string' && !sameText(e.params[param], filterValues(param).widest) ? (e.params[param] as string) : undefined),
    (group, value) => matchesValue(group, param, value),
    (value) => `has ${param} ${value}`,
    param,
  );

/** Without status: only groups of the default status. */
export const statusDefaultJudge = (): ExchangeJudge =>
  everyRecord(
    (e) => (e.params.status === undefined ? String(defaultOf(OP, 'status')) : undefined),
    (group, value) => matchesValue(group, 'status', value),
    (value) => `(no status) has status ${value}`,
    'status',
  );

/** private=0: only groups with private false (what private=1 selects is not written). */
export const privateJudge = (): ExchangeJudge =>
  everyRecord(
    (e) => (readBoolean(e.params.private) === false ? false : undefined),
    (group) => readBoolean(group.private) === false,
    () => 'has private false',
    'private',
  );

/** groupName: names containing the text as written, every character literal (letter case aside). */
export const groupNameJudge = (): ExchangeJudge =>
  everyRecord(
    (e) => (typeof e.params.groupName === 'string' && e.params.groupName !== '' ? e.params.groupName : undefined),
    (group, text) => containsText(nameOf(group), text),
    (text) => `has a name containing ${JSON.stringify(text)}, every character literal (letter case aside)`,
    'groupName',
  );

/** groupIDs: only the listed groups. */
export const groupIDsJudge = (): ExchangeJudge =>
  everyRecord(
    (e) => (Array.isArray(e.params.groupIDs) && e.params.groupIDs.length > 0 ? (e.params.groupIDs as unknown[]).map(readInteger) : undefined),
    (group, ids) => ids.includes(readInteger(groupId(group))),
    (ids) => `is one of the listed groups ${ids.join(',')}`,
    'groupID',
  );

/** With a sortField: the page is ordered by it in the direction asked (the default when none), ties and case aside. */
export const sortOrderJudge = (target: Target): ExchangeJudge => (exchange) => {
  const { sortField, sortDirection } = exchange.params;
  if (typeof sortField !== 'string' || served(exchange) === undefined) return undefined;
  const direction = String(sortDirection ?? defaultOf(OP, 'sortDirection')).toLowerCase() as Direction;
  const outcome = judgeOrderOf({ target }, OP, exchange.response, sortField, direction);
  if (outcome.verdict === 'inconclusive') return undefined;
  return outcome.verdict === 'pass' ? { ok: true } : deviates(`${described(exchange)}: ${outcome.reason}`, exchange, `${sortField} ${direction}`, outcome.reason);
};

/** A page holds at most rpp records (the default rpp when none is sent). */
export const pageSizeJudge = (): ExchangeJudge => (exchange) => {
  const records = served(exchange);
  if (records === undefined) return undefined;
  const rpp = readInteger(exchange.params.rpp) ?? Number(defaultOf(OP, 'rpp'));
  return holds(records.length <= rpp, () => ({
    title: `${described(exchange)} holds at most rpp=${rpp} groups`, expected: `<= ${rpp}`, actual: records.length, response: exchange.response,
  }));
};
