/** A parameter's default judged as the search that passes the documented default explicitly. */
import type { CheckContext } from '../../harness/core';
import { foldCase } from '../../harness/oracles';
import { wideWindowParams } from './date-windows';
import { idsOf, type Params } from './email-records';
import { compareExactly, offenders } from './record-evidence';
import { searchWhole, type SearchResult } from './whole-search';

/** Two searches read whole, or undefined once the rule is judged inconclusive because one was not. */
export async function searchBothWhole({ api, judge }: CheckContext, first: Params, second: Params): Promise<[SearchResult, SearchResult] | undefined> {
  const results: [SearchResult, SearchResult] = [await searchWhole(api, first), await searchWhole(api, second)];
  for (const result of results) {
    if (!result.complete) {
      judge.inconclusive(`a search could not be read whole: ${result.stoppedBecause}`);
      return undefined;
    }
  }
  return results;
}

export interface DefaultAsExplicit {
  /** What the search is, for titles ("a manual search"). */
  search: string;
  /** Its parameters besides the one judged (the wide window is added). */
  base: Params;
  /** The parameter whose default is judged, and its documented default. */
  param: string;
  value: string | string[];
  /** Why nothing can be judged when neither search returned a record. */
  none: string;
  /** The field whose value every record of the plain search has among `allowed` (letter case aside). */
  only?: { field: string; allowed: string[]; title: string; expected: unknown };
}

/** A search without a parameter returns the same emails as with its documented default (and, given `only`, only records of it). */
export async function judgeDefaultAsExplicit(ctx: CheckContext, { search, base, param, value, none, only }: DefaultAsExplicit): Promise<void> {
  const windowed = wideWindowParams(ctx.target);
  const both = await searchBothWhole(ctx, { ...base, ...windowed }, { ...base, [param]: value, ...windowed });
  if (!both) return;
  const [plain, explicit] = both;
  if (plain.records.length === 0 && explicit.records.length === 0) return ctx.judge.inconclusive(none);
  if (only) {
    const allowed = new Set(only.allowed.map(foldCase));
    const others = plain.records.filter((record) => !allowed.has(foldCase(record[only.field])));
    ctx.judge.check(others.length === 0, { title: only.title, expected: only.expected, ...offenders(plain, others, only.field) });
  }
  const same = compareExactly(idsOf(explicit.records), plain);
  const shown = Array.isArray(value) ? value.join(',') : value;
  ctx.judge.check(same.ok, { title: `${search} without ${param} returns the same emails as ${param}=${shown}`, ...same });
}
