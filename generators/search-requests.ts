/**
 * Explored search requests: any combination of a search's documented parameters, each omitted (its
 * default) or given, with either method, and a page at, inside or past the last one. Which parameters
 * exist, their enums, bounds and defaults are read from spec/openapi.yaml; values the spec cannot give
 * (text, IDs, datetimes) come from the caller, drawn from the target's own records.
 */
import fc from 'fast-check';
import type { HttpMethod, OperationKey } from '../harness/types';
import { integerWithin } from './integers';
import { searchMethod } from './methods';
import { boundsOf } from './spec-params';
import { operationParameters } from '../harness/contract';

/** Where the page of an explored request lies: not sent, the first, inside, the last, or past the last. */
export type PagePosition = 'omitted' | 'first' | 'inside' | 'last' | 'past';

export interface ExploredRequest {
  method: HttpMethod;
  /** The parameters sent, page aside (page is resolved against the search's own totalPages). */
  params: Record<string, unknown>;
  page: PagePosition;
  /** Which of the pages the position allows (modulo their number). */
  pick: number;
}

/** The parameters whose values the spec does not give, and those a driver leaves out (with the reason). */
export interface RequestSources {
  /** name -> values of a parameter the spec cannot draw (text, IDs, datetimes). */
  values: Record<string, fc.Arbitrary<unknown>>;
  /** Parameters drawn together (a window's two ends): their names, and an arbitrary of a subset of them. */
  joint?: { names: string[]; arbitrary: fc.Arbitrary<Record<string, unknown>> };
  /** name -> why the driver never sends it. */
  unexplored?: Record<string, string>;
  /** name -> how many times the parameter is omitted for each time it is given (default 1): strongly narrowing filters less often, so that results are seldom empty. */
  omitWeights?: Record<string, number>;
}

const PAGING = new Set(['page']);

/** A value of a parameter as the spec types it: an enum value, a non-empty list of enum values, a boolean, an integer in bounds. */
function specValue(op: OperationKey, name: string): fc.Arbitrary<unknown> | undefined {
  const schema = operationParameters(op)[name]!;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'array' && schema.items?.enum) return fc.subarray([...schema.items.enum], { minLength: 1 });
  if (schema.type === 'boolean') return fc.boolean();
  if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) {
    // Small page sizes (several pages to walk) as often as any size within the bounds.
    const bounds = boundsOf(op, name);
    return fc.oneof(integerWithin({ min: bounds.min, max: bounds.min + 9 }), integerWithin(bounds));
  }
  return undefined;
}

/**
 * Requests of a search: every documented parameter (page aside) omitted (half the time unless `omitWeights`
 * says otherwise), else a value
 * from the spec or from `sources`. A documented parameter with neither a source nor a reason in
 * `unexplored` is an error, so that a parameter added to the spec is explored or excused.
 */
export function exploredRequests(op: OperationKey, sources: RequestSources): fc.Arbitrary<ExploredRequest> {
  const joint = new Set(sources.joint?.names ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of Object.keys(operationParameters(op))) {
    if (PAGING.has(name) || joint.has(name) || sources.unexplored?.[name] !== undefined) continue;
    const value = sources.values[name] ?? specValue(op, name);
    if (!value) throw new Error(`spec/openapi.yaml: ${op} parameter "${name}" has no value source for the exploring driver`);
    model[name] = fc.oneof({ weight: sources.omitWeights?.[name] ?? 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });
  }
  return fc
    .record({
      method: searchMethod,
      drawn: fc.record(model),
      together: sources.joint?.arbitrary ?? fc.constant({}),
      page: fc.constantFrom<PagePosition>('omitted', 'first', 'inside', 'last', 'past'),
      pick: fc.nat({ max: 1000 }),
    })
    .map(({ method, drawn, together, page, pick }) => ({
      method,
      params: Object.fromEntries(Object.entries({ ...drawn, ...together }).filter(([, value]) => value !== undefined)),
      page,
      pick,
    }));
}

/** The page number a position names once the search's totalPages is known (undefined: not sent). */
export function pageAt(position: PagePosition, pick: number, totalPages: number, firstPage = 1): number | undefined {
  const last = Math.max(firstPage, totalPages);
  switch (position) {
    case 'omitted':
      return undefined;
    case 'first':
      return firstPage;
    case 'inside':
      return last - firstPage < 2 ? last : firstPage + 1 + (pick % (last - firstPage - 1));
    case 'last':
      return last;
    case 'past':
      return last + 1 + (pick % 3);
  }
}
