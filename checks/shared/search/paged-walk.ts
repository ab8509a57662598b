/** One walk through the pages of a search at one rpp, judged on its paging blocks and on the records it reaches. */
import type { ApiResponse, CheckContext, SampleEvidence } from '../../../harness/core';
import { isAbsent, readCount, setDifference, shortList } from '../../../harness/oracles';
import type { HttpMethod } from '../../../harness/types';
import { idField, idsOf, recordsOf, type Params, type SearchOp } from './records';
import type { SearchAllIds } from './search-all';
import { onlyTiesMoved, tiedIDs } from './ties';

/** Pages a walk is meant to take (its rpp is chosen for at most this many) and may take beyond what it needs before it stops. */
export const WALK_PAGES = 8;
const EXTRA_PAGES = 2;
/** A target that pages fewer records than asked (a capped page size) may need more pages; beyond this many the walk is not judged. */
const MOST_PAGES = 4 * WALK_PAGES;

export interface PagedWalk {
  /** The search: filters and sort, without rpp and page. */
  params: Params;
  rpp: number;
  method: HttpMethod;
}

/** A deviation, a reason the walk could not be judged, or a pass (with a note when ties moved records). */
export type WalkOutcome = { deviation: SampleEvidence } | { unjudged: string } | { note?: string };

class Miss extends Error {
  constructor(readonly evidence: SampleEvidence) {
    super(evidence.title);
  }
}

const expect = (condition: boolean, evidence: SampleEvidence): void => {
  if (!condition) throw new Miss(evidence);
};

/** The `page` query parameter of a paging link, when the link is a URL that carries one. */
export function linkedPage(link: string, base: string): number | undefined {
  try {
    const value = new URL(link, base).searchParams.get('page');
    return value === null ? undefined : readCount(value);
  } catch {
    return undefined;
  }
}

export const describeWalk = ({ params, rpp, method }: PagedWalk): string => `${method} ${JSON.stringify(params)} at rpp=${rpp}`;

/**
 * Pages through a search from page 1: totalPages = ceil(totalRecords / rpp) (0 or 1 for no records),
 * the same totals on every page, page numbers, next set exactly below the last page and prev exactly after
 * the first (when the profile has them; a link carrying a page parameter points at the neighbour), and
 * the pages reach totalRecords records, none twice. `all` is every record of the same search (walked by a
 * unique key): a record repeated or missed is only a note when it ties with another under the walk's sort
 * and the totals still count every record of the search.
 */
export async function judgePagedWalk(ctx: Pick<CheckContext, 'api' | 'target'>, op: SearchOp, walk: PagedWalk, all: SearchAllIds): Promise<WalkOutcome> {
  const { params, rpp, method } = walk;
  const reached: unknown[] = [];
  let firstRepeat: { id: unknown; response: ApiResponse } | undefined;
  let first: ApiResponse | undefined;
  let totalRecords = 0;
  let totalPages = 1;
  let pageLimit = WALK_PAGES + EXTRA_PAGES;
  try {
    for (let page = 1; page <= totalPages && page <= pageLimit; page++) {
      const response = await ctx.api.call(op, { method, params: { ...params, rpp, page } });
      const where = `page ${page} of ${describeWalk(walk)}`;
      if (response.outcome !== 'success') return { unjudged: `${where} was refused (${response.errors[0] ?? `HTTP ${response.status}`})` };
      const paging = response.paging ?? {};
      if (page === 1) {
        first = response;
        expect(paging.totalRecords !== undefined && paging.totalPages !== undefined, {
          title: 'the paging block carries totalRecords and totalPages', expected: 'integers', actual: paging, response,
        });
        totalRecords = paging.totalRecords!;
        totalPages = paging.totalPages!;
        // The page size the target reports (a capped page size is rpp.page-size's business, not this rule's).
        const size = paging.rpp ?? rpp;
        const expectedPages = Math.ceil(totalRecords / size);
        expect(totalPages === expectedPages || (totalRecords === 0 && totalPages <= 1), {
          title: `${where}: totalPages is ceil(totalRecords / rpp) = ceil(${totalRecords} / ${size})`, expected: expectedPages, actual: totalPages, response,
        });
        // The pages every record of the search needs at that size (whatever totalRecords says), and a margin.
        const needed = Math.ceil(all.ids.length / size);
        if (needed > MOST_PAGES) return { unjudged: `${describeWalk(walk)}: the target pages ${size} records at a time, ${needed} pages to walk` };
        pageLimit = Math.max(WALK_PAGES, needed) + EXTRA_PAGES;
      }
      expect(paging.totalRecords === totalRecords && paging.totalPages === totalPages, {
        title: `${where} reports the same totals as page 1`,
        expected: { totalRecords, totalPages }, actual: { totalRecords: paging.totalRecords, totalPages: paging.totalPages }, response,
      });
      if (paging.page !== undefined) expect(paging.page === page, { title: `${where} reports page ${page}`, expected: page, actual: paging.page, response });
      for (const [name, link, exists, neighbour] of [
        ['next', paging.next, page < totalPages, page + 1],
        ['prev', paging.prev, page > 1, page - 1],
      ] as const) {
        if (link === undefined) continue;
        // "" when there is no such page (service-facts.md); null reads the same way (an absent value).
        expect(!isAbsent(link) === exists, {
          title: `${where}: ${name} is ${exists ? 'a link' : 'empty'} (totalPages ${totalPages})`, expected: exists ? 'a link' : '', actual: link, response,
        });
        const linked = isAbsent(link) || typeof link !== 'string' ? undefined : linkedPage(link, ctx.target.baseUrl);
        if (linked !== undefined) expect(linked === neighbour, { title: `${where}: ${name} links to page ${neighbour}`, expected: neighbour, actual: link, response });
      }
      for (const id of idsOf(op, recordsOf(response))) {
        if (!firstRepeat && reached.includes(id)) firstRepeat = { id, response };
        reached.push(id);
      }
    }
  } catch (error) {
    if (error instanceof Miss) return { deviation: error.evidence };
    throw error;
  }
  return judgeReach(op, walk, all, { reached, totalRecords, first, firstRepeat });
}

interface Reach {
  /** The IDs of every page, in page order. */
  reached: unknown[];
  totalRecords: number;
  first?: ApiResponse;
  firstRepeat?: { id: unknown; response: ApiResponse };
}

/** The records the pages reached against totalRecords and against every record of the search. */
function judgeReach(op: SearchOp, walk: PagedWalk, all: SearchAllIds, { reached, totalRecords, first, firstRepeat }: Reach): WalkOutcome {
  const distinct = new Set(reached).size;
  if (!firstRepeat && distinct === totalRecords) return {};
  const difference = setDifference(all.ids, reached);
  const tied = tiedIDs(op, all.records, walk.params);
  if (all.ids.length === totalRecords && onlyTiesMoved(difference, tied)) {
    return {
      note: `${describeWalk(walk)}: ${difference.repeated.length} tied record(s) repeated and ${difference.missing.length} missed across pages ` +
        '(interface.md documents no order among equal sort values)',
    };
  }
  const id = idField(op);
  const actual = { totalRecords, reached: distinct, everyRecord: all.ids.length, repeated: shortList(difference.repeated), missing: shortList(difference.missing) };
  if (firstRepeat && !tied.has(firstRepeat.id)) {
    return { deviation: { title: `${describeWalk(walk)} repeats ${id} ${String(firstRepeat.id)} of an earlier page (it ties with no other record)`, expected: 'a new ID', actual, response: firstRepeat.response } };
  }
  return {
    deviation: { title: `the pages of ${describeWalk(walk)} reach totalRecords (${totalRecords}) records, none twice`, expected: totalRecords, actual, ...(first ? { response: first } : {}) },
  };
}
