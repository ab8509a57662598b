/** The paging block of a search agrees with its pages: totals, page numbers, next/prev links, disjoint pages. */
import fc from 'fast-check';
import type { CheckContext } from '../../../harness/core';
import { isAbsent, readCount } from '../../../harness/oracles';
import { boundsOf, searchMethod } from '../../../generators';
import { idField, idsOf, maxRpp, recordsOf, without, type Params, type SearchOp } from './records';
import { requireSuccess } from './samples';
import { searchAllIds } from './search-all';

/** The `page` query parameter of a paging link, when the link is a URL that carries one. */
function linkedPage(link: string, base: string): number | undefined {
  try {
    const value = new URL(link, base).searchParams.get('page');
    return value === null ? undefined : readCount(value);
  } catch {
    return undefined;
  }
}

/**
 * Paging through at an rpp giving 1 to 8 pages: pages are disjoint, their union has totalRecords records,
 * totalPages = ceil(totalRecords / rpp) (0 or 1 for no records), totalRecords is the same on every page,
 * next is set exactly below the last page and prev exactly after the first (when the profile has them;
 * a link carrying a page parameter points at the neighbour).
 */
export async function checkPagingTotals(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const { api, judge, target } = ctx;
  const params = without(baseParams, 'rpp', 'page');
  const all = await searchAllIds(ctx, op, params);
  if (!all.complete) return judge.inconclusive(`could not page through the search: ${all.stoppedBecause}`);
  const total = all.ids.length;
  if (total < 2) return judge.inconclusive(`the search has ${total} record(s), too few for several pages`);
  const maxPages = 8;
  const { min } = boundsOf(op, 'rpp');
  const lo = Math.max(min, Math.ceil(total / maxPages));
  const hi = Math.max(lo, Math.min(maxRpp(op), total - 1));
  const divisors = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).filter((r) => total % r === 0);
  const rpps = [fc.integer({ min: lo, max: hi }), fc.constant(maxRpp(op)), ...(divisors.length > 0 ? [fc.constantFrom(...divisors)] : [])];

  await judge.property(fc.tuple(fc.oneof(...rpps), searchMethod), async ([rpp, method], sample) => {
    const seen = new Set<unknown>();
    let totalRecords: number | undefined;
    let totalPages: number | undefined;
    for (let page = 1; page <= (totalPages ?? 1) && page <= maxPages + 2; page++) {
      const response = await api.call(op, { method, params: { ...params, rpp, page } });
      requireSuccess(response, sample, `page ${page} at rpp=${rpp}`);
      const paging = response.paging ?? {};
      const where = `page ${page} at rpp=${rpp}`;
      if (page === 1) {
        sample.expect(paging.totalRecords !== undefined && paging.totalPages !== undefined, {
          title: 'the paging block carries totalRecords and totalPages', expected: 'integers', actual: paging, response,
        });
        totalRecords = paging.totalRecords!;
        totalPages = paging.totalPages!;
        // The page size the target reports (a capped page size is rpp.page-size's business, not this rule's).
        const size = paging.rpp ?? rpp;
        const expectedPages = Math.ceil(totalRecords / size);
        sample.expect(totalPages === expectedPages || (totalRecords === 0 && totalPages <= 1), {
          title: `totalPages is ceil(totalRecords / rpp) = ceil(${totalRecords} / ${size})`, expected: expectedPages, actual: totalPages, response,
        });
      }
      sample.expect(paging.totalRecords === totalRecords && paging.totalPages === totalPages, {
        title: `${where} reports the same totals as page 1`,
        expected: { totalRecords, totalPages }, actual: { totalRecords: paging.totalRecords, totalPages: paging.totalPages }, response,
      });
      if (paging.page !== undefined) sample.expect(paging.page === page, { title: `${where} reports page ${page}`, expected: page, actual: paging.page, response });
      for (const [name, link, exists, neighbour] of [
        ['next', paging.next, page < totalPages!, page + 1],
        ['prev', paging.prev, page > 1, page - 1],
      ] as const) {
        if (link === undefined) continue;
        // "" when there is no such page (service-facts.md); null reads the same way (an absent value).
        sample.expect(!isAbsent(link) === exists, {
          title: `${where}: ${name} is ${exists ? 'a link' : 'empty'} (totalPages ${totalPages})`, expected: exists ? 'a link' : '', actual: link, response,
        });
        const linked = isAbsent(link) || typeof link !== 'string' ? undefined : linkedPage(link, target.baseUrl);
        if (linked !== undefined) sample.expect(linked === neighbour, { title: `${where}: ${name} links to page ${neighbour}`, expected: neighbour, actual: link, response });
      }
      for (const id of idsOf(op, recordsOf(response))) {
        sample.expect(!seen.has(id), { title: `${where} repeats ${idField(op)} ${String(id)} of an earlier page (pages are disjoint)`, expected: 'a new ID', actual: id, response });
        seen.add(id);
      }
    }
    sample.expect(seen.size === totalRecords, {
      title: `the ${totalPages} pages at rpp=${rpp} hold totalRecords (${totalRecords}) records together`, expected: totalRecords, actual: seen.size,
    });
  }, { numRuns: options.numRuns ?? Math.min(6, ctx.target.runs) });
}
