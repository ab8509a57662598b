/**
 * filters.subset: a search with more filters than another (the same in every other respect) returns no
 * record the other lacks, and combining filters breaks none of them. Judged on searches read whole
 * (complete walks: checks/shared/judges/searches.ts wholeSearch), pair by pair.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../../harness/check';
import { shortList } from '../../../harness/oracles';
import { sendsFilter, type AnySearchFilter, idField, idsOf, recordsOf, type SearchOp, type SearchRecord, tokenWorks, normalizedValue, paramSchemas, ORDER, PAGING, setKey, walksOf, wholeSearch } from '../../../harness/model';
import { VerdictTally } from './tally';

/** A search read whole: the filters it sent (normalized), its records, and where it was read. */
interface WholeSearch {
  filters: Map<string, unknown>;
  /** Each filter's value as JSON, to compare searches quickly. */
  texts: Map<string, string>;
  ids: Set<unknown>;
  records: SearchRecord[];
  first: RecordedExchange;
  last: RecordedExchange;
}

export interface SubsetRule {
  /** The filters the rule names ("adding any filter"): each is needed added to a search at least once. */
  filters: readonly string[];
  /**
   * Whether a filter value selects every record: the search with it is no narrower than the search
   * without it (groups: status=All). A filter left out selects every record when the spec gives it no
   * default; one with a default is that default.
   */
  selectsAll?: (name: string, value: unknown) => boolean;
  /** The model's filters of the search: each one a search asked must hold of every record, in combination too. */
  model?: Readonly<Record<string, AnySearchFilter>>;
}

const hasDefault = (op: SearchOp, name: string): boolean => {
  const schema = paramSchemas(op)[name] as unknown as Record<string, unknown> | undefined;
  return schema !== undefined && (schema.default !== undefined || schema['x-default'] !== undefined);
};

/**
 * The filters `narrow` adds to `wide`, when it only adds filters (every filter of `wide` it keeps as is
 * or narrows from a value that selects every record); undefined when they are not so related.
 */
function addedFilters(op: SearchOp, rule: SubsetRule, wide: WholeSearch, narrow: WholeSearch): string[] | undefined {
  const added: string[] = [];
  for (const [name, text] of wide.texts) {
    const other = narrow.texts.get(name);
    if (other === text) continue;
    if (other === undefined || !(rule.selectsAll?.(name, wide.filters.get(name)) ?? false)) return undefined;
    added.push(name);
  }
  for (const name of narrow.texts.keys()) {
    if (wide.texts.has(name)) continue;
    // Left out of the wider search: no filter when the spec gives it no default, else its default.
    if (hasDefault(op, name) && !(rule.selectsAll?.(name, normalizedValue(op, name, paramSchemas(op)[name]?.default)) ?? false)) return undefined;
    added.push(name);
  }
  return added.length > 0 ? added : undefined;
}

/** Every search the traffic read whole with a working token, once per set of filters. */
function wholeSearches(ctx: TrafficContext, op: SearchOp): WholeSearch[] {
  const keys = new Set(walksOf(ctx.traffic, op).filter((walk) => walk.complete && tokenWorks(ctx.traffic, walk.pages[0]!)).map((walk) => setKey(op, walk.pages[0]!)));
  const found: WholeSearch[] = [];
  for (const key of keys) {
    const walk = wholeSearch(ctx.traffic, op, key);
    if (!walk) continue;
    const first = walk.pages[0]!;
    const filters = new Map(
      Object.entries(first.params)
        .filter(([name, value]) => value !== undefined && ![...PAGING, ...ORDER].includes(name as never))
        .map(([name, value]) => [name, normalizedValue(op, name, value)] as const),
    );
    const texts = new Map([...filters].map(([name, value]) => [name, JSON.stringify(value)] as const));
    found.push({ filters, texts, ids: new Set(walk.ids), records: walk.records, first, last: walk.pages.at(-1)! });
  }
  return found;
}

/** When each record was first seen in an answer of the operation (its index in the traffic). */
function firstSeen(ctx: TrafficContext, op: SearchOp): Map<unknown, number> {
  const seen = new Map<unknown, number>();
  for (const exchange of ctx.traffic.of(op)) {
    if (exchange.outcome !== 'success') continue;
    for (const id of idsOf(op, recordsOf(exchange))) if (!seen.has(id)) seen.set(id, exchange.index);
  }
  return seen;
}

const describe = (search: WholeSearch): string => JSON.stringify(Object.fromEntries(search.filters));

export function judgeFiltersSubset(ctx: TrafficContext, op: SearchOp, rule: SubsetRule): Judgement {
  const tally = new VerdictTally();
  const searches = wholeSearches(ctx, op);
  const seen = firstSeen(ctx, op);
  const id = idField(op);
  const addedOnce = new Set<string>();
  for (const narrow of searches) {
    const wider: WholeSearch[] = [];
    for (const wide of searches) {
      // A wider search keeps none of its filters away from the narrower one: it never has more.
      if (wide === narrow || wide.texts.size > narrow.texts.size) continue;
      const added = addedFilters(op, rule, wide, narrow);
      if (!added) continue;
      wider.push(wide);
      const extra = narrow.records.filter((record) => !wide.ids.has(record[id]));
      // A record first seen after the wider search was read may have been created since: it tells nothing.
      const existed = extra.filter((record) => (seen.get(record[id]) ?? Infinity) < wide.first.index);
      if (extra.length > existed.length && existed.length === 0) {
        tally.skip('records appeared between a search and the same search with a filter added');
        continue;
      }
      const what = `adding ${added.join(', ')} to ${describe(wide)}`;
      if (tally.expect(existed.length === 0, {
        title: `${what} returns records the search without it lacks`,
        expected: `a subset of the ${wide.ids.size} records without ${added.join(', ')}`,
        actual: { unexpected: shortList(existed.map((record) => record[id])), count: existed.length },
        response: narrow.last,
      })) for (const name of added) addedOnce.add(name);
    }
    judgePredicates(op, rule, tally, narrow, wider);
  }
  const missing = rule.filters.filter((name) => !addedOnce.has(name)).map((name) => `${name} was never added to a search read whole`);
  return tally.verdicts({ none: 'no search read whole next to the same search with a filter added, also read whole', missing });
}

/**
 * Every record of a search is allowed by each filter of the model the search sent, where a `wider` search
 * asking the same of that filter (with fewer other filters) returns only records it allows: combining
 * filters broke it. A filter that misbehaves without the others is its own rule's failure.
 */
function judgePredicates(op: SearchOp, rule: SubsetRule, tally: VerdictTally, narrow: WholeSearch, wider: readonly WholeSearch[]): void {
  for (const [name, filter] of Object.entries(rule.model ?? {})) {
    if (!sendsFilter(filter, narrow.first.params)) continue;
    const value = filter.asked(narrow.first.params);
    if (value === undefined) continue;
    const asked = JSON.stringify(value);
    const fewer = wider.filter((other) => JSON.stringify(filter.asked(other.first.params)) === asked);
    if (fewer.length === 0) continue;
    const allows = (record: SearchRecord) => filter.admits(record, value) !== false;
    const misfits = narrow.records.filter((record) => !allows(record));
    const clean = misfits.length === 0 ? undefined : fewer.find((other) => other.records.every(allows));
    if (misfits.length > 0 && !clean) {
      tally.skip(`${filter.describe(value)} returns records it does not allow with fewer filters too (judged by the filter's own rule)`);
      continue;
    }
    tally.expect(misfits.length === 0, {
      title: `a record returned for ${describe(narrow)} is not allowed by ${name} (${filter.describe(value)}), though ${describe(clean ?? fewer[0]!)} returns only records it allows`,
      expected: `every record ${filter.what(value)}`,
      actual: { misfits: shortList(misfits.map((record) => record[idField(op)])), count: misfits.length },
      response: narrow.last,
    });
  }
}

/** The filters a subset rule names: the parameters of the operation whose x-rules list it. */
export const rulesFilters = (op: SearchOp, rule: string): string[] =>
  Object.entries(paramSchemas(op))
    .filter(([, schema]) => ((schema as unknown as Record<string, unknown>)['x-rules'] as unknown[] | undefined)?.includes(rule))
    .map(([name]) => name);
