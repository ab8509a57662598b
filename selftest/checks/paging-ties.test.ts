/**
 * The paging walk under a sort with ties (interface.md documents no order among equal sort values): a
 * target that orders tied records differently on every request may repeat or skip them across pages,
 * and that is noted, never failed; repeats of untied records and wrong totals still fail.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiResponse, CheckContext } from '../../harness/core';
import { judgePagedWalk, type WalkOutcome } from '../../checks/shared/search/paged-walk';
import type { SearchAllIds } from '../../checks/shared/search/search-all';
import { onlyTiesMoved, tiedIDs } from '../../checks/shared/search/ties';
import { setDifference } from '../../harness/oracles';

type Group = { groupID: number; groupName: string; totalMembers: number };

/** 12 groups; totalMembers takes three values, so it ties in runs of four. */
const GROUPS: Group[] = Array.from({ length: 12 }, (_, i) => ({ groupID: i + 1, groupName: `Group ${String(i + 1).padStart(2, '0')}`, totalMembers: (i % 3) * 10 }));

interface FakeTarget {
  /** Shift the records of every page after the first by this many (an off-by-one paging bug). */
  overlap?: number;
  /** Added to totalRecords. */
  extraTotal?: number;
}

/** A groups/search that orders tied records at random on every request (seeded, so the test repeats). */
function fakeContext({ overlap = 0, extraTotal = 0 }: FakeTarget = {}): Pick<CheckContext, 'api' | 'target'> {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const call = async (_op: string, { params }: { params: Record<string, unknown> }): Promise<ApiResponse> => {
    const field = (params.sortField ?? 'groupName') as keyof Group;
    const shuffled = GROUPS.map((group) => ({ group, tie: random() })).sort((a, b) =>
      a.group[field] < b.group[field] ? -1 : a.group[field] > b.group[field] ? 1 : a.tie - b.tie);
    const rpp = Number(params.rpp);
    const page = Number(params.page);
    const start = Math.max(0, (page - 1) * rpp - (page > 1 ? overlap : 0));
    const totalRecords = GROUPS.length + extraTotal;
    const totalPages = Math.ceil(totalRecords / rpp);
    const paging = { page, rpp, totalRecords, totalPages, next: page < totalPages ? `?page=${page + 1}` : '', prev: page > 1 ? `?page=${page - 1}` : '' };
    return { outcome: 'success', records: shuffled.slice(start, start + rpp).map((x) => x.group), paging, errors: [], status: 200 } as unknown as ApiResponse;
  };
  return { api: { call } as unknown as CheckContext['api'], target: { baseUrl: 'http://fake.test/v1' } as CheckContext['target'] };
}

const every: SearchAllIds = { records: GROUPS, ids: GROUPS.map((g) => g.groupID), complete: true, pages: [] };
const walk = (target: FakeTarget, sortField: string) =>
  judgePagedWalk(fakeContext(target), 'groups.search', { params: { sortField }, rpp: 5, method: 'GET' }, every);

const failed = (outcome: WalkOutcome) => 'deviation' in outcome;

describe('paging through a sort with ties', () => {
  it('the tied records of a totalMembers sort', () => {
    const tied = tiedIDs('groups.search', GROUPS, { sortField: 'totalMembers' });
    assert.equal(tied.size, 12);
    assert.equal(tiedIDs('groups.search', GROUPS, { sortField: 'groupID' }).size, 0);
    assert.equal(tiedIDs('groups.search', GROUPS, {}).size, 0, 'groupName (the default sort) ties nothing here');
  });

  it('repeats and misses of tied records are a note, whatever the walk', async () => {
    let notes = 0;
    for (let i = 0; i < 20; i++) {
      const outcome = await walk({}, 'totalMembers');
      assert.ok(!failed(outcome), JSON.stringify(outcome));
      if ('note' in outcome && outcome.note) notes++;
    }
    assert.ok(notes > 0, 'a random tie order moved records between pages at least once in 20 walks');
  });

  it('a sort without ties is judged strictly: an overlap of pages fails', async () => {
    assert.ok(!failed(await walk({}, 'groupID')));
    assert.ok(failed(await walk({ overlap: 1 }, 'groupID')));
    assert.ok(failed(await walk({ overlap: 1 }, 'groupName')));
  });

  it('wrong totals fail even where ties moved records', async () => {
    assert.ok(failed(await walk({ extraTotal: 3 }, 'totalMembers')));
    assert.ok(failed(await walk({ extraTotal: 3 }, 'groupID')));
  });

  it('only ties may move: a record outside the search, or an untied one missed, is no tie', () => {
    const tied = new Set([1, 2]);
    assert.ok(onlyTiesMoved(setDifference([1, 2, 3], [1, 1, 3]), tied));
    assert.ok(!onlyTiesMoved(setDifference([1, 2, 3], [1, 2, 2]), tied), '3 is missing and ties with nothing');
    assert.ok(!onlyTiesMoved(setDifference([1, 2, 3], [1, 2, 3, 9]), tied), '9 is not in the search');
  });
});
