/**
 * The model's reading of one search filter: what a request asks of it and which records the documents
 * allow in the answer (must hold, may hold). One reading per filter, for every judge that needs it: the
 * filter's own rule on every served search, the comparison of a search read whole with another, the
 * subset rule's combinations.
 */
import type { SearchRecord } from '../oracles';
import { integerList } from './sent-values';
import type { Params } from './search-records';

export interface SearchFilter<V = unknown> {
  /** The parameters this filter reads (one, or the two ends of a window). */
  params: readonly string[];
  /**
   * What a request asks of the filter: the value it sent, or the documented default where it leaves the
   * filter out and one applies; undefined when it asks nothing of it (not sent and no default, not
   * applicable to this search, a value the spec does not allow).
   */
  asked(params: Params): V | undefined;
  /**
   * Whether the documents allow the record in the answer: false, they forbid it; true, they allow it;
   * undefined, they say nothing of it (a silent point, or the record does not show what decides).
   */
  admits(record: SearchRecord, value: V): boolean | undefined;
  /**
   * Whether a record the same search without this filter returns must be in the answer (undefined: the
   * answer may hold it or not). Without it, every record admitted must be there.
   */
  requires?(record: SearchRecord, value: V): boolean | undefined;
  /** The request's part, for reasons ("deliveryType=manual"). */
  describe(value: V): string;
  /** What every record of the answer is ("has deliveryType manual"). */
  what(value: V): string;
  /** A misfit's fields the evidence shows. */
  show(record: SearchRecord): unknown;
}

/** A filter of any value type, as a search's set of filters lists them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySearchFilter = SearchFilter<any>;

/** A misfit as the evidence shows it: the record's ID and the field the filter reads. */
export const fieldsShown = (idField: string) => (field: string) => (record: SearchRecord) => ({ [idField]: record[idField], [field]: record[field] });

/** A list of record IDs (groupIDs, emailIDs): the listed records only. */
export function listedIDs(param: string, idOf: (record: SearchRecord) => number | undefined, records: string, show: (record: SearchRecord) => unknown): SearchFilter<number[]> {
  return {
    params: [param],
    asked: (params) => integerList(params[param]),
    admits: (record, ids) => ids.includes(idOf(record) as number),
    describe: (ids) => `${param}=${ids.join(',')}`,
    what: (ids) => `is one of the listed ${records} ${ids.join(',')}`,
    show,
  };
}

/** Whether the request sent any parameter of the filter. */
export const sendsFilter = (filter: AnySearchFilter, params: Params): boolean => filter.params.some((name) => params[name] !== undefined);

/** Whether a record must be in the answer for the value (a record the reference returns). */
export const required = <V>(filter: SearchFilter<V>, record: SearchRecord, value: V): boolean =>
  (filter.requires ? filter.requires(record, value) : filter.admits(record, value)) === true;

/** The first filter of `filters` whose asked value forbids the record, with its value; undefined when none does. */
export function forbiddenBy(filters: readonly AnySearchFilter[], params: Params, record: SearchRecord): { filter: AnySearchFilter; value: unknown } | undefined {
  for (const filter of filters) {
    const value = filter.asked(params);
    if (value !== undefined && filter.admits(record, value) === false) return { filter, value };
  }
  return undefined;
}
